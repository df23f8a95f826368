"""Public routes (no key) are limited per client IP by one table; API limits are per key AND
per account, so more keys do not buy more requests."""

from __future__ import annotations

from pathlib import Path

import pytest

from app import ratelimit
from app.media.storage import LocalStorage
from app.ratelimit import (
    PUBLIC_DEFAULT_RULE,
    PUBLIC_RATE_LIMITS,
    UNLIMITED_PREFIXES,
    Rule,
    public_rule_for,
)


@pytest.fixture
def settings(settings_factory):  # overrides conftest's: limits on for this module
    return settings_factory(rate_limit_enabled=True)


def tiny(monkeypatch: pytest.MonkeyPatch, method: str, rule: str, burst: int = 2) -> Rule:
    row = Rule(60, burst, per_ip=True, bucket=f"tiny-{method}-{rule}")
    monkeypatch.setitem(PUBLIC_RATE_LIMITS, (method, rule), row)
    return row


PUBLIC_REQUESTS = [
    ("GET", "/preview/templates/pulse", "/preview/templates/<template_id>", None),
    ("GET", "/embed/templates/pulse", "/embed/templates/<template_id>", None),
    (
        "GET",
        "/preview/templates/pulse/composition",
        "/preview/templates/<template_id>/composition",
        None,
    ),
    ("POST", "/preview/render", "/preview/render", {"templateId": "pulse"}),
    ("POST", "/preview/templates", "/preview/templates", {"name": "x", "scenes": []}),
    ("GET", "/media/videos/a.1.mp4", "/media/<path:key>", None),
]


@pytest.mark.parametrize(("method", "path", "rule", "body"), PUBLIC_REQUESTS)
async def test_each_public_route_is_limited_per_ip(
    client, monkeypatch, settings, tmp_path: Path, method, path, rule, body
) -> None:
    src = tmp_path / "v.bin"
    src.write_bytes(b"v" * 100)
    LocalStorage(settings.media_dir, settings.public_url).put("videos/a.1.mp4", src)
    tiny(monkeypatch, method, rule)
    seen = []
    for _ in range(3):
        resp = await client.open(path, method=method, json=body)
        seen.append(resp.status_code)
        assert resp.headers["X-RateLimit-Limit"] == "60"
    assert seen[:2] != [429, 429] and seen[2] == 429, seen
    assert 1 <= int(resp.headers["Retry-After"]) <= 2
    body_json = await resp.get_json()
    assert body_json["error"] == "rate_limited" and "60 requests per minute" in body_json["message"]
    other_ip = await client.open(
        path, method=method, json=body, scope_base={"client": ("10.9.9.9", 1)}
    )
    assert other_ip.status_code != 429  # another client keeps its own budget


async def test_a_key_does_not_lift_the_per_ip_limit_of_a_public_route(
    client, make_user, monkeypatch
):
    tiny(monkeypatch, "GET", "/embed/templates/<template_id>")
    user = await make_user()
    for _ in range(2):
        assert (await client.get("/embed/templates/pulse", headers=user.headers)).status_code == 200
    assert (await client.get("/embed/templates/pulse", headers=user.headers)).status_code == 429


async def test_media_allows_a_player_s_burst_of_range_requests(client, settings, tmp_path):
    src = tmp_path / "v.bin"
    src.write_bytes(b"v" * 4096)
    LocalStorage(settings.media_dir, settings.public_url).put("videos/b.1.mp4", src)
    media = PUBLIC_RATE_LIMITS[("GET", "/media/<path:key>")]
    assert media.limit >= 600 and media.burst >= 100
    for start in range(0, 4096, 64):  # 64 seeks in a row
        resp = await client.get("/media/videos/b.1.mp4", headers={"Range": f"bytes={start}-"})
        assert resp.status_code == 206


async def test_unknown_public_paths_count_under_the_public_default(client):
    resp = await client.get("/no-such-page")
    assert resp.status_code == 404
    assert resp.headers["X-RateLimit-Limit"] == str(PUBLIC_DEFAULT_RULE.limit)
    assert "X-RateLimit-Limit" not in (await client.get("/healthz")).headers
    assert "X-RateLimit-Limit" not in (await client.get("/static/no-such.css")).headers


def test_prefix_rows_cover_player_pages_added_later() -> None:
    assert public_rule_for("GET", "/v/<video_id>")[1] is PUBLIC_RATE_LIMITS[("GET", "/v/*")]
    embed = PUBLIC_RATE_LIMITS[("GET", "/embed/v/*")]
    assert public_rule_for("GET", "/embed/v/<video_id>")[1] is embed
    assert public_rule_for("GET", "/c/<slug>/<rid>")[1] is PUBLIC_RATE_LIMITS[("GET", "/c/*")]
    assert public_rule_for("GET", "/t/<token>")[1] is PUBLIC_RATE_LIMITS[("GET", "/t/*")]
    assert public_rule_for("POST", "/api/track")[1] is PUBLIC_RATE_LIMITS[("POST", "/api/track")]
    assert public_rule_for("GET", "/somewhere-new")[1] is PUBLIC_DEFAULT_RULE
    assert all(row.per_ip for row in PUBLIC_RATE_LIMITS.values())


def test_every_public_route_of_the_app_has_a_row(app) -> None:
    """A public route without a row would fall to the default: list it in the table (and in
    the table of docs/api/public.md)."""
    missing = []
    for url_rule in app.url_map.iter_rules():
        path = url_rule.rule
        if path.startswith("/api/") or path.startswith(UNLIMITED_PREFIXES):
            continue
        for method in url_rule.methods - {"HEAD", "OPTIONS"}:
            if public_rule_for(method, path)[1] is PUBLIC_DEFAULT_RULE:
                missing.append((method, path))
    assert not missing


async def test_keys_of_one_account_share_the_account_budget(client, make_user, app, monkeypatch):
    monkeypatch.setitem(ratelimit.RATE_LIMITS, ("GET", "/api/projects"), Rule(60, 2))
    user = await make_user()
    second = await client.post(
        "/api/auth/login", json={"email": user.account.email, "password": user.password}
    )
    assert second.status_code == 200
    created = await client.post("/api/keys", json={"name": "second", "scopes": "admin"})
    other_key = (await created.get_json())["key"]
    assert (await client.get("/api/projects", headers=user.headers)).status_code == 200
    resp = await client.get("/api/projects", headers={"X-API-Key": other_key})
    assert resp.status_code == 200 and resp.headers["X-RateLimit-Remaining"] == "0"
    # The account's budget is spent: a third key of the same account gets no fresh bucket.
    denied = await client.get("/api/projects", headers=user.headers)
    assert denied.status_code == 429
    assert (await client.get("/api/projects", headers={"X-API-Key": other_key})).status_code == 429
    stranger = await make_user()
    assert (await client.get("/api/projects", headers=stranger.headers)).status_code == 200
