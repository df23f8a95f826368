"""Render one composition page to an MP4: serve it, capture chunks, join them, add audio."""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.config import Settings
from app.spec import DEVICE_SCALE
from worker.render.browser import BrowserManager, WarmBrowser
from worker.render.capture import CaptureModeUnsupported
from worker.render.errors import RenderInputError
from worker.render.mux import join_and_mux
from worker.render.parallel import CaptureStats, capture_chunks, worker_count
from worker.render.server import serve_page

log = logging.getLogger(__name__)

FFMPEG_STEP_TIMEOUT_S = 120.0


@dataclass
class PageRender:
    """The written video and how it was made."""

    path: Path
    duration_ms: float
    frames: int
    fps: int
    resolution: str
    stats: CaptureStats


PageSource = str | Callable[[str], str]  # the HTML, or a function of the server origin


async def render_page_to_mp4(
    page_html: PageSource,
    settings: Settings,
    manager: BrowserManager,
    out_path: Path,
    *,
    resolution: str = "720p",
    fps: int = 30,
    audio: Path | None = None,
    assets_dir: Path | None = None,
    parallel: int | None = None,
    on_frames: Callable[[int, int], None] | None = None,
    on_encoding: Callable[[], None] | None = None,
) -> PageRender:
    """Capture every frame of the page deterministically and write the final MP4."""
    workers = worker_count(parallel or settings.render_parallelism, os.cpu_count())
    for attempt in range(2):
        browsers = await manager.acquire(workers, DEVICE_SCALE[resolution])
        healthy = False  # only browsers known to be fine go back to the warm pool
        try:
            result = await _render_once(
                page_html,
                settings,
                browsers,
                out_path,
                resolution,
                fps,
                audio,
                assets_dir,
                on_frames,
                on_encoding,
            )
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


async def _render_once(
    page_html: PageSource,
    settings: Settings,
    browsers: list[WarmBrowser],
    out_path: Path,
    resolution: str,
    fps: int,
    audio: Path | None,
    assets_dir: Path | None,
    on_frames: Callable[[int, int], None] | None,
    on_encoding: Callable[[], None] | None,
) -> PageRender:
    done = [0, 0]

    def plan(total: int) -> None:
        done[1] = total

    def frame(n: int) -> None:
        done[0] += n
        if on_frames:
            on_frames(done[0], done[1])

    # Any single ffmpeg step (accepting a frame, finishing a chunk, the mux) gets this long.
    timeout = min(float(settings.job_timeout_s), FFMPEG_STEP_TIMEOUT_S)
    with (
        tempfile.TemporaryDirectory(prefix="reelsmith-render-") as tmp,
        serve_page("", assets_dir) as server,
    ):
        server.set_page(page_html if isinstance(page_html, str) else page_html(server.origin))
        workdir = Path(tmp)
        chunks, info, stats = await capture_chunks(
            browsers,
            server.origin,
            server.page_url,
            DEVICE_SCALE[resolution],
            fps,
            workdir,
            timeout,
            frame,
            plan,
        )
        out_path.parent.mkdir(parents=True, exist_ok=True)
        if on_encoding:
            on_encoding()
        await join_and_mux(chunks, audio, stats.frames / fps, out_path, timeout)
    return PageRender(out_path, info.duration_ms, stats.frames, fps, resolution, stats)
