"""The disk of the work folder full during a render: the attempt fails with the reason, the
job is tried again (not lost, charged once) and completes once space is back; the worker
lives on. Real processes: a small tmpfs mounted as the worker's work folder (root only),
a real `reelsmith worker`."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from app.accounts.models import LedgerEntry
from app.config import Settings
from app.db import Database
from app.renders.models import RenderJob
from tests.support.faults import TEMPLATE, small_tmpfs, tmpfs_unavailable
from tests.support.render_helpers import WorkerProcess, make_template, wait_for

pytestmark = pytest.mark.slow


@pytest.fixture
def work_disk(tmp_path: Path) -> Iterator[Path]:
    if why := tmpfs_unavailable():
        pytest.skip(why)
    with small_tmpfs(tmp_path / "work", "4m") as mounted:
        yield mounted


@pytest.fixture
def settings(settings_factory: Any, work_disk: Path) -> Settings:
    return settings_factory(work_dir=work_disk)


def fill(disk: Path) -> Path:
    """Take every free byte of the disk with one file; returns it."""
    filler = disk / "filler"
    with filler.open("wb") as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 65536)
            out.flush()
    return filler


async def job_row(db: Database, job_id: str) -> RenderJob:
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        assert job is not None
        return job


async def ledger(db: Database, job_id: str) -> list[str]:
    async with db.session() as session:
        rows = await session.execute(
            select(LedgerEntry.kind).where(LedgerEntry.reference == job_id)
        )
        return sorted(kind for (kind,) in rows)


@pytest.mark.timeout(300)
async def test_a_full_work_disk_fails_the_attempt_clearly_and_the_retry_completes(
    app, client, make_user, settings, work_disk: Path, tmp_path
):
    db: Database = app.config["REELSMITH_DB"]
    user = await make_user(credits=5)
    template_id = await make_template(app, user.account.id, **TEMPLATE)

    async def submit() -> str:
        created = await client.post(
            "/api/render",
            json={"templateId": template_id, "data": {"person_name": "Robin"}},
            headers=user.headers,
        )
        assert created.status_code == 200, await created.get_data()
        return str((await created.get_json())["jobId"])

    async def finished(job_id: str, timeout: float) -> RenderJob:
        async def check() -> RenderJob | None:
            job = await job_row(db, job_id)
            return job if job.status in ("complete", "failed") else None

        return await wait_for(check, timeout, f"job {job_id} to finish")

    # the next attempts 2 s and 8 s later: time to give the space back before the first retry
    retries = {"REELSMITH_RENDER_RETRY_SCALE": "0.4"}
    worker = WorkerProcess(settings, tmp_path / "worker.log", env=retries).start()
    try:
        await wait_for(lambda: _has_folder(work_disk), 60, "the worker's work folder")
        # 1. full while the first attempt renders; space back before the retry (2 s later)
        filler = fill(work_disk)
        first = await submit()

        async def given_back() -> bool:
            job = await job_row(db, first)
            return job.attempts == 1 and job.status == "pending"

        await wait_for(given_back, 120, "the first attempt to fail and the job to wait")
        assert "disk is full" in worker.log(), worker.log()
        filler.unlink()
        job = await finished(first, 120)
        assert job.status == "complete" and job.attempts == 2, (job.error, worker.log())
        assert await ledger(db, first) == ["charge"]

        # 2. full through every attempt: failed with the reason, refunded once
        filler = fill(work_disk)
        second = await submit()
        job = await finished(second, 150)
        assert job.status == "failed" and job.attempts == 3, (job.status, worker.log())
        assert job.error and "disk is full" in job.error, job.error
        assert await ledger(db, second) == ["charge", "refund"]

        # 3. the worker lives on: with space back, the next render completes
        filler.unlink()
        job = await finished(await submit(), 120)
        assert job.status == "complete", (job.error, worker.log())
        assert worker.proc is not None and worker.proc.poll() is None
    finally:
        worker.stop()


async def _has_folder(disk: Path) -> bool:
    return any(p.name.startswith("worker-") for p in disk.iterdir())
