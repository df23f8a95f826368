"""A real HTTP server (the one `reelsmith serve` runs, app/serving.py) serving the app in a
child process on a loopback port, for tests that need a live server (load and latency,
contract fuzzing). Settings travel as REELSMITH_* variables."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import redis

from app.config import Settings
from tests.support.environment import settings_env

SERVER = """
import sys
from app import create_app, freeze_startup_heap
from app.config import Settings
from app.db import Database
from app.loop import run
from app.models import create_all
from app.serving import serve

settings = Settings()

async def main() -> None:
    db = Database(settings.database_url)
    await create_all(db)
    await db.dispose()
    host, port = sys.argv[1].rsplit(":", 1)
    app = create_app(settings)
    freeze_startup_heap()  # as `reelsmith serve` does
    await serve(app, settings, host, int(port))  # the server `reelsmith serve` runs

run(main(), settings.event_loop)  # as `reelsmith serve` does
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_env(settings: Settings) -> dict[str, str]:
    """The environment of a server (or a worker beside it) running with `settings`."""
    fields = ("data_dir", "work_dir", "cache_dir", "rate_limit_enabled", "allow_private_urls")
    return settings_env(settings, *fields)


@contextmanager
def live_server(
    settings: Settings, port: int | None = None, env: dict[str, str] | None = None
) -> Iterator[str]:
    """Serve the app with `settings` (on `port`, else a free one; `env`: more variables, e.g.
    setting_vars(...) of settings server_env does not pass); yields its base URL once
    /healthz answers."""
    port = port or free_port()
    env = {**os.environ, **server_env(settings), **(env or {})}
    proc = subprocess.Popen([sys.executable, "-c", SERVER, f"127.0.0.1:{port}"], env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120  # imports take half a minute on a busy machine
        while True:
            try:
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("the API did not start")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)
        _clear_prefix(settings)


def _clear_prefix(settings: Settings) -> None:

    client = redis.Redis.from_url(settings.redis_url, socket_timeout=5, socket_connect_timeout=5)
    try:
        keys = list(client.scan_iter(match=f"{settings.redis_prefix}:*"))
        if keys:
            client.delete(*keys)
    except redis.RedisError:
        pass  # a test's Redis that is down or silent holds nothing of ours
    finally:
        client.close()
