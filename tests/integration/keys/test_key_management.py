"""Key management through the session cookie (SPEC 4.9) and key authentication (SPEC 5)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from app import create_app
from app.accounts.service import create_account
from app.auth import SESSION_COOKIE
from app.db import Database
from app.keys.models import ApiKey
from app.keys.service import hash_key
from app.models import create_all


async def login(client: Any, user: Any) -> None:
    resp = await client.post(
        "/api/auth/login", json={"email": user.account.email, "password": user.password}
    )
    assert resp.status_code == 200, await resp.get_data(as_text=True)


async def test_login_sets_httponly_lax_session_cookie(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/auth/login", json={"email": user.account.email, "password": user.password}
    )
    assert resp.status_code == 200
    cookie = resp.headers["Set-Cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie  # development over http
    assert (await resp.get_json())["account"]["email"] == user.account.email


async def test_login_with_wrong_password_is_401(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/auth/login", json={"email": user.account.email, "password": "wrong"}
    )
    assert resp.status_code == 401
    assert (await resp.get_json())["error"] == "unauthorized"
    assert "Set-Cookie" not in resp.headers


async def test_create_key_returns_value_once_and_list_never_shows_it(app, client, make_user):
    user = await make_user()
    await login(client, user)
    resp = await client.post("/api/keys", json={"name": "ci", "scopes": "render-only"})
    assert resp.status_code == 201
    body = await resp.get_json()
    raw = body["key"]
    assert raw.startswith(body["apiKey"]["keyPrefix"])
    assert body["apiKey"]["scopes"] == "videos:create,videos:read"
    assert set(body["apiKey"]) == {"id", "name", "keyPrefix", "scopes", "createdAt"}

    listing = await (await client.get("/api/keys")).get_json()
    assert raw not in str(listing)
    assert body["apiKey"]["id"] in [k["id"] for k in listing["keys"]]
    assert all("key" not in k for k in listing["keys"])

    async with app.config["REELSMITH_DB"].session() as session:
        stored = (
            await session.execute(select(ApiKey).where(ApiKey.id == body["apiKey"]["id"]))
        ).scalar_one()
    assert stored.key_hash == hash_key(raw)
    assert raw not in {stored.key_hash, stored.key_prefix, stored.name, stored.scopes}


async def test_new_key_authenticates_requests(client, make_user):
    user = await make_user()
    await login(client, user)
    raw = (
        await (await client.post("/api/keys", json={"name": "a", "scopes": "admin"})).get_json()
    )["key"]
    client.cookie_jar.clear()
    resp = await client.get("/api/billing", headers={"X-API-Key": raw})
    assert resp.status_code == 200
    resp = await client.get("/api/billing", headers={"Authorization": f"Bearer {raw}"})
    assert resp.status_code == 200


async def test_unknown_scope_is_400_naming_it_and_listing_allowed(client, make_user):
    user = await make_user()
    await login(client, user)
    resp = await client.post("/api/keys", json={"name": "x", "scopes": "videos:read,videos:fly"})
    assert resp.status_code == 400
    body = await resp.get_json()
    assert "videos:fly" in body["message"]
    assert "render-only" in body["message"] and "billing:read" in body["message"]


async def test_free_tier_account_asking_for_key_is_403_naming_tier(client, make_user):
    user = await make_user(tier="free")
    await login(client, user)
    resp = await client.post("/api/keys", json={"name": "x", "scopes": "admin"})
    assert resp.status_code == 403
    body = await resp.get_json()
    assert body["error"] == "forbidden" and "studio" in body["message"]


async def test_key_endpoints_reject_api_key_without_session(client, make_user):
    user = await make_user(scopes="admin")
    for method, path in (("GET", "/api/keys"), ("POST", "/api/keys"), ("DELETE", "/api/keys/x")):
        resp = await client.open(path, method=method, headers=user.headers, json={})
        assert resp.status_code == 401, (method, path)
        assert "session" in (await resp.get_json())["message"].lower()


async def test_forged_session_cookie_is_401(client, make_user):
    await make_user()
    client.set_cookie("localhost", SESSION_COOKIE, "not-a-signed-value")
    resp = await client.get("/api/keys")
    assert resp.status_code == 401


async def test_revocation_takes_effect_on_next_request(client, make_user):
    user = await make_user()
    await login(client, user)
    created = await (
        await client.post("/api/keys", json={"name": "r", "scopes": "admin"})
    ).get_json()
    headers = {"X-API-Key": created["key"]}
    assert (await client.get("/api/billing", headers=headers)).status_code == 200

    resp = await client.delete(f"/api/keys/{created['apiKey']['id']}")
    assert resp.status_code == 200
    resp = await client.get("/api/billing", headers=headers)
    assert resp.status_code == 401
    assert (await resp.get_json())["error"] == "unauthorized"
    ids = [k["id"] for k in (await (await client.get("/api/keys")).get_json())["keys"]]
    assert created["apiKey"]["id"] not in ids


async def test_revoking_someone_elses_key_is_404(client, make_user):
    owner = await make_user()
    other = await make_user()
    await login(client, owner)
    created = await (
        await client.post("/api/keys", json={"name": "r", "scopes": "admin"})
    ).get_json()
    client.cookie_jar.clear()
    await login(client, other)
    resp = await client.delete(f"/api/keys/{created['apiKey']['id']}")
    assert resp.status_code == 404
    assert (
        await client.get("/api/billing", headers={"X-API-Key": created["key"]})
    ).status_code == 200


async def test_logout_revokes_the_session_server_side(client, make_user):
    user = await make_user()
    await login(client, user)
    cookie_value = next(c.value for c in client.cookie_jar if c.name == SESSION_COOKIE)
    assert (await client.post("/api/auth/logout")).status_code == 200
    client.set_cookie("localhost", SESSION_COOKIE, cookie_value)  # replay the old cookie
    resp = await client.get("/api/keys")
    assert resp.status_code == 401


@pytest.mark.parametrize(
    "overrides",
    [
        {"public_url": "https://videos.example.com"},
        {"env": "production", "secret_key": "Zr8kq2Lw0pX4mV7nB1cT9yH3jD6fG5sA"},
    ],
)
async def test_session_cookie_is_secure_behind_https_or_in_production(settings_factory, overrides):
    settings = settings_factory(**overrides)
    app = create_app(settings)
    schema = Database(settings.database_url)
    await create_all(schema)
    await schema.dispose()
    async with app.test_app():
        async with app.config["REELSMITH_DB"].session() as session:
            await create_account(session, "s@example.com", "pw-123", "studio", 0)
        resp = await app.test_client().post(
            "/api/auth/login", json={"email": "s@example.com", "password": "pw-123"}
        )
    assert resp.status_code == 200
    assert "Secure" in resp.headers["Set-Cookie"]
