"""Real worker subprocesses: a batch over two workers, a SIGKILLed worker, a cancelled render."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import select

from app.accounts.models import LedgerEntry
from app.renders.models import RenderJob
from tests.support.render_helpers import WorkerProcess, make_template, wait_for

pytestmark = pytest.mark.slow

# A fork of `emeritus` keeps its OpenAlex source: an authorId that is not an OpenAlex id makes
# the engine fail that one job (no network needed); rows without an authorId render as given.
EMERITUS_FORK = {
    "forkFrom": "emeritus",
    "dataSlots": [
        {
            "key": "person_name",
            "label": "Full name",
            "type": "text",
            "required": True,
            "aliases": ["recipient", "name"],
        },
        {
            "key": "authorId",
            "label": "Author",
            "type": "text",
            "required": False,
            "aliases": ["openalex id", "author id"],
        },
    ],
}
LONG_SCENES = [
    {"primitiveId": "title-intro", "durationOverride": 6.0},
    {"primitiveId": "title-intro", "durationOverride": 6.0, "animationOption": "scale-in"},
]


async def jobs_of(app: Any, **where: Any) -> list[RenderJob]:
    async with app.config["REELSMITH_DB"].session() as session:
        query = select(RenderJob).filter_by(**where).order_by(RenderJob.row_number)
        return list((await session.execute(query)).scalars())


async def ledger_kinds(app: Any, reference: str) -> list[str]:
    async with app.config["REELSMITH_DB"].session() as session:
        rows = (
            await session.execute(
                select(LedgerEntry.kind)
                .where(LedgerEntry.reference == reference)
                .order_by(LedgerEntry.created_at)
            )
        ).scalars()
        return list(rows)


async def test_batch_of_12_over_two_workers_ends_partial(
    app, client, make_user, settings, tmp_path
):
    user = await make_user(credits=20)
    template_id = await make_template(app, user.account.id, **EMERITUS_FORK)
    rows = [[f"Person {i}", "", f"team-{i % 3}"] for i in range(12)]
    rows[4][1] = "not-an-openalex-id"
    workers = [WorkerProcess(settings, tmp_path / f"w{i}.log").start() for i in range(2)]
    try:
        batch = await (
            await client.post(
                "/api/render/batch",
                json={
                    "templateId": template_id,
                    "headers": ["Recipient", "OpenAlex ID", "Team"],
                    "rows": rows,
                },
                headers=user.headers,
            )
        ).get_json()
        assert batch["mapping"] == {
            "Recipient": "person_name",
            "OpenAlex ID": "authorId",
            "Team": None,
        }
        seen: list[str] = []

        async def settled() -> dict[str, Any] | None:
            status = await (
                await client.get(
                    f"/api/render/batch?batchId={batch['batchId']}", headers=user.headers
                )
            ).get_json()
            seen.append(status["batch"]["status"])
            return (
                status if status["batch"]["status"] in ("complete", "partial", "failed") else None
            )

        status = await wait_for(settled, 300, "the batch to finish", interval=0.5)
    finally:
        for w in workers:
            w.stop()
    logs = "\n".join(w.log() for w in workers)
    assert status["batch"]["status"] == "partial", logs
    assert status["batch"]["progress"] == {
        "completed": 11,
        "failed": 1,
        "processing": 0,
        "pending": 0,
        "total": 12,
        "percent": 100,
        "awaitingView": 0,
        "expired": 0,
    }
    assert "processing" in seen and seen.index("processing") < len(seen) - 1
    bad = status["jobs"][4]
    assert bad["status"] == "failed" and "OpenAlex" in bad["error"] and bad["outputUrl"] is None
    assert all(j["outputUrl"] for i, j in enumerate(status["jobs"]) if i != 4)
    jobs = await jobs_of(app, batch_id=batch["batchId"])
    assert len({j.worker_id for j in jobs}) == 2  # both workers took jobs
    assert jobs[0].request["data"]["Team"] == "team-0"
    assert await ledger_kinds(app, batch["batchId"]) == ["charge"]
    assert await ledger_kinds(app, jobs[4].id) == ["refund"]


async def test_sigkilled_worker_loses_no_job_and_charges_once(
    app, client, make_user, settings, tmp_path
):
    user = await make_user(credits=5)
    template_id = await make_template(app, user.account.id, scenes=LONG_SCENES)
    first = WorkerProcess(settings, tmp_path / "first.log").start()
    second = WorkerProcess(settings, tmp_path / "second.log")
    try:
        created = await (
            await client.post(
                "/api/render",
                json={"templateId": template_id, "data": {"person_name": "Kim"}},
                headers=user.headers,
            )
        ).get_json()
        job_id = created["jobId"]

        async def rendering() -> bool:
            job = (await jobs_of(app, id=job_id))[0]
            return job.status == "processing" and job.stage == "rendering" and job.progress > 20

        await wait_for(rendering, 120, "the first worker to be mid-render", interval=0.1)
        killed_worker = (await jobs_of(app, id=job_id))[0].worker_id
        first.kill()
        second.start()

        async def finished() -> RenderJob | None:
            job = (await jobs_of(app, id=job_id))[0]
            return job if job.status in ("complete", "failed") else None

        job = await wait_for(finished, 240, "another worker to finish the job")
    finally:
        first.kill()
        second.stop()
    assert job.status == "complete", second.log()
    assert job.worker_id != killed_worker and job.attempts == 2
    assert job.output_key and job.progress == 100
    assert await ledger_kinds(app, job_id) == ["charge"]
    status = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert status["outputUrl"]
    assert (
        await client.get(status["outputUrl"].removeprefix("http://testserver"))
    ).status_code == 200


async def test_delete_running_render_cancels_it_and_refunds(
    app, client, make_user, settings, tmp_path
):
    user = await make_user(credits=5)
    template_id = await make_template(app, user.account.id, scenes=LONG_SCENES)
    worker = WorkerProcess(settings, tmp_path / "w.log").start()
    try:
        created = await (
            await client.post(
                "/api/render",
                json={"templateId": template_id, "data": {"person_name": "Lee"}},
                headers=user.headers,
            )
        ).get_json()
        job_id = created["jobId"]

        async def running() -> bool:
            job = (await jobs_of(app, id=job_id))[0]
            return job.status == "processing" and job.progress > 15

        await wait_for(running, 120, "the render to start", interval=0.1)
        deleted = await (
            await client.delete(f"/api/render/{job_id}", headers=user.headers)
        ).get_json()
        assert deleted["cancelled"] is True and deleted["refunded"] is True
        await wait_for(lambda: asyncio.sleep(0, "aborted" in worker.log()), 30, "the abort")
        # A second job still renders on the same worker afterwards.
        second = await (
            await client.post(
                "/api/render",
                json={
                    "templateId": await make_template(app, user.account.id),
                    "data": {"person_name": "Next"},
                },
                headers=user.headers,
            )
        ).get_json()

        async def second_done() -> bool:
            return (await jobs_of(app, id=second["jobId"]))[0].status == "complete"

        await wait_for(second_done, 120, "the next render")
    finally:
        worker.stop()
    job = (await jobs_of(app, id=job_id))[0]
    assert job.status == "failed" and job.output_key is None and job.deleted_at is not None
    media = settings.media_dir / "videos"
    assert not list(media.glob(f"{job_id}.*"))  # no attempt's video is left behind
    assert await ledger_kinds(app, job_id) == ["charge", "refund"]
