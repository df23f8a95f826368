"""The API's HTTP server: uvicorn with httptools (the default) or Hypercorn
(`REELSMITH_HTTP_SERVER`), serving the same ASGI app on the process's event loop.

Measured on this machine (docs/operate/benchmarks.md, "Load"): the same app and code served
by uvicorn + httptools costs 25–30 % less API CPU per answer than by Hypercorn on every hot
route — h11 parses each request in Python and Hypercorn runs a task group per request, where
httptools parses in C. Hypercorn stays an option (it speaks HTTP/2 and serves TLS itself).

Both are run with the same guarantees: no access line carries a query string or a header
(keys travel in both), X-Forwarded-* is read by the app's own trusted-hops rule only (the
server's proxy-header handling is off), graceful shutdown on SIGINT/SIGTERM, idle keep-alive
connections closed after 5 s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Iterator
from typing import Any

from app.config import Settings

# Access lines: client, method, path without its query, status, seconds (never a header).
ACCESS = logging.getLogger("reelsmith.access")
SERVER_LOG = logging.getLogger("reelsmith.serve")
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
KEEP_ALIVE_S = 5


class AccessLog:
    """ASGI middleware writing one access line per HTTP request to `reelsmith.access`, built
    only when that logger writes INFO (off costs one level check)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not ACCESS.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0

        async def sending(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            client = scope.get("client") or ("-", 0)
            ACCESS.info(
                '%s "%s %s" %s %.3fs',
                client[0],
                scope["method"],
                scope["path"],
                status or 500,
                time.perf_counter() - started,
            )


async def serve(app: Any, settings: Settings, host: str, port: int) -> None:
    """Serve `app` on host:port until SIGINT or SIGTERM (then finish what is in flight)."""
    if settings.http_server == "hypercorn":
        await _hypercorn(app, host, port)
        return
    import uvicorn  # noqa: PLC0415 (the server's code only in the process that serves)

    config = uvicorn.Config(
        AccessLog(app),
        host=host,
        port=port,
        loop="none",  # the running loop (app/loop.py)
        http="httptools",
        ws="none",
        lifespan="on",
        proxy_headers=False,  # the app's trusted-hops rule decides (app/__init__.py)
        server_header=False,
        access_log=False,  # its lines carry the query string: AccessLog writes ours
        log_config=None,  # our handlers (app/logs.py)
        timeout_keep_alive=KEEP_ALIVE_S,
    )
    logging.getLogger("uvicorn.error").setLevel(logging.WARNING)  # its start-up chatter
    await _server(uvicorn, config).serve()


def _server(uvicorn: Any, config: Any) -> Any:
    """uvicorn's Server saying where it listens as Hypercorn did, and ending on SIGINT/SIGTERM
    with exit status 0 (uvicorn re-raises the signal once it has stopped)."""

    class Server(uvicorn.Server):  # type: ignore[misc,name-defined]
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            loop = asyncio.get_running_loop()
            for sig in STOP_SIGNALS:
                loop.add_signal_handler(sig, self.handle_exit, sig, None)
            try:
                yield
            finally:
                for sig in STOP_SIGNALS:
                    loop.remove_signal_handler(sig)

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                where = f"http://{self.config.host}:{self.config.port}"
                SERVER_LOG.info("Running on %s (CTRL + C to quit)", where)

    return Server(config)


async def _hypercorn(app: Any, host: str, port: int) -> None:
    from hypercorn.asyncio import serve as hypercorn_serve  # noqa: PLC0415
    from hypercorn.config import Config  # noqa: PLC0415

    config = Config()
    config.bind = [f"{host}:{port}"]
    config.keep_alive_timeout = KEEP_ALIVE_S
    config.accesslog = None  # AccessLog writes the lines, as with uvicorn
    config.errorlog = logging.getLogger("hypercorn.error")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stop.set)
    await hypercorn_serve(AccessLog(app), config, shutdown_trigger=stop.wait)  # type: ignore[arg-type]
