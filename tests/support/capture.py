"""Capture helpers for tests: a ready page (no timeline) rendered to an MP4, one frame range of
a served page as its own file, and even cuts of a video into segments. They run the engine's
own capture, encode and mux steps."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from app.config import Settings
from app.workdir import temp_dir
from worker.render.browser import BrowserManager
from worker.render.capture import CaptureStats, capture_video
from worker.render.encode import step_timeout
from worker.render.mux import join_and_mux, join_video
from worker.render.server import PageServer, serve_page


@dataclass
class PageRender:
    """A ready page written as an MP4 (silent unless `audio` was given)."""

    path: Path
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
    """serve -> capture + encode (the whole page as one segment) -> mux for one ready page."""
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
            captured.paths, audio, captured.duration_s, out_path, step_timeout(settings)
        )
    return PageRender(out_path, captured.frames, fps, resolution, captured.stats)


async def render_segment(
    server: PageServer,
    settings: Settings,
    manager: BrowserManager,
    workdir: Path,
    *,
    resolution: str,
    fps: int,
    frames: range,
    parallel: int | None = None,
) -> Path:
    """Frames `frames` of the served page as one video-only MP4 that starts on a key frame
    (workdir/segment-<start>-<stop>.mp4)."""
    target = workdir / f"segment-{frames.start:06d}-{frames.stop:06d}.mp4"
    own = Path(tempfile.mkdtemp(prefix="segment-", dir=workdir))
    try:
        captured = await capture_video(
            server,
            settings,
            manager,
            own,
            resolution=resolution,
            fps=fps,
            segments=[frames],
            parallel=parallel,
        )
        await join_video(captured.paths, target, step_timeout(settings))
    finally:
        shutil.rmtree(own, ignore_errors=True)
    return target


def even_segments(total: int, sizes: list[int]) -> list[range]:
    """Segments of the given frame counts back to back (the last takes the rest)."""
    segments, start = [], 0
    for size in sizes:
        if start >= total:
            break
        segments.append(range(start, min(total, start + size)))
        start += size
    if start < total:
        segments.append(range(start, total))
    return segments
