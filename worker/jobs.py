"""Render job state changes made by workers: claim, progress, complete, fail, release; the
job's stored spec as a worker reads it; `settle`, a write retried while the database errs.

Every write is a compare-and-set on (status, worker_id, attempts), so an attempt that lost its
job (the job was deleted, or the sweep handed it to another attempt, even on the same worker)
can never overwrite it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt
from tenacity.wait import wait_base

from app import outcomes
from app.config import Settings
from app.db import Database, utcnow
from app.renders.cancel import refund_once
from app.renders.job import JobSpecInvalid, RenderJobSpec, load_job_spec
from app.renders.models import RenderJob
from app.renders.queue import live_workers
from app.renders.states import ACTIVE, JobStage, JobStatus
from worker.render.errors import RenderInputError

log = logging.getLogger("reelsmith.worker")

T = TypeVar("T")

# Claims per job: a job whose attempts all ended without an outcome (its worker was killed,
# e.g. out of memory) fails instead of running again forever.
MAX_ATTEMPTS = 3
# Pauses (s) before writing a job's outcome again while the database errs.
WRITE_RETRY_S = (0.5, 1.0, 2.0, 4.0, 8.0)


async def claim(
    db: Database, redis: Any, settings: Settings, job_id: str, worker_id: str
) -> RenderJob | None:
    """Take the job when it is pending, or processing on a worker whose heartbeat stopped.
    Returns the job now processing on this worker; the job failed (refunded once) when it has
    already been claimed MAX_ATTEMPTS times; None when it is not ours to render."""
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        if job is None or job.status not in ACTIVE:
            return None
        holder = job.worker_id
        if (
            job.status == JobStatus.PROCESSING
            and holder != worker_id
            and holder in await live_workers(redis, settings)
        ):
            return None  # another live worker is rendering it
        unchanged = (
            RenderJob.id == job_id,
            RenderJob.status == job.status,
            RenderJob.worker_id.is_(None) if holder is None else RenderJob.worker_id == holder,
            RenderJob.attempts == job.attempts,
        )
        if job.attempts >= MAX_ATTEMPTS:
            return await _give_up(session, job, unchanged)
        result = await session.execute(
            update(RenderJob)
            .where(*unchanged)
            .values(
                status=JobStatus.PROCESSING,
                stage=JobStage.FETCHING_DATA,
                worker_id=worker_id,
                attempts=RenderJob.attempts + 1,
                started_at=job.started_at or utcnow(),
                updated_at=utcnow(),
            )
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            return None
        await session.refresh(job)
        return job


async def _give_up(
    session: AsyncSession, job: RenderJob, unchanged: tuple[Any, ...]
) -> RenderJob | None:
    error = (
        f"Render failed: it was started {job.attempts} times and no attempt finished (the "
        "worker stopped each time, e.g. it ran out of memory or was restarted); not retried"
    )
    return await _mark_failed(session, job.id, unchanged, error)


async def _mark_failed(
    session: AsyncSession, job_id: str, conditions: tuple[Any, ...], error: str
) -> RenderJob | None:
    """Set the job failed with `error` if `conditions` still hold, and refund its credit
    (once); the fresh job, or None when the job was no longer in that state."""
    result = await session.execute(
        update(RenderJob)
        .where(*conditions)
        .values(
            status=JobStatus.FAILED,
            stage=JobStage.FAILED,
            error=error,
            completed_at=utcnow(),
            updated_at=utcnow(),
        )
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        return None
    job = await session.get(RenderJob, job_id, populate_existing=True)
    assert job is not None
    await refund_once(session, job)
    await outcomes.job_finished(session, job, None)  # webhooks, triggers: same transaction
    return job


def _mine(job_id: str, worker_id: str, attempt: int) -> Any:
    """The job while this attempt (the claim that made `attempts` = attempt) still holds it."""
    return (
        (RenderJob.id == job_id)
        & (RenderJob.status == JobStatus.PROCESSING)
        & (RenderJob.worker_id == worker_id)
        & (RenderJob.attempts == attempt)
    )


async def save_progress(
    db: Database, job_id: str, worker_id: str, attempt: int, stage: str, progress: int
) -> None:
    """Write stage and progress; progress never goes down."""
    async with db.session() as session:
        await session.execute(
            update(RenderJob)
            .where(_mine(job_id, worker_id, attempt), RenderJob.progress <= progress)
            .values(stage=stage, progress=progress, updated_at=utcnow())
        )


async def complete(
    db: Database,
    job_id: str,
    worker_id: str,
    attempt: int,
    output_key: str,
    duration_ms: int | None,
    scene_fully_in_ms: dict[str, int],
    voiceovers: list[dict[str, Any]],
    output_url: str | None = None,
    scene_starts_ms: dict[str, int] | None = None,
    poster_key: str | None = None,
    preview_gif_key: str | None = None,
    poster_at_ms: float | None = None,
    quality: dict[str, Any] | None = None,
) -> bool:
    """Mark complete with the stored video, its scene start times, poster and preview GIF
    (and the poster's time), who spoke and the file's quality report; False when the job is
    no longer ours. `output_url` (the video's URL) goes into the render.complete webhook."""
    async with db.session() as session:
        result = await session.execute(
            update(RenderJob)
            .where(_mine(job_id, worker_id, attempt))
            .values(
                status=JobStatus.COMPLETE,
                stage=JobStage.DONE,
                progress=100,
                output_key=output_key,
                duration_ms=duration_ms,
                scene_fully_in_ms=scene_fully_in_ms,
                scene_starts_ms=scene_starts_ms or {},
                poster_key=poster_key,
                preview_gif_key=preview_gif_key,
                poster_at_ms=poster_at_ms,
                quality=quality,
                voiceovers=voiceovers,
                error=None,
                completed_at=utcnow(),
                updated_at=utcnow(),
            )
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            return False
        job = await session.get(RenderJob, job_id, populate_existing=True)
        assert job is not None
        await outcomes.job_finished(session, job, output_url)  # webhooks, triggers: same tx
        return True


async def fail(db: Database, job_id: str, worker_id: str, attempt: int, error: str) -> bool:
    """Mark failed with a readable error and refund the credit (once); False if not ours."""
    async with db.session() as session:
        return (
            await _mark_failed(session, job_id, (_mine(job_id, worker_id, attempt),), error)
            is not None
        )


async def release(
    db: Database, job_id: str, worker_id: str, attempt: int, preempted: bool = False
) -> bool:
    """Give the job back (pending, no worker) for another attempt; False if not ours.
    `preempted`: stopped to make room for an opened video (app/renders/preempt.py): its
    attempt uncounted and not enqueued (arq does not run an aborted job again: dispatch
    enqueues it)."""
    values: dict[str, Any] = {
        "status": JobStatus.PENDING,
        "stage": JobStage.QUEUED,
        "worker_id": None,
        "updated_at": utcnow(),
    }
    if preempted:
        values |= {"attempts": attempt - 1, "progress": 0, "enqueued_at": None}
    async with db.session() as session:
        result = await session.execute(
            update(RenderJob).where(_mine(job_id, worker_id, attempt)).values(**values)
        )
        return result.rowcount == 1  # type: ignore[attr-defined]


async def hand_back(
    db: Database, job_id: str, worker_id: str | None, quiet_since: datetime
) -> bool:
    """Put a job `processing` on `worker_id` and unwritten since `quiet_since` back to pending
    (the sweep, for an attempt that ended without recording its outcome); False when it moved
    on meanwhile."""
    async with db.session() as session:
        result = await session.execute(
            update(RenderJob)
            .where(
                RenderJob.id == job_id,
                RenderJob.status == JobStatus.PROCESSING,
                RenderJob.worker_id == worker_id,
                RenderJob.updated_at < quiet_since,
            )
            .values(
                status=JobStatus.PENDING, stage=JobStage.QUEUED, worker_id=None, updated_at=utcnow()
            )
        )
        return result.rowcount == 1  # type: ignore[attr-defined]


async def load(session: AsyncSession, job_id: str) -> RenderJob | None:
    return await session.get(RenderJob, job_id)


def job_spec(job: RenderJob) -> RenderJobSpec:
    """The job's stored spec, re-validated (an unversioned row upgraded); a row that cannot
    be read is an input error: the job fails with that message and is refunded."""
    try:
        spec = load_job_spec(job.request)
    except JobSpecInvalid as exc:
        raise RenderInputError(str(exc)) from exc
    return spec.model_copy(update={"jobId": job.id})


class _Pauses(wait_base):
    """tenacity wait: the n-th retry waits pauses[n - 1]."""

    def __init__(self, pauses: tuple[float, ...]) -> None:
        self.pauses = pauses

    def __call__(self, retry_state: Any) -> float:
        return self.pauses[retry_state.attempt_number - 1]


async def settle(write: Callable[..., Awaitable[T]], *args: Any) -> T:
    """A job state write, retried after WRITE_RETRY_S pauses while the database errs (SQLite
    "database is locked", a dropped connection); the last error propagates."""
    pauses = tuple(WRITE_RETRY_S)

    def warn(state: Any) -> None:
        exc = state.outcome.exception() if state.outcome else None
        pause = pauses[state.attempt_number - 1]
        log.warning("%s(%s) failed, again in %.1fs: %s", write.__name__, args[1], pause, exc)

    retrying = AsyncRetrying(
        retry=retry_if_exception_type((SQLAlchemyError, OSError)),
        stop=stop_after_attempt(len(pauses) + 1),
        wait=_Pauses(pauses),
        before_sleep=warn,
        reraise=True,
    )
    result: T = await retrying(write, *args)
    return result
