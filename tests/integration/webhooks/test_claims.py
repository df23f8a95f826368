"""The delivery state machine on SQLite and PostgreSQL: one worker wins an attempt, the
outcome moves the row along the SPEC schedule, and the relay finds what is due."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta

from app.accounts.service import create_account
from app.db import Database, utcnow
from app.sealing import Box
from app.webhooks import attempts, outbox, service
from app.webhooks.attempts import Outcome

# Signing secrets are sealed; these endpoints are never sent to, any key does.
TEST_BOX = Box(("test-only-secret-key-" * 2,), service.SECRET_PURPOSE)


async def queued_delivery(db: Database) -> str:
    async with db.session() as session:
        account = await create_account(
            session, f"{uuid.uuid4().hex[:10]}@example.com", "pw-pw-pw-pw", "studio", 1
        )
        await service.create_endpoint(
            session, account.id, "https://example.com/in", ["*"], "",
            production=False, max_endpoints=10, box=TEST_BOX,
        )  # fmt: skip
        (row,) = await outbox.emit(session, account.id, "test.event", {"x": 1})
    return row.id


async def test_one_worker_wins_each_attempt_and_the_schedule_moves_on(db: Database):
    delivery_id = await queued_delivery(db)
    async with db.session() as session:
        assert await attempts.due(session) == [(delivery_id, 1)]
    workers = [Database(db.url) for _ in range(5)]
    try:

        async def try_claim(worker: Database) -> attempts.Claimed | None:
            async with worker.session() as session:
                return await attempts.claim(session, delivery_id, 1, 35)

        claims = await asyncio.gather(*(try_claim(w) for w in workers))
    finally:
        for worker in workers:
            await worker.dispose()
    (won,) = [c for c in claims if c is not None]
    async with db.session() as session:
        assert await attempts.due(session) == []  # held: the relay leaves it alone
        assert await attempts.claim(session, delivery_id, 2, 35) is None  # not that attempt
    failed = Outcome(utcnow(), 500, 12, None)
    async with db.session() as session:
        recorded = await attempts.record(
            session, won, failed, retry_scale=1.0, disable_after_s=3600
        )
    assert recorded.status == "retrying" and recorded.next_attempt_at is not None
    wait = recorded.next_attempt_at - utcnow()
    assert timedelta(seconds=58) < wait <= timedelta(seconds=60)  # attempt 2: 1 min later
    async with db.session() as session:
        assert await attempts.due(session) == []  # not yet due
        assert await attempts.claim(session, delivery_id, 2, 35) is None
        assert await attempts.claim(session, delivery_id, 1, 35) is None  # already made


async def test_an_expired_hold_is_due_again(db: Database):
    delivery_id = await queued_delivery(db)
    async with db.session() as session:
        assert await attempts.claim(session, delivery_id, 1, -1) is not None  # already expired
    async with db.session() as session:
        assert await attempts.due(session) == [(delivery_id, 1)]
