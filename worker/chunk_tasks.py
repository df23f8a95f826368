"""One long video across workers: the arq task `render_chunk(chunk_id)` and the sweep that
keeps pieces moving (state changes in worker/chunks.py; the planner in worker/chunk_plan.py).

The worker that claims a long job prepares it once (sources, voices, timeline, compose), mixes
its soundtrack once, stores the composed page (with its assets) and the soundtrack in the media
Storage (local folder or S3, so a worker on another machine can read them), writes the plan and
enqueues one `render_chunk` per capture piece. Any worker captures any piece into GOP-aligned
H.264 parts (the engine's own chunk encoder: parts join without re-encoding) and stores them;
the worker that finishes the last piece assembles: concat + mux with the soundtrack, poster,
and the job's completion, written exactly as a single-piece render's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from arq import Retry
from sqlalchemy import delete, select
from sqlalchemy.exc import SQLAlchemyError

from app.config import Settings
from app.db import Database, utcnow
from app.logs import job_logging
from app.media.storage import Storage, video_key
from app.renders import queue
from app.renders.job import JobSpecInvalid, load_job_spec
from app.renders.models import RenderChunk, RenderJob
from app.renders.states import JobStatus
from app.workdir import temp_dir
from worker import chunks, jobs
from worker.chunk_plan import delete_keys, unpack_page
from worker.chunks import ASSEMBLE, ChunkStatus, Claimed, GiveUp
from worker.completion import drop_attempt_videos, make_posters
from worker.jobs import settle
from worker.render import errors as render_errors
from worker.render.encode import step_timeout
from worker.render.mux import join_and_mux
from worker.render.pipeline import capture_segments
from worker.render.segments import cut_at
from worker.render.store import StoreError, store_video
from worker.retries import backoff_s, is_transient, readable_error
from worker.tasks import MAX_TRIES, PROGRESS_FLUSH_S, STRANDED_GRACE_S, TIMEOUT_MARGIN_S

log = logging.getLogger("reelsmith.worker")

STALE_PLANS_PER_SWEEP = 50


# ---- the arq task ----


async def render_chunk(ctx: dict[str, Any], chunk_id: str) -> str:
    """Claim a piece and do it: capture a frame range, or assemble the video."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    held = await chunks.claim(db, ctx["redis"], settings, chunk_id, ctx["worker_id"])
    if held is None:
        return "skipped: not pending, taken by a live worker, or its job moved on"
    if isinstance(held, GiveUp):
        with job_logging(held.job_id):
            log.warning("job %s: %s", held.job_id, held.error)
            await settle(jobs.fail, db, held.job_id, held.job_worker, held.attempt, held.error)
        return "failed: too many attempts"
    with job_logging(held.job_id):
        started = time.monotonic()
        try:
            return await _do(ctx, held)
        finally:
            log.info(
                "job %s piece %d done in %.1fs", held.job_id, held.index, time.monotonic() - started
            )


async def _do(ctx: dict[str, Any], piece: Claimed) -> str:
    if piece.kind == ASSEMBLE:
        return await _guarded(ctx, piece, _assemble, own=True)
    outcome = await _guarded(ctx, piece, _capture, own=True)
    if not outcome.startswith("assemble:"):
        return outcome
    # This piece was the last: its worker assembles (unless a sweep's worker got there first).
    assembly = await chunks.claim(
        ctx["db"], ctx["redis"], ctx["settings"], outcome.partition(":")[2], ctx["worker_id"]
    )
    if not isinstance(assembly, Claimed):
        return "captured; assembly taken elsewhere"
    return await _guarded(ctx, assembly, _assemble, own=False)


Work = Callable[[dict[str, Any], Claimed], Awaitable[str]]


