"""Remote asset URLs: what the engine refuses, and pinning the checked address in production."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from app.config import Settings
from worker.render.assets import _check_url, pinned
from worker.render.errors import AssetError

PRODUCTION = Settings(env="production", secret_key="x" * 32)


def test_pinned_request_keeps_the_host_name_for_http_and_tls():
    assert pinned("http://cdn.example.com/logo.png?v=2", "93.184.216.34") == (
        "http://93.184.216.34/logo.png?v=2",
        {"Host": "cdn.example.com"},
        {},
    )
    assert pinned("https://user@cdn.example.com:8443/a.png", "2606:2800:220:1::1") == (
        "https://[2606:2800:220:1::1]:8443/a.png",
        {"Host": "cdn.example.com:8443"},
        {"sni_hostname": "cdn.example.com"},
    )


async def test_production_sends_the_request_to_the_address_it_checked(monkeypatch):
    """DNS rebinding: the first answer is public, later ones point inside the network. The
    request goes to the checked address, so the later answers are never used."""
    answers = iter(["93.184.216.34", "127.0.0.1", "127.0.0.1"])

    def fake_getaddrinfo(host: str, *args: Any, **kwargs: Any) -> list[Any]:
        assert host == "rebind.example"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), 0))]

    monkeypatch.setattr(socket, "getaddrinfo", fake_getaddrinfo)
    target, headers, _ = await _check_url("http://rebind.example/logo.png", PRODUCTION, "logo")
    assert target == "http://93.184.216.34/logo.png" and headers == {"Host": "rebind.example"}


async def test_production_refuses_a_host_with_any_private_address(monkeypatch):
    def fake_getaddrinfo(host: str, *args: Any, **kwargs: Any) -> list[Any]:
        return [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", 0)),
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", 0)),
        ]

    monkeypatch.setattr(socket, "getaddrinfo", fake_getaddrinfo)
    with pytest.raises(AssetError, match="private or local address"):
        await _check_url("http://mixed.example/logo.png", PRODUCTION, "logo")


async def test_production_names_a_host_that_does_not_resolve(monkeypatch):
    def fake_getaddrinfo(host: str, *args: Any, **kwargs: Any) -> list[Any]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", fake_getaddrinfo)
    with pytest.raises(AssetError, match="'nowhere.example' could not be resolved"):
        await _check_url("https://nowhere.example/logo.png", PRODUCTION, "logo")


async def test_development_leaves_the_url_alone():
    assert await _check_url("http://127.0.0.1:9/x.png", Settings(), "logo") == (
        "http://127.0.0.1:9/x.png",
        {},
        {},
    )
