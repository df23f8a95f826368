"""POST /api/thumbnail: a PNG frame and a palette-optimized GIF cut from a finished video.

Done in the API process with ffmpeg (a second or two), so it never waits behind renders. Each
ffmpeg has a time limit and is killed when it passes or when the request goes away.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import ffmpeg  # type: ignore[import-untyped]

from app.config import Settings
from app.db import Database
from app.media.ffmpeg import (
    FfmpegFailed,
    FfmpegTimeout,
    ffmpeg_command,
    graph_command,
    run_ffmpeg,
)
from app.media.storage import Storage, scene_frame_key, thumbnail_keys
from app.renders.errors import InvalidRenderRequest, ThumbnailFailed, ThumbnailTimeout
from app.renders.job import load_job_spec
from app.renders.models import RenderJob
from app.renders.read import owned_job
from app.renders.schemas import ThumbnailRequest
from app.renders.states import JobStatus
from app.workdir import temp_dir

log = logging.getLogger(__name__)

GIF_MAX_WIDTH = 480
GIF_MAX_FPS = 15
FFMPEG_TIMEOUT_S = 60.0  # an ffmpeg call (a thumbnail's PNG and GIF); then the request answers 504


def png_args(src: Path, at_s: float, out: Path, max_width: int | None = None) -> list[str]:
    frame = ffmpeg.input(str(src), ss=f"{at_s:.3f}").video
    if max_width is not None:
        frame = frame.filter("scale", f"min({max_width},iw)", -2, flags="lanczos")
    return graph_command(frame.output(str(out), vframes=1))


def gif_args(src: Path, at_s: float, duration_s: float, fps: int, out: Path) -> list[str]:
    """GIF via palettegen/paletteuse: one palette for the clip, width <= 480, fps <= 15."""
    clip = ffmpeg.input(str(src), ss=f"{at_s:.3f}", t=f"{duration_s:.3f}").video
    return graph_command(_gif(clip, fps).output(str(out), loop=0))


def poster_args(
    src: Path, at_s: float, duration_s: float, fps: int, png: Path, gif: Path
) -> list[str]:
    """The PNG of `png_args` and the GIF of `gif_args` (the same files) by one ffmpeg: the clip
    is sought and decoded once, on one thread (a worker's cores are busy rendering), and split."""
    clip = ffmpeg.input(str(src), ss=f"{at_s:.3f}", t=f"{duration_s:.3f}", threads=1).video
    split = clip.split()
    outputs = ffmpeg.merge_outputs(
        split[0].output(str(png), vframes=1), _gif(split[1], fps).output(str(gif), loop=0)
    )
    return ffmpeg_command("-filter_complex_threads", "1", *outputs.get_args())


def _gif(clip: Any, fps: int) -> Any:
    scaled = clip.filter("fps", fps=fps).filter(
        "scale", f"min({GIF_MAX_WIDTH},iw)", -2, flags="lanczos"
    )
    branches = scaled.split()
    palette = branches[0].filter("palettegen", stats_mode="diff")
    return ffmpeg.filter([branches[1], palette], "paletteuse", dither="bayer")


def start_seconds(job: RenderJob, body: ThumbnailRequest) -> float:
    """sceneIndex start (from the rendered timeline) when given, else startSec."""
    duration_s = (job.duration_ms or 0) / 1000
    if body.sceneIndex is not None:
        starts = job.scene_fully_in_ms or {}
        if str(body.sceneIndex) not in starts:
            shown = ", ".join(sorted(starts, key=int)) or "none"
            raise InvalidRenderRequest(
                f"sceneIndex {body.sceneIndex} is not a rendered scene of this video "
                f"(rendered scene indexes: {shown})"
            )
        return float(starts[str(body.sceneIndex)]) / 1000
    if duration_s and body.startSec >= duration_s:
        raise InvalidRenderRequest(
            f"startSec must be less than the video length ({duration_s:.2f} s)"
        )
    return body.startSec


# Scene frames are cut on demand (an <img> of the dashboard's heatmap); at most this many
# ffmpeg processes at once per API process.
_SCENE_FRAMES = asyncio.Semaphore(2)


async def scene_frame(storage: Storage, job: RenderJob, index: int, settings: Settings) -> str:
    """The storage key of a small PNG of template scene `index` of a finished video, fully in
    (cut once with ffmpeg like POST /api/thumbnail's PNG, then reused). InvalidRenderRequest
    when the video did not render that scene; ThumbnailTimeout/ThumbnailFailed from ffmpeg."""
    key = scene_frame_key(job.id, index)
    if await asyncio.to_thread(storage.exists, key):
        return key
    fully_in = (job.scene_fully_in_ms or {}).get(str(index))
    if fully_in is None or not job.output_key:
        raise InvalidRenderRequest(f"scene {index} is not a rendered scene of this video")
    async with _SCENE_FRAMES:
        if await asyncio.to_thread(storage.exists, key):
            return key
        with temp_dir(settings, "scene-") as tmp:
            work = Path(tmp)
            src = await asyncio.to_thread(storage.fetch, job.output_key, work / "video.mp4")
            png = work / "scene.png"
            try:
                args = png_args(src, float(fully_in) / 1000, png, GIF_MAX_WIDTH)
                await run_ffmpeg(args, FFMPEG_TIMEOUT_S, "PNG")
            except FfmpegTimeout as exc:
                raise ThumbnailTimeout(str(exc)) from exc
            except FfmpegFailed as exc:
                log.error("scene frame %s of %s: %s", index, job.id, exc)
                raise ThumbnailFailed(str(exc)) from exc
            await asyncio.to_thread(storage.put, key, png)
    return key


async def make_thumbnails(
    db: Database, storage: Storage, account_id: str, body: ThumbnailRequest, settings: Settings
) -> dict[str, Any]:
    async with db.session() as session:
        job = await owned_job(session, account_id, body.renderJobId)
        if job.status != JobStatus.COMPLETE or job.deleted_at is not None or not job.output_key:
            state = "deleted" if job.deleted_at else job.status
            raise InvalidRenderRequest(f"Thumbnails need a completed render; this job is {state}")
        output = load_job_spec(job.request).output
        if output.format in ("gif", "png"):
            raise InvalidRenderRequest(
                f"Thumbnails are cut from a video; this job's output is a {output.format} "
                "(its poster PNG and preview GIF are at thumbnailUrl and thumbnailGifUrl)"
            )
        at_s = start_seconds(job, body)
        video_key, fps = job.output_key, output.fps
        total_s = (job.duration_ms or 0) / 1000
    duration_s = min(body.durationSec, total_s - at_s) if total_s else body.durationSec
    png_key, gif_key = thumbnail_keys(body.renderJobId)
    with temp_dir(settings, "thumb-") as tmp:
        work = Path(tmp)
        src = await asyncio.to_thread(storage.fetch, video_key, work / "video.mp4")
        png, gif = work / "thumb.png", work / "thumb.gif"
        try:
            # one ffmpeg: the clip sought and decoded once, split to the PNG and the GIF
            args = poster_args(src, at_s, duration_s, min(fps, GIF_MAX_FPS), png, gif)
            await run_ffmpeg(args, FFMPEG_TIMEOUT_S, "PNG and GIF")
        except FfmpegTimeout as exc:
            raise ThumbnailTimeout(str(exc)) from exc
        except FfmpegFailed as exc:
            log.error("thumbnail for %s: %s", body.renderJobId, exc)
            raise ThumbnailFailed(str(exc)) from exc
        png_size = await asyncio.to_thread(storage.put, png_key, png)
        gif_size = await asyncio.to_thread(storage.put, gif_key, gif)
    async with db.session() as session:
        job = await owned_job(session, account_id, body.renderJobId)
        if job.deleted_at is not None:  # deleted while we worked: leave nothing behind
            await asyncio.to_thread(storage.delete, png_key)
            await asyncio.to_thread(storage.delete, gif_key)
            raise InvalidRenderRequest("The video was deleted meanwhile")
        job.thumbnail_keys = [png_key, gif_key]
    return {
        "success": True,
        "renderJobId": body.renderJobId,
        "thumbnailUrl": storage.url(png_key),
        "thumbnailGifUrl": storage.url(gif_key),
        "pngSize": png_size,
        "gifSize": gif_size,
    }
