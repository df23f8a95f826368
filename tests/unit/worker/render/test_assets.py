"""Remote assets go through the outbound guard: with default settings an internal service is
never contacted, and the error names the URL and the rule, not what that service would say."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from worker.render.assets import fetch_image
from worker.render.errors import AssetError


@pytest.fixture
def internal_service() -> Iterator[tuple[str, list[str]]]:
    """An 'internal' HTTP service on the loopback that answers 503 text/html to anything."""
    hits: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            hits.append(self.path)
            body = b"<h1>admin console</h1>"
            self.send_response(503)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"127.0.0.1:{server.server_address[1]}", hits
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("env", ["development", "production"])
async def test_an_internal_logo_url_is_refused_without_contacting_it(
    internal_service: tuple[str, list[str]], tmp_path: Path, env: str
) -> None:
    address, hits = internal_service
    port = address.rsplit(":", 1)[1]
    settings = Settings(env=env, secret_key="Zr8kq2Lw0pX4mV7nB1cT9yH3jD6fG5sA", data_dir=tmp_path)
    for host in ("127.0.0.1", "[::ffff:127.0.0.1]", "0x7f000001", "2130706433", "localhost"):
        url = f"http://{host}:{port}/logo.png"
        with pytest.raises(AssetError) as caught:
            await fetch_image(url, settings, tmp_path, "logo", "brand.logoUrl")
        message = str(caught.value)
        assert message.startswith("brand.logoUrl points at an address that is not public")
        assert url in message
        said = message.replace(url, "")  # the URL's random port may well contain "503"
        assert "503" not in said and "text/html" not in said and "admin" not in said
    assert hits == []  # the internal service never saw a request


async def test_with_the_allow_setting_the_loopback_is_fetched(
    internal_service: tuple[str, list[str]], tmp_path: Path
) -> None:
    address, hits = internal_service
    settings = Settings(allow_private_urls=True, data_dir=tmp_path)
    with pytest.raises(AssetError, match="answered HTTP 503"):
        await fetch_image(f"http://{address}/logo.png", settings, tmp_path, "logo", "logo")
    assert hits == ["/logo.png"]
