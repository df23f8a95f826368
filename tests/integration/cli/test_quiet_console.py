"""A quiet console: at idle `reelsmith worker` and `reelsmith dev` print nothing (the relays run
every second and the sweeps every minute, silently); a request is one line; a render is one line
per stage."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from app.cli import cli

KEY_RE = re.compile(r"rs_live_[A-Za-z0-9_\-]{20,}")
IDLE_S = 4.0
PERIODIC = re.compile(r"relay|sweep|recording health|heartbeat", re.I)


class Output:
    """The lines a process prints, as they come (read by a thread, stamped on arrival)."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.proc = proc
        self.lines: list[tuple[float, str]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            self.lines.append((time.monotonic(), raw.decode(errors="replace").rstrip()))

    def since(self, moment: float) -> list[str]:
        return [line for at, line in list(self.lines) if at >= moment]

    def text(self) -> str:
        return "\n".join(line for _, line in list(self.lines))

    def wait_for(self, pattern: str, timeout: float = 60.0, after: float = 0.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.since(after):
                if re.search(pattern, line):
                    return line
            assert self.proc.poll() is None, self.text()
            time.sleep(0.1)
        raise AssertionError(f"no line matching {pattern!r} within {timeout} s:\n{self.text()}")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    values = {
        "REELSMITH_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/console.db",
        "REELSMITH_MEDIA_DIR": str(tmp_path / "media"),
        "REELSMITH_DATA_DIR": str(tmp_path / "data"),
        "REELSMITH_REDIS_URL": f"redis://127.0.0.1:{free_port()}/0",  # dev starts its own
        "REELSMITH_REDIS_PREFIX": "quiet-console",
        "REELSMITH_QUEUE_NAME": "quiet-console:queue",
        "REELSMITH_LOG_FORMAT": "text",
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return {**os.environ, **values}


@pytest.fixture
def start(tmp_path: Path) -> Iterator[object]:
    started: list[subprocess.Popen[bytes]] = []

    def run(args: list[str], env: dict[str, str]) -> Output:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app.cli", *args],
            env=env,
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        started.append(proc)
        return Output(proc)

    yield run
    for proc in started:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=45)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def test_worker_prints_nothing_at_idle_while_relays_and_sweeps_run(env, start):
    assert CliRunner().invoke(cli, ["migrate"]).exit_code == 0
    redis = subprocess.Popen(
        ["redis-server", "--port", env["REELSMITH_REDIS_URL"].rsplit(":", 1)[1].split("/")[0]]
        + ["--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        out = start(["worker", "--sweep-every", "1"], env)
        out.wait_for(r"worker \S+ up on queue")
        out.wait_for(r"deliveries worker up")
        up = time.monotonic()
        time.sleep(1.5)  # the start-up sweeps and first relay runs
        quiet_from = time.monotonic()
        time.sleep(IDLE_S)  # ~8 relay runs and ~4 sweeps of each kind
        assert out.since(quiet_from) == [], out.text()
        assert not [line for line in out.since(up) if PERIODIC.search(line)], out.text()
    finally:
        redis.terminate()
        redis.wait(timeout=10)


@pytest.mark.slow
def test_dev_shows_the_requests_and_each_render_stage_and_nothing_else(env, start):
    result = CliRunner().invoke(cli, ["bootstrap"])
    assert result.exit_code == 0, result.output
    key = KEY_RE.search(result.output)
    assert key is not None
    port = free_port()
    out = start(["dev", "--port", str(port)], env)
    out.wait_for(r"worker \S+ up on queue")
    out.wait_for(rf"Running on http://127\.0\.0\.1:{port}")
    time.sleep(1.5)
    quiet_from = time.monotonic()
    time.sleep(IDLE_S)
    assert out.since(quiet_from) == [], out.text()

    asked = time.monotonic()
    answer = httpx.post(
        f"http://127.0.0.1:{port}/api/render",
        headers={"X-API-Key": key.group(0)},
        json={
            "templateId": "pulse",
            "data": {
                "person_name": "Priya Shah",
                "period": "Q3 2026",
                "keyStats": [{"label": "NPS", "value": 61}],
            },
            "output": {"resolution": "720p"},
            "audio": {"includeVoiceover": False},
        },
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    job = answer.json()["jobId"]
    out.wait_for(rf"job {job} done in", timeout=240, after=asked)
    out.wait_for(r"render_job ● 'complete'", timeout=10, after=asked)
    lines = out.since(asked)
    assert len([line for line in lines if '"POST /api/render" 200' in line]) == 1, lines
    stages = [m.group(1) for line in lines if (m := re.search(rf"job {job}: (\w+)$", line))]
    assert stages == ["fetching_data", "voiceover", "rendering", "encoding", "uploading"], lines
    assert not [line for line in lines if PERIODIC.search(line)], lines
    # One line per stage, the request, arq's start and finish of the job, the browsers the
    # first render starts, "done": nothing that repeats while the render runs.
    assert len(lines) <= 12, lines
