"""A worker killed mid-render (SIGKILL) leaves nothing behind: once another worker has started
and completed the job, no folder or temporary file of the dead worker remains, the media folder
holds only the final video, and the job was charged once."""

from __future__ import annotations

import asyncio
from pathlib import Path
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


def files_under(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


async def test_a_killed_workers_files_are_gone_once_another_worker_completes_its_job(
    app, client, make_user, settings, tmp_path
):
    user = await make_user()
    work, media = Path(settings.work_dir), Path(settings.media_dir)
    # Each worker's system temp folder: anything made outside its work folder shows up here.
    sys_tmp = {name: tmp_path / f"tmp-{name}" for name in ("first", "second")}
    for folder in sys_tmp.values():
        folder.mkdir()
    first = WorkerProcess(settings, tmp_path / "a.log", env={"TMPDIR": str(sys_tmp["first"])})
    second = WorkerProcess(settings, tmp_path / "b.log", env={"TMPDIR": str(sys_tmp["second"])})
    try:
        first.start()
        template_id = await make_template(app, user.account.id, scenes=LONG_SCENES)
        created = await client.post(
            "/api/render",
            json={"templateId": template_id, "data": {"person_name": "Robin"}},
            headers=user.headers,
        )
        job_id = (await created.get_json())["jobId"]

        async def mid_render() -> bool:
            job = await job_row(app, job_id)
            return job.status == "processing" and job.stage == "rendering" and job.progress > 20

        await wait_for(mid_render, 120, "the job to be mid-render", interval=0.1)
        assert first.proc is not None
        [dead] = [p for p in work.iterdir() if p.name.startswith(f"worker-{first.proc.pid}-")]
        assert [p.name for p in dead.iterdir() if p.is_dir() and p.name.startswith("job-")]
        first.kill()
        await asyncio.sleep(1)
        assert dead.exists()  # nothing removes it until a worker starts

        second.start()

        async def finished() -> RenderJob | None:
            job = await job_row(app, job_id)
            return job if job.status in ("complete", "failed") else None

        job = await wait_for(finished, 240, "the job to finish on the second worker")
        assert not dead.exists(), second.log()  # swept when the second worker started
    finally:
        first.kill()
        second.stop()
    assert job.status == "complete" and job.attempts == 2, (job.error, second.log())
    async with app.config["REELSMITH_DB"].session() as session:
        kinds = (
            await session.execute(select(LedgerEntry.kind).where(LedgerEntry.reference == job_id))
        ).scalars()
        assert list(kinds) == ["charge"]
    # Only what the completing attempt stored: its video, poster and preview GIF.
    assert files_under(media) == sorted(
        [f"videos/{job_id}.2.mp4", f"posters/{job_id}.2.gif", f"posters/{job_id}.2.png"]
    )
    assert list(work.iterdir()) == []  # the second worker removed its own folder on shutdown
    assert files_under(sys_tmp["first"]) == []  # nor any temp file, Chromium profile included
    assert files_under(sys_tmp["second"]) == []
