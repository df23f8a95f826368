"""Room for a video someone is waiting for: the first open of an on-view job's page starts its
render at the head of the queue (app/renders/onview.py, queue.enqueue_interactive), but when
every worker slot is rendering a bulk job the open would wait for one of them to finish, and
the viewer watches the live player for the length of a whole bulk render before their own
render even starts.

`make_room` then stops the bulk render furthest from done (its progress under
MAX_PROGRESS_PERCENT: one nearly finished is left to finish; a long render spread over
pieces is never stopped) through arq's abort, after
marking it preempted in Redis. Its worker gives it back to the queue *uncounted* (the claim's
attempt is returned, so preemption never brings a job nearer its attempt limit) and free to
be dispatched again (worker/jobs.py release_preempted); the freed slot takes the opened
video, which waits at the head of the queue. At most one bulk render is stopped per open, and
only when no slot is free, so a wave of opens stops at most as many bulk renders as there are
slots at a time. The stopped render's work so far is lost (under MAX_PROGRESS_PERCENT of it).
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import select

from app.config import Settings
from app.db import Database
from app.renders import queue
from app.renders.models import RenderChunk, RenderJob
from app.renders.states import JobStatus, RenderOn

log = logging.getLogger(__name__)

# A bulk render this far along (percent) is left to finish.
MAX_PROGRESS_PERCENT = 60
# How long the preempted mark waits for its worker to see the abort (s).
PREEMPTED_TTL_S = 300


def preempted_key(settings: Settings, job_id: str) -> str:
    return f"{settings.redis_prefix}:preempted:{job_id}"


async def was_preempted(redis: Any, settings: Settings, job_id: str) -> bool:
    """Whether the job's render was stopped to make room (the mark is taken once read)."""
    return bool(await redis.delete(preempted_key(settings, job_id)))


async def make_room(db: Database, redis: Any, settings: Settings) -> str | None:
    """Stop one bulk render when no worker slot is free; the job stopped, or None."""
    slots = await queue.capacity(redis, settings)
    if slots <= 0:
        return None
    async with db.session() as session:
        rows = (
            await session.execute(
                select(
                    RenderJob.id,
                    RenderJob.render_on,
                    RenderJob.progress,
                    # a long render spread over pieces (worker/pieces/) is never stopped
                    select(RenderChunk.id)
                    .where(RenderChunk.job_id == RenderJob.id)
                    .exists()
                    .label("split"),
                ).where(RenderJob.status == JobStatus.PROCESSING)
            )
        ).all()
    if len(rows) < slots:
        return None  # a slot is free: the opened video takes it
    bulk = [
        (progress, job_id)
        for job_id, render_on, progress, split in rows
        if render_on != RenderOn.ON_VIEW and progress < MAX_PROGRESS_PERCENT and not split
    ]
    if not bulk:
        return None
    _, job_id = min(bulk)
    await redis.set(preempted_key(settings, job_id), "1", ex=PREEMPTED_TTL_S)
    await queue.abort(redis, settings, job_id)
    log.info("bulk render %s stopped to make room for an opened video", job_id)
    return job_id
