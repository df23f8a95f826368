"""One capture page: the composition in a guarded context, seeked and captured frame by frame.

Two methods, chosen per browser launch (docs/develop/design/render-engine.md has the
measurements):
`beginframe` drives the compositor with HeadlessExperimental.beginFrame (headless shell
only, no display clock); `screenshot` uses Page.captureScreenshot. Both return JPEG bytes.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import (
    BrowserContext,
    CDPSession,
    Page,
    Route,
    ViewportSize,
    WebSocketRoute,
)

from worker.render.background import bake_background, check_png
from worker.render.browser import CaptureMode, WarmBrowser
from worker.render.errors import RenderError, RenderInputError, RenderTimeout

log = logging.getLogger(__name__)

VIEWPORT: ViewportSize = {"width": 1280, "height": 720}
JPEG_QUALITY = 92
STEP_TIMEOUT_S = 20.0  # any single browser step (context, route, navigate, evaluate, capture)
READY_TIMEOUT_S = 30.0  # fonts + images + runtime ready


class CaptureModeUnsupported(RenderError):
    """The browser rejected the chosen capture method; retry with the other one."""


@dataclass
class PageInfo:
    """What the runtime reports about a loaded composition: its length, when frames may change,
    the poster frame's time (on the frame grid) and what fitting did to each text element."""

    duration_ms: float
    intervals: list[tuple[float, float]]
    poster_at_ms: float = 0.0
    # reelsmith.fitReport(): [{scene, primitive, element, prop, field, size, declared, scale,
    # truncated}]
    fit: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class CapturePage:
    """One guarded page with the composition loaded, ready to seek and capture."""

    context: BrowserContext
    page: Page
    cdp: CDPSession
    mode: CaptureMode
    interval_ms: float
    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    _tick: float = 0.0
    _last: bytes | None = None

    async def seek(self, ms: float) -> None:
        """Show time `ms` (straight over CDP: cheaper per frame than page.evaluate)."""
        result = await _step(
            self.cdp.send(
                "Runtime.evaluate",
                {"expression": f"window.reelsmith.seek({ms!r})", "returnByValue": True},
            ),
            "seek",
        )
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = (details.get("exception") or {}).get("description") or details.get("text")
            raise RenderInputError(f"The composition failed at {ms:.0f} ms: {text}")

    async def capture(self) -> bytes:
        """JPEG bytes of the current state of the page."""
        if self.mode == "beginframe":
            frame = await self._begin_frame(screenshot=True)
            if frame is None and self._last is not None:
                frame = self._last  # no damage and no image: the previous frame stands
            for _ in range(3):  # the very first frames of a page may come without an image
                if frame is not None:
                    break
                frame = await self._begin_frame(screenshot=True)
            if frame is None:
                raise RenderError("Chromium produced no frame image")
        else:
            result = await _step(
                self.cdp.send(
                    "Page.captureScreenshot",
                    {"format": "jpeg", "quality": JPEG_QUALITY, "optimizeForSpeed": True},
                ),
                "screenshot",
            )
            frame = base64.b64decode(result["data"])
        self._last = frame
        return frame

    async def seek_and_capture(self, ms: float) -> bytes:
        await self.seek(ms)
        return await self.capture()

    async def capture_png(self) -> bytes:
        """A lossless image of the current state of the page (not a video frame)."""
        frame: bytes | None = None
        if self.mode == "beginframe":
            for _ in range(4):  # the first frames after a change may come without an image
                frame = await self._begin_frame(screenshot=True, fmt="png")
                if frame is not None:
                    break
        else:
            params = {"format": "png", "optimizeForSpeed": True}
            result = await _step(self.cdp.send("Page.captureScreenshot", params), "screenshot")
            frame = base64.b64decode(result["data"])
        return check_png(frame)

    async def evaluate(self, js: str, arg: Any = None, *, what: str = "evaluate") -> Any:
        """page.evaluate with the step's time limit."""
        return await _step(self.page.evaluate(js, arg), what)

    async def _begin_frame(self, screenshot: bool, fmt: str = "jpeg") -> bytes | None:
        self._tick += self.interval_ms
        params: dict[str, Any] = {"frameTimeTicks": self._tick, "interval": self.interval_ms}
        if screenshot:
            params["screenshot"] = (
                {"format": "jpeg", "quality": JPEG_QUALITY}
                if fmt == "jpeg"
                else {"format": fmt, "optimizeForSpeed": True}  # png: fast zlib, lossless
            )
        try:
            result = await _step(
                self.cdp.send("HeadlessExperimental.beginFrame", params), "beginFrame"
            )
        except RenderTimeout:
            raise
        except Exception as exc:
            if _unsupported(exc):
                raise CaptureModeUnsupported(f"beginFrame not usable: {exc}") from exc
            raise
        data = result.get("screenshotData")
        return base64.b64decode(data) if data else None

    async def pump(self) -> None:
        """Let the page run one frame (timers, fonts, image decodes) without capturing."""
        if self.mode == "beginframe":
            await self._begin_frame(screenshot=False)
        else:
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.context.close(), 10)
        except Exception:  # the browser may already be gone
            log.debug("context close failed", exc_info=True)


def _unsupported(exc: BaseException) -> bool:
    """Whether a protocol error means this browser has no working beginFrame (vs a crash)."""
    text = str(exc).lower()
    return any(
        marker in text
        for marker in ("wasn't found", "-32601", "not supported", "not enabled", "begin frame")
    )


