"""Serve stage: the engine's own local HTTP server for the composition page, static/ and
fetched assets, on 127.0.0.1 for the capture stage's browsers."""

from __future__ import annotations

import mimetypes
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from app.config import ROOT

STATIC_DIR = ROOT / "static"
PRIMITIVES_DIR = ROOT / "primitives_html"
PAGE_PATH = "/composition.html"
STATIC_PATH = "/static/"
ASSETS_PATH = "/assets/"


class _Server(ThreadingHTTPServer):
    # Several capture pages open up to six connections each at once; with the default backlog
    # of 5 the kernel drops SYNs and Chromium retries after a full second.
    request_queue_size = 128
    daemon_threads = True


_STAGE = re.compile(r'<meta name="viewport" content="width=(\d+), height=(\d+)">')


def page_viewport(page_html: str) -> dict[str, int]:
    """The composition's layout size (its stage, by the shape it was made for): the capture
    page's viewport, so the stage is captured 1:1 (1280x720 when the page does not say)."""
    found = _STAGE.search(page_html[:4096])
    if not found:
        return {"width": 1280, "height": 720}
    return {"width": int(found.group(1)), "height": int(found.group(2))}


class PageServer:
    """Serves one composition page plus read-only folders on 127.0.0.1:<free port>."""

    def __init__(self, page_html: str, assets_dir: Path | None = None) -> None:
        self.page_html = page_html.encode("utf-8")
        self.viewport = page_viewport(page_html)
        self.mounts: dict[str, Path] = {STATIC_PATH: STATIC_DIR, "/primitives/": PRIMITIVES_DIR}
        if assets_dir is not None:
            self.mounts[ASSETS_PATH] = assets_dir
        self._httpd = _Server(("127.0.0.1", 0), self._handler_class())
        # A short poll interval: stop() waits for the serving loop to notice, once per render.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def origin(self) -> str:
        port = self._httpd.server_address[1]
        return f"http://127.0.0.1:{port}"

    @property
    def page_url(self) -> str:
        return self.origin + PAGE_PATH

    def resolve(self, url_path: str) -> tuple[bytes, str] | None:
        """Body and content type for a request path, or None when not served."""
        path = unquote(urlsplit(url_path).path)
        if path in (PAGE_PATH, "/"):
            return self.page_html, "text/html; charset=utf-8"
        for prefix, folder in self.mounts.items():
            if path.startswith(prefix):
                target = (folder / path[len(prefix) :]).resolve()
                if folder.resolve() not in target.parents or not target.is_file():
                    return None
                ctype = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
                return target.read_bytes(), ctype
        return None

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # http.server names the handler do_GET
                found = server.resolve(self.path)
                if found is None:
                    self.send_error(404)
                    return
                body, ctype = found
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                return

        return Handler

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        if self._thread.is_alive():
            self._httpd.shutdown()
            self._thread.join(timeout=5)
        self._httpd.server_close()


@contextmanager
def serve_page(page_html: str, assets_dir: Path | None = None) -> Iterator[PageServer]:
    """Run a PageServer for the duration of a render."""
    server = PageServer(page_html, assets_dir)
    server.start()
    try:
        yield server
    finally:
        server.stop()
