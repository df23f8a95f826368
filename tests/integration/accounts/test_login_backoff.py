"""Repeated failed sign-ins for one account back off exponentially, whatever the client IP;
argon2 runs off the event loop."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest
from redis.asyncio import Redis

from app.accounts import service


@pytest.fixture
def settings(settings_factory):
    # Per-IP limits on (as deployed); the backoff must bite before them.
    return settings_factory(rate_limit_enabled=True, login_lockout_base_s=2)


async def _login(client, email: str, password: str, ip: str):
    return await client.post(
        "/api/auth/login",
        json={"email": email, "password": password},
        scope_base={"client": (ip, 1234)},
    )


async def test_many_ips_guessing_one_password_are_locked_out(
    client, make_user, settings, caplog
) -> None:
    user = await make_user()
    email = user.account.email
    caplog.set_level(logging.WARNING, logger="app.accounts.signin")
    for n in range(4):
        assert (await _login(client, email, f"guess{n}", f"10.0.0.{n}")).status_code == 401
    fifth = await _login(client, email, "guess-secret-4", "10.0.0.4")
    assert fifth.status_code == 429
    assert fifth.headers["Retry-After"] == "2"
    body = await fifth.get_json()
    assert body["error"] == "rate_limited" and "failed sign-ins" in body["message"]
    # Locked: even the right password from a fresh IP is refused without being checked.
    right = await _login(client, email, user.password, "10.0.0.99")
    assert right.status_code == 429 and 1 <= int(right.headers["Retry-After"]) <= 2
    # A log line names the account, never the password.
    lines = [r.getMessage() for r in caplog.records if "locked" in r.getMessage()]
    assert lines and email in lines[0] and "guess-secret-4" not in " ".join(lines)
    # Another account is not affected.
    other = await make_user()
    assert (
        await _login(client, other.account.email, other.password, "10.0.0.5")
    ).status_code == 200
    # The counters live in Redis under the deployment prefix, not by email in clear.
    redis = Redis.from_url(settings.redis_url)
    try:
        keys = [k.decode() async for k in redis.scan_iter(match=f"{settings.redis_prefix}:login:*")]
    finally:
        await redis.aclose()
    assert keys and not [k for k in keys if email in k], (keys, settings.redis_prefix)


async def test_the_pause_doubles_and_success_clears_it(client, make_user) -> None:
    user = await make_user()
    email = user.account.email
    for n in range(4):
        await _login(client, email, "wrong", f"10.1.0.{n}")
    assert (await _login(client, email, "wrong", "10.1.0.4")).headers["Retry-After"] == "2"
    time.sleep(2.1)
    sixth = await _login(client, email, "wrong", "10.1.0.5")
    assert sixth.status_code == 429 and sixth.headers["Retry-After"] == "4"
    time.sleep(4.1)
    assert (await _login(client, email, user.password, "10.1.0.6")).status_code == 200
    # Cleared: the next failure is an ordinary 401 again.
    assert (await _login(client, email, "wrong", "10.1.0.7")).status_code == 401


async def test_password_verification_does_not_block_the_event_loop(app, make_user) -> None:
    user = await make_user()
    database = app.config["REELSMITH_DB"]
    ticks = 0
    stop = asyncio.Event()

    async def ticker() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            await asyncio.sleep(0.001)

    async def attempt() -> object:
        async with database.session() as session:
            return await service.authenticate_password(session, user.account.email, "x")

    task = asyncio.create_task(ticker())
    started = time.perf_counter()
    results = await asyncio.gather(*[attempt() for _ in range(4)])
    elapsed = time.perf_counter() - started
    stop.set()
    await task
    assert results == [None] * 4
    # The loop kept turning while argon2 ran: about one tick per millisecond of verification
    # on a quiet machine, a quarter of that with the suite's other worker and a helper busy
    # (1,170 ticks in 4.6 s, 28 Nov 2026); a loop blocked by the hashing ticks only between
    # the four verifications (a handful).
    assert ticks > elapsed * 1000 * 0.05, (ticks, elapsed)
