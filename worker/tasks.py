"""arq tasks: render_job(job_id) and the sweep that keeps the queue in step with the DB."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from datetime import timedelta
from pathlib import Path
from typing import Any, Protocol, TypeVar

from arq import Retry
from playwright.async_api import Error as PlaywrightError
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt
from tenacity.wait import wait_base

from app.config import Settings
from app.db import Database, utcnow
from app.idempotency import purge_idempotency
from app.logs import job_logging
from app.media.ffmpeg import run_ffmpeg
from app.media.storage import Storage, poster_keys, video_key
from app.renders import queue, render_stats
from app.renders.job import JobSpecInvalid, RenderJobSpec, load_job_spec
from app.renders.models import RenderChunk, RenderJob
from app.renders.states import JobStage, JobStatus
from app.renders.thumbnails import GIF_MAX_FPS, gif_args, png_args
from app.viewers.service import purge_view_events
from app.workdir import temp_dir
from worker import jobs
from worker.render import errors as render_errors
from worker.render.pipeline import RenderResult, Split, render_or_split
from worker.render.store import StoreError, delete_attempt_videos, store_video

log = logging.getLogger("reelsmith.worker")

T = TypeVar("T")

MAX_TRIES = jobs.MAX_ATTEMPTS  # a transient failure on the last attempt fails the job
PROGRESS_FLUSH_S = 1.0
# Pauses (s) before writing a job's outcome again while the database errs.
WRITE_RETRY_S = (0.5, 1.0, 2.0, 4.0, 8.0)
# A `processing` job arq no longer holds, unwritten for this long, is handed back by the sweep.
STRANDED_GRACE_S = 120
# Seconds before the pipeline is cut off, inside arq's own (longer) job timeout, so a timeout
# is a failed job with a readable error instead of an arq cancellation.
TIMEOUT_MARGIN_S = 30
# The preview GIF made at completion: this long (s) from the poster frame; each ffmpeg's limit.
PREVIEW_GIF_S = 3.0
POSTER_TIMEOUT_S = 60.0


def backoff_s(job_try: int) -> int:
    """5 s, 20 s, 80 s ... between attempts after a transient failure."""
    return 5 * 4 ** (job_try - 1)


def causes(exc: BaseException) -> list[BaseException]:
    """The exception and what it was raised from (the engine wraps browser errors)."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or current.__context__
    return chain


def is_transient(exc: BaseException) -> bool:
    """Browser crashes and the like: worth another attempt. Input errors never are."""
    if isinstance(exc, render_errors.RenderInputError):
        return False
    return any(_transient_kind(e) for e in causes(exc))


def _transient_kind(exc: BaseException) -> bool:
    if isinstance(exc, StoreError):
        return True
    if isinstance(exc, render_errors.RenderTimeout):
        return True  # a browser or ffmpeg step hung; a fresh browser usually does it
    return isinstance(exc, PlaywrightError | BrokenPipeError | ConnectionResetError)


def readable_error(exc: BaseException) -> str:
    if isinstance(exc, render_errors.RenderError | StoreError):
        return str(exc) or exc.__class__.__name__
    return f"Render failed: internal error ({exc.__class__.__name__}: {str(exc)[:300]})"


class Progress:
    """on_progress(stage, percent) for the pipeline; a background task writes it at most
    once per PROGRESS_FLUSH_S (throttled), never lowering progress. Each stage the job
    enters is one log line."""

    def __init__(self, db: Database, job: RenderJob, worker_id: str) -> None:
        self.db, self.job_id, self.worker_id, self.attempt = db, job.id, worker_id, job.attempts
        start = job.progress
        self.stage, self.percent = str(JobStage.FETCHING_DATA), start
        self.written: tuple[str, int] = (self.stage, start)
        self.task: asyncio.Task[None] | None = None
        self.logged_stage: str | None = None

    def __call__(self, stage: str, percent: float) -> None:
        if stage != self.logged_stage:
            log.info("job %s: %s", self.job_id, stage)
            self.logged_stage = stage
        self.stage = stage
        self.percent = max(self.percent, min(99, int(percent)))

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(PROGRESS_FLUSH_S)
            await self.flush()

    async def flush(self) -> None:
        """Write what changed; a database error only delays it to the next flush."""
        current = (self.stage, self.percent)
        if current == self.written:
            return
        try:
            await jobs.save_progress(self.db, self.job_id, self.worker_id, self.attempt, *current)
        except (SQLAlchemyError, OSError) as exc:
            log.warning("job %s: progress not saved yet: %s", self.job_id, exc)
            return
        self.written = current

    def __enter__(self) -> Progress:
        self.task = asyncio.create_task(self._loop())
        return self

    def __exit__(self, *exc: object) -> None:
        if self.task:
            self.task.cancel()


