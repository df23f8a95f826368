"""Parallel coordinator: several pages each capture a GOP-aligned range into its own chunk."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from worker.render.browser import WarmBrowser
from worker.render.capture import (
    CapturePage,
    PageInfo,
    differ_flags,
    frame_time_ms,
    open_capture_page,
    page_info,
)
from worker.render.encode import ChunkEncoder, gop_size
from worker.render.errors import RenderError

log = logging.getLogger(__name__)

REPEAT_COST = 0.1  # a repeated frame costs ffmpeg a decode, not a capture


@dataclass
class CaptureStats:
    """What the capture did: frames total, captured (the rest repeated), method, pages."""

    frames: int
    captured: int
    mode: str
    workers: int


def split_ranges(flags: list[bool], gop: int, parts: int) -> list[range]:
    """Contiguous GOP-aligned frame ranges with about equal capture work each."""
    total = len(flags)
    groups = [range(s, min(s + gop, total)) for s in range(0, total, gop)]
    costs = [sum(1.0 if flags[i] else REPEAT_COST for i in g) + 1.0 for g in groups]
    parts = max(1, min(parts, len(groups)))
    target = sum(costs) / parts
    ranges: list[range] = []
    start, acc = 0, 0.0
    for gi, (g, cost) in enumerate(zip(groups, costs, strict=True)):
        acc += cost
        remaining_groups = len(groups) - gi - 1
        remaining_parts = parts - len(ranges) - 1
        if remaining_parts > 0 and (acc >= target or remaining_groups == remaining_parts):
            ranges.append(range(start, g.stop))
            start, acc = g.stop, 0.0
    ranges.append(range(start, total))
    return [r for r in ranges if len(r) > 0]


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
    encoder = ChunkEncoder(chunk, fps, len(frames), timeout_s)
    await encoder.start()
    captured = 0
    try:
        previous: bytes | None = None
        for i in frames:
            if previous is None or flags[i]:
                previous = await cap.seek_and_capture(frame_time_ms(i, fps))
                captured += 1
            await encoder.write(previous)
            on_frame(1)
        await encoder.finish()
    finally:
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
    frames: range | None = None,
) -> tuple[list[Path], PageInfo, CaptureStats]:
    """Capture the whole composition (or only `frames`, a range starting on a GOP boundary,
    cut at the page's end) as GOP-aligned H.264 chunks, `workers` pages at once. The stats
    count the frames captured here."""
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
        wanted = range(0, total) if frames is None else range(frames.start, min(frames.stop, total))
        if len(wanted) <= 0 or wanted.start % gop_size(fps):
            raise RenderError(f"Frames {frames} are not a GOP-aligned part of 0..{total}")
        ranges = [
            range(r.start + wanted.start, r.stop + wanted.start)
            for r in split_ranges(flags[wanted.start : wanted.stop], gop_size(fps), len(pages))
        ]
        if on_plan:
            on_plan(len(wanted))
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
        stats = CaptureStats(len(wanted), captured, browsers[0].mode, len(ranges))
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
