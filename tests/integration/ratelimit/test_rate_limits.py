"""Rate limits against the real Redis: headers, 429 with Retry-After, per-key counting."""

from __future__ import annotations

import secrets
import time

import pytest
from quart import Quart
from redis.asyncio import Redis
from sqlalchemy import select

from app import create_app, ratelimit
from app.config import Settings
from app.db import Database
from app.keys.models import ApiKey
from app.keys.service import revoke_key
from app.models import create_all
from app.ratelimit import DEFAULT_RULE, Rule


@pytest.fixture
def settings(settings_factory):  # overrides conftest's: limits on for this module
    return settings_factory(rate_limit_enabled=True)


@pytest.fixture
def tiny_limit(monkeypatch: pytest.MonkeyPatch) -> Rule:
    rule = Rule(limit=60, burst=2)
    monkeypatch.setitem(ratelimit.RATE_LIMITS, ("GET", "/api/projects"), rule)
    return rule


async def test_limited_response_carries_rate_limit_headers(client, make_user):
    user = await make_user()
    resp = await client.get("/api/projects", headers=user.headers)
    assert resp.status_code == 200
    assert resp.headers["X-RateLimit-Limit"] == "60"
    assert resp.headers["X-RateLimit-Remaining"] == "14"
    reset = int(resp.headers["X-RateLimit-Reset"])
    assert time.time() - 5 < reset <= time.time() + 60
    assert "Retry-After" not in resp.headers


async def test_burst_then_429_with_retry_after(client, make_user, tiny_limit):
    user = await make_user()
    remaining = []
    for _ in range(2):
        resp = await client.get("/api/projects", headers=user.headers)
        assert resp.status_code == 200
        remaining.append(resp.headers["X-RateLimit-Remaining"])
    assert remaining == ["1", "0"]
    resp = await client.get("/api/projects", headers=user.headers)
    assert resp.status_code == 429
    body = await resp.get_json()
    assert body["success"] is False and body["error"] == "rate_limited"
    assert 1 <= int(resp.headers["Retry-After"]) <= 2
    assert resp.headers["X-RateLimit-Remaining"] == "0"
    assert resp.headers["X-RateLimit-Limit"] == "60"


async def test_slot_refills_after_the_emission_interval(client, make_user, monkeypatch):
    monkeypatch.setitem(ratelimit.RATE_LIMITS, ("GET", "/api/projects"), Rule(120, 1))
    user = await make_user()
    assert (await client.get("/api/projects", headers=user.headers)).status_code == 200
    assert (await client.get("/api/projects", headers=user.headers)).status_code == 429
    time.sleep(0.55)  # one slot every 0.5 s at 120/min
    assert (await client.get("/api/projects", headers=user.headers)).status_code == 200


async def test_each_key_has_its_own_counter(client, make_user, tiny_limit):
    first = await make_user()
    second = await make_user()
    for _ in range(2):
        await client.get("/api/projects", headers=first.headers)
    assert (await client.get("/api/projects", headers=first.headers)).status_code == 429
    assert (await client.get("/api/projects", headers=second.headers)).status_code == 200


async def test_requests_without_key_are_counted_per_ip(client, tiny_limit):
    for _ in range(2):
        assert (await client.get("/api/projects")).status_code == 401
    resp = await client.get("/api/projects")
    assert resp.status_code == 429


async def make_app_with_schema(settings: Settings) -> Quart:
    """An app over a database whose schema exists (the engine used to make it is closed)."""
    database = Database(settings.database_url)
    await create_all(database)
    await database.dispose()
    return create_app(settings)


def made_up_key() -> dict[str, str]:
    return {"X-API-Key": f"rs_live_{secrets.token_urlsafe(32)}"}


async def test_made_up_keys_count_against_the_client_ip(client, tiny_limit):
    statuses = [(await client.get("/api/projects", headers=made_up_key())).status_code]
    statuses.append((await client.get("/api/projects")).status_code)  # same IP, no key
    statuses.append((await client.get("/api/projects", headers=made_up_key())).status_code)
    assert statuses == [401, 401, 429]


async def test_cycling_made_up_keys_meets_the_default_limit(client):
    started = time.monotonic()
    statuses = [
        (await client.get("/api/billing", headers=made_up_key())).status_code for _ in range(40)
    ]
    # Tokens come back at the rule's rate while the 40 requests run (slowly on a busy machine):
    # past the burst, only those get through.
    refilled = int((time.monotonic() - started) * DEFAULT_RULE.limit / 60) + 1
    assert statuses[: DEFAULT_RULE.burst] == [401] * DEFAULT_RULE.burst
    assert set(statuses) == {401, 429}
    assert statuses.count(401) <= DEFAULT_RULE.burst + refilled, (statuses, refilled)


async def test_revoked_key_counts_against_the_client_ip(app, client, make_user, tiny_limit):
    user = await make_user()
    async with app.config["REELSMITH_DB"].session() as session:
        key_id = await session.scalar(select(ApiKey.id).where(ApiKey.account_id == user.account.id))
        assert await revoke_key(session, user.account.id, key_id)
    assert (await client.get("/api/projects")).status_code == 401
    assert (await client.get("/api/projects", headers=user.headers)).status_code == 401
    assert (await client.get("/api/projects", headers=user.headers)).status_code == 429


