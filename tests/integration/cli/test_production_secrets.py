"""Issue 27, finding 7, as the audit made it: `reelsmith serve` started in production with the
secrets of deploy/systemd/reelsmith.env.example copied as they are. It refuses to start, naming
the setting (never its value); with generated secrets it serves."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.support.live_server import free_port

EXAMPLE = Path(__file__).resolve().parents[3] / "deploy" / "systemd" / "reelsmith.env.example"


def example_env() -> dict[str, str]:
    values = {}
    for line in EXAMPLE.read_text().splitlines():
        if line and not line.startswith("#") and "=" in line:
            name, _, value = line.partition("=")
            values[name] = value
    return values


def serve_env(tmp_path: Path, **changes: str) -> dict[str, str]:
    """The example's production settings, with this machine's database, Redis and folders,
    on the loopback."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REELSMITH_")}
    env.update(example_env())
    env.update(
        REELSMITH_DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path}/app.db",
        REELSMITH_REDIS_URL="redis://127.0.0.1:6379/13",
        REELSMITH_REDIS_PREFIX=f"rstest-secrets-{os.getpid()}",
        REELSMITH_STORAGE="local",
        REELSMITH_HOST="127.0.0.1",
        REELSMITH_PORT=str(free_port()),
        REELSMITH_DATA_DIR=str(tmp_path / "data"),
        REELSMITH_CACHE_DIR=str(tmp_path / "cache"),
        REELSMITH_WORK_DIR=str(tmp_path / "work"),
        REELSMITH_MEDIA_DIR=str(tmp_path / "media"),
    )
    env.update(changes)
    return env


def generated() -> str:
    return secrets.token_urlsafe(48)


@pytest.mark.parametrize(
    "changes,named,shown",
    [
        ({}, "REELSMITH_SECRET_KEY", "change-me-to-a-long-random-string"),
        ({"REELSMITH_SECRET_KEY": "G" + "x" * 10}, "REELSMITH_SECRET_KEY", "Gxxxxxxxxxx"),
        ({"REELSMITH_SECRET_KEY": "a" * 40}, "REELSMITH_SECRET_KEY", "a" * 40),
        ({"REELSMITH_SECRET_KEY": generated()}, "REELSMITH_METRICS_TOKEN", "change-me-too"),
    ],
    ids=["example-secret", "short-secret", "plain-secret", "example-metrics-token"],
)
def test_serve_refuses_placeholder_and_short_secrets_in_production(
    tmp_path: Path, changes: dict[str, str], named: str, shown: str
) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "app.cli", "serve"],
        env=serve_env(tmp_path, **changes),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert named in out and "token_urlsafe" in out
    assert shown not in out  # the refusal never prints the secret


def test_serve_starts_with_generated_secrets(tmp_path: Path) -> None:
    env = serve_env(tmp_path, REELSMITH_SECRET_KEY=generated(), REELSMITH_METRICS_TOKEN=generated())
    subprocess.run(
        [sys.executable, "-m", "app.cli", "migrate"], env=env, cwd=tmp_path, check=True,
        capture_output=True, timeout=120,
    )  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        url = f"http://127.0.0.1:{env['REELSMITH_PORT']}/healthz"
        deadline = time.monotonic() + 30
        while True:
            try:
                assert httpx.get(url, timeout=1).status_code == 200
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.2)
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
