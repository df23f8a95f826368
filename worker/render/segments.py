"""Segments: frame ranges of a served composition page, each starting a GOP, encoded so that
they join others without re-encoding.

The GOP grid of a video is set by its segments (`gop_groups`): every segment starts a GOP and
is cut into GOPs of one second from its own start. Capture splits the segments' GOPs into one
contiguous run per page (`page_runs`); a page encodes its run as one closed-GOP H.264 file
with key frames forced at the segment starts (x264 restarts its one-second count there), or,
when segments are to be kept in a cache, as one file per segment. Encoded with the fixed
settings of worker/render/encode.py (constant QP, no B-frames, no lookahead, closed GOPs), a
GOP's pixels depend only on its own source frames, so every way of cutting the same grid into
files (per page, per segment, per worker) decodes to the same frames. Files are joined, and
the one audio track muxed, by `worker.render.mux.join_and_mux` (concat demuxer, stream copy).

`render_plan` is the one capture session: it takes a list of `PlannedSegment`, copies those
whose content key is in a cache (worker/render/scenecache.py) and captures the rest, all on
the same warm pages.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import shutil
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from app.config import Settings
from app.media.ffmpeg import ffmpeg_command, run_ffmpeg
from app.spec import DEVICE_SCALE
from worker.render.browser import BrowserManager, WarmBrowser
from worker.render.encode import gop_size
from worker.render.errors import RenderError, RenderTimeout
from worker.render.page import CapturePage, PageInfo, differ_flags, open_capture_page, page_info
from worker.render.parallel import (
    CaptureStats,
    ChunkWork,
    _first_error,
    _ignore,
    capture_run,
    gop_groups,
    split_groups,
)
from worker.render.server import PageServer
from worker.render.stitch import FrameProgress, step_timeout, with_capture_browsers

log = logging.getLogger(__name__)


class SegmentStore(Protocol):
    """Where finished segments are kept by content key (worker/render/scenecache.py)."""

    def fetch(self, key: str, dest: Path) -> bool: ...

    def put(self, key: str, source: Path) -> None: ...


@dataclass
class PlannedSegment:
    """One frame range of the video; `content` describes everything that can change its
    pixels (None: not shareable, always captured)."""

    frames: range
    content: Mapping[str, Any] | None = None

    def key(self, capture_tag: str) -> str | None:
        if self.content is None:
            return None
        blob = json.dumps(
            {"content": self.content, "capture": capture_tag, "frames": len(self.frames)},
            sort_keys=True,
            separators=(",", ":"),
            default=str,
        )
        return hashlib.sha256(blob.encode()).hexdigest()


@dataclass
class Segments:
    """The files of a video in frame order (joined back to back they are the video: one per
    segment copied from or kept in a cache, else as captured) and how they were made."""

    paths: list[Path]
    stats: CaptureStats
    fps: int
    segments: int = 1  # segments planned
    hits: int = 0  # segments copied from the cache
    hit_frames: int = 0

    @property
    def frames(self) -> int:
        return self.stats.frames

    @property
    def duration_s(self) -> float:
        return self.stats.frames / self.fps


def whole(total: int) -> list[PlannedSegment]:
    """The single-piece plan: one segment of every frame."""
    return [PlannedSegment(range(total))]


def even_plan(total: int, sizes: list[int]) -> list[PlannedSegment]:
    """Segments of the given frame counts back to back (the last takes the rest)."""
    plan, start = [], 0
    for size in sizes:
        if start >= total:
            break
        plan.append(PlannedSegment(range(start, min(total, start + size))))
        start += size
    if start < total:
        plan.append(PlannedSegment(range(start, total)))
    return plan


def cut_at(starts: list[int], frames: range) -> list[range]:
    """`frames` cut before every frame of `starts` inside it (segments of a video whose
    segments start at `starts`, restricted to `frames`)."""
    edges = sorted({frames.start, *(s for s in starts if frames.start < s < frames.stop)})
    return [range(a, b) for a, b in zip(edges, [*edges[1:], frames.stop], strict=True)]


def capture_tag(browsers: list[WarmBrowser]) -> str:
    """What about the capturing browser can change pixels: its version and capture mode."""
    warm = browsers[0]
    return f"{warm.mode}|{warm.browser.version}"


def concat_args(listing: Path, out_path: Path) -> list[str]:
    """ffmpeg argv: the listed MP4s back to back, video stream copied (concat demuxer)."""
    return ffmpeg_command(
        "-f", "concat", "-safe", "0", "-i", str(listing),
        "-map", "0:v", "-c", "copy", "-f", "mp4", str(out_path),
    )  # fmt: skip


async def join_segments(parts: list[Path], out_path: Path, timeout_s: float) -> Path:
    """`parts` (chunks or segments, each starting on a keyframe) back to back into one
    video-only MP4, by stream copy (no re-encode)."""
    if len(parts) == 1:
        shutil.copyfile(parts[0], out_path)
        return out_path
    listing = out_path.with_suffix(".parts.txt")
    listing.write_text("".join(f"file '{p.resolve()}'\n" for p in parts))
    try:
        await run_ffmpeg(
            concat_args(listing, out_path),
            timeout_s,
            "segment join",
            failed=RenderError,
            timed_out=RenderTimeout,
        )
    finally:
        listing.unlink(missing_ok=True)
    return out_path


def page_runs(
    segments: list[range], flags: list[bool], gop: int, pages: int
) -> list[list[tuple[int, range]]]:
    """The work of each page: the segments' GOPs (`gop_groups`, each segment starting one)
    in about equal contiguous runs by capture cost, each run cut where a segment ends into
    (segment number, frame range) items, each of which becomes one encoded chunk."""
    owner = {}
    groups = []
    for n, frames in enumerate(segments):
        for g in gop_groups([frames], gop):
            owner[g.start] = n
            groups.append(g)
    runs = []
    for run in split_groups(flags, groups, pages):
        items: list[tuple[int, range]] = []
        for g in groups:
            if g.start < run.start or g.stop > run.stop:
                continue
            n = owner[g.start]
            if items and items[-1][0] == n and items[-1][1].stop == g.start:
                items[-1] = (n, range(items[-1][1].start, g.stop))
            else:
                items.append((n, g))
        runs.append(items)
    return runs


@dataclass
class Chunk:
    """A captured file and the segments (plan positions) whose frames it holds."""

    path: Path
    segments: list[int]


async def capture_ranges(
    browsers: list[WarmBrowser],
    origin: str,
    url: str,
    scale: float,
    fps: int,
    workdir: Path,
    timeout_s: float,
    segments: list[range],
    on_frame: Callable[[int], None] | None = None,
    *,
    file_per_segment: bool = False,
) -> tuple[list[Chunk], PageInfo, int]:
    """Capture the frame ranges, the pages sharing the work in contiguous runs
    (`page_runs`), every range starting a GOP and cut into GOPs from its start. A page's
    run is one encoded file with forced key frames at the ranges' starts, or, with
    `file_per_segment`, one file per range in it. Returns the files in frame order (with the
    ranges each holds), the page info and how many frames were really captured."""
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
        total = frame_total(info.duration_ms, fps)
        for frames in segments:
            if frames.start < 0 or frames.stop > total or frames.step != 1:
                raise RenderError(f"frame range {frames} is outside the video's {total} frames")
        flags = await differ_flags(pages[0], total, fps)
        chunks: list[Chunk] = []
        work: list[list[ChunkWork]] = []
        for r, run in enumerate(page_runs(segments, flags, gop_size(fps), len(pages))):
            items: list[ChunkWork] = []
            for n, frames in run:
                joins = items and not file_per_segment and items[-1].frames.stop == frames.start
                if joins:  # the same file goes on; a GOP starts here
                    last = items[-1]
                    last.keyframes.append(len(last.frames))
                    last.frames = range(last.frames.start, frames.stop)
                    chunks[-1].segments.append(n)
                    continue
                path = workdir / f"chunk-{r:02d}-{frames.start:07d}.mp4"
                items.append(ChunkWork(frames, path))
                chunks.append(Chunk(path, [n]))
            work.append(items)
        try:
            async with asyncio.TaskGroup() as group_tasks:
                tasks = [
                    group_tasks.create_task(
                        capture_run(cap, items, flags, fps, timeout_s, on_frame or _ignore)
                    )
                    for cap, items in zip(pages, work, strict=False)
                ]
        except BaseExceptionGroup as group_error:
            raise _first_error(group_error) from None
        return chunks, info, sum(t.result() for t in tasks)
    finally:
        await asyncio.gather(*(p.close() for p in pages), return_exceptions=True)


def frame_total(duration_ms: float, fps: int) -> int:
    """Frames of a composition of `duration_ms` (as capture_chunks counts them)."""
    total = round(duration_ms * fps / 1000.0)
    if total <= 0 or not math.isfinite(duration_ms):
        raise RenderError(f"The composition has no length (duration {duration_ms} ms)")
    return total


async def render_plan(
    server: PageServer,
    settings: Settings,
    manager: BrowserManager,
    workdir: Path,
    *,
    resolution: str,
    fps: int,
    plan: list[PlannedSegment],
    store: SegmentStore | None = None,
    parallel: int | None = None,
    on_frames: Callable[[int, int], None] | None = None,
) -> Segments:
    """Every planned segment's files under `workdir`, in plan order: a segment whose content
    key `store` has is copied from it (seg-NNNN.mp4), the others are captured; a captured
    segment with a key is joined into one file and given to `store`. The plan must cover
    frames 0..total-1 without gaps to be a video."""
    scale = DEVICE_SCALE[resolution]
    progress = FrameProgress(on_frames)
    progress.plan(sum(len(s.frames) for s in plan))
    timeout_s = step_timeout(settings)

    async def run(browsers: list[WarmBrowser]) -> Segments:
        tag = capture_tag(browsers)
        keys = [s.key(tag) if store is not None else None for s in plan]
        kept = [workdir / f"seg-{n:04d}.mp4" for n in range(len(plan))]
        hit = [False] * len(plan)
        if store is not None:
            for n, key in enumerate(keys):
                if key is not None:
                    hit[n] = await asyncio.to_thread(store.fetch, key, kept[n])
                    if hit[n]:
                        progress.frame(len(plan[n].frames))
        missing = [n for n in range(len(plan)) if not hit[n]]
        files: dict[int, list[Path]] = {n: [kept[n]] for n in range(len(plan)) if hit[n]}
        captured = 0
        if missing:
            chunks, _, captured = await capture_ranges(
                browsers,
                server.origin,
                server.page_url,
                scale,
                fps,
                workdir,
                timeout_s,
                [plan[n].frames for n in missing],
                progress.frame,
                file_per_segment=store is not None,
            )
            for chunk in chunks:  # in frame order; a chunk holds one or more segments
                files.setdefault(missing[chunk.segments[0]], []).append(chunk.path)
            for n in missing:
                key = keys[n]
                if store is None or key is None or n not in files:
                    continue
                await join_segments(files[n], kept[n], timeout_s)
                for path in files[n]:
                    path.unlink(missing_ok=True)
                files[n] = [kept[n]]
                await asyncio.to_thread(store.put, key, kept[n])
        total = sum(len(s.frames) for s in plan)
        stats = CaptureStats(total, captured, browsers[0].mode, len(browsers))
        hit_frames = sum(len(plan[n].frames) for n in range(len(plan)) if hit[n])
        paths = [path for n in sorted(files) for path in files[n]]
        return Segments(paths, stats, fps, len(plan), sum(hit), hit_frames)

    return await with_capture_browsers(manager, settings, scale, parallel, run, progress.reset)


async def render_segment(
    server: PageServer,
    settings: Settings,
    manager: BrowserManager,
    workdir: Path,
    *,
    resolution: str,
    fps: int,
    frames: range,
    out_path: Path | None = None,
    parallel: int | None = None,
    on_frames: Callable[[int, int], None] | None = None,
) -> Path:
    """Frames `frames` of the served composition as one H.264 MP4 (video only) that starts
    on a keyframe and joins other segments losslessly (`join_segments`, `join_and_mux`).
    Written to `out_path` (default: workdir/segment-<start>-<stop>.mp4)."""
    target = out_path or workdir / f"segment-{frames.start:06d}-{frames.stop:06d}.mp4"
    target.parent.mkdir(parents=True, exist_ok=True)
    own = Path(tempfile.mkdtemp(prefix="segment-", dir=workdir))  # concurrent calls: own files
    try:
        segments = await render_plan(
            server,
            settings,
            manager,
            own,
            resolution=resolution,
            fps=fps,
            plan=[PlannedSegment(frames)],
            parallel=parallel,
            on_frames=on_frames,
        )
        await join_segments(segments.paths, target, step_timeout(settings))
    finally:
        shutil.rmtree(own, ignore_errors=True)
    return target
