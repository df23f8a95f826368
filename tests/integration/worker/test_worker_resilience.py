"""Real worker subprocesses: graceful shutdown (finish or re-queue) and a browser crash retried."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import select

from app.accounts.models import LedgerEntry
from app.renders.models import RenderJob
from tests.support.render_helpers import WorkerProcess, make_template, wait_for

pytestmark = pytest.mark.slow

LONG_SCENES = [
    {"primitiveId": "title-intro", "durationOverride": 5.0},
    {"primitiveId": "title-intro", "durationOverride": 5.0, "animationOption": "scale-in"},
]


async def job_row(app: Any, job_id: str) -> RenderJob:
    async with app.config["REELSMITH_DB"].session() as session:
        return await session.get(RenderJob, job_id)


async def ledger_kinds(app: Any, reference: str) -> list[str]:
    async with app.config["REELSMITH_DB"].session() as session:
        rows = await session.execute(
            select(LedgerEntry.kind).where(LedgerEntry.reference == reference)
        )
        return [k for (k,) in rows]


async def submit(app: Any, client: Any, user: Any, scenes: list[dict[str, Any]] | None) -> str:
    changes = {"scenes": scenes} if scenes else {}
    template_id = await make_template(app, user.account.id, **changes)
    created = await (
        await client.post(
            "/api/render",
            json={"templateId": template_id, "data": {"person_name": "Robin"}},
            headers=user.headers,
        )
    ).get_json()
    return created["jobId"]


async def mid_render(app: Any, job_id: str, above: int = 20) -> None:
    async def check() -> bool:
        job = await job_row(app, job_id)
        return job.status == "processing" and job.stage == "rendering" and job.progress > above

    await wait_for(check, 120, "the job to be mid-render", interval=0.1)


async def finished(app: Any, job_id: str, timeout: float = 180) -> RenderJob:
    async def check() -> RenderJob | None:
        job = await job_row(app, job_id)
        return job if job.status in ("complete", "failed") else None

    return await wait_for(check, timeout, "the job to finish")


async def test_sigterm_lets_the_job_in_hand_finish(app, client, make_user, settings, tmp_path):
    user = await make_user()
    worker = WorkerProcess(settings, tmp_path / "w.log").start()
    try:
        job_id = await submit(app, client, user, None)
        await mid_render(app, job_id, above=15)
        worker.proc.terminate()
        await asyncio.to_thread(worker.proc.wait, 60)
    finally:
        worker.kill()
    job = await job_row(app, job_id)
    assert job.status == "complete" and job.attempts == 1, worker.log()
    assert await ledger_kinds(app, job_id) == ["charge"]


async def test_sigterm_requeues_the_job_when_the_grace_runs_out(
    app, client, make_user, settings, tmp_path
):
    user = await make_user()
    first = WorkerProcess(settings, tmp_path / "a.log", "--shutdown-grace", "1").start()
    second = WorkerProcess(settings, tmp_path / "b.log")
    try:
        job_id = await submit(app, client, user, LONG_SCENES)
        await mid_render(app, job_id)
        first.proc.terminate()
        await asyncio.to_thread(first.proc.wait, 60)
        given_back = await job_row(app, job_id)
        assert given_back.status == "pending" and given_back.worker_id is None, first.log()
        second.start()
        job = await finished(app, job_id)
    finally:
        first.kill()
        second.stop()
    assert job.status == "complete" and job.attempts == 2, second.log()
    assert await ledger_kinds(app, job_id) == ["charge"]


async def test_browser_crash_is_retried_and_charged_once(
    app, client, make_user, settings, tmp_path
):
    user = await make_user()
    worker = WorkerProcess(settings, tmp_path / "w.log").start()
    try:
        job_id = await submit(app, client, user, LONG_SCENES)
        await mid_render(app, job_id)
        assert worker.browsers(), "no Chromium process found under the worker"
        # Crash the browser until the attempt fails (the engine may first recover by itself,
        # e.g. by falling back from beginFrame capture to screenshots).
        for _ in range(60):
            job = await job_row(app, job_id)
            if job.attempts > 1 or job.status != "processing":
                break
            for proc in worker.browsers():
                proc.kill()
            await asyncio.sleep(0.5)
        job = await finished(app, job_id, timeout=240)
    finally:
        worker.stop()
    assert job.status == "complete", (job.error, worker.log())
    assert job.attempts >= 2
    assert "transient failure" in worker.log(tail=None)
    assert await ledger_kinds(app, job_id) == ["charge"]
