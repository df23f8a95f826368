"""Kept keys (app/keycache.py) across API processes: two apps share the database and Redis, as
two API processes do. A key revoked through one stops working on the other within a second,
with rate limits on (the generation comes with the limit's round trip) and off (a GET)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from sqlalchemy import update

from app import create_app
from app.accounts.service import create_account
from app.auth import KEY_CACHE
from app.db import Database, utcnow
from app.keycache import FRESH_S, bump
from app.keys.models import ApiKey
from app.models import create_all
from tests.integration.keys.test_key_management import login


@pytest_asyncio.fixture(params=[True, False], ids=["limits-on", "limits-off"])
async def two_apps(request: pytest.FixtureRequest, settings_factory: Any) -> AsyncIterator[Any]:
    settings = settings_factory(rate_limit_enabled=request.param)
    schema = Database(settings.database_url)
    await create_all(schema)
    await schema.dispose()
    first, second = create_app(settings), create_app(settings)
    async with first.test_app(), second.test_app():
        yield first, second


async def make_key(app: Any) -> tuple[Any, str, str]:
    """A signed-in client of `app` and a new admin key (raw value, id)."""
    client = app.test_client()
    password = "correct horse battery staple"
    async with app.config["REELSMITH_DB"].session() as session:
        account = await create_account(session, f"cache-{time.time_ns()}@example.com", password,
                                       "studio", 10)  # fmt: skip

    class User:
        pass

    user = User()
    user.account, user.password = account, password  # type: ignore[attr-defined]
    await login(client, user)
    resp = await client.post("/api/keys", json={"name": "c", "scopes": "admin"})
    created = await resp.get_json()
    return client, created["key"], created["apiKey"]["id"]


async def status(app: Any, raw: str) -> int:
    resp = await app.test_client().get("/api/billing", headers={"X-API-Key": raw})
    return int(resp.status_code)


async def test_a_key_revoked_through_one_process_fails_on_the_other_within_a_second(two_apps):
    first, second = two_apps
    session_client, raw, key_id = await make_key(first)
    for app in (first, second, first, second):  # the first reads the generation, then kept
        assert await status(app, raw) == 200
    assert raw in second.extensions[KEY_CACHE].entries  # the second process keeps it

    resp = await session_client.delete(f"/api/keys/{key_id}")
    assert resp.status_code == 200
    started = time.monotonic()
    while await status(second, raw) != 401:
        assert time.monotonic() - started < FRESH_S, "the revoked key still works after 1 s"
        await asyncio.sleep(0.05)
    assert await status(first, raw) == 401
    assert await status(second, raw) == 401


async def test_the_kept_key_is_what_answers_until_the_generation_moves(two_apps):
    """The cache is real: a revocation written behind the app's back (no announcement) is not
    seen while the key is kept; the announcement is what makes every process look again."""
    first, second = two_apps
    _, raw, key_id = await make_key(first)
    for app in (first, second, first, second):
        assert await status(app, raw) == 200
    async with second.config["REELSMITH_DB"].session() as session:
        await session.execute(update(ApiKey).where(ApiKey.id == key_id).values(revoked_at=utcnow()))
    assert await status(second, raw) == 200  # answered from the kept key

    settings = second.config["REELSMITH_SETTINGS"]
    await bump(second.config["REELSMITH_REDIS"], settings.redis_prefix)
    started = time.monotonic()
    while await status(second, raw) != 401:
        assert time.monotonic() - started < FRESH_S
        await asyncio.sleep(0.05)
    assert await status(first, raw) == 401


async def test_made_up_keys_are_not_kept(two_apps):
    first, _ = two_apps
    for n in range(3):
        assert await status(first, f"rs_live_made-up-{n}") == 401
    assert first.extensions[KEY_CACHE].entries == {}
