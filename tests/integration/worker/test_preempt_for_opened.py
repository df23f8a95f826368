"""An opened on-view video does not wait for a bulk render to finish: with the worker's only
slot rendering another account's bulk job, the first open of the on-view page stops that render
(app/renders/preempt.py), the opened video renders in its slot, and the stopped job goes back
to the queue uncounted and renders after it (a real `reelsmith worker`, Chromium, ffmpeg)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from app.accounts.models import LedgerEntry
from app.config import Settings
from app.db import Database
from app.renders import preempt
from app.renders.models import RenderJob
from app.renders.queue import register_worker
from tests.support.render_helpers import WorkerProcess, make_template
from tests.support.webhooks import wait_for

pytestmark = pytest.mark.slow

TITLE = {"primitiveId": "title-intro", "durationOverride": 2.0, "animationOption": "scale-in"}


@pytest.fixture
def settings(settings_factory: Any) -> Settings:
    return settings_factory()


async def job(db: Database, job_id: str) -> RenderJob:
    async with db.session() as session:
        found = await session.get(RenderJob, job_id)
    assert found is not None
    return found


async def render(client: Any, user: Any, template_id: str, **more: Any) -> str:
    data = {"person_name": "Ada Lovelace", "score": 7}
    body = {"templateId": template_id, "data": data, **more}
    resp = await client.post("/api/render", json=body, headers=user.headers)
    assert resp.status_code == 200, await resp.get_json()
    return str((await resp.get_json())["jobId"])


async def test_an_open_stops_a_bulk_render_which_renders_after_it_uncounted(
    app, client, make_user, settings, redis, tmp_path
):
    db: Database = app.config["REELSMITH_DB"]
    viewer_account, bulk_account = await make_user(credits=5), await make_user(credits=5)
    short = await make_template(app, viewer_account.account.id)
    # a bulk video long enough to be caught early (10 scenes, 20 s)
    long = await make_template(app, bulk_account.account.id, scenes=[TITLE] * 10)
    on_view = await render(client, viewer_account, short, render="on_view")
    worker = WorkerProcess(settings, tmp_path / "worker.log").start()
    try:

        async def poster_made() -> bool:
            return (settings.media_dir / f"posters/{on_view}.0.png").exists()

        await wait_for(poster_made, 120, "the on-view poster")
        bulk = await render(client, bulk_account, long)

        async def capturing() -> bool:
            found = await job(db, bulk)
            return found.status == "processing" and found.stage == "rendering"

        await wait_for(capturing, 120, "the bulk render's capture")
        assert (await client.get(f"/v/{on_view}")).status_code == 200  # the first open

        async def given_back() -> bool:
            return (await job(db, bulk)).status == "pending"

        await wait_for(given_back, 30, "the bulk render stopped")
        stopped = await job(db, bulk)
        assert stopped.attempts == 0 and stopped.worker_id is None  # the attempt uncounted

        async def both_complete() -> bool:
            statuses = [(await job(db, j)).status for j in (on_view, bulk)]
            return all(status in ("complete", "failed") for status in statuses)

        await wait_for(both_complete, 240, "both renders")
    finally:
        worker.stop()
    opened, later = await job(db, on_view), await job(db, bulk)
    assert opened.status == "complete" and later.status == "complete", worker.log()
    assert opened.completed_at < later.completed_at  # the opened video did not wait for it
    assert later.attempts == 1  # stopped once, counted once: the attempt that finished
    assert not await redis.exists(preempt.preempted_key(settings, bulk))
    async with db.session() as session:
        charges = await session.scalar(
            select(func.count())
            .select_from(LedgerEntry)
            .where(LedgerEntry.reference == bulk, LedgerEntry.kind == "charge")
        )
    assert charges == 1


async def test_a_free_slot_or_a_bulk_render_nearly_done_is_left_alone(
    app, client, make_user, settings, redis
):
    """No worker runs here: the rows say what is rendering; make_room reads them."""
    db: Database = app.config["REELSMITH_DB"]
    user = await make_user(credits=5)
    template = await make_template(app, user.account.id)
    ids = [await render(client, user, template) for _ in range(2)]
    await register_worker(redis, settings, "w-test", 2, ttl_s=30)

    async def set_rows(*rows: tuple[str, str, int]) -> None:
        async with db.session() as session:
            for job_id, status, progress in rows:
                found = await session.get(RenderJob, job_id)
                found.status, found.progress = status, progress

    await set_rows((ids[0], "processing", 10), (ids[1], "pending", 0))
    assert await preempt.make_room(db, redis, settings) is None  # one of two slots free
    await set_rows((ids[0], "processing", 70), (ids[1], "processing", 65))
    assert await preempt.make_room(db, redis, settings) is None  # both nearly done
    await set_rows((ids[0], "processing", 70), (ids[1], "processing", 20))
    assert await preempt.make_room(db, redis, settings) == ids[1]
    assert await redis.exists(preempt.preempted_key(settings, ids[1]))
    assert await preempt.was_preempted(redis, settings, ids[1])
    assert not await preempt.was_preempted(redis, settings, ids[1])  # read once
