"""The piece rows of a long render (RenderChunk): plan, claim, progress, finish, release.

A job whose video is longer than REELSMITH_CHUNK_THRESHOLD_S is planned by the worker that
claimed it into capture pieces (GOP-aligned frame ranges, worker/pieces/plan.py) and one
assembly piece. Any worker takes any piece. The job stays `processing` on its planning
attempt the whole time: every write of a piece checks the job is still on that attempt
(`plan_attempt`), and the job's own outcome is written with the job's (worker_id, attempts)
as every job's is (worker/jobs.py), so a piece of an abandoned plan can never touch it.

Assembly happens once: the transaction that marks the last capture piece done (the job row
locked first, so on PostgreSQL two finishing pieces serialize; SQLite's BEGIN IMMEDIATE already
does) is the only one that moves the assembly piece from `waiting` to `pending`, and only one
claim takes a pending piece (compare-and-set on status, worker and attempts).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.config import Settings
from app.db import Database, utcnow
from app.renders.models import RenderChunk, RenderJob
from app.renders.queue import live_workers
from app.renders.states import JobStage, JobStatus
from worker.jobs import MAX_ATTEMPTS
from worker.render.pipeline import RENDER_FROM, RENDER_TO

CAPTURE, ASSEMBLE = "capture", "assemble"


class PieceStatus(StrEnum):
    WAITING = "waiting"  # the assembly piece, until every capture piece is done
    PENDING = "pending"
    PROCESSING = "processing"
    DONE = "done"
    FAILED = "failed"


async def _lock_job(session: AsyncSession, job_id: str) -> RenderJob | None:
    """The job row, locked until commit on PostgreSQL (FOR UPDATE; SQLite has the database
    write lock from BEGIN IMMEDIATE)."""
    return (
        await session.execute(select(RenderJob).where(RenderJob.id == job_id).with_for_update())
    ).scalar_one_or_none()


def _on_attempt(job: RenderJob | None, attempt: int) -> bool:
    return job is not None and job.status == JobStatus.PROCESSING and job.attempts == attempt


async def save_plan(
    db: Database,
    job_id: str,
    worker_id: str,
    attempt: int,
    ranges: list[range],
    meta: dict[str, Any],
) -> list[str] | None:
    """Write the plan (capture pieces + the waiting assembly piece carrying `meta`) while this
    attempt still holds the job; the capture pieces' ids, None when the job is not ours."""
    async with db.session() as session:
        job = await _lock_job(session, job_id)
        if job is None or not _on_attempt(job, attempt) or job.worker_id != worker_id:
            return None
        last = len(ranges) - 1
        pieces = [
            RenderChunk(
                job_id=job_id,
                plan_attempt=attempt,
                index=n,
                kind=CAPTURE,
                status=PieceStatus.PENDING,
                frame_start=r.start,
                frame_stop=None if n == last else r.stop,
                frames_done=0,
                segment_keys=[],
                meta={},
                attempts=0,
            )
            for n, r in enumerate(ranges)
        ]
        assembly = RenderChunk(
            job_id=job_id,
            plan_attempt=attempt,
            index=len(ranges),
            kind=ASSEMBLE,
            status=PieceStatus.WAITING,
            frame_start=0,
            frame_stop=None,
            frames_done=0,
            segment_keys=[],
            meta=meta,
            attempts=0,
        )
        session.add_all([*pieces, assembly])
        job.stage = JobStage.RENDERING
        job.progress = max(job.progress, RENDER_FROM)
        job.updated_at = utcnow()
        await session.flush()
        return [p.id for p in pieces]


@dataclass
class Claimed:
    """A piece this worker now holds, with what it needs of its job."""

    id: str
    job_id: str
    attempt: int  # the job's attempt that planned it (and still holds the job)
    job_worker: str  # the job's worker_id: the job's own writes are fenced with it
    index: int
    kind: str
    frames: range  # capture: the frames (stop may pass the page's end: the last piece)
    piece_try: int  # claims of this piece so far, this one included
    request: dict[str, Any]  # the job's stored spec
    total_frames: int
    meta: dict[str, Any]


@dataclass
class GiveUp:
    """A piece claimed MAX_ATTEMPTS times with no outcome: its job fails."""

    job_id: str
    job_worker: str
    attempt: int
    error: str


