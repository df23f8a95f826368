"""Deleting a render (cancelling it when it has not finished) and refunding its credit."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import refund_credits
from app.db import utcnow
from app.media.storage import scene_frame_key
from app.renders.models import RenderJob
from app.renders.onview import on_view_keys
from app.renders.read import owned_job
from app.renders.states import ACTIVE, JobStage, JobStatus, RenderOn

CANCELLED_ERROR = "Cancelled: the video was deleted before the render finished"

# What a job's outcome sets off (app/outcomes.job_finished): handed in by the caller, since the
# trigger executions it updates belong to a domain above renders.
JobFinished = Callable[[AsyncSession, RenderJob, str | None], Awaitable[None]]


async def refund_once(session: AsyncSession, job: RenderJob) -> bool:
    """Refund the job's credit unless already refunded (the flag flips in the same UPDATE)."""
    flipped = await session.execute(
        update(RenderJob)
        .where(RenderJob.id == job.id, RenderJob.refunded.is_(False))
        .values(refunded=True)
    )
    if flipped.rowcount != 1:  # type: ignore[attr-defined]
        return False
    await refund_credits(session, job.account_id, 1, reason="refund", reference=job.id)
    job.refunded = True
    return True


@dataclass
class Deleted:
    job: RenderJob
    cancelled: bool
    refunded: bool
    keys: list[str]  # stored files to remove once the transaction commits


async def delete_job(
    session: AsyncSession, account_id: str, job_id: str, job_finished: JobFinished
) -> Deleted:
    """Mark the video deleted (files removed by the caller after commit); a job still
    pending or processing is cancelled (failed), its credit refunded and `job_finished` told
    (webhooks and triggers, as when the worker fails a job). The row is locked
    first: a render completing meanwhile is either seen complete here (its video deleted, no
    refund) or waits and then finds the job no longer its own (and deletes its file)."""
    job = await owned_job(session, account_id, job_id, lock=True)
    cancelled = refunded = False
    if job.status in ACTIVE:
        cancelled = True
        job.status = JobStatus.FAILED
        job.stage = JobStage.FAILED
        job.error = CANCELLED_ERROR
        job.completed_at = utcnow()
        refunded = await refund_once(session, job)
        await job_finished(session, job, None)
    stored = [job.output_key, *(job.thumbnail_keys or []), job.poster_key, job.preview_gif_key]
    if job.render_on == RenderOn.ON_VIEW:  # poster (attempt 0), live page, soundtrack
        stored += on_view_keys(job.id)
    # the dashboard's scene frames (cut on demand; a missing one is nothing to delete)
    stored += [scene_frame_key(job.id, index) for index in job.scene_fully_in_ms or {}]
    keys = [k for k in stored if k]
    job.output_key = None
    job.thumbnail_keys = []
    job.poster_key = job.preview_gif_key = None
    job.deleted_at = job.deleted_at or utcnow()
    await session.flush()
    return Deleted(job=job, cancelled=cancelled, refunded=refunded, keys=keys)
