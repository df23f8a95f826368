"""The live player when the voice waits for the open (REELSMITH_ON_VIEW_VOICE=open): the job is
created with `"render": "on_view"`, a worker makes its poster and keeps the page laid out without
speech (the live page's shell; no voice spoken, no live page); the first open shows the poster and
"Preparing your video…" over the frame loading that shell, starts the render, and the render
stores the spoken timeline, live page and soundtrack before it captures a frame; the shell gets
the timeline and plays the live composition (frames, soundtrack, captions: the captions exist
only in the spoken timeline) while the MP4 is still being made; charged once; then the MP4 is
swapped in and the next open plays it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser

from app.media.storage import get_storage
from app.renders.onview import live_keys, live_shell_key, live_timeline_key
from tests.browser.viewers.test_live_player import open_viewer, plays_live
from tests.support.onview import OnView, charges, on_view_job

pytestmark = [pytest.mark.asyncio(loop_scope="session"), pytest.mark.slow]


@pytest.fixture(scope="module")
def onview_open(tmp_path_factory: pytest.TempPathFactory, settings_maker: Any) -> Iterator[OnView]:
    yield from on_view_job(tmp_path_factory, settings_maker, voice_at="open")


async def test_the_first_open_speaks_the_voice_then_plays_live_before_the_mp4(
    browser: Browser, onview_open: OnView, tmp_path: Path
):
    job = onview_open
    storage = get_storage(job.settings)
    assert await charges(job.settings, job.job_id) == 0
    job.start_worker()  # the render the open starts: voice, live kit, then the capture
    opened = time.monotonic()
    viewer = await open_viewer(
        browser, f"{job.base}/v/{job.job_id}", viewport={"width": 1280, "height": 800}
    )
    page = viewer.page
    try:
        # no live page yet: the poster and the preparing note over the frame holding the shell,
        # which waits for its spoken timeline (its runtime has not laid the scenes out)
        assert await page.evaluate("() => window.reelsmithLive.mode") == "loading"
        assert await page.locator("#rs-live-poster").is_visible()
        assert storage.exists(live_shell_key(job.job_id))
        assert await page.locator("iframe.rs-live-frame").count() == 1
        await page.wait_for_function(
            "() => window.reelsmithLive.mode === 'live'", timeout=120_000, polling=100
        )
        ready_s = time.monotonic() - opened
        # the render stored the kit before its video: the job is still being made
        assert all(storage.exists(key) for key in live_keys(job.job_id))
        assert job.status()["status"] in ("pending", "processing")
        assert await page.evaluate("() => window.reelsmithLive.booted") == "shell"
        frame = await (await page.query_selector("iframe.rs-live-frame")).content_frame()
        spoken = json.loads(storage.open(live_timeline_key(job.job_id)).read())
        inside = await frame.evaluate(
            "() => [window.reelsmith.duration, window.reelsmith.scenes.map(s => s.duration)]"
        )
        assert inside == [spoken["duration"], [s["duration"] for s in spoken["scenes"]]]
        state = await plays_live(viewer, play="click", shot=tmp_path / "open.png")
        print(f"voice at the open: live player ready {ready_s:.2f} s after the open; first frame "
              f"{state['firstFrameMs']:.0f} ms after the click")  # fmt: skip
        assert await charges(job.settings, job.job_id) == 1
        await page.wait_for_function(
            "() => window.reelsmithLive.mode === 'video'", timeout=240_000, polling=500
        )
        assert await page.locator("#rs-live").count() == 0
        assert viewer.errors == []
    finally:
        await page.context.close()
    status = job.status()
    assert status["status"] == "complete"
    assert await charges(job.settings, job.job_id) == 1
    again = await open_viewer(browser, f"{job.base}/v/{job.job_id}")
    try:
        assert await again.page.locator("#rs-live").count() == 0
        assert await again.page.get_attribute("#rs-video", "src") == status["outputUrl"]
    finally:
        await again.page.context.close()
