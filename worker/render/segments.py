"""Where a video is cut: segments at the scene cuts, one-second GOPs inside them, and the work
of each capture page.

Every job's video is cut into segments at each scene's entry transition and at the moment it
is fully in (`scene_cuts`), whether or not the scene cache is on; every segment starts a GOP
and is cut into GOPs of one second from its own start (`gop_grid`). Capture shares the GOPs
between its pages in contiguous stretches of about equal work (`split_gops`, `page_work`);
the pieces of a long render (worker/pieces/) are cut on the same grid. Encoded with the fixed
settings of worker/render/encode.py (constant QP, no B-frames, no lookahead, closed GOPs), a
GOP's pixels depend only on its own source frames, so every way of cutting the grid into files
(one run per page, one per segment for the scene cache, one set per piece) decodes to the
same frames.
"""

from __future__ import annotations

import itertools
import logging
import math

from app.composition.timeline import Timeline
from worker.render.errors import RenderError

log = logging.getLogger(__name__)

REPEAT_COST = 0.1  # a repeated frame costs ffmpeg a decode, not a capture


def frame_total(duration_ms: float, fps: int) -> int:
    """Frames of a composition of `duration_ms`."""
    total = round(duration_ms * fps / 1000.0)
    if total <= 0 or not math.isfinite(duration_ms):
        raise RenderError(f"The composition has no length (duration {duration_ms} ms)")
    return total


def _first_frame(ms: int, fps: int) -> int:
    """Index of the first frame shown at or after `ms` (frame i shows i*1000/fps ms)."""
    return -((-ms * fps) // 1000)


def scene_cuts(timeline: Timeline, fps: int) -> list[tuple[range, list[int]]]:
    """The video cut into segments, each with the scenes on screen in it (by position in
    `timeline.scenes`): each scene's entry transition (it and the scene before) and its
    fully-in part (it alone). The cuts depend on the timeline only, never on what is cached:
    every render of a video (plain, cached, in pieces) is made of these segments, each
    starting a GOP, so all of them decode to the same frames."""
    total = round(timeline.duration_ms * fps / 1000.0)  # as the capture counts them
    scenes = timeline.scenes
    regions: list[tuple[int, int, list[int]]] = []  # (from ms, to ms, scenes on screen)
    for n, s in enumerate(scenes):
        fully_in = s.start_ms + s.transition_ms
        end = scenes[n + 1].start_ms if n + 1 < len(scenes) else timeline.duration_ms
        if s.transition_ms > 0 and n > 0:
            regions.append((s.start_ms, fully_in, [n - 1, n]))
        regions.append((fully_in, end, [n]))
    cuts: list[tuple[range, list[int]]] = []
    for start_ms, end_ms, on_screen in regions:
        a, b = _first_frame(start_ms, fps), min(_first_frame(end_ms, fps), total)
        if b > a:
            cuts.append((range(a, b), on_screen))
    covered = [f for frames, _ in cuts for f in frames]
    if covered != list(range(total)):  # never expected: fall back to one unshared segment
        log.warning("scene cuts did not cover the video's %d frames; one segment", total)
        return [(range(total), [])]
    return cuts


def video_segments(timeline: Timeline, fps: int) -> list[range]:
    """The frame ranges of `scene_cuts`: what every render of the video captures."""
    return [frames for frames, _ in scene_cuts(timeline, fps)]


def cut_at(starts: list[int], frames: range) -> list[range]:
    """`frames` cut before every frame of `starts` inside it (the segments of a video whose
    segments start at `starts`, restricted to `frames`)."""
    edges = sorted({frames.start, *(s for s in starts if frames.start < s < frames.stop)})
    return [range(a, b) for a, b in zip(edges, [*edges[1:], frames.stop], strict=True)]


def gop_grid(segments: list[range], gop: int) -> list[range]:
    """The GOPs of a video cut into `segments` (back to back): every segment starts a GOP
    and is cut into GOPs of `gop` frames from its own start (the last one shorter)."""
    return [
        range(first, min(first + gop, seg.stop))
        for seg in segments
        for first in range(seg.start, seg.stop, gop)
    ]


def split_gops(flags: list[bool], gops: list[range], parts: int) -> list[range]:
    """Contiguous stretches of whole `gops` (frame ranges back to back from 0 over `flags`)
    with about equal capture work each (a repeated frame costs REPEAT_COST of a captured
    one), cut at the GOP boundary nearest an equal share."""
    if not gops:
        return []
    costs = [sum(1.0 if flags[i] else REPEAT_COST for i in g) + 1.0 for g in gops]
    parts = max(1, min(parts, len(gops)))
    prefix = list(itertools.accumulate(costs, initial=0.0))  # work before GOP j
    total = prefix[-1]
    cuts = [0]
    for k in range(1, parts):  # the GOP boundary nearest k/parts of the work
        lowest, highest = cuts[-1] + 1, len(gops) - (parts - k)
        cuts.append(
            min(range(lowest, highest + 1), key=lambda j: abs(prefix[j] - k * total / parts))
        )
    cuts.append(len(gops))
    return [range(gops[a].start, gops[b - 1].stop) for a, b in itertools.pairwise(cuts) if b > a]


def page_work(
    segments: list[range], flags: list[bool], gop: int, pages: int
) -> list[list[tuple[int, range]]]:
    """The work of each capture page: the segments' GOPs (`gop_grid`) in about equal
    contiguous stretches by capture cost (`split_gops`), each stretch cut where a segment
    ends into (segment number, frame range) items."""
    owner = {}
    gops = []
    for n, frames in enumerate(segments):
        for g in gop_grid([frames], gop):
            owner[g.start] = n
            gops.append(g)
    work = []
    for stretch in split_gops(flags, gops, pages):
        items: list[tuple[int, range]] = []
        for g in gops:
            if g.start < stretch.start or g.stop > stretch.stop:
                continue
            n = owner[g.start]
            if items and items[-1][0] == n and items[-1][1].stop == g.start:
                items[-1] = (n, range(items[-1][1].start, g.stop))
            else:
                items.append((n, g))
        work.append(items)
    return work
