"""Parallel coordinator: several pages each capture a GOP-aligned range into its own chunk."""

from __future__ import annotations

import asyncio
import itertools
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from worker.render.browser import WarmBrowser
from worker.render.encode import ChunkEncoder, gop_size
from worker.render.errors import RenderError
from worker.render.page import (
    CapturePage,
    PageInfo,
    differ_flags,
    frame_time_ms,
    open_capture_page,
    page_info,
)

log = logging.getLogger(__name__)

REPEAT_COST = 0.1  # a repeated frame costs ffmpeg a decode, not a capture


@dataclass
class CaptureStats:
    """What the capture did: frames total, captured (the rest repeated), method, pages."""

    frames: int
    captured: int
    mode: str
    workers: int


def gop_groups(segments: list[range], gop: int) -> list[range]:
    """The GOP grid of a video cut into `segments` (back to back): every segment starts a GOP
    and is cut into GOPs of `gop` frames from its own start (the last one shorter). The plain,
    cached and chunked renders all encode on this grid, so they decode to the same frames."""
    return [
        range(first, min(first + gop, seg.stop))
        for seg in segments
        for first in range(seg.start, seg.stop, gop)
    ]


def split_groups(flags: list[bool], groups: list[range], parts: int) -> list[range]:
    """Contiguous runs of whole `groups` (frame ranges back to back from 0 over `flags`) with
    about equal capture work each (a repeated frame costs REPEAT_COST of a captured one)."""
    if not groups:
        return []
    costs = [sum(1.0 if flags[i] else REPEAT_COST for i in g) + 1.0 for g in groups]
    parts = max(1, min(parts, len(groups)))
    prefix = list(itertools.accumulate(costs, initial=0.0))  # work before group j
    total = prefix[-1]
    cuts = [0]
    for k in range(1, parts):  # the group boundary nearest k/parts of the work
        lowest, highest = cuts[-1] + 1, len(groups) - (parts - k)
        cuts.append(
            min(range(lowest, highest + 1), key=lambda j: abs(prefix[j] - k * total / parts))
        )
    cuts.append(len(groups))
    return [
        range(groups[a].start, groups[b - 1].stop) for a, b in itertools.pairwise(cuts) if b > a
    ]


def split_ranges(flags: list[bool], gop: int, parts: int) -> list[range]:
    """Contiguous GOP-aligned frame ranges with about equal capture work each."""
    return split_groups(flags, gop_groups([range(len(flags))], gop), parts)


def worker_count(requested: int | None, cpus: int | None) -> int:
    """Pages to capture with: the setting, else one per core (at least one, at most 4)."""
    if requested and requested > 0:
        return requested
    return max(1, min(4, cpus or 1))


async def _capture_range(
    cap: CapturePage,
    frames: range,
    flags: list[bool],
    fps: int,
    chunk: Path,
    timeout_s: float,
    on_frame: Callable[[int], None],
) -> int:
    """Capture `frames` into one chunk; returns how many frames were really captured."""
    return await capture_run(cap, [ChunkWork(frames, chunk)], flags, fps, timeout_s, on_frame)


@dataclass
class ChunkWork:
    """One encoded chunk: its frames, its file, and where GOPs must start inside it besides
    its first frame (frame numbers relative to the chunk)."""

    frames: range
    path: Path
    keyframes: list[int] = field(default_factory=list)


async def capture_run(
    cap: CapturePage,
    items: list[ChunkWork],
    flags: list[bool],
    fps: int,
    timeout_s: float,
    on_frame: Callable[[int], None],
) -> int:
    """Capture each chunk, one after the other on one page; a frame that repeats the one
    before (flags) is not captured again, also across chunks that follow each other. Returns
    how many frames were really captured."""
    captured = 0
    previous: bytes | None = None
    last = -2
    encoders: list[ChunkEncoder] = []
    finishing: list[asyncio.Task[Path]] = []  # a chunk's encoder drains while the next fills
    try:
        for item in items:
            frames = item.frames
            if frames.start != last + 1:
                previous = None  # not the frame before: capture afresh
            encoder = ChunkEncoder(item.path, fps, len(frames), timeout_s, item.keyframes)
            encoders.append(encoder)
            await encoder.start()
            for i in frames:
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
    return captured


async def capture_chunks(
    browsers: list[WarmBrowser],
    origin: str,
    url: str,
    scale: float,
    fps: int,
    workdir: Path,
    timeout_s: float,
    on_frame: Callable[[int], None] | None = None,
    on_plan: Callable[[int], None] | None = None,
) -> tuple[list[Path], PageInfo, CaptureStats]:
    """Capture the whole composition as GOP-aligned H.264 chunks, `workers` pages at once
    (pages without a timeline: tests and the render bench; a job's video is captured by
    worker/render/segments.py on its scene grid)."""
    opened = await asyncio.gather(
        *(open_capture_page(warm, origin, url, scale, fps) for warm in browsers),
        return_exceptions=True,
    )
    pages = [p for p in opened if isinstance(p, CapturePage)]
    try:
        failures = [p for p in opened if isinstance(p, BaseException)]
        if failures:
            raise failures[0]
        info = await page_info(pages[0])
        total = round(info.duration_ms * fps / 1000.0)
        if total <= 0 or not math.isfinite(info.duration_ms):
            raise RenderError(f"The composition has no length (duration {info.duration_ms} ms)")
        flags = await differ_flags(pages[0], total, fps)
        ranges = split_ranges(flags, gop_size(fps), len(pages))
        if on_plan:
            on_plan(total)
        chunks = [workdir / f"chunk{n:03d}.mp4" for n in range(len(ranges))]
        try:
            async with asyncio.TaskGroup() as group:
                tasks = [
                    group.create_task(
                        _capture_range(
                            pages[n],
                            ranges[n],
                            flags,
                            fps,
                            chunks[n],
                            timeout_s,
                            on_frame or _ignore,
                        )
                    )
                    for n in range(len(ranges))
                ]
        except BaseExceptionGroup as group_error:
            raise _first_error(group_error) from None
        captured = sum(t.result() for t in tasks)
        stats = CaptureStats(total, captured, browsers[0].mode, len(ranges))
        return chunks, info, stats
    finally:
        await asyncio.gather(*(p.close() for p in pages), return_exceptions=True)


def _ignore(_: int) -> None:
    return None


def _first_error(group: BaseExceptionGroup) -> BaseException:
    """The first real failure inside a task group (cancellations are consequences)."""
    for exc in group.exceptions:
        if isinstance(exc, BaseExceptionGroup):
            return _first_error(exc)
        if not isinstance(exc, asyncio.CancelledError):
            return exc
    return group.exceptions[0]
