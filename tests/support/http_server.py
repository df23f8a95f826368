"""A small HTTP server on the loopback for a test double of an outside API (a webhook receiver,
an SMS provider): a free port, served from a thread while the `with` block runs."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler that does not print a line per request."""

    def log_message(self, *args: Any) -> None:
        pass


class LoopbackServer:
    """`handler` served on 127.0.0.1 at a free port; `url` is its base URL plus `path`."""

    path = ""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.host = "127.0.0.1"
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}{self.path}"

    def __enter__(self) -> Self:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
