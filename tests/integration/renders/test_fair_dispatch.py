"""Fair dispatch on the real database (SQLite and PostgreSQL) and Redis: one account's backlog
never holds every worker, another account's job goes out in the same round, and a dispatch
costs the same number of queries however many accounts wait."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest_asyncio
from arq.connections import ArqRedis, RedisSettings, create_pool
from sqlalchemy import func, select

from app.accounts.service import create_account
from app.config import Settings
from app.db import Database, new_id, utcnow
from app.renders import claims, queue
from app.renders.models import RenderJob
from tests.support.render_helpers import queued_job_ids
from tests.support.statements import statements_run

SLOTS = 4  # live worker slots in these tests; fair_share 0.5 -> 2 per account


@pytest_asyncio.fixture
async def pool(settings: Settings) -> AsyncIterator[ArqRedis]:
    redis = await create_pool(RedisSettings.from_dsn(settings.redis_url))
    await queue.register_worker(redis, settings, "w1", SLOTS, 60)
    yield redis
    for pattern in (f"{settings.redis_prefix}*", f"arq:*:{settings.redis_prefix}:*"):
        keys = [k async for k in redis.scan_iter(match=pattern)]
        if keys:
            await redis.delete(*keys)
    await redis.aclose()


async def account(db: Database) -> str:
    async with db.session() as session:
        created = await create_account(session, f"{uuid.uuid4().hex[:10]}@example.com", "pw")
    return created.id


async def add_jobs(db: Database, account_id: str, n: int) -> list[str]:
    """n pending jobs of the account, in creation order, not yet dispatched."""
    ids = [new_id() for _ in range(n)]
    now = utcnow()
    async with db.session() as session:
        for number, job_id in enumerate(ids, start=1):
            session.add(
                RenderJob(
                    id=job_id,
                    account_id=account_id,
                    template_id="pulse",
                    request={},
                    row_number=number,
                    created_at=now + timedelta(microseconds=number),
                )
            )
    return ids


async def in_flight(db: Database, account_id: str) -> int:
    async with db.session() as session:
        return (
            await session.execute(
                select(func.count()).where(
                    RenderJob.account_id == account_id,
                    (RenderJob.status == "processing")
                    | ((RenderJob.status == "pending") & RenderJob.enqueued_at.is_not(None)),
                )
            )
        ).scalar_one()


async def waiting(db: Database, account_id: str) -> int:
    async with db.session() as session:
        return (
            await session.execute(
                select(func.count()).where(
                    RenderJob.account_id == account_id,
                    RenderJob.status == "pending",
                    RenderJob.enqueued_at.is_(None),
                )
            )
        ).scalar_one()


async def run_next(db: Database, pool: ArqRedis, settings: Settings) -> str:
    """A worker takes the first queued job and finishes it, then dispatches (as render_job)."""
    job_id = (await queued_job_ids(pool, settings))[0]
    await pool.zrem(settings.queue_name, queue.arq_job_id(settings, job_id))
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        assert job is not None
        job.status, job.completed_at = "complete", utcnow()
    await queue.dispatch(db, pool, settings)
    return job_id


async def test_backlog_keeps_its_share_and_the_other_account_goes_out_in_one_round(
    db, pool, settings
):
    heavy, light = await account(db), await account(db)
    await add_jobs(db, heavy, 40)
    light_jobs = await add_jobs(db, light, 3)
    chosen = await queue.dispatch(db, pool, settings)
    assert light_jobs[0] in chosen  # within the first dispatch round
    assert await in_flight(db, heavy) == 2 and await in_flight(db, light) == 2

    while await waiting(db, light):
        assert await in_flight(db, heavy) <= 2  # its share while the other account waits
        assert await in_flight(db, heavy) + await in_flight(db, light) <= SLOTS
        await run_next(db, pool, settings)
    # Nothing of light waits any more: heavy takes every slot light does not hold.
    assert await in_flight(db, heavy) + await in_flight(db, light) == SLOTS
    while await in_flight(db, light):
        await run_next(db, pool, settings)
    assert await in_flight(db, heavy) == SLOTS


async def test_a_newcomer_is_next_in_line_behind_a_backlog_that_had_every_slot(db, pool, settings):
    heavy, light = await account(db), await account(db)
    heavy_jobs = await add_jobs(db, heavy, 40)
    assert await queue.dispatch(db, pool, settings) == heavy_jobs[:SLOTS]  # alone: all slots
    (single,) = await add_jobs(db, light, 1)
    assert await queue.dispatch(db, pool, settings) == [single]
    assert (await queued_job_ids(pool, settings))[-1] == single
    # heavy's jobs finish one by one; it is not topped up past the light job.
    assert await run_next(db, pool, settings) == heavy_jobs[0]
    assert await in_flight(db, heavy) == SLOTS - 1
    order = await queued_job_ids(pool, settings)
    assert single in order and heavy_jobs[SLOTS] not in order


async def test_dispatch_costs_the_same_queries_for_one_or_many_accounts(
    db, pool, settings, monkeypatch
):
    def counted(seen: list[str]) -> int:
        return len([s for s in seen if s.lstrip().upper().startswith(("SELECT", "UPDATE", "WITH"))])

    with statements_run(db, monkeypatch) as seen:
        await add_jobs(db, await account(db), 5)
        seen.clear()
        await queue.dispatch(db, pool, settings)
        one = counted(seen)
        for _ in range(12):
            await add_jobs(db, await account(db), 5)
        seen.clear()
        chosen = await queue.dispatch(db, pool, settings)
        many = counted(seen)
    assert len(chosen) == 12  # every new account got a job out
    # One read of every account's state and one update (PostgreSQL: plus the round's lock).
    assert one == many == (3 if db.engine.dialect.name == "postgresql" else 2)


async def test_simultaneous_rounds_never_dispatch_past_the_rule(db, pool, settings):
    heavy, light = await account(db), await account(db)
    await add_jobs(db, heavy, 40)
    await add_jobs(db, light, 10)
    rounds = await asyncio.gather(*(queue.dispatch(db, pool, settings) for _ in range(6)))
    assert sum(len(chosen) for chosen in rounds) == SLOTS  # each job dispatched once
    assert await in_flight(db, heavy) == 2 and await in_flight(db, light) == 2
    assert len(await queued_job_ids(pool, settings)) == SLOTS


# ---- dispatch_account: the round a render request runs for its own account ----


async def take_every_slot(db: Database, pool: ArqRedis, settings: Settings) -> list[str]:
    """One account's backlog holding every live slot."""
    heavy = await account(db)
    jobs = await add_jobs(db, heavy, 10)
    assert await queue.dispatch(db, pool, settings) == jobs[:SLOTS]
    return jobs


