"""Capture stage: the served composition page, captured by warm browsers several pages at once
and encoded as runs, H.264 files on the video's GOP grid (joined later by `mux`).

`capture_video` is the stage: one browser session (`with_capture_browsers`: a browser without
beginFrame is retried once in screenshot mode, a browser that may be wedged is discarded)
in which `capture_runs` opens one page per browser, asks the runtime which frames can differ,
shares the segments' GOPs between the pages (worker/render/segments.py) and streams each
page's frames into its encoders (worker/render/encode.py). A run is the contiguous frames one
page encodes into one file: a page's whole share with key frames forced at the segment
starts, or, for the scene cache, one run per segment.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from app.config import Settings
from app.spec import DEVICE_SCALE
from worker.render.browser import BrowserManager, WarmBrowser
from worker.render.encode import RunEncoder, gop_size, step_timeout
from worker.render.errors import RenderError, RenderInputError
from worker.render.page import (
    CaptureModeUnsupported,
    CapturePage,
    PageInfo,
    differ_flags,
    frame_time_ms,
    open_capture_page,
    page_info,
)
from worker.render.segments import frame_total, page_work
from worker.render.server import PageServer
from worker.render.turns import Turns

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass
class CaptureStats:
    """What the capture did: frames total, captured (the rest repeated), method, pages."""

    frames: int
    captured: int
    mode: str
    pages: int


@dataclass
class Captured:
    """A video's runs in frame order (joined back to back they are the video), how they were
    made, and what the page reported (poster frame, text fit, moving intervals)."""

    paths: list[Path]
    stats: CaptureStats
    fps: int
    page: PageInfo

    @property
    def frames(self) -> int:
        return self.stats.frames

    @property
    def duration_s(self) -> float:
        return self.stats.frames / self.fps


@dataclass
class Run:
    """One encoded file: contiguous frames of one page, the segments (positions in the list
    asked for) it holds, and where GOPs start inside it besides its first frame (frame
    numbers relative to the run)."""

    path: Path
    frames: range
    segments: list[int]
    keyframes: list[int] = field(default_factory=list)


def page_count(requested: int | None, cpus: int | None) -> int:
    """Pages to capture with: the setting, else one per core (at least one, at most 4)."""
    if requested and requested > 0:
        return requested
    return max(1, min(4, cpus or 1))


async def with_capture_browsers(
    manager: BrowserManager,
    settings: Settings,
    scale: float,
    parallel: int | None,
    use: Callable[[list[WarmBrowser]], Awaitable[T]],
    on_retry: Callable[[], None] | None = None,
) -> T:
    """Run `use(browsers)` with warm browsers for one capture session. A browser without
    beginFrame support is retried once in screenshot mode (`on_retry` resets progress)."""
    pages = page_count(parallel or settings.render_parallelism, os.cpu_count())
    for attempt in range(2):
        browsers = await manager.acquire(pages, scale)
        healthy = False  # only browsers known to be fine go back to the warm pool
        try:
            result = await use(browsers)
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


@contextlib.asynccontextmanager
async def open_pages(
    browsers: list[WarmBrowser], server: PageServer, scale: float, fps: int
) -> AsyncIterator[list[CapturePage]]:
    """One capture page per browser, loaded and ready; all closed on the way out."""
    opened = await asyncio.gather(
        *(
            open_capture_page(warm, server.origin, server.page_url, scale, fps, server.viewport)
            for warm in browsers
        ),
        return_exceptions=True,
    )
    pages = [p for p in opened if isinstance(p, CapturePage)]
    try:
        failures = [p for p in opened if isinstance(p, BaseException)]
        if failures:
            raise failures[0]
        yield pages
    finally:
        await asyncio.gather(*(p.close() for p in pages), return_exceptions=True)


def plan_runs(
    segments: list[range],
    flags: list[bool],
    fps: int,
    pages: int,
    workdir: Path,
    run_per_segment: bool,
) -> list[list[Run]]:
    """The runs of each page (`page_work`): a page's items back to back make one run with a
    key frame forced where each segment starts, or one run each with `run_per_segment`."""
    work = []
    for p, items in enumerate(page_work(segments, flags, gop_size(fps), pages)):
        runs: list[Run] = []
        for n, frames in items:
            if runs and not run_per_segment and runs[-1].frames.stop == frames.start:
                last = runs[-1]  # the same file goes on; a GOP starts here
                last.keyframes.append(len(last.frames))
                last.frames = range(last.frames.start, frames.stop)
                last.segments.append(n)
                continue
            runs.append(Run(workdir / f"run-{p:02d}-{frames.start:07d}.mp4", frames, [n]))
        work.append(runs)
    return work


async def capture_runs(
    browsers: list[WarmBrowser],
    server: PageServer,
    scale: float,
    fps: int,
    workdir: Path,
    timeout_s: float,
    segments: list[range] | None,
    on_frame: Callable[[int], None],
    on_plan: Callable[[int], None] | None = None,
    *,
    run_per_segment: bool = False,
) -> tuple[list[Run], int, PageInfo]:
    """Capture `segments` (frame ranges, each starting a GOP; None: the whole page as one)
    with one page per browser, the pages sharing the work in contiguous stretches
    (`plan_runs`). Returns the runs in frame order, how many frames were really captured and
    what the page reported; `on_plan` gets the frames to capture before the first one is."""
    async with open_pages(browsers, server, scale, fps) as pages:
        info = await page_info(pages[0], fps)
        total = frame_total(info.duration_ms, fps)
        if segments is None:
            segments = [range(total)]
        for frames in segments:
            if frames.start < 0 or frames.stop > total or frames.step != 1:
                raise RenderError(f"frame range {frames} is outside the video's {total} frames")
        flags = await differ_flags(pages[0], total, fps)
        work = plan_runs(segments, flags, fps, len(pages), workdir, run_per_segment)
        if on_plan:
            on_plan(sum(len(frames) for frames in segments))
        try:
            async with asyncio.TaskGroup() as group:
                tasks = [
                    group.create_task(capture_page(cap, runs, flags, fps, timeout_s, on_frame))
                    for cap, runs in zip(pages, work, strict=False)
                ]
        except BaseExceptionGroup as group_error:
            raise _first_error(group_error) from None
        return [run for runs in work for run in runs], sum(t.result() for t in tasks), info


async def read_page_info(
    browsers: list[WarmBrowser], server: PageServer, scale: float, fps: int
) -> PageInfo:
    """What the page reports, read on one page without capturing (every frame came from
    elsewhere, e.g. the scene cache)."""
    async with open_pages(browsers[:1], server, scale, fps) as pages:
        return await page_info(pages[0], fps)


async def capture_page(
    cap: CapturePage,
    runs: list[Run],
    flags: list[bool],
    fps: int,
    timeout_s: float,
    on_frame: Callable[[int], None],
) -> int:
    """Capture each run, one after the other on one page; a frame that repeats the one
    before (flags) is not captured again, also across runs that follow each other. Returns
    how many frames were really captured."""
    captured = 0
    previous: bytes | None = None
    last = -2
    turns = Turns()  # paused while an opened video renders in this process (turns.py)
    encoders: list[RunEncoder] = []
    finishing: list[asyncio.Task[Path]] = []  # a run's encoder drains while the next fills
    try:
        for run in runs:
            frames = run.frames
            if frames.start != last + 1:
                previous = None  # not the frame before: capture afresh
            encoder = RunEncoder(run.path, fps, len(frames), timeout_s, run.keyframes)
            encoders.append(encoder)
            await encoder.start()
            for i in frames:
                await turns.wait_turn()
                if previous is None or flags[i]:
                    previous = await cap.seek_and_capture(frame_time_ms(i, fps))
                    captured += 1
                await encoder.write(previous)
                on_frame(1)
            finishing.append(asyncio.ensure_future(encoder.finish()))
            last = frames.stop - 1
        await asyncio.gather(*finishing)
    finally:
        for task in finishing:
            task.cancel()
        await asyncio.gather(*finishing, return_exceptions=True)
        for encoder in encoders:
            await encoder.abort()
    if cap.blocked:
        log.info("blocked %d outside requests from the page", len(cap.blocked))
    if turns.paused_s:
        log.info("capture paused %.1f s for opened videos", turns.paused_s)
    return captured


def _first_error(group: BaseExceptionGroup) -> BaseException:
    """The first real failure inside a task group (cancellations are consequences)."""
    for exc in group.exceptions:
        if isinstance(exc, BaseExceptionGroup):
            return _first_error(exc)
        if not isinstance(exc, asyncio.CancelledError):
            return exc
    return group.exceptions[0]


async def capture_video(
    server: PageServer,
    settings: Settings,
    manager: BrowserManager,
    workdir: Path,
    *,
    resolution: str,
    fps: int,
    segments: list[range] | None = None,
    parallel: int | None = None,
    on_frames: Callable[[int, int], None] | None = None,
) -> Captured:
    """The served page's `segments` (None: the whole page as one) captured and encoded as
    runs under `workdir`, one run per page."""
    scale = DEVICE_SCALE[resolution]
    progress = FrameProgress(on_frames)
    timeout_s = step_timeout(settings)

    async def use(browsers: list[WarmBrowser]) -> Captured:
        runs, captured, info = await capture_runs(
            browsers, server, scale, fps, workdir, timeout_s, segments,
            progress.frame, progress.plan,
        )  # fmt: skip
        frames = sum(len(run.frames) for run in runs)
        stats = CaptureStats(frames, captured, browsers[0].mode, len(browsers))
        return Captured([run.path for run in runs], stats, fps, info)

    return await with_capture_browsers(manager, settings, scale, parallel, use, progress.reset)