def scenes_fully_in(result: RenderResult) -> dict[str, int]:
    """Template scene index -> when the scene is fully in (after its entry transition), the
    time a thumbnail by sceneIndex shows."""
    return {str(k): int(v) for k, v in result.scene_fully_in_ms.items()}


def scene_starts(result: RenderResult) -> dict[str, int]:
    """Template scene index -> when the rendered scene starts (the player's scene beacons)."""
    return {str(k): int(v) for k, v in result.scene_starts_ms.items()}


class SceneTiming(Protocol):
    """What the poster needs of a render: its length and when each scene is fully in."""

    duration_ms: int
    scene_fully_in_ms: dict[int, int]


async def make_posters(
    storage: Storage, job: RenderJob, attempt: int, video: Path, result: SceneTiming
) -> tuple[str | None, str | None]:
    """The poster PNG (at the first scene fully in, else 0 s) and a ~3 s preview GIF
    (<= 480 px), stored under posters/; (None, None) when ffmpeg fails: logged, and the
    render still completes without them."""
    fully_in = result.scene_fully_in_ms
    at_s = fully_in[min(fully_in)] / 1000 if fully_in else 0.0
    total_s = (result.duration_ms or 0) / 1000
    if total_s and at_s >= total_s:
        at_s = 0.0
    length = min(PREVIEW_GIF_S, total_s - at_s) if total_s else PREVIEW_GIF_S
    png_key, gif_key = poster_keys(job.id, attempt)
    png, gif = video.with_suffix(".poster.png"), video.with_suffix(".preview.gif")
    try:
        await run_ffmpeg(png_args(video, at_s, png), POSTER_TIMEOUT_S, "poster PNG")
        fps = min(job_spec(job).output.fps, GIF_MAX_FPS)
        await run_ffmpeg(gif_args(video, at_s, length, fps, gif), POSTER_TIMEOUT_S, "preview GIF")
        await asyncio.to_thread(storage.put, png_key, png)
        await asyncio.to_thread(storage.put, gif_key, gif)
    except Exception as exc:  # a poster never fails the render
        log.warning("job %s: poster/preview GIF not made: %s", job.id, exc)
        with contextlib.suppress(Exception):  # the store may be what failed
            await asyncio.to_thread(storage.delete, png_key)
        return None, None
    return png_key, gif_key


def job_spec(job: RenderJob) -> RenderJobSpec:
    """The job's stored spec, re-validated (an unversioned row upgraded); a row that cannot
    be read is an input error: the job fails with that message and is refunded."""
    try:
        spec = load_job_spec(job.request)
    except JobSpecInvalid as exc:
        raise render_errors.RenderInputError(str(exc)) from exc
    return spec.model_copy(update={"jobId": job.id})


async def run_pipeline(
    settings: Settings,
    job: RenderJob,
    progress: Progress,
    out_path: Path,
    db: Database,
    split: Split | None = None,
) -> RenderResult | None:
    """The render engine, called through its one entry point, within the job's time; None
    when `split` planned the job into pieces for several workers (worker/chunk_tasks.py)."""
    spec = job_spec(job)
    async with asyncio.timeout(max(settings.job_timeout_s - TIMEOUT_MARGIN_S, 30)):
        return await render_or_split(spec, settings, progress, out_path, db=db, split=split)


async def render_job(ctx: dict[str, Any], job_id: str) -> str:
    """The arq task: `_render_job` with the job id on every log line it writes."""
    with job_logging(job_id):
        return await _render_job(ctx, job_id)