async def claim(
    db: Database, redis: Any, settings: Settings, piece_id: str, worker_id: str
) -> Claimed | GiveUp | None:
    """Take the piece when it is pending, or processing on a worker whose heartbeat stopped,
    and its job is still on the plan's attempt; None when it is not ours to do."""
    async with db.session() as session:
        piece = await session.get(RenderChunk, piece_id)
        if piece is None or piece.status not in (PieceStatus.PENDING, PieceStatus.PROCESSING):
            return None
        job = await session.get(RenderJob, piece.job_id)
        if job is None or not _on_attempt(job, piece.plan_attempt) or job.worker_id is None:
            return None
        holder = piece.worker_id
        if (
            piece.status == PieceStatus.PROCESSING
            and holder != worker_id
            and holder in await live_workers(redis, settings)
        ):
            return None
        unchanged = (
            RenderChunk.id == piece_id,
            RenderChunk.status == piece.status,
            RenderChunk.worker_id.is_(None) if holder is None else RenderChunk.worker_id == holder,
            RenderChunk.attempts == piece.attempts,
        )
        if piece.attempts >= MAX_ATTEMPTS:
            await session.execute(
                update(RenderChunk).where(*unchanged).values(status=PieceStatus.FAILED)
            )
            error = (
                f"Render failed: part {piece.index + 1} of the video was started "
                f"{piece.attempts} times and no attempt finished; not retried"
            )
            return GiveUp(job.id, job.worker_id, piece.plan_attempt, error)
        piece_try = piece.attempts + 1  # read before the UPDATE refreshes the object
        result = await session.execute(
            update(RenderChunk)
            .where(*unchanged)
            .values(
                status=PieceStatus.PROCESSING,
                worker_id=worker_id,
                attempts=RenderChunk.attempts + 1,
                updated_at=utcnow(),
            )
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            return None
        meta = await _plan_meta(session, job.id, piece.plan_attempt)
        stop = piece.frame_stop if piece.frame_stop is not None else 1 << 30
        return Claimed(
            id=piece.id,
            job_id=job.id,
            attempt=piece.plan_attempt,
            job_worker=job.worker_id,
            index=piece.index,
            kind=piece.kind,
            frames=range(piece.frame_start, stop),
            piece_try=piece_try,
            request=job.request,
            total_frames=int(meta.get("frames") or 0),
            meta=meta,
        )


async def _plan_meta(session: AsyncSession, job_id: str, attempt: int) -> dict[str, Any]:
    found = await session.execute(
        select(RenderChunk.meta).where(
            RenderChunk.job_id == job_id,
            RenderChunk.plan_attempt == attempt,
            RenderChunk.kind == ASSEMBLE,
        )
    )
    return dict(found.scalar_one_or_none() or {})


def _mine(piece: Claimed, worker_id: str) -> Any:
    return (
        (RenderChunk.id == piece.id)
        & (RenderChunk.status == PieceStatus.PROCESSING)
        & (RenderChunk.worker_id == worker_id)
        & (RenderChunk.attempts == piece.piece_try)
    )


def _job_mine(piece: Claimed) -> Any:
    return (
        (RenderJob.id == piece.job_id)
        & (RenderJob.status == JobStatus.PROCESSING)
        & (RenderJob.worker_id == piece.job_worker)
        & (RenderJob.attempts == piece.attempt)
    )


async def save_progress(db: Database, piece: Claimed, worker_id: str, frames_done: int) -> None:
    """This piece's frames done, and the job's progress as the sum of its pieces' frames
    (never lowered)."""
    async with db.session() as session:
        result = await session.execute(
            update(RenderChunk)
            .where(_mine(piece, worker_id))
            .values(frames_done=frames_done, updated_at=utcnow())
        )
        if result.rowcount != 1 or not piece.total_frames:  # type: ignore[attr-defined]
            return
        done = await _frames_done(session, piece.job_id, piece.attempt)
        share = min(1.0, done / piece.total_frames)
        percent = int(RENDER_FROM + (RENDER_TO - RENDER_FROM) * share)
        await session.execute(
            update(RenderJob)
            .where(_job_mine(piece), RenderJob.progress <= percent)
            .values(stage=JobStage.RENDERING, progress=percent, updated_at=utcnow())
        )


async def _frames_done(session: AsyncSession, job_id: str, attempt: int) -> int:
    total = await session.execute(
        select(func.coalesce(func.sum(RenderChunk.frames_done), 0)).where(
            RenderChunk.job_id == job_id,
            RenderChunk.plan_attempt == attempt,
            RenderChunk.kind == CAPTURE,
        )
    )
    return int(total.scalar_one())


@dataclass
class Finished:
    ours: bool  # False: the piece or its job moved on; what it stored is nobody's
    assembly_id: str | None  # set for the one finisher that completed the set


async def finish(
    db: Database,
    piece: Claimed,
    worker_id: str,
    keys: list[str],
    frames: int,
    page: dict[str, Any] | None = None,
) -> Finished:
    """Mark the capture piece done with its stored runs and what its page reported (`page`,
    kept in its meta: the assembly's poster frame and quality check read it); when it was
    the last one, the assembly piece becomes pending (in the same transaction, the job row
    locked first)."""
    async with db.session() as session:
        job = await _lock_job(session, piece.job_id)
        if not _on_attempt(job, piece.attempt):
            return Finished(False, None)
        result = await session.execute(
            update(RenderChunk)
            .where(_mine(piece, worker_id))
            .values(
                status=PieceStatus.DONE,
                segment_keys=keys,
                frames_done=frames,
                meta={"page": page} if page is not None else {},
                updated_at=utcnow(),
            )
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            return Finished(False, None)
        left = await session.execute(
            select(func.count()).where(
                RenderChunk.job_id == piece.job_id,
                RenderChunk.plan_attempt == piece.attempt,
                RenderChunk.kind == CAPTURE,
                RenderChunk.status != PieceStatus.DONE,
            )
        )
        if left.scalar_one():
            return Finished(True, None)
        ready = await session.execute(
            update(RenderChunk)
            .where(
                RenderChunk.job_id == piece.job_id,
                RenderChunk.plan_attempt == piece.attempt,
                RenderChunk.kind == ASSEMBLE,
                RenderChunk.status == PieceStatus.WAITING,
            )
            .values(status=PieceStatus.PENDING, updated_at=utcnow())
            .returning(RenderChunk.id)
        )
        return Finished(True, ready.scalar_one_or_none())


async def plan_pieces(db: Database, job_id: str, attempt: int) -> list[RenderChunk]:
    """The plan's capture pieces in order."""
    async with db.session() as session:
        rows = await session.execute(
            select(RenderChunk)
            .where(
                RenderChunk.job_id == job_id,
                RenderChunk.plan_attempt == attempt,
                RenderChunk.kind == CAPTURE,
            )
            .order_by(RenderChunk.index)
        )
        return list(rows.scalars().all())


async def settle_piece(db: Database, piece: Claimed, worker_id: str, to: str) -> bool:
    """Move a held piece to `to`: pending (given back for another try), done (the assembly)
    or failed; False when it is no longer ours."""
    async with db.session() as session:
        values: dict[str, Any] = {"status": to, "updated_at": utcnow()}
        if to == PieceStatus.PENDING:
            values["worker_id"] = None
        result = await session.execute(
            update(RenderChunk).where(_mine(piece, worker_id)).values(**values)
        )
        return result.rowcount == 1  # type: ignore[attr-defined]


async def hand_back(
    db: Database, piece_id: str, worker_id: str | None, quiet_since: datetime | None
) -> bool:
    """Put a piece `processing` on `worker_id` back to pending (its worker died, or, with
    `quiet_since`, its attempt ended without an outcome and nothing was written since)."""
    conditions = [
        RenderChunk.id == piece_id,
        RenderChunk.status == PieceStatus.PROCESSING,
        RenderChunk.worker_id == worker_id,
    ]
    if quiet_since is not None:
        conditions.append(RenderChunk.updated_at < quiet_since)
    async with db.session() as session:
        result = await session.execute(
            update(RenderChunk)
            .where(*conditions)
            .values(status=PieceStatus.PENDING, worker_id=None, updated_at=utcnow())
        )
        return result.rowcount == 1  # type: ignore[attr-defined]
