"""Render on view: a job created with `"render": "on_view"` waits `awaiting_view` (checked,
its poster made, nothing charged) until its player page is first opened; that open starts it.

Starting is one compare-and-set (`awaiting_view` -> `pending`) and the one credit's charge in
the same transaction (then `queue.dispatch` puts it at the head of the queue, within its
account's fair share): however many opens arrive at once, one flips the
row and charges, the others find it started. With no credit left the transaction is rolled
back and the job keeps waiting (the page says the video is not available yet)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import InsufficientCredits, charge_credits
from app.config import Settings
from app.db import utcnow
from app.media.storage import Storage, poster_keys
from app.renders.models import RenderJob
from app.renders.states import JobStage, JobStatus, RenderOn

__all__ = [
    "POSTER_TASK_NAME",
    "InsufficientCredits",
    "Started",
    "enqueue_poster",
    "enqueue_posters",
    "poster_arq_id",
    "live_keys",
    "live_shell_key",
    "live_timeline_key",
    "live_file_keys",
    "on_view_keys",
    "on_view_poster_key",
    "page_poster_key",
    "expire_unopened",
    "start_on_view",
]

log = logging.getLogger(__name__)

POSTER_TASK_NAME = "poster_job"


def poster_arq_id(settings: Settings, job_id: str) -> str:
    return f"{settings.redis_prefix}:poster:{job_id}"


async def enqueue_poster(pool: Any, settings: Settings, job_id: str) -> bool:
    """Ask a worker for an on-view job's poster (worker/posters.py; no-op when queued)."""
    job = await pool.enqueue_job(
        POSTER_TASK_NAME,
        job_id,
        _job_id=poster_arq_id(settings, job_id),
        _queue_name=settings.queue_name,
    )
    return job is not None


async def enqueue_posters(
    get_pool: Callable[[], Awaitable[Any]], settings: Settings, job_ids: list[str]
) -> None:
    """Ask workers for the posters (and live kits) of new on-view jobs, through the arq pool
    `get_pool` gives; a failure (of either) is logged and the answer stands (the player page
    shows no poster; a trigger's message waits for its deadline, app/triggers/outbox.py)."""
    try:
        pool = await get_pool()
        for job_id in job_ids:
            await enqueue_poster(pool, settings, job_id)
    except Exception:
        log.exception("posters of %d on-view jobs not requested", len(job_ids))


# At most this many jobs expire per sweep (the next sweep takes the rest).
EXPIRE_BATCH = 500


def on_view_poster_key(job_id: str) -> str:
    """Where the worker stores an on-view job's poster before any render (attempt 0): its
    thumbnailUrl from creation on, so an email may link it at once."""
    return poster_keys(job_id, 0)[0]


def page_poster_key(job_id: str) -> str:
    """The same poster as WebP for the player page (a fifth of the PNG's bytes: what a phone on
    a slow network downloads first); emails and link previews keep the PNG."""
    return on_view_poster_key(job_id).rsplit(".", 1)[0] + ".webp"


def live_keys(job_id: str) -> tuple[str, str]:
    """The live page of an on-view job (the composition the renderer captures, kept by the
    poster's worker; served by the API at /v/<id>/live, never by /media) and its mixed
    soundtrack (AAC, served by /media), so its player plays it before the video exists."""
    return f"live/{job_id}.html", f"live/{job_id}.m4a"


def live_shell_key(job_id: str) -> str:
    """With the voice spoken at the open (REELSMITH_ON_VIEW_VOICE=open): the live page laid out
    without speech, kept by the poster's worker at creation. The first open's frame loads it
    at once, while the render speaks the voice; its timeline arrives when spoken."""
    return f"live/{job_id}.shell.html"


def live_timeline_key(job_id: str) -> str:
    """The spoken timeline of a job whose live page is its shell with only the timeline
    changed (stored by the render at the open, with the live page): what a frame that loaded
    the shell is sent to play the page."""
    return f"live/{job_id}.timeline.json"


def live_file_keys(job_id: str) -> list[str]:
    """Every file of the live player: page, soundtrack, shell, spoken timeline."""
    return [*live_keys(job_id), live_shell_key(job_id), live_timeline_key(job_id)]


def on_view_keys(job_id: str) -> list[str]:
    """Every file an on-view job has before its render: posters and the live player's files."""
    return [on_view_poster_key(job_id), page_poster_key(job_id), *live_file_keys(job_id)]


def on_view_poster_url(job: RenderJob, storage: Storage) -> str | None:
    """The poster an on-view job shows before its video exists (None for other jobs)."""
    if job.render_on != RenderOn.ON_VIEW:
        return None
    return storage.url(on_view_poster_key(job.id))


@dataclass(frozen=True)
class Started:
    started: bool  # this call started the render (and charged its credit)
    balance: int | None = None


async def start_on_view(session: AsyncSession, job: RenderJob) -> Started:
    """Start the awaiting render `job` in the caller's transaction: flip it to `pending`
    (waiting: the caller runs a dispatch round after commit, which takes interactive jobs
    first) and charge its one credit. Started(False) when another open started it first;
    InsufficientCredits (the caller rolls back) when the account has no credit."""
    flipped = await session.execute(
        update(RenderJob)
        .where(RenderJob.id == job.id, RenderJob.status == JobStatus.AWAITING_VIEW)
        .values(
            status=JobStatus.PENDING,
            stage=JobStage.QUEUED,
            enqueued_at=None,
            updated_at=utcnow(),
        )
        .returning(RenderJob.id)
    )
    if flipped.scalar_one_or_none() is None:
        return Started(False)
    balance = await charge_credits(session, job.account_id, 1, reason="render", reference=job.id)
    return Started(True, balance)


async def expire_unopened(session: AsyncSession, days: int) -> list[str]:
    """Mark `expired` the jobs still `awaiting_view` `days` after their creation (0: never),
    up to EXPIRE_BATCH per call; their ids (the caller deletes their live pages, not their
    posters). Nothing was charged, so nothing is refunded."""
    if days <= 0:
        return []
    now = utcnow()
    due = (
        select(RenderJob.id)
        .where(
            RenderJob.status == JobStatus.AWAITING_VIEW,
            RenderJob.created_at < now - timedelta(days=days),
        )
        .limit(EXPIRE_BATCH)
    )
    rows = await session.execute(
        update(RenderJob)
        .where(RenderJob.id.in_(due), RenderJob.status == JobStatus.AWAITING_VIEW)
        .values(
            status=JobStatus.EXPIRED,
            error=f"Not opened within {days} days: never rendered",
            updated_at=now,
        )
        .returning(RenderJob.id)
    )
    return list(rows.scalars())
