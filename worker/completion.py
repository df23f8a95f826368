"""After a render's video is written: the poster and preview GIF, the metrics, and the stored
videos no outcome refers to (deleted)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from app.config import Settings
from app.db import Database
from app.media.ffmpeg import run_ffmpeg
from app.media.storage import Storage, poster_keys, video_key
from app.renders import render_stats
from app.renders.models import RenderJob
from app.renders.states import JobStatus
from app.renders.thumbnails import GIF_MAX_FPS, poster_args
from worker.jobs import settle
from worker.render.pipeline import RenderResult
from worker.render.store import delete_attempt_videos, store_video

log = logging.getLogger("reelsmith.worker")

# The preview GIF made at completion: this long (s) from the poster frame; the ffmpeg's limit.
PREVIEW_GIF_S = 3.0
POSTER_TIMEOUT_S = 60.0


def scenes_fully_in(result: RenderResult) -> dict[str, int]:
    """Template scene index -> when the scene is fully in (after its entry transition), the
    time a thumbnail by sceneIndex shows."""
    return {str(k): int(v) for k, v in result.scene_fully_in_ms.items()}


def scene_starts(result: RenderResult) -> dict[str, int]:
    """Template scene index -> when the rendered scene starts (the player's scene beacons)."""
    return {str(k): int(v) for k, v in result.scene_starts_ms.items()}


class PosterTiming(Protocol):
    """What the poster needs of a render: its length, frame rate and the poster frame's time."""

    duration_ms: int
    fps: int
    poster_at_ms: float


def frame_seek_s(at_ms: float, fps: int) -> float:
    """Where to seek so the first frame decoded is the one shown at `at_ms` (a frame time):
    half a frame before it, so no rounding of the seek point can land on the next frame."""
    return max(0.0, at_ms / 1000 - 0.5 / fps)


async def make_posters(
    storage: Storage, job: RenderJob, attempt: int, video: Path, result: PosterTiming
) -> tuple[str | None, str | None]:
    """The poster PNG (the video's frame at the poster time, `result.poster_at_ms`) and a ~3 s
    preview GIF (<= 480 px) from there, stored under posters/; (None, None) when ffmpeg fails:
    logged, and the render still completes without them."""
    total_s = (result.duration_ms or 0) / 1000
    at_s = frame_seek_s(result.poster_at_ms, result.fps)
    if total_s and at_s >= total_s:
        at_s = 0.0
    length = min(PREVIEW_GIF_S, total_s - at_s) if total_s else PREVIEW_GIF_S
    png_key, gif_key = poster_keys(job.id, attempt)
    png, gif = video.with_suffix(".poster.png"), video.with_suffix(".preview.gif")
    try:
        fps = min(result.fps, GIF_MAX_FPS)
        args = poster_args(video, at_s, length, fps, png, gif)  # one ffmpeg: one seek, one decode
        await run_ffmpeg(args, POSTER_TIMEOUT_S, "poster PNG and preview GIF")
        await store_video(storage, png_key, png)  # ridden over a short outage of the store
        await store_video(storage, gif_key, gif)
    except Exception as exc:  # a poster never fails the render
        log.warning("job %s: poster/preview GIF not made: %s", job.id, exc)
        with contextlib.suppress(Exception):  # the store may be what failed
            await asyncio.to_thread(storage.delete, png_key)
        return None, None
    return png_key, gif_key


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


async def drop_unrecorded(db: Database, storage: Storage, job_id: str, attempt: int) -> None:
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
