"""A job's outcome (app/renders/outcomes.py, app/outcomes.py): its webhook deliveries are
written in the transaction of the outcome that causes them, and batch milestones fire exactly
once with jobs finishing at once in several workers (SQLite and PostgreSQL, each worker with its
own connection pool)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import pytest

from app.accounts.service import create_account
from app.db import Database
from app.outcomes import job_finished
from app.renders.cancel import delete_job
from app.renders.models import RenderJob
from app.sealing import Box
from app.webhooks import service
from tests.support.webhooks import deliveries, finish, new_batch, new_job
from worker import jobs

# Signing secrets are sealed; these endpoints are never sent to, any key does.
TEST_BOX = Box(("test-only-secret-key-" * 2,), service.SECRET_PURPOSE)


async def account_with_endpoint(db: Database, events: list[str]) -> tuple[str, str]:
    async with db.session() as session:
        account = await create_account(
            session, f"{id(db)}@example.com", "pw-pw-pw-pw", "studio", 10
        )
        endpoint = await service.create_endpoint(
            session, account.id, "https://example.com/hook", events, "",
            production=False, max_endpoints=10, box=TEST_BOX,
        )  # fmt: skip
    return account.id, endpoint.id


async def test_batch_milestones_fire_exactly_once_with_concurrent_workers(
    db: Database, settings: Any
):
    account_id, endpoint_id = await account_with_endpoint(db, ["batch.progress", "batch.complete"])
    workers = [Database(db.url) for _ in range(4)]
    try:
        for _ in range(3):  # rounds
            batch_id, job_ids = await new_batch(db, account_id, 8)
            await asyncio.gather(
                *(
                    finish(workers[i % len(workers)], None, settings, job_id, ok=i % 3 != 0)
                    for i, job_id in enumerate(job_ids)
                )
            )
            mine = [d for d in await deliveries(db, endpoint_id) if batch_id in d.body]
            counts = Counter(d.event for d in mine)
            assert counts == {"batch.progress": 3, "batch.complete": 1}, counts
            milestones = sorted(
                json.loads(d.body)["data"]["milestone"] for d in mine if d.event == "batch.progress"
            )
            assert milestones == [25, 50, 75]
    finally:
        for worker in workers:
            await worker.dispose()


async def test_no_delivery_when_the_outcome_transaction_rolls_back(db: Database, settings: Any):
    account_id, endpoint_id = await account_with_endpoint(db, ["*"])
    job_id = await new_job(db, account_id)
    with pytest.raises(RuntimeError):
        async with db.session() as session:
            job = await session.get(RenderJob, job_id)
            assert job is not None
            job.status, job.error = "failed", "boom"
            await job_finished(session, job, None)
            raise RuntimeError("the outcome write failed")
    assert await deliveries(db, endpoint_id) == []
    await finish(db, None, settings, job_id, ok=False)
    (delivery,) = await deliveries(db, endpoint_id)
    assert delivery.event == "render.failed" and delivery.status == "pending"


async def test_a_job_no_longer_ours_emits_nothing(db: Database, settings: Any):

    account_id, endpoint_id = await account_with_endpoint(db, ["*"])
    job_id = await new_job(db, account_id)
    assert not await jobs.complete(db, job_id, "someone-else", 1, "k", 1, {}, [], "u")
    assert not await jobs.fail(db, job_id, "someone-else", 1, "error")
    assert await deliveries(db, endpoint_id) == []


async def test_deleting_a_running_job_sends_render_failed_and_completes_its_batch(
    db: Database, settings: Any
):

    account_id, endpoint_id = await account_with_endpoint(db, ["render.failed", "batch.complete"])
    batch_id, job_ids = await new_batch(db, account_id, 2)
    await finish(db, None, settings, job_ids[0], ok=True)
    async with db.session() as session:
        deleted = await delete_job(session, account_id, job_ids[1], job_finished)
    assert deleted.cancelled
    events = Counter(d.event for d in await deliveries(db, endpoint_id) if batch_id in d.body)
    assert events == {"render.failed": 1, "batch.complete": 1}
