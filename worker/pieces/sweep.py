"""The sweep of long renders' pieces, a cron beside the job sweep: pieces of dead or finished
attempts go back to pending and are enqueued; plans of jobs that moved on are removed with
their stored files."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select

from app.config import Settings
from app.db import Database, utcnow
from app.media.storage import Storage
from app.renders import queue
from app.renders.models import RenderChunk, RenderJob
from app.renders.states import JobStatus
from worker.pieces import rows
from worker.pieces.plan import delete_keys, plan_keys
from worker.pieces.rows import PieceStatus
from worker.tasks import STRANDED_GRACE_S

log = logging.getLogger("reelsmith.worker")

STALE_PLANS_PER_SWEEP = 50


async def sweep_pieces(ctx: dict[str, Any]) -> dict[str, int]:
    """Keep the pieces of every planned job moving: a piece `processing` on a dead worker, or
    on a live one that arq no longer holds and that nobody wrote for the stranded grace, goes
    back to pending; a pending piece missing from arq is enqueued. Plans of jobs that moved on
    (finished, deleted, or claimed again) are removed with their stored files."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    pool = ctx["redis"]
    quiet_since = utcnow() - timedelta(seconds=ctx.get("stranded_grace_s", STRANDED_GRACE_S))
    live = await queue.live_workers(pool, settings)
    current = (RenderJob.status == JobStatus.PROCESSING) & (
        RenderJob.attempts == RenderChunk.plan_attempt
    )
    async with db.session() as session:
        found = (
            await session.execute(
                select(RenderChunk.id, RenderChunk.status, RenderChunk.worker_id)
                .join(RenderJob, RenderJob.id == RenderChunk.job_id)
                .where(
                    current,
                    RenderChunk.status.in_((PieceStatus.PENDING, PieceStatus.PROCESSING)),
                )
            )
        ).all()
    handed = enqueued = 0
    for piece_id, status, worker_id in found:
        if status == PieceStatus.PROCESSING:
            if worker_id in live and await queue.piece_in_queue(pool, settings, piece_id):
                continue  # being captured
            quiet = quiet_since if worker_id in live else None
            if not await rows.hand_back(db, piece_id, worker_id, quiet):
                continue
            handed += 1
        elif await queue.piece_in_queue(pool, settings, piece_id):
            continue
        await queue.release_piece(pool, settings, piece_id)
        await queue.enqueue_piece(pool, settings, piece_id)
        enqueued += 1
    removed = await _drop_stale_plans(db, ctx["storage"], current)
    if handed or enqueued:
        log.warning("piece sweep: %d pieces handed back, %d enqueued", handed, enqueued)
    if removed:  # arq's own line of a periodic job is not logged (app/logs.py)
        log.info("piece sweep: %d stale plans removed", removed)
    return {"handed_back": handed, "enqueued": enqueued, "stale_plans": removed}


async def _drop_stale_plans(db: Database, storage: Storage, current: Any) -> int:
    async with db.session() as session:
        stale = (
            await session.execute(
                select(RenderChunk.job_id, RenderChunk.plan_attempt)
                .outerjoin(RenderJob, RenderJob.id == RenderChunk.job_id)
                .where(~current | RenderJob.id.is_(None))
                .distinct()
                .limit(STALE_PLANS_PER_SWEEP)
            )
        ).all()
    for job_id, attempt in stale:
        pieces = await rows.plan_pieces(db, job_id, attempt)
        await asyncio.to_thread(delete_keys, storage, plan_keys(job_id, attempt, pieces))
        async with db.session() as session:
            await session.execute(
                delete(RenderChunk).where(
                    RenderChunk.job_id == job_id, RenderChunk.plan_attempt == attempt
                )
            )
    return len(stale)
