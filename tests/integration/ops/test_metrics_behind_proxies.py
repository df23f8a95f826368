"""Issue 27, finding 3, as the audit made it: against a served app with no metrics token,
requests that came through a proxy (forwarding headers) or reach an app that trusts proxies do
not get /metrics, whatever address they claim; a scraper on the machine reaching the port
directly does, and a token works from anywhere."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import pytest

from tests.support.environment import setting_vars
from tests.support.live_server import live_server

FORWARDED = [
    {"X-Forwarded-For": "203.0.113.9"},
    {"X-Forwarded-For": "127.0.0.1"},
    {"Forwarded": "for=203.0.113.9;proto=https"},
    {"X-Real-IP": "203.0.113.9"},
    {"X-Forwarded-Proto": "https"},
]


def test_without_a_token_forwarded_requests_are_refused(settings_factory: Any) -> None:
    with live_server(settings_factory()) as base:
        direct = httpx.get(base + "/metrics")
        assert direct.status_code == 200 and "reelsmith_jobs" in direct.text
        for headers in FORWARDED:
            resp = httpx.get(base + "/metrics", headers=headers)
            assert resp.status_code == 404, headers
            assert "reelsmith_" not in resp.text


@pytest.mark.parametrize("claimed", ["127.0.0.1", "203.0.113.9", None])
def test_without_a_token_trusted_hops_refuse_every_client(
    settings_factory: Any, claimed: str | None
) -> None:
    extra = setting_vars(proxy_trusted_hops=1)
    with live_server(settings_factory(), env=extra) as base:
        headers = {"X-Forwarded-For": claimed} if claimed else {}
        resp = httpx.get(base + "/metrics", headers=headers)
        assert resp.status_code == 404
        assert "reelsmith_" not in resp.text


def test_with_a_token_the_proxy_does_not_matter(settings_factory: Any) -> None:
    token = secrets.token_urlsafe(32)
    extra = setting_vars(proxy_trusted_hops=1, metrics_token=token)
    with live_server(settings_factory(), env=extra) as base:
        ok = httpx.get(
            base + "/metrics",
            headers={"Authorization": f"Bearer {token}", "X-Forwarded-For": "203.0.113.9"},
        )
        assert ok.status_code == 200 and "reelsmith_jobs" in ok.text
        wrong = httpx.get(base + "/metrics", headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 404
