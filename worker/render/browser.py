"""Warm headless Chromium per worker process, recycled every N jobs to bound memory."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
from dataclasses import dataclass
from typing import Literal

from playwright.async_api import Browser, Playwright, async_playwright

from app.config import Settings
from worker.render.errors import RenderError

log = logging.getLogger(__name__)

CaptureMode = Literal["beginframe", "screenshot"]

# Real binaries first: the /usr/bin entries are shell wrappers that would sit between
# Playwright and the browser and outlive it when the browser is killed.
CANDIDATES = (
    "/usr/lib/chromium/chromium-headless-shell",
    "/usr/bin/chromium-headless-shell",
    "/usr/lib/chromium/chromium",
    "/usr/bin/chromium",
)

BASE_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-sync",
    "--disable-translate",
    "--hide-scrollbars",
    "--mute-audio",
    "--disable-dev-shm-usage",
    "--font-render-hinting=none",
    "--force-color-profile=srgb",
    # Full-tile re-raster: a frame must not depend on which frames the page painted before
    # (parallel pages start at different frames; partial raster differs by a few levels).
    "--disable-partial-raster",
    # Second wall behind request routing: no name resolves except the engine's own host.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
]

# Only chromium-headless-shell honours these; frames are then produced only on
# HeadlessExperimental.beginFrame, so capture never waits on a display clock.
BEGIN_FRAME_ARGS = [
    "--deterministic-mode",
    "--enable-begin-frame-control",
    "--run-all-compositor-stages-before-draw",
    "--disable-new-content-rendering-timeout",
    "--disable-threaded-animation",
    "--disable-threaded-scrolling",
    "--disable-checker-imaging",
    "--disable-image-animation-resync",
]

LAUNCH_TIMEOUT_S = 30.0


def find_chromium(settings: Settings) -> str:
    """Path of the browser binary: settings.chromium_path, else the first installed candidate."""
    if settings.chromium_path:
        if not os.access(settings.chromium_path, os.X_OK):
            raise RenderError(f"chromium_path {settings.chromium_path!r} is not an executable")
        return settings.chromium_path
    for path in CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    found = shutil.which("chromium-headless-shell") or shutil.which("chromium")
    if found:
        return found
    raise RenderError(
        "No Chromium found: install chromium-headless-shell (or chromium) "
        "or set REELSMITH_CHROMIUM_PATH"
    )


def supports_begin_frame(executable: str) -> bool:
    """Whether the binary is the headless shell (the only one with begin-frame control)."""
    return "headless-shell" in os.path.basename(executable)


@dataclass
class WarmBrowser:
    """A launched browser and the capture mode it was launched for."""

    browser: Browser
    mode: CaptureMode
    executable: str
    scale: float = 1.0  # device pixel ratio the window was launched with (beginframe)
    jobs: int = 0
    leases: int = 0  # running jobs holding it (beginframe browsers are never shared)

    @property
    def busy(self) -> bool:
        return self.leases > 0


class BrowserManager:
    """Owns one Playwright driver and warm browsers; hands them out per job, recycles them.

    In `beginframe` mode each capture page gets its own browser (Chromium's display
    compositor rejects overlapping external begin-frames from sibling pages); in
    `screenshot` mode the pages share one browser.
    """

    def __init__(self, settings: Settings, mode: CaptureMode | None = None) -> None:
        self.settings = settings
        self.preferred_mode = mode
        self._playwright: Playwright | None = None
        self._pool: list[WarmBrowser] = []
        self._lock = asyncio.Lock()
        self._broken_modes: set[CaptureMode] = set()
        self._jobs = 0

    async def acquire(self, pages: int = 1, scale: float = 1.0) -> list[WarmBrowser]:
        """Browsers for one job's `pages` capture pages at a device pixel ratio.

        beginFrame screenshots are taken at the window's scale, so in that mode a browser is
        launched per scale (--force-device-scale-factor); the pool keeps one scale at a time.
        """
        async with self._lock:
            self._jobs += 1
            mode = self._mode()
            for warm in [w for w in self._pool if not w.busy and self._stale(w, mode, scale)]:
                self._pool.remove(warm)
                await _close(warm)
            if mode == "screenshot":  # pages (and concurrent jobs) share one browser
                shared = [w for w in self._pool if not self._stale(w, mode, scale)]
                chosen = shared[:1] or [await self._add(mode, scale)]
            else:
                free = [w for w in self._pool if not w.busy and not self._stale(w, mode, scale)]
                while len(free) < pages:
                    free.append(await self._add(mode, scale))
                chosen = free[:pages]
            for warm in chosen:
                warm.jobs += 1
                warm.leases += 1
            return [chosen[i % len(chosen)] for i in range(pages)]

    async def release(self, browsers: list[WarmBrowser]) -> None:
        """Give a job's browsers back after it ran to an end (done, or failed on its input).

        Ones due for recycling are closed once no other job holds them.
        """
        async with self._lock:
            for warm in {id(w): w for w in browsers}.values():
                warm.leases = max(0, warm.leases - 1)
                if warm.busy:  # still shared with another job (screenshot mode)
                    continue
                if warm not in self._pool:  # discarded while another job still held it
                    await _close(warm)
                elif self._stale(warm, warm.mode, warm.scale):
                    self._pool.remove(warm)
                    await _close(warm)

    async def discard(self, browsers: list[WarmBrowser]) -> None:
        """Close a job's browsers instead of giving them back: a browser step timed out, the
        browser crashed or the job was cancelled mid-step, so it may be wedged.

        They leave the pool at once, so no later job (or retry) gets them; a browser another
        job still shares (screenshot mode) is closed when that job lets go of it.
        """
        async with self._lock:
            for warm in {id(w): w for w in browsers}.values():
                warm.leases = max(0, warm.leases - 1)
                if warm in self._pool:
                    self._pool.remove(warm)
                if not warm.busy:
                    await _close(warm)

    def _stale(self, warm: WarmBrowser, mode: CaptureMode, scale: float) -> bool:
        return (
            warm.jobs >= max(1, self.settings.browser_recycle_jobs)
            or warm.mode != mode
            or warm.mode in self._broken_modes
            or (mode == "beginframe" and warm.scale != scale)
            or not warm.browser.is_connected()
        )

    async def _add(self, mode: CaptureMode, scale: float) -> WarmBrowser:
        warm = await self._launch(mode, scale)
        self._pool.append(warm)
        return warm

    def mark_mode_broken(self, mode: CaptureMode) -> None:
        """Remember that a capture mode failed here; later launches use the other one."""
        self._broken_modes.add(mode)

    def _mode(self) -> CaptureMode:
        executable = find_chromium(self.settings)
        mode: CaptureMode = self.preferred_mode or "beginframe"
        if mode in self._broken_modes or not supports_begin_frame(executable):
            mode = "screenshot"
        return mode

    async def _launch(self, mode: CaptureMode, scale: float) -> WarmBrowser:
        executable = find_chromium(self.settings)
        args = list(BASE_ARGS)
        if mode == "beginframe":
            args += [*BEGIN_FRAME_ARGS, f"--force-device-scale-factor={scale:g}"]
        if self._playwright is None:
            self._playwright = await asyncio.wait_for(async_playwright().start(), LAUNCH_TIMEOUT_S)
        try:
            browser = await self._playwright.chromium.launch(
                executable_path=executable,
                args=args,
                timeout=LAUNCH_TIMEOUT_S * 1000,
                handle_sigint=False,
                handle_sigterm=False,
                handle_sighup=False,
            )
        except Exception as exc:  # any launch failure is reported the same way
            raise RenderError(f"Could not start Chromium at {executable}: {exc}") from exc
        log.info("chromium started: %s (%s, capture=%s)", executable, browser.version, mode)
        return WarmBrowser(browser=browser, mode=mode, executable=executable, scale=scale)

    async def close(self) -> None:
        """Close the browsers and the Playwright driver (worker shutdown, tests)."""
        async with self._lock:
            pool, self._pool = self._pool, []
            for warm in pool:
                await _close(warm)
            if self._playwright is not None:
                pw, self._playwright = self._playwright, None
                try:
                    await asyncio.wait_for(pw.stop(), 15)
                except Exception:
                    log.warning("playwright driver did not stop cleanly", exc_info=True)


async def _close(warm: WarmBrowser) -> None:
    try:
        await asyncio.wait_for(warm.browser.close(), 15)
    except Exception:  # closing a dead browser is fine
        log.warning("chromium did not close cleanly", exc_info=True)


_managers: dict[int, BrowserManager] = {}


def get_browser_manager(settings: Settings) -> BrowserManager:
    """The warm browser manager of this process (one per settings object)."""
    key = id(settings)
    manager = _managers.get(key)
    if manager is None:
        manager = _managers[key] = BrowserManager(settings)
    return manager


async def close_browser_managers() -> None:
    """Close every warm browser of this process (worker shutdown hook, tests)."""
    managers = list(_managers.values())
    _managers.clear()
    for manager in managers:
        await manager.close()
