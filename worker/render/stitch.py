"""Capture + encode stage: every frame of a served composition page, captured by warm
browsers in parallel and encoded as H.264 chunks (GOP-aligned, joined later by `mux`).

`render_page_to_mp4` runs serve -> capture + encode -> mux for a ready page (tests, bench).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from app.config import Settings
from app.spec import DEVICE_SCALE
from app.workdir import temp_dir
from worker.render.browser import BrowserManager, WarmBrowser
from worker.render.errors import RenderInputError
from worker.render.mux import join_and_mux
from worker.render.page import CaptureModeUnsupported, PageInfo
from worker.render.parallel import CaptureStats, capture_chunks, worker_count
from worker.render.server import PageServer, serve_page

log = logging.getLogger(__name__)

T = TypeVar("T")

FFMPEG_STEP_TIMEOUT_S = 120.0


def step_timeout(settings: Settings) -> float:
    """How long any single ffmpeg step (accepting a frame, finishing a chunk, the mux) gets."""
    return min(float(settings.job_timeout_s), FFMPEG_STEP_TIMEOUT_S)


@dataclass
class Captured:
    """The encoded chunks of a page, in order, and how they were made."""

    chunks: list[Path]
    info: PageInfo
    stats: CaptureStats
    fps: int

    @property
    def duration_s(self) -> float:
        return self.stats.frames / self.fps


async def with_capture_browsers(
    manager: BrowserManager,
    settings: Settings,
    scale: float,
    parallel: int | None,
    run: Callable[[list[WarmBrowser]], Awaitable[T]],
    on_retry: Callable[[], None] | None = None,
) -> T:
    """Run `run(browsers)` with warm browsers for one capture session. A browser without
    beginFrame support is retried once in screenshot mode (`on_retry` resets progress)."""
    workers = worker_count(parallel or settings.render_parallelism, os.cpu_count())
    for attempt in range(2):
        browsers = await manager.acquire(workers, scale)
        healthy = False  # only browsers known to be fine go back to the warm pool
        try:
            result = await run(browsers)
            healthy = True
            return result
        except CaptureModeUnsupported as exc:
            healthy = True  # answering, just without beginFrame: released as stale
            if attempt:
                raise
            log.warning(
                "beginFrame capture unsupported here (%s); falling back to screenshots", exc
            )
            manager.mark_mode_broken(browsers[0].mode)
            if on_retry:
                on_retry()
        except RenderInputError:
            healthy = True  # the page's fault (bad data, script error), not the browser's
            raise
        finally:
            # A timeout, a crash, any other failure or a cancellation (job time limit) may
            # leave a wedged browser: close it rather than hand it to the next job or retry.
            if healthy:
                await manager.release(browsers)
            else:
                await manager.discard(browsers)
    raise AssertionError("unreachable")


class FrameProgress:
    """Frames done out of the planned total, reported to `on_frames` as they come."""

    def __init__(self, on_frames: Callable[[int, int], None] | None) -> None:
        self.on_frames = on_frames
        self.done = 0
        self.total = 0

    def plan(self, total: int) -> None:
        self.total = total

    def frame(self, n: int) -> None:
        self.done += n
        if self.on_frames:
            self.on_frames(self.done, self.total)

    def reset(self) -> None:
        self.done = 0


async def capture_video(
    server: PageServer,
    settings: Settings,
    manager: BrowserManager,
    workdir: Path,
    *,
    resolution: str,
    fps: int,
    parallel: int | None = None,
    on_frames: Callable[[int, int], None] | None = None,
) -> Captured:
    """Capture the served page deterministically into chunks under `workdir`. A browser
    without beginFrame support is retried once in screenshot mode."""
    scale = DEVICE_SCALE[resolution]
    progress = FrameProgress(on_frames)

    async def run(browsers: list[WarmBrowser]) -> Captured:
        chunks, info, stats = await capture_chunks(
            browsers,
            server.origin,
            server.page_url,
            scale,
            fps,
            workdir,
            step_timeout(settings),
            progress.frame,
            progress.plan,
        )
        return Captured(chunks, info, stats, fps)

    return await with_capture_browsers(manager, settings, scale, parallel, run, progress.reset)


@dataclass
class PageRender:
    """A ready page written as an MP4 (silent unless `audio` was given)."""

    path: Path
    duration_ms: float
    frames: int
    fps: int
    resolution: str
    stats: CaptureStats


async def render_page_to_mp4(
    page_html: str,
    settings: Settings,
    manager: BrowserManager,
    out_path: Path,
    *,
    resolution: str,
    fps: int = 30,
    audio: Path | None = None,
    assets_dir: Path | None = None,
    parallel: int | None = None,
) -> PageRender:
    """serve -> capture + encode -> mux for one ready page."""
    with temp_dir(settings, "render-") as tmp:
        with serve_page(page_html, assets_dir) as server:
            captured = await capture_video(
                server,
                settings,
                manager,
                Path(tmp),
                resolution=resolution,
                fps=fps,
                parallel=parallel,
            )
        out_path.parent.mkdir(parents=True, exist_ok=True)
        await join_and_mux(
            captured.chunks, audio, captured.duration_s, out_path, step_timeout(settings)
        )
    return PageRender(
        out_path, captured.info.duration_ms, captured.stats.frames, fps, resolution, captured.stats
    )