async def _step(awaitable: Any, what: str, timeout: float | None = None) -> Any:
    """Await one browser step with a time limit (STEP_TIMEOUT_S unless given).

    Every Playwright/CDP call on the render path goes through here: `page.evaluate` and CDP
    sends have no time limit of their own and wait forever on a renderer that hangs.
    """
    limit = STEP_TIMEOUT_S if timeout is None else timeout
    try:
        return await asyncio.wait_for(awaitable, limit)
    except TimeoutError as exc:
        raise RenderTimeout(f"Chromium {what} took longer than {limit:g}s") from exc


def _origin_guard(origin: str, blocked: list[str]) -> Any:
    async def guard(route: Route) -> None:
        url = route.request.url
        if url.startswith(origin + "/"):
            await route.continue_()
        else:
            blocked.append(url)
            await route.abort("blockedbyclient")

    return guard


async def _close_socket(ws: WebSocketRoute) -> None:
    await ws.close(code=1008, reason="network access is blocked while rendering")


async def open_capture_page(
    warm: WarmBrowser,
    origin: str,
    url: str,
    scale: float,
    fps: int,
    viewport: Mapping[str, int] | None = None,
) -> CapturePage:
    """A fresh context (no network but `origin`) with the composition loaded and ready;
    `viewport`: the page's layout size (its shape; 1280x720 when None)."""
    context = await _step(
        warm.browser.new_context(
            viewport={"width": viewport["width"], "height": viewport["height"]}
            if viewport
            else VIEWPORT,
            device_scale_factor=scale,
            service_workers="block",
            java_script_enabled=True,
            bypass_csp=False,
            reduced_motion="no-preference",
        ),
        "new context",
    )
    context.set_default_timeout(STEP_TIMEOUT_S * 1000)
    blocked: list[str] = []
    try:
        await _step(context.route("**/*", _origin_guard(origin, blocked)), "request guard")
        await _step(context.route_web_socket("**/*", _close_socket), "websocket guard")
        page = await _step(context.new_page(), "new page")
        cdp = await _step(context.new_cdp_session(page), "CDP session")
        cap = CapturePage(
            context=context,
            page=page,
            cdp=cdp,
            mode=warm.mode,
            interval_ms=1000.0 / fps,
            blocked=blocked,
            _tick=time.monotonic() * 1000.0,
        )
        page.on("pageerror", lambda err: cap.errors.append(str(err)))
        await _step(page.goto(url, wait_until="load"), "page load")
        await _wait_ready(cap)
        await bake_background(cap)
        return cap
    except BaseException:
        # The step's own error is the one to report, not a failed close of a wedged context.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(context.close(), 10)
        raise


READY_JS = """async () => {
  const rs = window.reelsmith;
  if (!rs) throw new Error("the page has no window.reelsmith runtime");
  await rs.ready;
  await document.fonts.ready;
  await Promise.all([...document.images].map(img => img.decode().catch(() => {
    throw new Error("image failed to decode: " + img.currentSrc);
  })));
  return true;
}"""


async def _wait_ready(cap: CapturePage) -> None:
    """Fonts loaded, images decoded and the runtime ready; pumps frames while waiting."""
    if cap.errors:
        raise RenderInputError(f"The composition page failed to load: {cap.errors[0]}")
    await _step(
        cap.page.evaluate(
            f"""() => {{ window.__rsReady = undefined;
              (async () => ({READY_JS})())().then(() => {{ window.__rsReady = "ok"; }},
                e => {{ window.__rsReady = "error: " + (e && e.message || e); }}); }}"""
        ),
        "ready start",
    )
    deadline = time.monotonic() + READY_TIMEOUT_S
    while True:
        state = await _step(cap.page.evaluate("() => window.__rsReady"), "ready check")
        if state == "ok":
            return
        if isinstance(state, str):
            raise RenderInputError(f"The composition page is not renderable: {state[7:]}")
        if cap.errors:
            raise RenderInputError(f"The composition page failed: {cap.errors[0]}")
        if time.monotonic() > deadline:
            raise RenderTimeout(
                f"The composition page was not ready after {READY_TIMEOUT_S:.0f}s "
                "(fonts or images still loading)"
            )
        await cap.pump()


async def page_info(cap: CapturePage, fps: int) -> PageInfo:
    """Duration, moving intervals, the poster frame (the page's posterAtMs on the grid of
    `fps`) and the text-fit report, as the runtime reports them, in one call."""
    info = await _step(
        cap.page.evaluate(
            """fps => { const rs = window.reelsmith;
              return {d: rs.duration, i: rs.activeIntervals(), p: rs.posterAtMs(undefined, fps),
                      f: rs.fitReport()}; }""",
            fps,
        ),
        "runtime info",
    )
    return PageInfo(
        duration_ms=float(info["d"]),
        intervals=[(float(a), float(b)) for a, b in info["i"]],
        poster_at_ms=float(info["p"] or 0),
        fit=[dict(entry) for entry in info["f"] or []],
    )


async def differ_flags(cap: CapturePage, total: int, fps: int) -> list[bool]:
    """flags[i]: frame i can differ from frame i-1 (runtime canDiffer); flags[0] is True."""
    flags = await _step(
        cap.page.evaluate(
            """([n, fps]) => { const out = [true];
              for (let i = 1; i < n; i++)
                out.push(!!window.reelsmith.canDiffer((i - 1) * 1000 / fps, i * 1000 / fps));
              return out; }""",
            [total, fps],
        ),
        "canDiffer",
    )
    return [bool(f) for f in flags]


def frame_time_ms(index: int, fps: int) -> float:
    """Composition time shown by frame `index`."""
    return index * 1000.0 / fps