async def test_request_round_queues_a_newcomer_once_behind_a_backlog_holding_every_slot(
    db, pool, settings
):
    await take_every_slot(db, pool, settings)
    light = await account(db)
    first, second = await add_jobs(db, light, 2)
    assert await claims.dispatch_account(db, pool, settings, light) == [first]
    assert (await queued_job_ids(pool, settings))[-1] == first
    # It holds one job in flight while capacity is taken: nothing more, as the full round.
    assert await claims.dispatch_account(db, pool, settings, light) == []
    assert await queue.dispatch(db, pool, settings) == []
    assert await in_flight(db, light) == 1 and await waiting(db, light) == 1


async def test_request_round_fills_free_capacity_as_the_full_round_does(db, pool, settings):
    alone = await account(db)
    jobs = await add_jobs(db, alone, 10)
    assert await claims.dispatch_account(db, pool, settings, alone) == jobs[:SLOTS]
    assert await in_flight(db, alone) == SLOTS


async def test_request_round_costs_the_same_queries_whatever_the_backlog(
    db, pool, settings, monkeypatch
):
    await take_every_slot(db, pool, settings)
    costs = []
    with statements_run(db, monkeypatch) as seen:
        for backlog_accounts in (1, 30):
            for _ in range(backlog_accounts):  # each with one job out and four waiting
                other = await account(db)
                await add_jobs(db, other, 5)
                await claims.dispatch_account(db, pool, settings, other)
            newcomer = await account(db)
            await add_jobs(db, newcomer, 3)
            seen.clear()
            assert len(await claims.dispatch_account(db, pool, settings, newcomer)) == 1
            kinds = ("SELECT", "UPDATE", "WITH")
            costs.append(len([s for s in seen if s.lstrip().upper().startswith(kinds)]))
    # One read (is capacity free, does the account hold a job), one update of its first job
    # (PostgreSQL: plus the locks).
    assert costs[0] == costs[1] == (3 if db.engine.dialect.name == "postgresql" else 2)


async def test_simultaneous_request_rounds_of_one_account_queue_one_job(db, pool, settings):
    await take_every_slot(db, pool, settings)
    light = await account(db)
    await add_jobs(db, light, 10)
    rounds = await asyncio.gather(
        *(claims.dispatch_account(db, pool, settings, light) for _ in range(6)),
        queue.dispatch(db, pool, settings),
    )
    assert sum(len(chosen) for chosen in rounds) == 1
    assert await in_flight(db, light) == 1


# ---- interactive jobs: renders on view opened by their viewer ----


async def opened_on_view(db: Database, account_id: str, n: int) -> list[str]:
    """n on-view jobs of the account whose pages were just opened (pending, not dispatched)."""
    ids = await add_jobs(db, account_id, n)
    async with db.session() as session:
        for job_id in ids:
            job = await session.get(RenderJob, job_id)
            assert job is not None
            job.render_on = "on_view"
    return ids


async def test_an_opened_on_view_job_jumps_its_accounts_bulk_and_the_queue(db, pool, settings):
    heavy, light = await account(db), await account(db)
    await add_jobs(db, heavy, 40)
    bulk = await add_jobs(db, light, 10)
    await queue.dispatch(db, pool, settings)  # 2 each: the shares
    (opened,) = await opened_on_view(db, light, 1)
    assert await queue.dispatch(db, pool, settings) == []  # light's share is full: it waits
    # light's next slot goes to the opened job, before its own older bulk jobs ...
    order = await queued_job_ids(pool, settings)
    finished = next(j for j in order if j in bulk)
    await pool.zrem(settings.queue_name, queue.arq_job_id(settings, finished))
    async with db.session() as session:
        job = await session.get(RenderJob, finished)
        assert job is not None
        job.status = "complete"
    assert await queue.dispatch(db, pool, settings) == [opened]
    # ... and it is at the head of the arq queue, ahead of every bulk job queued before it
    assert (await queued_job_ids(pool, settings))[0] == opened
    assert await in_flight(db, light) == 2 and await in_flight(db, heavy) == 2


async def test_an_account_opening_many_on_view_jobs_keeps_to_its_share(db, pool, settings):
    heavy, viewers = await account(db), await account(db)
    await add_jobs(db, heavy, 40)
    opened = await opened_on_view(db, viewers, 20)  # a wave of first opens at once
    chosen = await queue.dispatch(db, pool, settings)
    assert sorted(j for j in chosen if j in opened) == sorted(opened[:2])
    assert await in_flight(db, viewers) == 2 and await in_flight(db, heavy) == 2
    # the viewers' account is served first in the round, and its jobs head the queue
    assert (await queued_job_ids(pool, settings))[:2] == opened[:2]
