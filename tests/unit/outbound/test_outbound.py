"""The outbound guard (app.outbound): every address form of an internal host is refused, the
checked address is the one connected to, redirects are checked again, size and time bounded."""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from app import outbound
from app.config import Settings
from app.outbound import OutboundError, OutboundRefused, Target, check_url, open_url, pinned

INTERNAL = [
    ("http://127.0.0.1/x", "loopback"),
    ("http://localhost:8000/x", "loopback"),
    ("http://[::1]/x", "loopback"),
    ("http://[::ffff:127.0.0.1]/x", "loopback"),  # IPv4-mapped IPv6
    ("http://[::ffff:7f00:1]/x", "loopback"),
    ("http://0x7f000001/x", "loopback"),  # hex
    ("http://2130706433/x", "loopback"),  # decimal
    ("http://0177.0.0.1/x", "loopback"),  # octal
    ("http://127.1/x", "loopback"),  # short form
    ("http://10.0.0.7/x", "private"),
    ("http://192.168.1.1/x", "private"),
    ("http://172.16.0.1/x", "private"),
    ("http://169.254.169.254/latest/meta-data", "link-local"),  # cloud metadata
    ("http://[fe80::1]/x", "link-local"),
    ("http://[fd00::1]/x", "private"),
    ("http://100.64.0.1/x", "address"),  # shared (carrier-grade NAT)
    ("http://0.0.0.0/x", "unspecified"),
    ("http://224.0.0.1/x", "multicast"),
    ("http://240.0.0.1/x", "reserved"),
    ("http://[64:ff9b::7f00:1]/x", "loopback"),  # NAT64 of 127.0.0.1
    ("http://[2002:7f00:1::]/x", "loopback"),  # 6to4 of 127.0.0.1
    ("http://[fec0::1]/x", "site-local"),  # deprecated site-local, still routed inside some nets
    ("http://[feff:ffff::1]/x", "site-local"),
    ("http://[3fff::1]/x", "documentation"),  # RFC 9637
    ("http://[3fff:fff:ffff::1]/x", "documentation"),
]


@pytest.mark.parametrize(("url", "kind"), INTERNAL)
async def test_every_form_of_an_internal_address_is_refused(
    url: str, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    with pytest.raises(OutboundRefused, match="address that is not public") as caught:
        await check_url(url, allow_private=False, what="brand.logoUrl")
    message = str(caught.value)
    assert message.startswith("brand.logoUrl points at") and url in message
    assert f"{kind} address" not in message  # what the name resolved to: in the log only
    assert any(kind in r.getMessage() and url in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("address", ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
def test_public_addresses_pass(address: str) -> None:
    assert outbound.refusal(ipaddress.ip_address(address)) is None


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.com/a", "http:///x", "x"])
async def test_only_http_urls_with_a_host(url: str) -> None:
    with pytest.raises(OutboundRefused, match=r"must be an http\(s\) URL"):
        await check_url(url, allow_private=True, what="audio.musicTrack")


def test_default_settings_refuse_private_addresses() -> None:
    assert Settings().allow_private_urls is False
    assert (
        Settings(env="production", secret_key="Zr8kq2Lw0pX4mV7nB1cT9yH3jD6fG5sA").allow_private_urls
        is False
    )


async def test_the_allow_setting_lets_a_private_url_through_unchanged() -> None:
    assert await check_url("http://127.0.0.1:9/x.png", allow_private=True) == Target(
        "http://127.0.0.1:9/x.png"
    )


def test_pinned_request_keeps_the_host_name_for_http_and_tls() -> None:
    assert pinned("http://cdn.example.com/logo.png?v=2", "93.184.216.34") == Target(
        "http://93.184.216.34/logo.png?v=2", {"Host": "cdn.example.com"}, {}
    )
    assert pinned("https://user@cdn.example.com:8443/a.png", "2606:2800:220:1::1") == Target(
        "https://[2606:2800:220:1::1]:8443/a.png",
        {"Host": "cdn.example.com:8443"},
        {"sni_hostname": "cdn.example.com"},
    )


def _answers(monkeypatch: pytest.MonkeyPatch, *addresses: list[str]) -> None:
    """getaddrinfo answers the lists of addresses in turn (DNS rebinding)."""
    answers = iter(addresses)

    def fake(host: str, *args: Any, **kwargs: Any) -> list[Any]:
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, 0)) for a in next(answers)]

    monkeypatch.setattr(socket, "getaddrinfo", fake)


