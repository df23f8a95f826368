"""arq tasks: render_job(job_id) (claim, render, store, complete) and the sweep that keeps the
queue in step with the DB. What follows a written video is worker/completion.py; which
failures are retried, worker/retries.py."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from arq import Retry
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from app.config import Settings
from app.db import Database, utcnow
from app.idempotency import purge_idempotency
from app.logs import job_logging
from app.media.storage import Storage, video_key
from app.renders import onview, preempt, queue
from app.renders.models import RenderChunk, RenderJob
from app.renders.states import JobStage, JobStatus, RenderOn
from app.spec import OUTPUT_FORMATS
from app.viewers.service import purge_view_events
from app.webhooks.outbox import purge_finished
from app.workdir import temp_dir
from worker import jobs
from worker.completion import (
    drop_attempt_videos,
    drop_unrecorded,
    make_posters,
    observe_render,
    scene_starts,
    scenes_fully_in,
)
from worker.jobs import job_spec, settle
from worker.livekit import store_live_kit
from worker.render.pipeline import Mixed, Prepared, RenderResult, Split, render_or_split
from worker.render.store import store_video
from worker.render.turns import render_turn
from worker.retries import backoff_s, disk_full, is_transient, readable_error
from worker.steady import REDIS_DOWN

log = logging.getLogger("reelsmith.worker")

MAX_TRIES = jobs.MAX_ATTEMPTS  # a transient failure on the last attempt fails the job
PROGRESS_FLUSH_S = 1.0
# A `processing` job arq no longer holds, unwritten for this long, is handed back by the sweep.
STRANDED_GRACE_S = 120
# Seconds before the pipeline is cut off, inside arq's own (longer) job timeout, so a timeout
# is a failed job with a readable error instead of an arq cancellation.
TIMEOUT_MARGIN_S = 30


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
        self.stopped = False  # a cancellation can be lost on the way (worker/steady.py)
        self.logged_stage: str | None = None

    def __call__(self, stage: str, percent: float) -> None:
        if stage != self.logged_stage:
            log.info("job %s: %s", self.job_id, stage)
            self.logged_stage = stage
        self.stage = stage
        self.percent = max(self.percent, min(99, int(percent)))

    async def _loop(self) -> None:
        while not self.stopped:
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
        self.stopped = True
        if self.task:
            self.task.cancel()


async def run_pipeline(
    settings: Settings,
    job: RenderJob,
    progress: Progress,
    out_path: Path,
    db: Database,
    split: Split | None = None,
    on_mixed: Mixed | None = None,
) -> RenderResult | None:
    """The render engine, called through its one entry point, within the job's time; None
    when `split` planned the job into pieces for several workers (worker/pieces/)."""
    spec = job_spec(job)
    async with asyncio.timeout(max(settings.job_timeout_s - TIMEOUT_MARGIN_S, 30)):
        return await render_or_split(
            spec, settings, progress, out_path, db=db, split=split, on_mixed=on_mixed
        )


async def live_kit_first(settings: Settings, storage: Storage, job: RenderJob) -> Mixed | None:
    """For an opened on-view job whose live kit is not stored (its voice waited for the open,
    REELSMITH_ON_VIEW_VOICE=open, or its poster task failed): store the kit as soon as the
    soundtrack is mixed, before the capture, so the player page plays it meanwhile (best
    effort: the render goes on without it). None for every other job."""
    if job.render_on != RenderOn.ON_VIEW:
        return None
    if all([await asyncio.to_thread(storage.exists, key) for key in onview.live_keys(job.id)]):
        return None

    async def keep(prepared: Prepared, soundtrack: Path) -> None:
        try:
            await store_live_kit(settings, storage, job.id, prepared, soundtrack)
            log.info("job %s: live kit stored before the capture", job.id)
        except Exception as exc:
            log.warning("job %s: live kit not stored: %s", job.id, exc)

    return keep


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
    make_split = ctx.get("splitter")  # worker/pieces/plan.py, set by the worker (settings.py)
    split = make_split(ctx, job) if make_split else None
    try:
        return await _render_claimed(settings, db, storage, worker_id, job, ctx["redis"], split)
    except asyncio.CancelledError:
        # Shutdown (arq re-runs the job), DELETE (the job is no longer ours) or stopped to make
        # room for an opened video (app/renders/preempt.py): give it back.
        await asyncio.shield(_give_back(db, job, worker_id, ctx["redis"], settings))
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
    key = video_key(job.id, attempt, output_format(job))
    with temp_dir(settings, f"{job.id[:8]}-") as tmp:
        out_path = Path(tmp) / "video.mp4"
        try:
            interactive = job.render_on == RenderOn.ON_VIEW  # opened: someone is waiting
            with Progress(db, job, worker_id) as progress, render_turn(interactive):
                kit = await live_kit_first(settings, storage, job)
                result = await run_pipeline(settings, job, progress, out_path, db, split, kit)
                if result is None:
                    return "planned: its pieces go to any worker"
                progress(JobStage.UPLOADING, 99)
                await progress.flush()
            # The delivered file (webm, gif, png made from the MP4), else the MP4 itself.
            delivered = result.path if getattr(result, "master", None) else out_path
            await store_video(storage, key, delivered)
            poster, preview_gif = await make_posters(storage, job, attempt, out_path, result)
        except TimeoutError:
            error = f"Render timed out after {settings.job_timeout_s} s"
            if await settle(jobs.fail, db, job.id, worker_id, attempt, error):
                await drop_attempt_videos(storage, job.id, range(1, attempt))
            return "failed: timeout"
        except Exception as exc:
            if full := disk_full(exc, Path(tmp)):
                log.warning("job %s: work folder %s is full", job.id, tmp)
                exc = full
            if is_transient(exc) and attempt < MAX_TRIES:
                log.warning("job %s transient failure (try %d): %s", job.id, attempt, exc)
                if not await settle(jobs.release, db, job.id, worker_id, attempt):
                    return "dropped: job no longer ours"
                raise Retry(defer=backoff_s(attempt, settings.render_retry_scale)) from exc
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
            result.poster_at_ms,
            result.quality.to_json(),
        )
    except Exception:
        await asyncio.shield(drop_unrecorded(db, storage, job.id, attempt))
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


def output_format(job: RenderJob) -> str:
    """The file the job delivers (`output.format`; rows from before it: mp4)."""
    request = job.request if isinstance(job.request, dict) else {}
    output = request.get("output")
    fmt = output.get("format") if isinstance(output, dict) else None
    return fmt if fmt in OUTPUT_FORMATS else "mp4"


async def _give_back(
    db: Database, job: RenderJob, worker_id: str, redis: Any, settings: Settings
) -> None:
    try:
        if await preempt.was_preempted(redis, settings, job.id):
            # arq does not run an aborted job again: back to the queue, the attempt uncounted
            await settle(jobs.release, db, job.id, worker_id, job.attempts, True)
            log.info("job %s stopped for an opened video: back in the queue", job.id)
            return
        await settle(jobs.release, db, job.id, worker_id, job.attempts)
    except Exception:
        log.exception("job %s could not be given back; the sweep hands it back", job.id)


async def _top_up(ctx: dict[str, Any]) -> None:
    try:
        await queue.dispatch(ctx["db"], ctx["redis"], ctx["settings"])
    except REDIS_DOWN as exc:  # an outage, not a bug: one line
        log.warning("dispatch after job failed (%r); the sweep dispatches later", exc)
    except Exception:
        log.exception("dispatch after job failed")


async def sweep(ctx: dict[str, Any]) -> dict[str, int]:
    """Make the queue match the database: re-enqueue `pending` jobs missing from arq; hand
    back jobs stuck `processing` on a dead worker (no heartbeat), and jobs `processing` on a
    live worker that arq no longer holds and nobody has written for `stranded_grace_s`
    (their attempt ended without recording an outcome); top up; purge idempotency records
    and raw view events past REELSMITH_VIEW_EVENTS_RETENTION_DAYS; expire renders on view
    unopened for REELSMITH_ON_VIEW_EXPIRY_DAYS (their live pages deleted, posters kept)."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    pool = ctx["redis"]
    quiet_since = utcnow() - timedelta(seconds=ctx.get("stranded_grace_s", STRANDED_GRACE_S))
    live = await queue.live_workers(pool, settings)
    # A job planned into pieces on its current attempt is kept moving by the piece sweep.
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
        deliveries_purged = await purge_finished(
            session, settings.webhook_deliveries_retention_days
        )
        expired = await onview.expire_unopened(session, settings.on_view_expiry_days)
    for job_id in expired:  # the live player's files go; the poster stays
        for key in onview.live_file_keys(job_id):
            await asyncio.to_thread(ctx["storage"].delete, key)
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
    if purged or views_purged or deliveries_purged or expired:  # arq's own is not logged
        log.info(
            "sweep: purged %d idempotency records, %d view events, %d webhook deliveries; "
            "%d renders on view expired",
            purged,
            views_purged,
            deliveries_purged,
            len(expired),
        )
    return {
        "orphaned": orphaned,
        "stranded": stranded,
        "requeued": requeued,
        "dispatched": dispatched,
        "purged": purged,
        "view_events_purged": views_purged,
        "on_view_expired": len(expired),
    }
