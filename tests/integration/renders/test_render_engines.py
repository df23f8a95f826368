"""The render API on SQLite and PostgreSQL: concurrent retries with one Idempotency-Key,
concurrent renders racing for the last credits, DELETE racing a worker's completion."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import func, select, update

from app.accounts.models import Account, LedgerEntry
from app.config import Settings
from app.db import utcnow
from app.media.storage import get_storage, video_key
from app.renders.models import RenderJob
from tests.support.render_helpers import make_template, queued_job_ids


@pytest.fixture
def settings(settings: Settings, database_url: str) -> Settings:
    return settings.model_copy(update={"database_url": database_url})


async def counts(app: Any, account_id: str) -> tuple[int, int, int]:
    async with app.config["REELSMITH_DB"].session() as session:
        jobs = (await session.execute(select(func.count()).select_from(RenderJob))).scalar_one()
        charges = (
            await session.execute(
                select(func.count()).where(
                    LedgerEntry.account_id == account_id, LedgerEntry.kind == "charge"
                )
            )
        ).scalar_one()
        credits = (await session.get(Account, account_id)).credits
    return jobs, charges, credits


async def test_concurrent_retries_with_one_key_charge_once(app, client, make_user, settings, redis):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    payload = {"templateId": template_id, "data": {"person_name": "Ada"}}
    headers = {**user.headers, "Idempotency-Key": "same-click"}
    responses = await asyncio.gather(
        *(client.post("/api/render", json=payload, headers=headers) for _ in range(4))
    )
    bodies = [await r.get_json() for r in responses]
    assert all(r.status_code == 200 for r in responses), bodies
    assert len({b["jobId"] for b in bodies}) == 1
    assert await counts(app, user.account.id) == (1, 1, 9)
    assert await queued_job_ids(redis, settings) == [bodies[0]["jobId"]]


async def test_concurrent_renders_never_overdraw_credits(app, client, make_user):
    user = await make_user(credits=3)
    template_id = await make_template(app, user.account.id)
    payload = {"templateId": template_id, "data": {"person_name": "Ada"}}
    responses = await asyncio.gather(
        *(client.post("/api/render", json=payload, headers=user.headers) for _ in range(6))
    )
    codes = sorted(r.status_code for r in responses)
    assert codes == [200, 200, 200, 402, 402, 402]
    assert await counts(app, user.account.id) == (3, 3, 0)


async def test_delete_racing_completion_keeps_the_render_complete(
    app, client, make_user, settings, tmp_path
):
    user = await make_user(credits=2)
    template_id = await make_template(app, user.account.id)
    created = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "Ada"}},
        headers=user.headers,
    )
    job_id = (await created.get_json())["jobId"]
    key, storage = video_key(job_id, 1), get_storage(settings)
    (tmp_path / "v.mp4").write_bytes(b"video")
    storage.put(key, tmp_path / "v.mp4")
    db = app.config["REELSMITH_DB"]
    # The worker's complete is written, not yet committed, when the DELETE arrives.
    async with db.session() as worker:
        await worker.execute(
            update(RenderJob)
            .where(RenderJob.id == job_id)
            .values(status="complete", stage="done", progress=100, output_key=key)
            .values(worker_id="w-1", attempts=1, completed_at=utcnow())
        )
        deleting = asyncio.create_task(client.delete(f"/api/render/{job_id}", headers=user.headers))
        await asyncio.sleep(0.5)
    body = await (await deleting).get_json()
    assert body["cancelled"] is False and body["refunded"] is False, body
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        assert job.status == "complete" and job.error is None
        assert job.deleted_at is not None and job.output_key is None
        kinds = await session.execute(
            select(LedgerEntry.kind).where(LedgerEntry.reference == job_id)
        )
        assert kinds.scalars().all() == ["charge"]
    assert not storage.exists(key)  # the completed video went with the DELETE
