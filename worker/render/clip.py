"""A part of the video (output.range, a png's one frame): which frames are captured, and what
the quality check expects of them. Capture starts at the part's first frame; the soundtrack is
cut to it in the mux."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from app.composition.timeline import Timeline
from app.config import Settings
from app.renders.job import JobOutput
from app.spec import DEVICE_SCALE
from worker.render.browser import BrowserManager
from worker.render.capture import read_page_info, with_capture_browsers
from worker.render.errors import RenderInputError
from worker.render.page import PageInfo
from worker.render.segments import video_segments
from worker.render.server import PageServer


def frame_of(ms: float, fps: int) -> int:
    """The first frame at or after `ms` (frame n shows n x 1000 / fps)."""
    return max(0, math.ceil(ms * fps / 1000 - 1e-6))


def clip_segments(timeline: Timeline, fps: int, clip: tuple[float, float]) -> list[range]:
    """The video's segments cut to the frames of `clip` (ms): capture starts at the clip."""
    first = frame_of(clip[0], fps)
    end = max(first + 1, frame_of(clip[1], fps))
    cut = [range(max(s.start, first), min(s.stop, end)) for s in video_segments(timeline, fps)]
    return [segment for segment in cut if len(segment)]


async def clip_of(
    output: JobOutput,
    duration_ms: float,
    server: PageServer,
    settings: Settings,
    manager: BrowserManager,
) -> tuple[float, float] | None:
    """The part of the video to capture (ms): output.range (its end clamped to the real
    length, which the voiceovers may have made shorter than the request's estimate), a png's
    one frame (output.frameAtMs, else the page's poster frame), or None for the whole."""
    duration = float(duration_ms)
    frame_ms = 1000.0 / output.fps
    if output.format == "png":
        at = output.frameAtMs
        if at is None:
            scale = DEVICE_SCALE[output.resolution]

            async def poster(browsers: Any) -> float:
                page = await read_page_info(browsers, server, scale, output.fps)
                return page.poster_at_ms

            at = await with_capture_browsers(manager, settings, scale, 1, poster)
        if at >= duration:
            raise RenderInputError(
                f"output.frameAtMs: {at:g} ms is past the end of the video ({duration:g} ms)"
            )
        start = frame_of(at, output.fps) * frame_ms
        return start, start + frame_ms
    if output.range is None:
        return None
    start, end = output.range.startMs, min(output.range.endMs, duration)
    if start >= end:
        raise RenderInputError(
            f"output.range: starts at {start:g} ms, after the end of the video ({duration:g} ms)"
        )
    return start, end


def clipped_plan(plan: Mapping[str, Any], clip: tuple[float, float]) -> dict[str, Any]:
    """The quality plan of a part of the video: word starts in its time, those inside it."""
    start, end = clip
    words = [[w - start for w in scene if start <= w < end] for scene in plan["wordStartsMs"]]
    return {**plan, "wordStartsMs": [scene for scene in words if scene]}


def clipped_page(page: PageInfo, clip: tuple[float, float]) -> PageInfo:
    """What the page reported, in the clip's time: its length and the moving intervals."""
    start, end = clip
    moving = [
        (max(a, start) - start, min(b, end) - start)
        for a, b in page.intervals
        if b > start and a < end
    ]
    return PageInfo(end - start, moving, max(0.0, page.poster_at_ms - start), page.fit)
