"""Segments: a frame range of a served composition page rendered into one H.264 MP4 that
starts on a keyframe and joins others without re-encoding.

A segment is captured the way the whole video is (worker/render/parallel.py): split into
GOP-aligned chunks, one capture page each, every chunk a closed-GOP stream with the fixed
encoder settings of worker/render/encode.py; the chunks are then joined by stream copy into
the segment file. Segments are joined, and the one audio track muxed, by
`worker.render.mux.join_and_mux` (concat demuxer, stream copy) exactly like chunks.

Frame identity: every chunk restarts the GOP at its first frame, so a segmented render
decodes to the same frames as the single-piece render when its boundaries fall on the
single-piece GOP grid (multiples of `gop_size(fps)`); a segment starting elsewhere starts a
new GOP there (its pixels are the same source frames, the keyframe placement differs).

`render_plan` is the one capture session: it takes a list of `PlannedSegment`, copies
those whose content key is in a cache (worker/render/scenecache.py) and captures the rest,
all on the same warm pages.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from app.config import Settings
from app.media.ffmpeg import ffmpeg_command, run_ffmpeg
from app.spec import DEVICE_SCALE
from worker.render.browser import BrowserManager, WarmBrowser
from worker.render.capture import CapturePage, PageInfo, differ_flags, open_capture_page, page_info
from worker.render.encode import gop_size
from worker.render.errors import RenderError, RenderTimeout
from worker.render.parallel import (
    CaptureStats,
    _capture_range,
    _first_error,
    _ignore,
    split_ranges,
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
    """The segment files of a video, in order, and how they were made."""

    paths: list[Path]
    stats: CaptureStats
    fps: int
    keys: list[str | None] = field(default_factory=list)
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
) -> tuple[list[list[Path]], PageInfo, int]:
    """Capture each frame range as GOP-aligned chunks (relative to the range's start), all
    ranges sharing the pages; returns the chunks of each range, the page info and how many
    frames were really captured."""
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
        work: asyncio.Queue[tuple[range, Path]] = asyncio.Queue()
        groups: list[list[Path]] = []
        for n, frames in enumerate(segments):
            parts = split_ranges(flags[frames.start : frames.stop], gop_size(fps), len(pages))
            group = []
            for m, part in enumerate(parts):
                chunk = workdir / f"seg{n:04d}-{m:02d}.mp4"
                work.put_nowait((range(frames.start + part.start, frames.start + part.stop), chunk))
                group.append(chunk)
            groups.append(group)
        captured = [0]

        async def drain(cap: CapturePage) -> None:
            while not work.empty():
                frames, chunk = work.get_nowait()
                captured[0] += await _capture_range(
                    cap, frames, flags, fps, chunk, timeout_s, on_frame or _ignore
                )

        try:
            async with asyncio.TaskGroup() as group_tasks:
                for cap in pages:
                    group_tasks.create_task(drain(cap))
        except BaseExceptionGroup as group_error:
            raise _first_error(group_error) from None
        return groups, info, captured[0]
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
    """Every planned segment as a file under `workdir` (seg-NNNN.mp4), in plan order: a
    segment whose content key `store` has is copied from it, the others are captured (and
    given to `store`). The plan must cover frames 0..total-1 without gaps to be a video."""
    scale = DEVICE_SCALE[resolution]
    progress = FrameProgress(on_frames)
    progress.plan(sum(len(s.frames) for s in plan))
    timeout_s = step_timeout(settings)

    async def run(browsers: list[WarmBrowser]) -> Segments:
        tag = capture_tag(browsers)
        keys = [s.key(tag) for s in plan]
        paths = [workdir / f"seg-{n:04d}.mp4" for n in range(len(plan))]
        hit = [False] * len(plan)
        if store is not None:
            for n, key in enumerate(keys):
                if key is not None:
                    hit[n] = await asyncio.to_thread(store.fetch, key, paths[n])
                    if hit[n]:
                        progress.frame(len(plan[n].frames))
        missing = [n for n in range(len(plan)) if not hit[n]]
        captured = 0
        if missing:
            groups, _, captured = await capture_ranges(
                browsers,
                server.origin,
                server.page_url,
                scale,
                fps,
                workdir,
                timeout_s,
                [plan[n].frames for n in missing],
                progress.frame,
            )
            for n, chunks in zip(missing, groups, strict=True):
                await join_segments(chunks, paths[n], timeout_s)
                for chunk in chunks:
                    chunk.unlink(missing_ok=True)
                key = keys[n]
                if store is not None and key is not None:
                    await asyncio.to_thread(store.put, key, paths[n])
        total = sum(len(s.frames) for s in plan)
        stats = CaptureStats(total, captured, browsers[0].mode, len(browsers))
        hit_frames = sum(len(plan[n].frames) for n in range(len(plan)) if hit[n])
        return Segments(paths, stats, fps, keys, sum(hit), hit_frames)

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
        segments.paths[0].replace(target)
    finally:
        shutil.rmtree(own, ignore_errors=True)
    return target
