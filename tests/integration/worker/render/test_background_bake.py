"""The scenes' ambient background drawn once per page (worker/render/background.py): a real
composition in real Chromium, with and without the baked image."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from app.config import Settings
from app.templates.builtins import builtins
from worker.render import background
from worker.render.browser import BrowserManager
from worker.render.cli import job_spec
from worker.render.page import CapturePage, open_capture_page
from worker.render.pipeline import Prepared, prepare
from worker.render.server import serve_page

pytestmark = pytest.mark.slow

SCENE_BACKGROUNDS = """() => [...document.querySelectorAll('#rs-stage > .rs-scene')]
  .map((el) => el.style.backgroundImage)"""


async def pulse_page(settings: Settings, workdir: Path) -> Prepared:
    doc = builtins()["pulse"].model_dump(mode="json")
    spec = job_spec(doc, None, "720p", 30, False)
    return await prepare(spec, settings, lambda stage, percent: None, workdir)


def pixels(jpeg: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(jpeg)).convert("RGB")).astype(int)


async def frame_at(cap: CapturePage, ms: float) -> np.ndarray:
    await cap.seek(ms)
    return pixels(await cap.capture())


async def test_every_scene_draws_the_baked_image_and_still_frames_look_the_same(
    manager: BrowserManager, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    prepared = await pulse_page(settings, tmp_path)
    [warm] = await manager.acquire(1, 1.0)
    try:
        with serve_page(prepared.page, prepared.assets) as server:
            baked = await open_capture_page(
                warm, server.origin, server.page_url, 1.0, 30, server.viewport
            )
            urls = await baked.page.evaluate(SCENE_BACKGROUNDS)
            assert len(urls) == len(prepared.timeline.scenes)
            assert all(url.startswith('url("blob:') for url in urls)
            assert await baked.page.evaluate("() => document.querySelector('.rs-bg-probe')") is None
            # Near the end (the last scene settled) and two moments while scenes move.
            times = [prepared.timeline.duration_ms - 400, 2500, 4200]
            with_image = [await frame_at(baked, t) for t in times]
            await baked.close()

            monkeypatch.setattr(background, "BAKE_BACKGROUND", False)
            plain = await open_capture_page(
                warm, server.origin, server.page_url, 1.0, 30, server.viewport
            )
            assert not any(await plain.page.evaluate(SCENE_BACKGROUNDS))
            gradients = [await frame_at(plain, t) for t in times]
            await plain.close()
    finally:
        await manager.release([warm])
    for a, b in zip(with_image, gradients, strict=True):
        diff = np.abs(a - b)
        assert diff.mean() < 0.5  # the same picture, up to JPEG noise and a moved gradient
        assert np.percentile(diff, 99.9) <= 8


async def test_a_background_that_shows_what_is_behind_it_is_not_baked(
    manager: BrowserManager, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    prepared = await pulse_page(settings, tmp_path)
    translucent = "<style>.rs-scene { background: rgba(200, 30, 40, 0.5); }</style></head>"
    page = prepared.page.replace("</head>", translucent, 1)
    [warm] = await manager.acquire(1, 1.0)
    try:
        with serve_page(page, prepared.assets) as server:
            monkeypatch.setattr(background, "BAKE_BACKGROUND", False)
            cap = await open_capture_page(
                warm, server.origin, server.page_url, 1.0, 30, server.viewport
            )
            monkeypatch.setattr(background, "BAKE_BACKGROUND", True)
            assert await background.bake_background(cap) == 0
            assert not any(await cap.page.evaluate(SCENE_BACKGROUNDS))
            assert await cap.page.evaluate("() => document.querySelector('.rs-bg-probe')") is None
            stage = await cap.page.evaluate(
                "() => document.getElementById('rs-stage').style.background"
            )
            assert stage == ""
            await cap.close()
    finally:
        await manager.release([warm])


async def test_a_second_page_with_the_same_background_uses_the_kept_image(
    manager: BrowserManager, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A batch's rows share the template's background: the image is drawn for the first page
    only, and the next page's frames are the same to the byte."""
    monkeypatch.setattr(background, "BAKED", type(background.BAKED)())
    drawn: list[int] = []
    capture_png = CapturePage.capture_png

    async def counting(self: CapturePage) -> bytes:
        drawn.append(1)
        return await capture_png(self)

    monkeypatch.setattr(CapturePage, "capture_png", counting)
    prepared = await pulse_page(settings, tmp_path)
    other_brand = (
        "<style>.rs-scene { background: linear-gradient(#123456, #abcdef); }</style></head>"
    )
    [warm] = await manager.acquire(1, 1.0)
    try:
        frames = []
        for page in (prepared.page, prepared.page):
            with serve_page(page, prepared.assets) as server:
                cap = await open_capture_page(
                    warm, server.origin, server.page_url, 1.0, 30, server.viewport
                )
                assert all(
                    url.startswith('url("blob:')
                    for url in await cap.page.evaluate(SCENE_BACKGROUNDS)
                )
                await cap.seek(2500)
                frames.append(await cap.capture())
                await cap.close()
        assert len(drawn) == 2  # the first page: the probe over black, then over white
        assert frames[0] == frames[1]
        assert len(background.BAKED) == 1

        page = prepared.page.replace("</head>", other_brand, 1)
        with serve_page(page, prepared.assets) as server:
            cap = await open_capture_page(
                warm, server.origin, server.page_url, 1.0, 30, server.viewport
            )
            await cap.close()
        assert len(drawn) == 4  # another background: drawn, and kept beside the first
        assert len(background.BAKED) == 2
    finally:
        await manager.release([warm])
