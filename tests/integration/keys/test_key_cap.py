"""An account holds a bounded number of keys: more keys never mean more capacity."""

from __future__ import annotations

import pytest


@pytest.fixture
def settings(settings_factory):
    return settings_factory(max_api_keys_per_account=3)


async def _login(client, user) -> None:
    resp = await client.post(
        "/api/auth/login", json={"email": user.account.email, "password": user.password}
    )
    assert resp.status_code == 200


async def test_creating_a_key_past_the_cap_is_403_and_revoking_makes_room(client, make_user):
    user = await make_user()  # holds one key already
    await _login(client, user)
    ids = []
    for n in range(2):
        resp = await client.post("/api/keys", json={"name": f"k{n}", "scopes": "read-only"})
        assert resp.status_code == 201
        ids.append((await resp.get_json())["apiKey"]["id"])
    refused = await client.post("/api/keys", json={"name": "one too many", "scopes": "admin"})
    assert refused.status_code == 403
    body = await refused.get_json()
    assert body["error"] == "too_many_keys" and body["limit"] == 3
    assert "3 active API keys" in body["message"] and "revoke one" in body["message"]
    listed = await (await client.get("/api/keys")).get_json()
    assert listed["total"] == 3  # nothing was created
    assert (await client.delete(f"/api/keys/{ids[0]}")).status_code == 200
    again = await client.post("/api/keys", json={"name": "after revoke", "scopes": "admin"})
    assert again.status_code == 201


def test_default_cap_is_twenty() -> None:
    from app.config import Settings

    assert Settings().max_api_keys_per_account == 20


async def test_the_403_is_in_the_published_contract(client) -> None:
    doc = await (await client.get("/openapi.json")).get_json()
    responses = doc["paths"]["/api/keys"]["post"]["responses"]
    assert "403" in responses
