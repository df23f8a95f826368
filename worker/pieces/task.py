"""The arq task of a long render's pieces: `render_piece(piece_id)` captures a piece's frames
into stored runs, or assembles the video once every capture piece is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arq import Retry
from sqlalchemy.exc import SQLAlchemyError

from app.config import Settings
from app.db import Database
from app.logs import job_logging
from app.media.storage import Storage, video_key
from app.renders import queue
from app.renders.job import JobSpecInvalid, load_job_spec
from app.renders.models import RenderJob
from app.workdir import temp_dir
from worker import jobs
from worker.completion import drop_attempt_videos, make_posters
from worker.jobs import settle
from worker.pieces import rows
from worker.pieces.plan import (
    bundle_key,
    delete_keys,
    plan_keys,
    run_key,
    soundtrack_key,
    unpack_page,
    voice_key,
)
from worker.pieces.rows import ASSEMBLE, Claimed, GiveUp, PieceStatus
from worker.render import errors as render_errors
from worker.render.audio import VOICE_STEM
from worker.render.encode import step_timeout
from worker.render.mux import join_and_mux
from worker.render.page import PageInfo
from worker.render.pipeline import capture_segments, check_quality
from worker.render.segments import cut_at
from worker.render.store import StoreError, store_video
from worker.retries import backoff_s, is_transient, readable_error
from worker.tasks import MAX_TRIES, PROGRESS_FLUSH_S, TIMEOUT_MARGIN_S

log = logging.getLogger("reelsmith.worker")


async def render_piece(ctx: dict[str, Any], piece_id: str) -> str:
    """Claim a piece and do it: capture a frame range, or assemble the video."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    held = await rows.claim(db, ctx["redis"], settings, piece_id, ctx["worker_id"])
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
    assembly = await rows.claim(
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
    if not await settle(rows.settle_piece, db, piece, ctx["worker_id"], PieceStatus.PENDING):
        return "dropped: piece no longer ours"
    if own:
        scale = ctx["settings"].render_retry_scale
        raise Retry(defer=backoff_s(piece.piece_try, scale)) from exc
    await queue.enqueue_piece(ctx["redis"], ctx["settings"], piece.id)
    return "given back"


async def _fail(db: Database, piece: Claimed, worker_id: str, error: str) -> None:
    if await settle(rows.settle_piece, db, piece, worker_id, PieceStatus.FAILED):
        await settle(jobs.fail, db, piece.job_id, piece.job_worker, piece.attempt, error)


async def _give_back(db: Database, piece: Claimed, worker_id: str) -> None:
    try:
        await settle(rows.settle_piece, db, piece, worker_id, PieceStatus.PENDING)
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
        self.stopped = False  # a cancellation can be lost on the way (worker/steady.py)

    def on_frames(self, done: int, total: int) -> None:
        self.done = done

    async def _loop(self) -> None:
        while not self.stopped:
            await asyncio.sleep(PROGRESS_FLUSH_S)
            if self.done != self.written:
                try:
                    await rows.save_progress(self.db, self.piece, self.worker_id, self.done)
                except (SQLAlchemyError, OSError) as exc:
                    log.warning("job %s: progress not saved yet: %s", self.piece.job_id, exc)
                    continue
                self.written = self.done

    def __enter__(self) -> PieceProgress:
        self.task = asyncio.create_task(self._loop())
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped = True
        if self.task:
            self.task.cancel()


async def _capture(ctx: dict[str, Any], piece: Claimed) -> str:
    """Capture the piece's frames into stored runs; "assemble:<id>" when it was the last."""
    settings: Settings = ctx["settings"]
    storage: Storage = ctx["storage"]
    worker_id: str = ctx["worker_id"]
    output = _spec_output(piece)
    with temp_dir(settings, f"{piece.job_id[:8]}-p{piece.index}-") as tmp:
        workdir = Path(tmp)
        bundle = workdir / "page.tar"
        await _fetch(storage, bundle_key(piece.job_id, piece.attempt), bundle)
        page, assets = await asyncio.to_thread(unpack_page, bundle, workdir / "page")
        with PieceProgress(ctx["db"], piece, worker_id) as progress:
            captured = await capture_segments(
                page, assets, output, settings, workdir, progress.on_frames, piece_segments(piece)
            )
        keys = [
            run_key(piece.job_id, piece.attempt, piece.index, n, piece.piece_try)
            for n in range(len(captured.paths))
        ]
        for key, path in zip(keys, captured.paths, strict=True):
            await store_video(storage, key, path)
    report = page_record(captured.page)
    frames = captured.stats.frames
    done = await settle(rows.finish, ctx["db"], piece, worker_id, keys, frames, report)
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


def page_record(info: PageInfo) -> dict[str, Any]:
    """What a capture piece's page reported, as JSON on its row (every piece serves the same
    page, so any one of them tells the assembly)."""
    return {
        "durationMs": info.duration_ms,
        "intervals": [list(iv) for iv in info.intervals],
        "posterAtMs": info.poster_at_ms,
        "fit": info.fit,
    }


def page_of(captures: list[Any], duration_ms: float) -> PageInfo:
    """The page report a capture piece kept (`page_record`); a plan from before it was kept:
    the plan's length, the poster at 0 ms, no moving intervals, no text-fit entries."""
    for capture in captures:
        page = (capture.meta or {}).get("page")
        if page:
            return PageInfo(
                duration_ms=float(page["durationMs"]),
                intervals=[(float(a), float(b)) for a, b in page["intervals"]],
                poster_at_ms=float(page["posterAtMs"]),
                fit=list(page["fit"]),
            )
    return PageInfo(duration_ms=duration_ms, intervals=[], poster_at_ms=0.0)


def _quality_plan(meta: dict[str, Any]) -> dict[str, Any]:
    """The plan's quality inputs (`Prepared.quality_plan`); a plan from before they were kept:
    a soundtrack when someone spoke, no word timing, no glyph list."""
    planned = meta.get("quality")
    if planned:
        return dict(planned)
    return {"soundtrack": bool(meta.get("voiceovers")), "wordStartsMs": [], "missingGlyphs": []}


async def _fetch_optional(storage: Storage, key: str, dest: Path) -> Path | None:
    """A stored part the plan may not have (the voice of an unvoiced render)."""
    try:
        return await asyncio.to_thread(storage.fetch, key, dest)
    except FileNotFoundError:
        return None
    except Exception as exc:
        raise StoreError(f"Render failed: a stored part could not be read ({exc})") from exc


@dataclass
class Assembled:
    """What make_posters needs of a render, from the plan and the pieces' page."""

    duration_ms: int
    fps: int
    poster_at_ms: float


async def _assemble(ctx: dict[str, Any], piece: Claimed) -> str:
    """Concat the stored runs (no re-encode), mux the soundtrack, store, complete the job."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    storage: Storage = ctx["storage"]
    started = time.monotonic()
    captures = await rows.plan_pieces(db, piece.job_id, piece.attempt)
    runs = [str(k) for capture in captures for k in capture.segment_keys]
    frames = sum(capture.frames_done for capture in captures)
    meta = piece.meta
    attempt = piece.attempt
    key = video_key(piece.job_id, attempt)
    with temp_dir(settings, f"{piece.job_id[:8]}-join-") as tmp:
        workdir = Path(tmp)
        paths = [await _fetch(storage, k, workdir / f"run{n:04d}.mp4") for n, k in enumerate(runs)]
        sound = await _fetch(
            storage, soundtrack_key(piece.job_id, attempt), workdir / "soundtrack.wav"
        )
        stem = await _fetch_optional(
            storage, voice_key(piece.job_id, attempt), workdir / VOICE_STEM
        )
        out = workdir / "video.mp4"
        await join_and_mux(paths, sound, frames / int(meta["fps"]), out, step_timeout(settings))
        page = page_of(captures, float(meta["durationMs"]))
        report = await check_quality(
            out, _spec_output(piece), _quality_plan(meta), page, settings, workdir,
            voice_stem=stem,
        )  # fmt: skip
        await store_video(storage, key, out)
        async with db.session() as session:
            job = await session.get(RenderJob, piece.job_id)
        if job is None:
            return "dropped: job deleted"
        timing = Assembled(int(meta["durationMs"]), int(meta["fps"]), page.poster_at_ms)
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
        timing.poster_at_ms,
        report.to_json(),
    )
    if not done:
        return "dropped: job no longer ours"  # its video key is the job's own: left alone
    log.info(
        "job %s: %d runs assembled in %.2fs", piece.job_id, len(runs), time.monotonic() - started
    )
    with contextlib.suppress(Exception):
        await settle(rows.settle_piece, db, piece, ctx["worker_id"], PieceStatus.DONE)
    await asyncio.to_thread(delete_keys, storage, plan_keys(piece.job_id, attempt, captures))
    await drop_attempt_videos(storage, piece.job_id, range(1, attempt))
    with contextlib.suppress(Exception):
        await queue.dispatch(db, ctx["redis"], settings)
    return "complete"