async def _render_job(ctx: dict[str, Any], job_id: str) -> str:
    """Claim, render, store, mark complete. Every path ends in complete, failed (refunded once)
    or pending again (a retry, a shutdown); if even that cannot be written, the sweep hands
    the job back once arq no longer holds it."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    storage: Storage = ctx["storage"]
    worker_id: str = ctx["worker_id"]
    job = await jobs.claim(db, ctx["redis"], settings, job_id, worker_id)
    if job is None:
        return "skipped: not pending or taken by a live worker"
    if job.status == JobStatus.FAILED:
        log.warning("job %s: %s", job_id, job.error)
        await drop_attempt_videos(storage, job.id, range(1, job.attempts + 1))
        return "failed: too many attempts"
    started = time.monotonic()
    make_split = ctx.get("splitter")  # worker/chunk_plan.py, set by the worker (settings.py)
    split = make_split(ctx, job) if make_split else None
    try:
        return await _render_claimed(settings, db, storage, worker_id, job, ctx["redis"], split)
    except asyncio.CancelledError:
        # Shutdown (arq re-runs the job) or DELETE (the job is no longer ours): give it back.
        await asyncio.shield(_give_back(db, job, worker_id))
        raise
    except Retry:
        raise
    except Exception:
        log.exception("job %s: its outcome could not be recorded; the sweep hands it back", job_id)
        return "stranded: outcome not recorded"
    finally:
        log.info("job %s done in %.1fs", job_id, time.monotonic() - started)
        await asyncio.shield(_top_up(ctx))


async def _render_claimed(
    settings: Settings,
    db: Database,
    storage: Storage,
    worker_id: str,
    job: RenderJob,
    redis: Any,
    split: Split | None = None,
) -> str:
    began = time.monotonic()
    attempt = job.attempts  # claims so far, this one included
    key = video_key(job.id, attempt)
    with temp_dir(settings, f"{job.id[:8]}-") as tmp:
        out_path = Path(tmp) / "video.mp4"
        try:
            with Progress(db, job, worker_id) as progress:
                result = await run_pipeline(settings, job, progress, out_path, db, split)
                if result is None:
                    return "planned: its pieces go to any worker"
                progress(JobStage.UPLOADING, 99)
                await progress.flush()
            await store_video(storage, key, out_path)
            poster, preview_gif = await make_posters(storage, job, attempt, out_path, result)
        except TimeoutError:
            error = f"Render timed out after {settings.job_timeout_s} s"
            if await settle(jobs.fail, db, job.id, worker_id, attempt, error):
                await drop_attempt_videos(storage, job.id, range(1, attempt))
            return "failed: timeout"
        except Exception as exc:
            if is_transient(exc) and attempt < MAX_TRIES:
                log.warning("job %s transient failure (try %d): %s", job.id, attempt, exc)
                if not await settle(jobs.release, db, job.id, worker_id, attempt):
                    return "dropped: job no longer ours"
                raise Retry(defer=backoff_s(attempt)) from exc
            log.info("job %s failed: %s", job.id, exc)
            if await settle(jobs.fail, db, job.id, worker_id, attempt, readable_error(exc)):
                await drop_attempt_videos(storage, job.id, range(1, attempt))
            return "failed"
    try:
        done = await settle(
            jobs.complete,
            db,
            job.id,
            worker_id,
            attempt,
            key,
            result.duration_ms,
            scenes_fully_in(result),
            result.voiceovers,
            storage.url(key),
            scene_starts(result),
            poster,
            preview_gif,
        )
    except Exception:
        await asyncio.shield(_drop_unrecorded(db, storage, job.id, attempt))
        raise
    if not done:
        # Deleted or taken over meanwhile: only this attempt's own files.
        await drop_attempt_videos(storage, job.id, [attempt])
        return "dropped: job no longer ours"
    # Earlier attempts that were killed after storing their video (or lost the job) leave
    # files nobody refers to: the completed job keeps only its own.
    await drop_attempt_videos(storage, job.id, range(1, attempt))
    await observe_render(redis, settings, job.id, time.monotonic() - began, result)
    return "complete"


async def observe_render(
    redis: Any, settings: Settings, job_id: str, seconds: float, result: RenderResult
) -> None:
    """Record a completed render in the /metrics histograms; a failure is logged only (the
    job is complete whatever the figures)."""
    try:
        fps = result.frames / result.elapsed_s if result.elapsed_s > 0 else 0.0
        await render_stats.record_render(redis, settings, seconds, fps)
    except Exception:
        log.warning("job %s: render metrics not recorded", job_id, exc_info=True)


async def drop_attempt_videos(storage: Storage, job_id: str, attempts: Iterable[int]) -> None:
    """Delete these attempts' stored videos; a failure is logged, never the job's outcome."""
    numbers = list(attempts)
    try:
        removed = await asyncio.to_thread(delete_attempt_videos, storage, job_id, numbers)
    except Exception:
        log.exception("job %s: stored videos of attempts %s not deleted", job_id, numbers)
        return
    if removed:
        log.info("job %s: deleted videos no outcome refers to: %s", job_id, ", ".join(removed))


async def _recorded_with(db: Database, job_id: str, key: str) -> bool:
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        return job is not None and job.status == JobStatus.COMPLETE and job.output_key == key


async def _drop_unrecorded(db: Database, storage: Storage, job_id: str, attempt: int) -> None:
    """The completion write failed after its retries: delete the stored video unless the
    write went through after all (the database committed, then the connection dropped). When
    even that cannot be read, the file stays; the attempt that completes the job (the sweep
    hands it back) deletes it."""
    key = video_key(job_id, attempt)
    try:
        recorded = await settle(_recorded_with, db, job_id, key)
    except Exception:
        log.warning("job %s: cannot tell whether %s was recorded; kept for now", job_id, key)
        return
    if not recorded:
        await drop_attempt_videos(storage, job_id, [attempt])


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


async def _give_back(db: Database, job: RenderJob, worker_id: str) -> None:
    try:
        await settle(jobs.release, db, job.id, worker_id, job.attempts)
    except Exception:
        log.exception("job %s could not be given back; the sweep hands it back", job.id)


async def _top_up(ctx: dict[str, Any]) -> None:
    try:
        await queue.dispatch(ctx["db"], ctx["redis"], ctx["settings"])
    except Exception:
        log.exception("dispatch after job failed")


async def sweep(ctx: dict[str, Any]) -> dict[str, int]:
    """Make the queue match the database: re-enqueue `pending` jobs missing from arq; hand
    back jobs stuck `processing` on a dead worker (no heartbeat), and jobs `processing` on a
    live worker that arq no longer holds and nobody has written for `stranded_grace_s`
    (their attempt ended without recording an outcome); top up; purge idempotency records
    and raw view events past REELSMITH_VIEW_EVENTS_RETENTION_DAYS."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    pool = ctx["redis"]
    quiet_since = utcnow() - timedelta(seconds=ctx.get("stranded_grace_s", STRANDED_GRACE_S))
    live = await queue.live_workers(pool, settings)
    # A job planned into pieces on its current attempt is kept moving by the chunk sweep.
    planned = (
        select(RenderChunk.id)
        .where(RenderChunk.job_id == RenderJob.id, RenderChunk.plan_attempt == RenderJob.attempts)
        .exists()
    )
    async with db.session() as session:
        rows = (
            await session.execute(
                select(RenderJob.id, RenderJob.status, RenderJob.worker_id).where(
                    (RenderJob.status == JobStatus.PROCESSING)
                    | (
                        (RenderJob.status == JobStatus.PENDING) & RenderJob.enqueued_at.is_not(None)
                    ),
                    ~planned,
                )
            )
        ).all()
        purged = await purge_idempotency(session)
        views_purged = await purge_view_events(session, settings.view_events_retention_days)
    orphaned = stranded = requeued = 0
    for job_id, status, worker_id in rows:
        if status == JobStatus.PROCESSING and worker_id not in live:
            orphaned += 1
        elif status == JobStatus.PROCESSING:
            if await queue.in_queue(pool, settings, job_id):
                continue  # rendering (arq holds it in progress)
            if not await jobs.hand_back(db, job_id, worker_id, quiet_since):
                continue  # moved on meanwhile, or written within the grace
            stranded += 1
        elif status == JobStatus.PENDING and not await queue.in_queue(pool, settings, job_id):
            requeued += 1
        else:
            continue
        await queue.release(pool, settings, job_id)
        await queue.enqueue(pool, settings, job_id)
    dispatched = len(await queue.dispatch(db, pool, settings))
    if orphaned or stranded or requeued:
        log.warning("sweep: %d orphaned, %d stranded, %d re-enqueued", orphaned, stranded, requeued)
    if purged or views_purged:  # arq's own line of a periodic job is not logged (app/logs.py)
        log.info("sweep: purged %d idempotency records, %d view events", purged, views_purged)
    return {
        "orphaned": orphaned,
        "stranded": stranded,
        "requeued": requeued,
        "dispatched": dispatched,
        "purged": purged,
        "view_events_purged": views_purged,
    }