async def test_valid_key_keeps_its_own_counter_when_the_ip_is_exhausted(
    client, make_user, tiny_limit
):
    user = await make_user()
    for _ in range(tiny_limit.burst):
        await client.get("/api/projects", headers=made_up_key())
    assert (await client.get("/api/projects", headers=made_up_key())).status_code == 429
    resp = await client.get("/api/projects", headers=user.headers)
    assert resp.status_code == 200
    assert resp.headers["X-RateLimit-Remaining"] == str(tiny_limit.burst - 1)


async def test_counters_live_in_redis_under_the_prefix(client, make_user, settings, tiny_limit):
    user = await make_user()
    await client.get("/api/projects", headers=user.headers)
    redis = Redis.from_url(settings.redis_url)
    try:
        keys = [k async for k in redis.scan_iter(match=f"{settings.redis_prefix}:ratelimit:*")]
    finally:
        await redis.aclose()
    # One counter for the key and one for its account.
    assert sorted(k.decode().rsplit(":", 2)[-2] for k in keys) == ["acct", "key"]


async def test_two_app_processes_share_one_counter(
    settings_factory, client, make_user, settings, monkeypatch
):
    # Two a minute: no token comes back while the second app starts on a busy machine.
    monkeypatch.setitem(ratelimit.RATE_LIMITS, ("GET", "/api/projects"), Rule(limit=2, burst=2))
    user = await make_user()
    for _ in range(2):
        assert (await client.get("/api/projects", headers=user.headers)).status_code == 200
    other = create_app(
        settings_factory(redis_prefix=settings.redis_prefix, rate_limit_enabled=True)
    )
    async with other.test_app():
        resp = await other.test_client().get("/api/projects", headers=user.headers)
    assert resp.status_code == 429


async def test_switch_off_disables_limits(settings_factory, tiny_limit):
    settings = settings_factory(rate_limit_enabled=False)
    app = await make_app_with_schema(settings)
    async with app.test_app():
        client = app.test_client()
        for _ in range(4):
            resp = await client.get("/api/projects")
            assert resp.status_code == 401
            assert "X-RateLimit-Limit" not in resp.headers


@pytest.mark.parametrize(("method", "path"), [("GET", "/api/nope"), ("PUT", "/api/projects")])
async def test_unmatched_api_paths_are_counted_under_the_default_row(client, method, path):
    first = await client.open(path, method=method)
    second = await client.open(path, method=method)
    assert first.status_code == second.status_code and first.status_code in (404, 405)
    assert first.headers["X-RateLimit-Limit"] == str(DEFAULT_RULE.limit)
    assert first.headers["X-RateLimit-Remaining"] == str(DEFAULT_RULE.burst - 1)
    assert second.headers["X-RateLimit-Remaining"] == str(DEFAULT_RULE.burst - 2)
    assert "X-RateLimit-Reset" in second.headers


async def test_unmatched_api_paths_share_the_default_bucket(client):
    for _ in range(DEFAULT_RULE.burst):
        await client.get("/api/billing")
    resp = await client.get("/api/nope")
    assert resp.status_code == 429
    assert "Retry-After" in resp.headers


def forwarded_for(ip: str) -> dict[str, str]:
    return {"X-Forwarded-For": ip}


async def test_trusted_proxy_hop_gives_each_forwarded_client_its_own_bucket(
    settings_factory, tiny_limit
):
    settings = settings_factory(rate_limit_enabled=True, proxy_trusted_hops=1)
    app = await make_app_with_schema(settings)
    async with app.test_app():
        client = app.test_client()
        for _ in range(tiny_limit.burst):
            resp = await client.get("/api/projects", headers=forwarded_for("203.0.113.7"))
            assert resp.status_code == 401
        first = await client.get("/api/projects", headers=forwarded_for("203.0.113.7"))
        second = await client.get("/api/projects", headers=forwarded_for("203.0.113.8"))
    assert first.status_code == 429
    assert second.status_code == 401
    assert second.headers["X-RateLimit-Remaining"] == str(tiny_limit.burst - 1)


async def test_forwarded_for_is_ignored_without_trusted_hops(settings_factory, tiny_limit):
    settings = settings_factory(rate_limit_enabled=True)
    assert settings.proxy_trusted_hops == 0
    app = await make_app_with_schema(settings)
    async with app.test_app():
        client = app.test_client()
        for _ in range(tiny_limit.burst):
            await client.get("/api/projects", headers=forwarded_for("203.0.113.7"))
        resp = await client.get("/api/projects", headers=forwarded_for("203.0.113.8"))
    assert resp.status_code == 429  # one peer address, one bucket, whatever the header says


def test_trusted_hops_setting_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("REELSMITH_PROXY_TRUSTED_HOPS", "2")
    assert Settings().proxy_trusted_hops == 2
    monkeypatch.setenv("REELSMITH_PROXY_TRUSTED_HOPS", "-1")
    with pytest.raises(ValueError):
        Settings()


async def test_unlimited_paths_have_no_headers(client):
    resp = await client.get("/healthz")
    assert "X-RateLimit-Limit" not in resp.headers


async def test_redis_outage_fails_open_without_500(settings_factory):
    settings = settings_factory(rate_limit_enabled=True, redis_url="redis://127.0.0.1:1/0")
    app = await make_app_with_schema(settings)
    async with app.test_app():
        resp = await app.test_client().get("/api/projects")
    assert resp.status_code == 401  # the request itself is answered
    assert "X-RateLimit-Limit" not in resp.headers
