"""Every error path answers with the JSON error body, never HTML or a bare 500."""

from __future__ import annotations

from typing import Any

import pytest

from app import create_app
from app.accounts.service import InsufficientCredits
from app.db import Database
from app.errors import ApiError, error_response
from app.models import create_all


def assert_error_body(body: Any, code: str) -> None:
    assert body["success"] is False
    assert body["error"] == code
    assert isinstance(body["message"], str) and body["message"]
    assert isinstance(body["details"], list)


async def test_malformed_json_is_400_naming_the_problem(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/projects", data="{bad", headers={**user.headers, "Content-Type": "application/json"}
    )
    assert resp.status_code == 400
    body = await resp.get_json()
    assert_error_body(body, "invalid_request")
    assert "Malformed JSON" in body["message"]


async def test_non_json_content_type_is_400_asking_for_json(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/projects",
        data="name=x",
        headers={**user.headers, "Content-Type": "application/x-www-form-urlencoded"},
    )
    assert resp.status_code == 400
    assert "application/json" in (await resp.get_json())["message"]


@pytest.mark.parametrize("payload", [[1], "text", 3, None])
async def test_body_that_is_not_an_object_is_400(client, make_user, payload):
    user = await make_user()
    resp = await client.post("/api/projects", json=payload, headers=user.headers)
    assert resp.status_code == 400
    assert_error_body(await resp.get_json(), "invalid_request")


async def test_wrong_type_is_400_with_field_details(client, make_user):
    user = await make_user()
    resp = await client.post("/api/projects", json={"name": 5}, headers=user.headers)
    assert resp.status_code == 400
    body = await resp.get_json()
    assert body["details"][0]["loc"] == ["name"]
    assert "name" in body["message"]


async def test_unknown_field_is_400_naming_it(client, make_user):
    user = await make_user()
    resp = await client.post("/api/projects", json={"name": "a", "colour": 1}, headers=user.headers)
    assert resp.status_code == 400
    assert "colour" in (await resp.get_json())["message"]


async def test_bad_query_parameter_is_400(client, make_user):
    user = await make_user()
    resp = await client.get("/api/billing?limit=many", headers=user.headers)
    assert resp.status_code == 400
    body = await resp.get_json()
    assert body["details"][0]["loc"] == ["limit"]
    assert "query" in body["message"]


async def test_oversize_body_is_400_stating_the_limit(settings_factory):
    settings = settings_factory(max_body_bytes=512)
    app = create_app(settings)
    schema = Database(settings.database_url)
    await create_all(schema)
    await schema.dispose()
    async with app.test_app():
        client = app.test_client()
        resp = await client.post("/api/auth/login", json={"email": "a@b.c", "password": "x" * 2000})
        assert resp.status_code == 400
        body = await resp.get_json()
        assert_error_body(body, "invalid_request")
        assert "512" in body["message"]


async def test_unknown_path_is_json_404(client):
    resp = await client.get("/api/does-not-exist")
    assert resp.status_code == 404
    assert_error_body(await resp.get_json(), "not_found")


async def test_wrong_method_is_json_405_listing_allowed(client):
    resp = await client.put("/api/projects")
    assert resp.status_code == 405
    body = await resp.get_json()
    assert_error_body(body, "method_not_allowed")
    assert "GET" in body["message"] and "POST" in body["message"]


async def test_missing_key_is_json_401(client):
    resp = await client.get("/api/billing")
    assert resp.status_code == 401
    assert_error_body(await resp.get_json(), "unauthorized")


async def test_unexpected_exception_is_json_500_without_internals(settings):
    app = create_app(settings)

    @app.get("/boom")
    async def boom() -> str:
        raise RuntimeError("secret internals")

    async with app.test_app():
        resp = await app.test_client().get("/boom")
    assert resp.status_code == 500
    body = await resp.get_json()
    assert_error_body(body, "internal_error")
    assert "secret" not in body["message"]


async def test_insufficient_credits_body_carries_credits_and_upgrade_url(app):
    app.config["REELSMITH_SETTINGS"].upgrade_url = "https://example.com/up"
    async with app.app_context():
        resp = error_response(InsufficientCredits(3, 5))
    assert resp.status_code == 402
    body = await resp.get_json()
    assert_error_body(body, "insufficient_credits")
    assert body["credits"] == 3 and body["upgradeUrl"] == "https://example.com/up"


async def test_api_error_headers_reach_the_response(app):
    async with app.app_context():
        resp = error_response(ApiError(429, "slow down", headers={"Retry-After": "7"}))
    assert resp.headers["Retry-After"] == "7"
    assert (await resp.get_json())["error"] == "rate_limited"


async def test_body_that_is_not_utf8_is_400_not_500(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/projects",
        data=b'{"name":"\xff"}',
        headers={**user.headers, "Content-Type": "application/json"},
    )
    assert resp.status_code == 400
    body = await resp.get_json()
    assert_error_body(body, "invalid_request")
    assert "UTF-8" in body["message"]
    assert body["details"][0]["loc"] == ["body"]


async def test_json_nested_too_deeply_is_400_not_500(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/projects",
        data="[" * 1500 + "]" * 1500,
        headers={**user.headers, "Content-Type": "application/json"},
    )
    assert resp.status_code == 400
    body = await resp.get_json()
    assert_error_body(body, "invalid_request")
    assert "nested too deeply" in body["message"]
