"""Reading render jobs and batches (owner only: another account's is not found)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app import viewsessions
from app.config import Settings
from app.db import Database
from app.kept import Kept
from app.media.storage import Storage
from app.pointread import PointRead
from app.renders.errors import BatchNotFound, JobNotFound
from app.renders.job import JobSpecInvalid, load_job_spec
from app.renders.models import Batch, RenderJob
from app.renders.onview import on_view_poster_url
from app.renders.states import ACTIVE, FINISHED, BatchStatus, JobStatus, RenderOn
from app.renders.warnings import render_warnings
from app.spec import ASPECT_RATIOS


async def owned_job(
    session: AsyncSession, account_id: str, job_id: str, *, lock: bool = False
) -> RenderJob:
    """The job when it belongs to the account; JobNotFound for unknown and for others' jobs.
    With `lock`, the row is read fresh and locked until the transaction ends (SELECT ... FOR
    UPDATE; SQLite transactions already hold the write lock from BEGIN IMMEDIATE)."""
    job = await session.get(RenderJob, job_id, with_for_update=lock, populate_existing=lock)
    if job is None or job.account_id != account_id:
        raise JobNotFound(job_id)
    return job


def viewer_urls(job: Any, storage: Storage, settings: Settings) -> dict[str, str | None]:
    """The recipient's player page and the poster PNG / preview GIF made at completion
    (absolute URLs; null until the video is complete, and again once it is deleted). An
    on-view job has its page and poster from creation on (app/renders/onview.py)."""
    playable = job.status == JobStatus.COMPLETE and job.deleted_at is None and job.output_key
    waiting = (
        job.render_on == RenderOn.ON_VIEW
        and job.deleted_at is None
        and job.status in (JobStatus.AWAITING_VIEW, *ACTIVE)
    )
    if job.render_on == RenderOn.ON_VIEW and job.status == JobStatus.EXPIRED:
        waiting = job.deleted_at is None  # its page says so; its poster stays
    if waiting:  # an on-view job's page and poster exist before its video
        token = viewsessions.message_token(settings.session_secret, job.id, "api")
        return {
            "playerUrl": settings.public(f"/v/{job.id}"),
            "openPixelUrl": settings.public(f"/t/o/{job.id}.gif?s={token}"),
            "thumbnailUrl": on_view_poster_url(job, storage),
            "thumbnailGifUrl": None,
        }
    if not playable:
        return {
            "playerUrl": None,
            "openPixelUrl": None,
            "thumbnailUrl": None,
            "thumbnailGifUrl": None,
        }
    token = viewsessions.message_token(settings.session_secret, job.id, "api")
    return {
        "playerUrl": settings.public(f"/v/{job.id}"),
        "openPixelUrl": settings.public(f"/t/o/{job.id}.gif?s={token}"),
        "thumbnailUrl": storage.url(job.poster_key) if job.poster_key else None,
        "thumbnailGifUrl": storage.url(job.preview_gif_key) if job.preview_gif_key else None,
    }


def job_warnings(job: RenderJob) -> list[dict[str, Any]]:
    """The warnings its create answered, from the stored request (none for a request that can
    no longer be read: the job's own error says why)."""
    return request_warnings(job.request)


def request_warnings(request: Any) -> list[dict[str, Any]]:
    try:
        return render_warnings(load_job_spec(request))
    except JobSpecInvalid:
        return []


# A job's stored request never changes after its create, so neither do its warnings: a
# status read (polled every second or so) takes them from here rather than validating the
# whole job spec and laying out its timeline again (most of a poll's CPU).
WARNINGS_KEPT = 4096
_warnings: Kept[str, list[dict[str, Any]]] = Kept(WARNINGS_KEPT)

# The columns a status read shows: all but the job spec (read only when its warnings are not
# kept yet) and what only the worker uses.
STATUS_COLUMNS = tuple(
    c for c in RenderJob.__table__.c if c.name not in ("request", "scene_fully_in_ms",
                                                       "scene_starts_ms", "thumbnail_keys")
)  # fmt: skip


_STATUS = PointRead(select(*STATUS_COLUMNS).where(RenderJob.id == bindparam("job")))
_REQUEST = PointRead(select(RenderJob.request).where(RenderJob.id == bindparam("job")))


def keep_warnings(job_id: str, warnings: list[dict[str, Any]]) -> None:
    """The warnings a create just answered, kept for the job's status reads (the first poll,
    a second later, then need not read and lay out the job spec again)."""
    _warnings.keep(job_id, [dict(w) for w in warnings])


async def job_status(
    db: Database, account_id: str, job_id: str
) -> tuple[Any, list[dict[str, Any]]]:
    """The job's status row (its columns by name, as `job_fields` reads them) and warnings;
    JobNotFound for unknown and for others' jobs. One indexed row read (a point read: the
    poll every customer makes every second or so), the job spec only when its warnings are
    not kept."""
    row = await _STATUS.one(db, job=job_id)
    if row is None or row.account_id != account_id:
        raise JobNotFound(job_id)
    kept = _warnings.recall(job_id)
    if kept is None:
        found = await _REQUEST.one(db, job=job_id)
        kept = _warnings.keep(job_id, request_warnings(None if found is None else found.request))
    return row, [dict(w) for w in kept]


async def owned_batch(
    session: AsyncSession, account_id: str, batch_id: str
) -> tuple[Batch, list[RenderJob]]:
    """The batch and its jobs in row order; BatchNotFound for unknown and for others'."""
    batch = await session.get(Batch, batch_id)
    if batch is None or batch.account_id != account_id:
        raise BatchNotFound(batch_id)
    jobs = (
        await session.execute(
            select(RenderJob).where(RenderJob.batch_id == batch_id).order_by(RenderJob.row_number)
        )
    ).scalars()
    return batch, list(jobs)


def batch_state(statuses: list[str]) -> BatchStatus:
    """pending (nothing started) -> processing -> complete | partial | failed (all finished)."""
    finished = [s for s in statuses if s in FINISHED]
    if len(finished) == len(statuses):
        if all(s == JobStatus.COMPLETE for s in statuses):
            return BatchStatus.COMPLETE
        if all(s == JobStatus.FAILED for s in statuses):
            return BatchStatus.FAILED
        return BatchStatus.PARTIAL
    started = finished or JobStatus.PROCESSING in statuses
    return BatchStatus.PROCESSING if started else BatchStatus.PENDING


def batch_progress(jobs: list[Any]) -> dict[str, int]:
    """Jobs per status, and the batch's percent done (a finished job counts 100)."""
    statuses = [j.status for j in jobs]
    total = len(jobs)
    done = sum(100 if j.status in FINISHED else j.progress for j in jobs)
    return {
        "completed": statuses.count(JobStatus.COMPLETE),
        "failed": statuses.count(JobStatus.FAILED),
        "processing": statuses.count(JobStatus.PROCESSING),
        "pending": statuses.count(JobStatus.PENDING),
        "awaitingView": statuses.count(JobStatus.AWAITING_VIEW),
        "expired": statuses.count(JobStatus.EXPIRED),
        "total": total,
        "percent": done // total if total else 100,
    }


async def recent_jobs(session: AsyncSession, account_id: str, limit: int = 10) -> list[RenderJob]:
    """The account's newest render jobs (deleted ones included, marked by deleted_at).

    The newest ids are picked first and only those rows read whole: ordering the account's
    full rows (each with its job spec JSON) cost ~20 ms per 1,000 renders on SQLite."""
    newest = (
        select(RenderJob.id)
        .where(RenderJob.account_id == account_id)
        .order_by(RenderJob.created_at.desc(), RenderJob.id.desc())
        .limit(limit)
    )
    rows = await session.execute(
        select(RenderJob)
        .where(RenderJob.id.in_(newest))
        .order_by(RenderJob.created_at.desc(), RenderJob.id.desc())
    )
    return list(rows.scalars())


async def jobs_since(session: AsyncSession, account_id: str, since: datetime) -> int:
    """How many render jobs the account created since `since`."""
    count = await session.scalar(
        select(func.count())
        .select_from(RenderJob)
        .where(RenderJob.account_id == account_id, RenderJob.created_at >= since)
    )
    return int(count or 0)


async def newest_batches(session: AsyncSession, account_id: str, limit: int) -> list[Batch]:
    """The account's `limit` newest batches, newest first."""
    rows = await session.execute(
        select(Batch)
        .where(Batch.account_id == account_id)
        .order_by(Batch.created_at.desc(), Batch.id.desc())
        .limit(limit)
    )
    return list(rows.scalars())


async def recent_batches(
    session: AsyncSession, account_id: str, limit: int = 50
) -> list[tuple[Batch, dict[str, int], BatchStatus]]:
    """The account's newest batches, each with its progress counts and derived status (one
    query for the batches, one for their jobs' statuses)."""
    batches = await newest_batches(session, account_id, limit)
    jobs: dict[str, list[Any]] = {b.id: [] for b in batches}
    if batches:
        rows = await session.execute(
            select(RenderJob.batch_id, RenderJob.status, RenderJob.progress).where(
                RenderJob.batch_id.in_(list(jobs))
            )
        )
        for row in rows:  # (batch_id, status, progress): what batch_progress reads
            jobs[str(row.batch_id)].append(row)
    return [
        (b, batch_progress(jobs[b.id]), batch_state([j.status for j in jobs[b.id]]))
        for b in batches
    ]


# ---- a job as the API and the dashboard show it ----


def iso(value: datetime | None) -> str | None:
    return value.isoformat().replace("+00:00", "Z") if value else None


def output_url(job: Any, storage: Storage) -> str | None:
    if job.output_key and job.deleted_at is None and job.status == JobStatus.COMPLETE:
        return storage.url(job.output_key)
    return None


def finished_report(job: Any) -> dict[str, Any]:
    """The poster's time and the quality report of a completed job (null before, and for jobs
    completed before they were recorded)."""
    complete = job.status == JobStatus.COMPLETE
    return {
        "posterAtMs": job.poster_at_ms if complete else None,
        "quality": job.quality if complete else None,
    }


def job_fields(job: Any, storage: Storage, settings: Settings) -> dict[str, Any]:
    """A RenderJob (or a row of its columns by name: job_status) as SPEC 2.7 job fields
    (plus templateId, batchId, projectId, deletedAt, voiceovers, the player page, poster and
    preview GIF URLs, the poster's time and the quality report)."""
    return {
        "id": job.id,
        "status": job.status,
        "stage": job.stage,
        "progress": job.progress,
        "outputUrl": output_url(job, storage),
        "error": job.error,
        "authorName": job.display_name,
        "templateId": job.template_id,
        "batchId": job.batch_id,
        "projectId": job.project_id,
        "createdAt": iso(job.created_at),
        "updatedAt": iso(job.updated_at),
        "completedAt": iso(job.completed_at),
        "deletedAt": iso(job.deleted_at),
        "voiceovers": list(job.voiceovers or []),
        **viewer_urls(job, storage, settings),
        **finished_report(job),
    }


def job_shape(job: RenderJob) -> str:
    """The job's output.aspectRatio (jobs from before shapes: 16:9)."""
    request = job.request if isinstance(job.request, dict) else {}
    output = request.get("output")
    shape = output.get("aspectRatio") if isinstance(output, dict) else None
    return shape if shape in ASPECT_RATIOS else "16:9"
