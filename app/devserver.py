"""The `reelsmith dev` supervisor: a local redis-server when none answers, then the API and one
worker as child processes, on one console. A worker that dies is started again (after a pause
that grows while it keeps dying) while the API keeps serving; Ctrl-C stops them all."""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

from redis import Redis
from redis.exceptions import RedisError
from rich.console import Console

from app.config import Settings
from app.logs import redact_url

log = logging.getLogger("reelsmith.cli")
console = Console()
err_console = Console(stderr=True)

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", ""}
# A worker that dies is started again after a pause that grows while it keeps dying quickly
# (a crash at start-up does not spin), and resets once one lived long.
WORKER_RESTART_DELAYS_S = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
WORKER_HEALTHY_AFTER_S = 60.0


class CannotStart(Exception):
    """What `reelsmith dev` needs is missing (Redis unreachable and not startable here)."""


def redis_answers(url: str, timeout: float = 1.0) -> bool:
    client = Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    try:
        return bool(client.ping())
    except (RedisError, OSError):
        return False
    finally:
        client.close()


def start_local_redis(url: str) -> subprocess.Popen[bytes]:
    """Start redis-server for a local URL that nothing answers; CannotStart otherwise."""
    parsed = urlparse(url)
    if (parsed.hostname or "") not in LOCAL_HOSTS:
        raise CannotStart(
            f"Redis at {redact_url(url)} does not answer (and it is not local to start it)"
        )
    exe = shutil.which("redis-server")
    if exe is None:
        raise CannotStart(
            "no Redis answers and redis-server is not installed (apt-get install redis-server)"
        )
    port = str(parsed.port or 6379)
    console.print(f"starting redis-server on port {port}")
    proc = subprocess.Popen(
        [exe, "--port", port, "--save", "", "--appendonly", "no", "--daemonize", "no"],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(50):
        if redis_answers(url, timeout=0.2):
            return proc
        if proc.poll() is not None:
            raise CannotStart(f"redis-server exited with code {proc.returncode}")
        time.sleep(0.1)
    proc.terminate()
    raise CannotStart("redis-server did not answer within 5 s")


def stop_children(children: list[subprocess.Popen[bytes]], grace_s: float = 10.0) -> None:
    """Stop the children newest first, in two waves: the processes (SIGTERM, SIGKILL after the
    grace time), then the oldest child, which the others use (the local redis-server when dev
    started one): a worker closing its queue connections must still find Redis there."""
    deadline = time.monotonic() + grace_s
    waves = [children[1:], children[:1]] if len(children) > 1 else [children]
    for wave in waves:
        for proc in reversed(wave):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in reversed(wave):
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def run(
    settings: Settings,
    host: str | None,
    port: int | None,
    migrate: Callable[[Settings], None],
) -> int:
    """Supervise Redis (when started here), the API and a worker until Ctrl-C or SIGTERM, or
    until Redis or the API exits; the exit code: 0 when the API and worker stopped cleanly."""
    children: list[subprocess.Popen[bytes]] = []
    if not redis_answers(settings.redis_url):
        children.append(start_local_redis(settings.redis_url))
    migrate(settings)
    me = [sys.executable, "-m", "app.cli"]
    serve_args = [*me, "serve"]
    if host is not None:
        serve_args += ["--host", host]
    if port is not None:
        serve_args += ["--port", str(port)]
    stopping = False

    def on_signal(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}  # children's logs show up at once
    services = list(children)  # redis-server (when started here): its exit stops everything
    try:
        api = subprocess.Popen(serve_args, env=env)
        services.append(api)
        children.append(api)
        worker = subprocess.Popen([*me, "worker"], env=env)
        children.append(worker)
        started, quick_deaths, restart_at = time.monotonic(), 0, None
        while not stopping:
            for proc in services:
                if proc.poll() is not None:
                    what = " ".join(map(str, proc.args))  # type: ignore[arg-type]
                    err_console.print(f"[red]{what} exited ({proc.returncode}); stopping[/]")
                    stopping = True
            if not stopping and worker.poll() is not None:
                if restart_at is None:
                    lived = time.monotonic() - started
                    quick_deaths = 0 if lived >= WORKER_HEALTHY_AFTER_S else quick_deaths + 1
                    delay = WORKER_RESTART_DELAYS_S[
                        min(max(quick_deaths - 1, 0), len(WORKER_RESTART_DELAYS_S) - 1)
                    ]
                    message = (
                        f"worker (pid {worker.pid}) exited ({worker.returncode}) after "
                        f"{lived:.0f} s; restarting it in {delay:g} s"
                    )
                    log.warning(message)
                    err_console.print(f"[yellow]{message}[/]")
                    restart_at = time.monotonic() + delay
                elif time.monotonic() >= restart_at:
                    children.remove(worker)
                    worker = subprocess.Popen([*me, "worker"], env=env)
                    children.append(worker)
                    started, restart_at = time.monotonic(), None
                    err_console.print(f"[yellow]worker restarted (pid {worker.pid})[/]")
            time.sleep(0.2)
    finally:
        console.print("stopping…")
        stop_children(children)
    exit_codes = [p.returncode for p in children[-2:]]  # the API and the current worker
    return 0 if all(c in (0, -signal.SIGTERM, -signal.SIGINT) for c in exit_codes) else 1