async def test_the_request_goes_to_the_address_that_was_checked(monkeypatch) -> None:
    _answers(monkeypatch, ["93.184.216.34"], ["127.0.0.1"], ["127.0.0.1"])
    target = await check_url("http://rebind.example/logo.png", allow_private=False)
    assert target.url == "http://93.184.216.34/logo.png"
    assert target.headers == {"Host": "rebind.example"}


async def test_a_host_with_any_private_address_is_refused(monkeypatch) -> None:
    _answers(monkeypatch, ["93.184.216.34", "10.0.0.7"])
    with pytest.raises(OutboundRefused, match="address that is not public") as caught:
        await check_url("http://mixed.example/logo.png", allow_private=False)
    assert "10.0.0.7" not in str(caught.value)


async def test_a_host_that_does_not_resolve_is_named(monkeypatch) -> None:
    def fake(host: str, *args: Any, **kwargs: Any) -> list[Any]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    with pytest.raises(OutboundRefused, match="'nowhere.example' could not be resolved"):
        await check_url("https://nowhere.example/logo.png", allow_private=False)


class _Handler(BaseHTTPRequestHandler):
    routes: dict[str, tuple[int, dict[str, str], bytes]] = {}

    def do_GET(self) -> None:
        if self.path == "/slow":
            time.sleep(1.0)
        status, headers, body = self.routes.get(self.path, (404, {}, b"internal secret"))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    port = srv.server_address[1]
    _Handler.routes = {
        "/ok": (200, {"Content-Type": "text/plain"}, b"hello"),
        "/big": (200, {}, b"x" * 5000),
        "/to-mapped": (302, {"Location": f"http://[::ffff:127.0.0.1]:{port}/ok"}, b""),
        "/to-ok": (302, {"Location": "/ok"}, b""),
        "/loop": (302, {"Location": "/loop"}, b""),
    }
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{port}"
    srv.shutdown()
    srv.server_close()


async def _get(url: str, *, allow_private: bool = True, max_bytes: int = 1024) -> bytes:
    async with open_url(
        url, allow_private=allow_private, timeout_s=0.5, max_bytes=max_bytes, what="webhook"
    ) as fetched:
        return await fetched.read()


async def test_fetches_from_the_loopback_only_when_allowed(server: str) -> None:
    assert await _get(server + "/to-ok") == b"hello"
    with pytest.raises(OutboundRefused, match="loopback"):
        await _get(server + "/ok", allow_private=False)


async def test_every_redirect_is_checked_again(server: str, monkeypatch) -> None:
    """The first URL passes (as if public); its redirect to an IPv4-mapped loopback address
    is refused, and the error does not carry what the internal host would have answered."""
    real = outbound.check_url
    first = server + "/to-mapped"

    async def first_passes(url: str, *, allow_private: bool, what: str = "URL") -> Target:
        if url == first:
            return Target(url)
        return await real(url, allow_private=allow_private, what=what)

    monkeypatch.setattr(outbound, "check_url", first_passes)
    with pytest.raises(OutboundRefused, match=r"loopback.*\[::ffff:127.0.0.1\]") as caught:
        await _get(first, allow_private=False)
    assert "hello" not in str(caught.value)


async def test_redirects_and_size_and_time_are_bounded(server: str) -> None:
    with pytest.raises(OutboundRefused, match="redirected more than 3 times"):
        await _get(server + "/loop")
    with pytest.raises(OutboundError, match="larger than the 1 KiB limit") as big:
        await _get(server + "/big")
    assert big.value.kind == "too_big"
    with pytest.raises(OutboundError, match="did not download within 0.5s") as slow:
        await _get(server + "/slow")
    assert slow.value.kind == "timeout"
