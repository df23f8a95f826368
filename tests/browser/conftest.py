"""Shared browser fixtures: one Chromium per test session, composition pages with no network.

Async tests that use `browser` must run on the session event loop, so each test module says
`pytestmark = pytest.mark.asyncio(loop_scope="session")`.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser, Page, async_playwright

from app.composition.page import render_composition
from app.composition.timeline import build_timeline
from worker.render.server import page_viewport

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--font-render-hinting=none",
    # Without it Chromium re-rasters only the changed part of a tile, and a page that played up
    # to t can differ by a few levels from a fresh page seeking to t.
    "--disable-partial-raster",
]


def chromium_path() -> str:
    """chromium-headless-shell when installed, else chromium."""
    for candidate in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium"):
        if os.path.exists(candidate):
            return candidate
    found = shutil.which("chromium")
    if not found:
        pytest.skip("no Chromium installed")
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[Browser]:
    """One headless Chromium for the whole browser suite."""
    async with async_playwright() as pw:
        instance = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            await instance.close()


@dataclass
class CompositionPage:
    """A loaded composition page plus every console error and page error it raised."""

    page: Page
    errors: list[str] = field(default_factory=list)

    async def seek(self, ms: float) -> float:
        return float(await self.page.evaluate("ms => window.reelsmith.seek(ms)", ms))

    async def frame(self, ms: float) -> bytes:
        """Screenshot of the frame at ms."""
        await self.seek(ms)
        return await self.page.screenshot(type="png")

    async def text(self) -> str:
        """The text a viewer can see at the current time."""
        return str(
            await self.page.evaluate(
                """() => Array.from(document.querySelectorAll('.rs-scene.rs-active'))
                       .map(s => s.innerText).join('\\n')"""
            )
        )

    async def close(self) -> None:
        await self.page.context.close()


def composition_html(
    scenes: Sequence[Mapping[str, Any]],
    data: Mapping[str, Any] | None = None,
    brand: Mapping[str, Any] | None = None,
    output: Mapping[str, Any] | None = None,
    voiceover_ms: Mapping[int, int] | None = None,
) -> str:
    """The composition page for these scenes and data (fonts inlined, no server needed)."""
    timeline = build_timeline(scenes, data or {}, voiceover_ms)
    return render_composition(timeline, brand or {}, output or {}, None, data=data or {})


async def open_composition(browser: Browser, html: str, dpr: float = 1) -> CompositionPage:
    """Load a composition page at its layout size (1280x720 CSS px for 16:9, 720x1280 for
    9:16...), blocking every network request."""
    size = page_viewport(html)
    context = await browser.new_context(
        viewport={"width": size["width"], "height": size["height"]}, device_scale_factor=dpr
    )
    page = await context.new_page()
    loaded = CompositionPage(page)
    page.on("console", lambda m: loaded.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: loaded.errors.append(f"pageerror: {e}"))
    await context.route("**/*", lambda route: route.abort())
    await page.set_content(html, wait_until="load")
    await page.evaluate("() => window.reelsmith.ready")
    return loaded


@pytest_asyncio.fixture(loop_scope="session")
async def make_composition(browser: Browser):  # type: ignore[no-untyped-def]
    """Factory: await make_composition(scenes, data, dpr=..., brand=..., output=...)."""
    opened: list[CompositionPage] = []

    async def factory(
        scenes: Sequence[Mapping[str, Any]],
        data: Mapping[str, Any] | None = None,
        dpr: float = 1,
        **kwargs: Any,
    ) -> CompositionPage:
        page = await open_composition(browser, composition_html(scenes, data, **kwargs), dpr)
        opened.append(page)
        return page

    yield factory
    for page in opened:
        await page.close()