async def _guarded(ctx: dict[str, Any], piece: Claimed, work: Work, *, own: bool) -> str:
    """Run one piece within the job time limit: a transient failure gives the piece back for
    another try (backoff); anything else fails the job (refunded once). `own`: the piece is
    this arq job's (retried by arq), else it is enqueued afresh."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    worker_id: str = ctx["worker_id"]
    try:
        async with asyncio.timeout(max(settings.job_timeout_s - TIMEOUT_MARGIN_S, 30)):
            return await work(ctx, piece)
    except asyncio.CancelledError:
        await asyncio.shield(_give_back(db, piece, worker_id))
        raise
    except Retry:
        raise
    except TimeoutError:
        error = f"Render timed out after {settings.job_timeout_s} s (part {piece.index + 1})"
        await _fail(db, piece, worker_id, error)
        return "failed: timeout"
    except SQLAlchemyError:
        log.exception(
            "job %s piece %d: outcome not recorded; the sweep hands it back",
            piece.job_id, piece.index,
        )  # fmt: skip
        return "stranded: outcome not recorded"
    except Exception as exc:
        if is_transient(exc) and piece.piece_try < MAX_TRIES:
            return await _again(ctx, piece, exc, own=own)
        log.info("job %s piece %d failed: %s", piece.job_id, piece.index, exc)
        await _fail(db, piece, worker_id, readable_error(exc))
        return "failed"


async def _again(ctx: dict[str, Any], piece: Claimed, exc: BaseException, *, own: bool) -> str:
    log.warning(
        "job %s piece %d transient failure (try %d): %s",
        piece.job_id,
        piece.index,
        piece.piece_try,
        exc,
    )
    db: Database = ctx["db"]
    if not await settle(chunks.settle_piece, db, piece, ctx["worker_id"], ChunkStatus.PENDING):
        return "dropped: piece no longer ours"
    if own:
        raise Retry(defer=backoff_s(piece.piece_try)) from exc
    await queue.enqueue_chunk(ctx["redis"], ctx["settings"], piece.id)
    return "given back"


async def _fail(db: Database, piece: Claimed, worker_id: str, error: str) -> None:
    if await settle(chunks.settle_piece, db, piece, worker_id, ChunkStatus.FAILED):
        await settle(jobs.fail, db, piece.job_id, piece.job_worker, piece.attempt, error)


async def _give_back(db: Database, piece: Claimed, worker_id: str) -> None:
    try:
        await settle(chunks.settle_piece, db, piece, worker_id, ChunkStatus.PENDING)
    except Exception:
        log.exception(
            "job %s piece %d could not be given back; the sweep does", piece.job_id, piece.index
        )


def _spec_output(piece: Claimed) -> Any:
    try:
        return load_job_spec(piece.request).output
    except JobSpecInvalid as exc:
        raise render_errors.RenderInputError(str(exc)) from exc


class PieceProgress:
    """on_frames(done, total) for a piece's capture; written at most once per
    PROGRESS_FLUSH_S (the job's progress is the sum of its pieces)."""

    def __init__(self, db: Database, piece: Claimed, worker_id: str) -> None:
        self.db, self.piece, self.worker_id = db, piece, worker_id
        self.done = self.written = 0
        self.task: asyncio.Task[None] | None = None

    def on_frames(self, done: int, total: int) -> None:
        self.done = done

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(PROGRESS_FLUSH_S)
            if self.done != self.written:
                try:
                    await chunks.save_progress(self.db, self.piece, self.worker_id, self.done)
                except (SQLAlchemyError, OSError) as exc:
                    log.warning("job %s: progress not saved yet: %s", self.piece.job_id, exc)
                    continue
                self.written = self.done

    def __enter__(self) -> PieceProgress:
        self.task = asyncio.create_task(self._loop())
        return self

    def __exit__(self, *exc: object) -> None:
        if self.task:
            self.task.cancel()


async def _capture(ctx: dict[str, Any], piece: Claimed) -> str:
    """Capture the piece's frames into stored parts; "assemble:<id>" when it was the last."""
    settings: Settings = ctx["settings"]
    storage: Storage = ctx["storage"]
    worker_id: str = ctx["worker_id"]
    output = _spec_output(piece)
    with temp_dir(settings, f"{piece.job_id[:8]}-p{piece.index}-") as tmp:
        workdir = Path(tmp)
        bundle = workdir / "page.tar"
        await _fetch(storage, chunks.bundle_key(piece.job_id, piece.attempt), bundle)
        page, assets = await asyncio.to_thread(unpack_page, bundle, workdir / "page")
        with PieceProgress(ctx["db"], piece, worker_id) as progress:
            captured = await capture_segments(
                page, assets, output, settings, workdir, progress.on_frames, piece_segments(piece)
            )
        keys = [
            chunks.segment_key(piece.job_id, piece.attempt, piece.index, n, piece.piece_try)
            for n in range(len(captured.paths))
        ]
        for key, path in zip(keys, captured.paths, strict=True):
            await store_video(storage, key, path)
    done = await settle(chunks.finish, ctx["db"], piece, worker_id, keys, captured.stats.frames)
    if not done.ours:
        await asyncio.to_thread(delete_keys, storage, keys)
        return "dropped: piece or job no longer ours"
    return f"assemble:{done.assembly_id}" if done.assembly_id else "captured"


def piece_segments(piece: Claimed) -> list[range]:
    """The piece's frames cut where the video's segments start (the plan's `cuts`), so the
    piece is encoded on the grid of the plain render."""
    total = piece.total_frames or piece.frames.stop
    return cut_at(
        list(piece.meta.get("cuts") or [0]),
        range(piece.frames.start, min(piece.frames.stop, total)),
    )


async def _fetch(storage: Storage, key: str, dest: Path) -> Path:
    try:
        return await asyncio.to_thread(storage.fetch, key, dest)
    except FileNotFoundError as exc:
        raise render_errors.RenderError(f"Render failed: a stored part is missing ({key})") from exc
    except Exception as exc:
        raise StoreError(f"Render failed: a stored part could not be read ({exc})") from exc


@dataclass
class Assembled:
    """What make_posters needs of a render, from the plan."""

    duration_ms: int
    scene_fully_in_ms: dict[int, int]


async def _assemble(ctx: dict[str, Any], piece: Claimed) -> str:
    """Concat the stored parts (no re-encode), mux the soundtrack, store, complete the job."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    storage: Storage = ctx["storage"]
    started = time.monotonic()
    rows = await chunks.pieces(db, piece.job_id, piece.attempt)
    parts = [str(k) for row in rows for k in row.segment_keys]
    frames = sum(row.frames_done for row in rows)
    meta = piece.meta
    attempt = piece.attempt
    key = video_key(piece.job_id, attempt)
    with temp_dir(settings, f"{piece.job_id[:8]}-join-") as tmp:
        workdir = Path(tmp)
        paths = [
            await _fetch(storage, k, workdir / f"part{n:04d}.mp4") for n, k in enumerate(parts)
        ]
        sound = await _fetch(
            storage, chunks.soundtrack_key(piece.job_id, attempt), workdir / "soundtrack.wav"
        )
        out = workdir / "video.mp4"
        await join_and_mux(paths, sound, frames / int(meta["fps"]), out, step_timeout(settings))
        await store_video(storage, key, out)
        async with db.session() as session:
            job = await session.get(RenderJob, piece.job_id)
        if job is None:
            return "dropped: job deleted"
        timing = Assembled(
            int(meta["durationMs"]), {int(k): int(v) for k, v in meta["sceneFullyInMs"].items()}
        )
        poster, preview_gif = await make_posters(storage, job, attempt, out, timing)
    done = await settle(
        jobs.complete,
        db,
        piece.job_id,
        piece.job_worker,
        attempt,
        key,
        timing.duration_ms,
        meta["sceneFullyInMs"],
        meta["voiceovers"],
        storage.url(key),
        meta["sceneStartsMs"],
        poster,
        preview_gif,
    )
    if not done:
        return "dropped: job no longer ours"  # its video key is the job's own: left alone
    log.info(
        "job %s: %d parts assembled in %.2fs", piece.job_id, len(parts), time.monotonic() - started
    )
    with contextlib.suppress(Exception):
        await settle(chunks.settle_piece, db, piece, ctx["worker_id"], ChunkStatus.DONE)
    await asyncio.to_thread(delete_keys, storage, plan_keys(piece.job_id, attempt, rows))
    await drop_attempt_videos(storage, piece.job_id, range(1, attempt))
    with contextlib.suppress(Exception):
        await queue.dispatch(db, ctx["redis"], settings)
    return "complete"


def plan_keys(job_id: str, attempt: int, rows: list[RenderChunk]) -> list[str]:
    """Everything a plan stored: page, soundtrack, every part."""
    parts = [str(k) for row in rows for k in row.segment_keys]
    return [chunks.bundle_key(job_id, attempt), chunks.soundtrack_key(job_id, attempt), *parts]


# ---- the sweep ----


async def sweep_chunks(ctx: dict[str, Any]) -> dict[str, int]:
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
        rows = (
            await session.execute(
                select(RenderChunk.id, RenderChunk.status, RenderChunk.worker_id)
                .join(RenderJob, RenderJob.id == RenderChunk.job_id)
                .where(
                    current,
                    RenderChunk.status.in_((ChunkStatus.PENDING, ChunkStatus.PROCESSING)),
                )
            )
        ).all()
    handed = enqueued = 0
    for chunk_id, status, worker_id in rows:
        if status == ChunkStatus.PROCESSING:
            if worker_id in live and await queue.chunk_in_queue(pool, settings, chunk_id):
                continue  # being captured
            quiet = quiet_since if worker_id in live else None
            if not await chunks.hand_back(db, chunk_id, worker_id, quiet):
                continue
            handed += 1
        elif await queue.chunk_in_queue(pool, settings, chunk_id):
            continue
        await queue.release_chunk(pool, settings, chunk_id)
        await queue.enqueue_chunk(pool, settings, chunk_id)
        enqueued += 1
    removed = await _drop_stale_plans(db, ctx["storage"], current)
    if handed or enqueued:
        log.warning("chunk sweep: %d pieces handed back, %d enqueued", handed, enqueued)
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
        rows = await chunks.pieces(db, job_id, attempt)
        await asyncio.to_thread(delete_keys, storage, plan_keys(job_id, attempt, rows))
        async with db.session() as session:
            await session.execute(
                delete(RenderChunk).where(
                    RenderChunk.job_id == job_id, RenderChunk.plan_attempt == attempt
                )
            )
    return len(stale)
