"""The live player of a video rendered on view, in WebKit (Safari's engine: WebKitGTK's
MiniBrowser through its WebDriver, on a virtual screen), at desktop and phone widths: the page
plays the live composition with its soundtrack and captions while no MP4 exists, the job is
charged once however many times it is opened, then a worker renders the MP4, the open page swaps
it in, and the next open plays the file. (The same in Chromium, with the frames compared to the
MP4's: test_live_player.py.)"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image
from selenium.webdriver.common.by import By

from tests.support.onview import OnView, charges, on_view_job, sessions
from tests.support.webkit import (
    poll,
    screenshot,
    virtual_screen,
    wait_until,
    webkit,
    webkit_unavailable,
)

pytestmark = pytest.mark.slow

onview = pytest.fixture(scope="module")(on_view_job)

LIVE = "return window.reelsmithLive && window.reelsmithLive.mode === 'live'"
STATE = "return Object.assign({}, window.reelsmithLive)"


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    if why := webkit_unavailable():
        pytest.skip(why)
    with virtual_screen() as name:
        yield name


def stage_shot(driver: Any) -> bytes:
    """The live frame's pixels, cut from a screenshot of the window (WebKitGTK's screenshots of
    an iframe element come back blank at some window sizes)."""
    rect = driver.find_element(By.CSS_SELECTOR, "iframe.rs-live-frame").rect
    scale = driver.execute_script("return window.devicePixelRatio")
    box = [round(v * scale) for v in (rect["x"], rect["y"], rect["x"] + rect["width"],
                                      rect["y"] + rect["height"])]  # fmt: skip
    with Image.open(io.BytesIO(screenshot(driver))) as window:
        return window.convert("RGB").crop(tuple(box)).tobytes()


def plays_live(driver: Any, shot: Path) -> dict[str, Any]:
    """Press play; the composition moves, the soundtrack plays, captions show (`shot`: where
    to keep a screenshot of the window playing, to look at)."""
    wait_until(driver, LIVE, 30)
    assert driver.find_element(By.ID, "rs-live-controls").is_displayed()
    stage = driver.find_element(By.CSS_SELECTOR, "iframe.rs-live-frame")
    before = stage_shot(driver)
    driver.find_element(By.ID, "rs-live-big-play").click()  # a user's gesture: sound may play
    wait_until(driver, "return window.reelsmithLive.frameTime > 600", 15)
    shots = [stage_shot(driver)]
    driver.switch_to.frame(stage)
    captions = wait_until(
        driver,
        """const layer = document.getElementById('rs-captions');
           return layer.classList.contains('rs-on') && layer.textContent.trim();""",
        10,
    )
    driver.switch_to.default_content()
    assert "Robin" in captions or "Hello" in captions, captions
    wait_until(driver, "return window.reelsmithLive.frameTime > 1500", 15)
    shots.append(stage_shot(driver))
    assert len({before, *shots}) == 3  # the frames move
    state, clock, sound = driver.execute_script(
        """const a = document.getElementById('rs-live-audio');
           return [Object.assign({}, window.reelsmithLive), a.currentTime * 1000,
                   {paused: a.paused, src: a.currentSrc}];"""
    )
    assert sound["paused"] is False and clock > 1000 and sound["src"].endswith(".m4a"), sound
    # The soundtrack is the clock: a frame shown lies within 0.5 s of it. Read as frames come
    # (WebKit's software rendering on a loaded machine shows few: one read may fall between
    # two frames 0.8 s apart).
    lag = wait_until(
        driver,
        """const a = document.getElementById('rs-live-audio');
           const lag = Math.abs(window.reelsmithLive.frameTime - a.currentTime * 1000);
           return lag < 500 ? String(lag) : false;""",
        10,
    )
    assert float(lag) < 500, (state, clock)
    assert driver.find_element(By.ID, "rs-download").get_attribute("aria-disabled") == "true"
    shot.write_bytes(screenshot(driver))
    return state


def plays_the_file(driver: Any) -> float:
    return float(
        driver.execute_async_script(
            """const done = arguments[arguments.length - 1];
               const v = document.getElementById('rs-video'); v.muted = true;
               v.play().then(() => setTimeout(() => done(v.currentTime), 700),
                             () => done(-1));"""
        )
    )


def test_webkit_plays_it_live_at_desktop_and_phone_widths_then_swaps_in_the_mp4(
    display: str, onview: OnView, tmp_path: Path
):
    page = f"{onview.base}/v/{onview.job_id}"
    with webkit(display, 1280, 860) as desktop:
        desktop.get(page)
        state = plays_live(desktop, tmp_path / "desktop.png")
        print(f"WebKit desktop: first frame {state['firstFrameMs']:.0f} ms after the click")
        assert asyncio.run(charges(onview.settings, onview.job_id)) == 1
        poll(
            lambda: any(
                r.started and r.page_viewed
                for r in asyncio.run(sessions(onview.settings, onview.job_id))
            ),
            10,
            "a started viewing session from the live playback",
        )

        with webkit(display, 390, 844) as phone:  # MiniBrowser's narrowest window: 447 px
            phone.get(page)
            width = phone.execute_script("return window.innerWidth")
            assert width < 500, width
            plays_live(phone, tmp_path / "phone.png")
            frame_width = phone.find_element(By.CSS_SELECTOR, "iframe.rs-live-frame").rect["width"]
            assert 300 < frame_width <= width, (frame_width, width)
        assert onview.status()["status"] == "pending"  # started by the first open, no MP4
        assert asyncio.run(charges(onview.settings, onview.job_id)) == 1  # opened twice

        onview.start_worker()  # now the MP4 is rendered; the open page swaps it in
        wait_until(desktop, "return window.reelsmithLive.mode === 'video'", 240)
        video_url = desktop.find_element(By.ID, "rs-video").get_attribute("src")
        assert video_url and video_url.endswith(".mp4")
        assert desktop.find_elements(By.ID, "rs-live") == []
        assert plays_the_file(desktop) > 0.3

    status = onview.status()
    assert status["status"] == "complete"
    assert asyncio.run(charges(onview.settings, onview.job_id)) == 1
    assert httpx.get(status["outputUrl"]).status_code == 200
    with webkit(display, 1280, 860) as again:  # a later open plays the file
        again.get(page)
        assert again.find_elements(By.ID, "rs-live") == []
        assert again.find_element(By.ID, "rs-video").get_attribute("src") == status["outputUrl"]
        assert plays_the_file(again) > 0.3
    onview.stop_workers()


@pytest.fixture(scope="module")
def onview_open(tmp_path_factory: pytest.TempPathFactory, settings_maker: Any) -> Iterator[OnView]:
    yield from on_view_job(tmp_path_factory, settings_maker, voice_at="open")


def test_webkit_loads_the_shell_while_the_voice_is_spoken_then_plays_it_live(
    display: str, onview_open: OnView, tmp_path: Path
):
    """The voice spoken at the open (REELSMITH_ON_VIEW_VOICE=open), in WebKit: the first open's
    frame holds the page laid out without speech (its shell) while the render speaks the voice;
    the shell is sent its spoken timeline and plays live, with the captions that exist only in
    that timeline."""
    job = onview_open
    job.start_worker()  # the render the open starts: voice, live kit, then the capture
    try:
        with webkit(display, 1280, 860) as desktop:
            desktop.get(f"{job.base}/v/{job.job_id}")
            assert desktop.find_elements(By.CSS_SELECTOR, "iframe.rs-live-frame")  # at once
            assert desktop.execute_script("return window.reelsmithLive.mode") == "loading"
            plays_live(desktop, tmp_path / "open.png")
            assert desktop.execute_script("return window.reelsmithLive.booted") == "shell"
        assert asyncio.run(charges(job.settings, job.job_id)) == 1
    finally:
        job.stop_workers()
