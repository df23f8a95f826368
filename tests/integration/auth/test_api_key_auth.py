"""401 versus 403 through HTTP, and the scope table covering every authenticated route."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import update

from app.auth import auth_kind
from app.keys.models import ApiKey
from app.scopes import ENDPOINT_SCOPES, PUBLIC_ENDPOINTS


async def error_of(resp) -> tuple[int, str, str]:
    body = await resp.get_json()
    return resp.status_code, body["error"], body["message"]


async def test_missing_key_is_401(client):
    status, code, message = await error_of(await client.get("/api/projects"))
    assert (status, code) == (401, "unauthorized") and "X-API-Key" in message


async def test_unknown_key_is_401(client):
    resp = await client.get("/api/projects", headers={"X-API-Key": "rs_live_not-a-real-key"})
    assert (await error_of(resp))[:2] == (401, "unauthorized")


async def test_empty_bearer_is_401(client):
    resp = await client.get("/api/projects", headers={"Authorization": "Bearer "})
    assert resp.status_code == 401


async def test_revoked_key_is_401(app, client, make_user):
    user = await make_user()
    async with app.config["REELSMITH_DB"].session() as session:
        await session.execute(
            update(ApiKey)
            .where(ApiKey.account_id == user.account.id)
            .values(revoked_at=datetime.now(UTC))
        )
    resp = await client.get("/api/projects", headers=user.headers)
    assert (await error_of(resp))[:2] == (401, "unauthorized")


async def test_free_tier_key_is_403_naming_the_tier(client, make_user):
    user = await make_user(tier="free", scopes="admin")
    status, code, message = await error_of(await client.get("/api/projects", headers=user.headers))
    assert (status, code) == (403, "forbidden") and "studio" in message


async def test_key_without_scope_is_403_naming_the_scope(client, make_user):
    user = await make_user(scopes="render-only")
    status, code, message = await error_of(await client.get("/api/projects", headers=user.headers))
    assert (status, code) == (403, "forbidden") and "projects:read" in message


@pytest.mark.parametrize(
    ("preset", "method", "path", "allowed"),
    [
        ("read-only", "GET", "/api/billing", True),
        ("read-only", "GET", "/api/projects", True),
        ("read-only", "POST", "/api/projects", False),
        ("full-access", "POST", "/api/projects", True),
        ("full-access", "GET", "/api/billing", False),
        ("render-batch", "GET", "/api/projects", False),
        ("admin", "GET", "/api/billing", True),
        ("projects:*", "POST", "/api/projects", True),
        ("billing:read", "GET", "/api/projects", False),
    ],
)
async def test_presets_through_http(client, make_user, preset, method, path, allowed):
    user = await make_user(scopes=preset)
    resp = await client.open(path, method=method, json={"name": "p"}, headers=user.headers)
    assert (resp.status_code in (200, 201)) is allowed, await resp.get_data(as_text=True)
    if not allowed:
        assert resp.status_code == 403


def test_every_authenticated_route_has_a_scope_row(app):
    missing = []
    checked = 0
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        if auth_kind(view) not in ("key", "optional"):
            continue
        for method in rule.methods or ():
            if method in ("HEAD", "OPTIONS"):
                continue
            checked += 1
            if (method, rule.rule) not in ENDPOINT_SCOPES:
                missing.append(f"{method} {rule.rule}")
    assert checked >= 6  # billing + projects at least
    assert missing == [], f"add these to ENDPOINT_SCOPES in app/scopes.py: {missing}"


def test_key_routes_are_session_only(app):
    kinds = {
        (m, r.rule): auth_kind(app.view_functions[r.endpoint])
        for r in app.url_map.iter_rules()
        if r.rule.startswith("/api/keys")
        for m in r.methods or ()
        if m not in ("HEAD", "OPTIONS")
    }
    assert kinds == {
        ("GET", "/api/keys"): "session",
        ("POST", "/api/keys"): "session",
        ("DELETE", "/api/keys/<key_id>"): "session",
    }


def api_routes_by_auth(app) -> dict[tuple[str, str], str | None]:
    return {
        (m, r.rule): auth_kind(app.view_functions[r.endpoint])
        for r in app.url_map.iter_rules()
        if r.rule.startswith("/api/")
        for m in r.methods or ()
        if m not in ("HEAD", "OPTIONS")
    }


def test_public_endpoints_are_exactly_the_routes_without_auth(app):
    routes = api_routes_by_auth(app)
    public = {route for route, kind in routes.items() if kind is None}
    assert public, "expected some public /api routes"
    assert public <= PUBLIC_ENDPOINTS, (
        f"add to PUBLIC_ENDPOINTS: {sorted(public - PUBLIC_ENDPOINTS)}"
    )
    wrongly_public = {r for r in PUBLIC_ENDPOINTS if r in routes and routes[r] is not None}
    assert wrongly_public == set(), f"these routes do authenticate: {sorted(wrongly_public)}"


def test_scope_table_names_no_public_route(app):
    routes = api_routes_by_auth(app)
    assert not set(ENDPOINT_SCOPES) & PUBLIC_ENDPOINTS
    unauthenticated = sorted(r for r in ENDPOINT_SCOPES if r in routes and routes[r] is None)
    assert unauthenticated == [], f"rows for routes that take no key: {unauthenticated}"
    assert all(scope for scope in ENDPOINT_SCOPES.values()), "every row names its scope"


async def test_public_catalogs_answer_without_a_key(client):
    for path in ("/api/music", "/api/voices", "/api/primitives", "/api/languages"):
        assert (await client.get(path)).status_code == 200, path
