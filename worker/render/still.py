"""One frame of a prepared job as a PNG, straight from the composition page: the poster of an
on-view job (worker/posters.py) before any video exists.

A png render through the pipeline captures its frame into a one-frame video, muxes it with the
soundtrack, checks it and decodes the PNG back out of it (what a `format: png` render delivers,
with its quality report). A poster needs none of that: the page is loaded once, its poster
frame read (the poster rule every video's poster follows, on the output's frame grid) and that
frame taken losslessly from the browser — about a third of the CPU of the round trip, and a
sharper image (no JPEG and H.264 in between)."""

from __future__ import annotations

from pathlib import Path

from app.config import Settings
from app.spec import DEVICE_SCALE
from worker.render.browser import BrowserManager, WarmBrowser
from worker.render.capture import open_pages, with_capture_browsers
from worker.render.clip import frame_of
from worker.render.errors import RenderInputError
from worker.render.page import page_info
from worker.render.pipeline import Prepared
from worker.render.server import serve_page


async def poster_png(
    prepared: Prepared, settings: Settings, manager: BrowserManager, out: Path
) -> float:
    """Write the poster frame of `prepared` to `out` (PNG at the output's size); the time it
    shows (ms, a frame of the output's grid). RenderInputError when the page cannot be drawn."""
    output = prepared.spec.output
    scale = DEVICE_SCALE[output.resolution]
    fps = output.fps

    async def shoot(browsers: list[WarmBrowser]) -> tuple[float, bytes]:
        async with open_pages(browsers[:1], server, scale, fps) as pages:
            cap = pages[0]
            info = await page_info(cap, fps)
            at = frame_of(info.poster_at_ms, fps) * 1000.0 / fps
            if at >= info.duration_ms:  # a poster past the end: the last frame
                at = max(0.0, (frame_of(info.duration_ms, fps) - 1) * 1000.0 / fps)
            await cap.seek(at)
            png = await cap.capture_png()
            if cap.errors:
                raise RenderInputError(f"The composition page failed: {cap.errors[0]}")
            return at, png

    with serve_page(prepared.page, prepared.assets) as server:
        at, png = await with_capture_browsers(manager, settings, scale, 1, shoot)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png)
    return at
