"""The `reelsmith` command against a temporary SQLite database."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from app.accounts.models import Account, LedgerEntry
from app.cli import cli
from app.db import Database
from app.keys.models import ApiKey
from app.keys.service import hash_key

KEY_RE = re.compile(r"rs_live_[A-Za-z0-9_\-]{20,}")


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite+aiosqlite:///{tmp_path}/cli.db"
    monkeypatch.setenv("REELSMITH_DATABASE_URL", url)
    return url


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def query(url: str, stmt):  # type: ignore[no-untyped-def]
    async def go():  # type: ignore[no-untyped-def]
        database = Database(url)
        try:
            async with database.session() as session:
                return list((await session.execute(stmt)).scalars())
        finally:
            await database.dispose()

    return asyncio.run(go())


def test_migrate_users_credit_and_keys_flow(db_url: str):
    assert invoke("migrate")[0] == 0
    code, out = invoke(
        "users",
        "create",
        "ops@example.com",
        "--password",
        "pw-1",
        "--tier",
        "studio",
        "--credits",
        "100",
    )
    assert code == 0, out
    code, out = invoke("users", "credit", "ops@example.com", "--add", "25")
    assert code == 0 and "125" in out
    code, out = invoke(
        "keys", "create", "ops@example.com", "--name", "ci", "--scopes", "render-only"
    )
    assert code == 0, out
    raw = KEY_RE.search(out)
    assert raw is not None
    keys = query(db_url, select(ApiKey))
    assert len(keys) == 1 and keys[0].key_hash == hash_key(raw.group(0))
    assert keys[0].scopes == "videos:create,videos:read"
    account = query(db_url, select(Account))[0]
    assert account.credits == 125 and account.tier == "studio"
    ledger = query(db_url, select(LedgerEntry.amount))
    assert sorted(ledger) == [25, 100]


def test_users_create_refuses_duplicate_and_unknown_tier(db_url: str):
    invoke("migrate")
    assert invoke("users", "create", "a@example.com", "--password", "x")[0] == 0
    code, out = invoke("users", "create", "a@example.com", "--password", "x")
    assert code == 1 and "already exists" in out
    code, out = invoke("users", "create", "b@example.com", "--password", "x", "--tier", "gold")
    assert code == 1 and "free, studio, enterprise" in out


def test_keys_create_rejects_unknown_scope_and_free_tier(db_url: str):
    invoke("migrate")
    invoke("users", "create", "f@example.com", "--password", "x", "--tier", "free")
    code, out = invoke("keys", "create", "f@example.com", "--name", "n")
    assert code == 1 and "studio" in out
    invoke("users", "create", "s@example.com", "--password", "x")
    code, out = invoke("keys", "create", "s@example.com", "--name", "n", "--scopes", "videos:fly")
    assert code == 1 and "videos:fly" in out
    assert not KEY_RE.search(out)


def test_credit_unknown_account_fails_clearly(db_url: str):
    invoke("migrate")
    code, out = invoke("users", "credit", "nobody@example.com", "--add", "5")
    assert code == 1 and "no account" in out


def test_bootstrap_creates_dev_account_once(db_url: str):
    code, out = invoke("bootstrap")
    assert code == 0, out
    raw = KEY_RE.search(out)
    assert raw is not None and "curl" in out and "dev@reelsmith.local" in out
    account = query(db_url, select(Account))[0]
    assert (account.email, account.tier, account.credits) == ("dev@reelsmith.local", "studio", 1000)

    code, out = invoke("bootstrap")
    assert code == 0 and "already exists" in out
    assert not KEY_RE.search(out)
    assert len(query(db_url, select(ApiKey))) == 1


def test_serve_answers_http_and_stops_on_sigterm(db_url: str, tmp_path: Path):
    invoke("migrate")
    port = 18000 + os.getpid() % 1000
    env = {
        **os.environ,
        "REELSMITH_PORT": str(port),
        "REELSMITH_REDIS_URL": "redis://127.0.0.1:6379/13",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                resp = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.2)
        assert resp.json() == {"status": "ok"}
        docs = httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=5)
        assert docs.json()["openapi"].startswith("3.1")
    finally:
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=15)
    assert proc.returncode == 0, out.decode()


def free_port() -> int:

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_open(port: int) -> bool:

    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def test_dev_starts_redis_api_and_worker_and_ctrl_c_stops_them_all(db_url: str, tmp_path: Path):
    redis_port, api_port = free_port(), free_port()
    env = {
        **os.environ,
        "REELSMITH_PORT": str(api_port),
        "REELSMITH_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "REELSMITH_MEDIA_DIR": str(tmp_path / "media"),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "dev"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                assert (
                    httpx.get(f"http://127.0.0.1:{api_port}/healthz", timeout=1).status_code == 200
                )
                break
            except httpx.HTTPError:
                assert proc.poll() is None, proc.stdout.read().decode()  # type: ignore[union-attr]
                assert time.monotonic() < deadline
                time.sleep(0.3)
        assert port_open(redis_port)  # dev started its own redis-server
        time.sleep(1)  # let the worker come up
        assert proc.poll() is None
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, out.decode()
    assert not port_open(redis_port)
    assert not port_open(api_port)


def children_of(pid: int) -> dict[int, str]:
    """Child pid -> command line of a running process (from /proc)."""
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found[int(entry.name)] = cmdline
    return found


def wait_for(check, timeout: float = 30.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


def healthz(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def test_dev_takes_host_and_port_and_restarts_a_worker_that_died(db_url: str, tmp_path: Path):
    api_port = free_port()
    env = {
        **os.environ,
        "REELSMITH_PORT": str(free_port()),  # --port wins over the setting
        "REELSMITH_REDIS_URL": f"redis://127.0.0.1:{free_port()}/0",  # dev starts its own
        "REELSMITH_MEDIA_DIR": str(tmp_path / "media"),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "dev", "--host", "127.0.0.1", "--port", str(api_port)],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for(lambda: healthz(api_port) or proc.poll() is not None)
        assert proc.poll() is None

        def worker_pids() -> list[int]:
            return [p for p, cmd in children_of(proc.pid).items() if cmd.endswith(" worker")]

        first = wait_for(worker_pids)
        assert len(first) == 1
        os.kill(first[0], signal.SIGKILL)
        replaced = wait_for(lambda: [p for p in worker_pids() if p not in first])
        assert len(replaced) == 1
        assert healthz(api_port)  # the API never went down
        assert proc.poll() is None
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=45)
    text = out.decode()
    assert f"worker (pid {first[0]}) exited (-9)" in text, text
    assert "restarting" in text and f"worker restarted (pid {replaced[0]})" in text, text
    assert proc.returncode == 0, text
    assert not port_open(api_port)
