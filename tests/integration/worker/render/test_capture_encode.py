"""Capture + encode with a small page speaking the window.reelsmith contract (real Chromium,
real ffmpeg): determinism, output format, colors, frame content, network blocking."""

from __future__ import annotations

import functools
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest

from app.config import Settings
from tests.support.capture import render_page_to_mp4 as _render_page_to_mp4
from tests.support.render_support import (
    child_processes,
    contract_page,
    decoded_frames,
    frame_hashes,
    probe,
)
from worker.render.browser import BrowserManager
from worker.render.page import open_capture_page
from worker.render.server import serve_page

# 720p: the composition's own size, the cheapest to capture.
render_page_to_mp4 = functools.partial(_render_page_to_mp4, resolution="720p")

pytestmark = pytest.mark.slow

RED, GREEN, BLUE = (230, 30, 40), (20, 200, 90), (40, 60, 220)
SCENES = [
    {"color": "#e61e28", "start": 0, "dur": 1000},
    {"color": "#14c85a", "start": 1000, "dur": 1000},
    {"color": "#283cdc", "start": 2000, "dur": 1000},
]


def close_to(pixel: np.ndarray, rgb: tuple[int, int, int], tol: int = 6) -> bool:
    return bool(np.all(np.abs(pixel.astype(int) - np.array(rgb)) <= tol))


async def test_same_page_gives_identical_frames_whatever_the_parallelism(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    html = contract_page(SCENES, fade_ms=200)
    one = await render_page_to_mp4(html, settings, manager, tmp_path / "p1.mp4", parallel=1)
    two = await render_page_to_mp4(html, settings, manager, tmp_path / "p2.mp4", parallel=2)
    again = await render_page_to_mp4(html, settings, manager, tmp_path / "p1b.mp4", parallel=1)
    hashes = frame_hashes(one.path)
    assert len(hashes) == 90
    assert frame_hashes(two.path) == hashes
    assert frame_hashes(again.path) == hashes
    assert two.stats.pages == 2
    # Only frames the runtime says can differ are captured; the rest repeat.
    assert one.stats.captured < one.stats.frames
    assert len(set(hashes)) > 3  # the boxes really move


async def test_output_is_h264_yuv420p_bt709_exact_frames_with_aac(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    out = (
        await render_page_to_mp4(contract_page(SCENES), settings, manager, tmp_path / "o.mp4")
    ).path
    info = probe(out)
    video = next(s for s in info["streams"] if s["codec_type"] == "video")
    audio = next(s for s in info["streams"] if s["codec_type"] == "audio")
    assert video["codec_name"] == "h264" and video["pix_fmt"] == "yuv420p"
    assert (video["color_space"], video["color_transfer"], video["color_primaries"]) == (
        "bt709",
        "bt709",
        "bt709",
    )
    assert video["color_range"] == "tv"
    assert (video["width"], video["height"]) == (1280, 720)
    assert video["r_frame_rate"] == "30/1"
    assert int(video["nb_read_frames"]) == 90  # 3 s x 30 fps
    assert audio["codec_name"] == "aac"
    assert abs(float(audio["duration"]) - float(video["duration"])) <= 1 / 30
    assert abs(float(video["duration"]) - 3.0) < 1e-6
    # +faststart: the moov atom comes before the media data.
    head = out.read_bytes()[:4096]
    assert head.find(b"moov") != -1 and (
        head.find(b"mdat") == -1 or head.find(b"moov") < head.find(b"mdat")
    )


async def test_1080p60_is_the_same_layout_scaled(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    scenes = [{"color": "#e61e28", "start": 0, "dur": 1000}]
    out = (
        await render_page_to_mp4(
            contract_page(scenes),
            settings,
            manager,
            tmp_path / "hd.mp4",
            resolution="1080p",
            fps=60,
        )
    ).path
    video = next(s for s in probe(out)["streams"] if s["codec_type"] == "video")
    assert (video["width"], video["height"], video["r_frame_rate"]) == (1920, 1080, "60/1")
    assert int(video["nb_read_frames"]) == 60
    last = decoded_frames(out)[-1]
    # The 120 CSS px box ends at x = 1000..1120 CSS px -> 1500..1680 device px at 1.5x.
    assert close_to(last[1000, 1590], (255, 255, 255), 8)
    assert close_to(last[1000, 1450], RED)


async def test_4k_is_the_same_layout_at_three_times_the_pixels(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    scenes = [{"color": "#e61e28", "start": 0, "dur": 500}]
    out = (
        await render_page_to_mp4(
            contract_page(scenes), settings, manager, tmp_path / "uhd.mp4", resolution="4k"
        )
    ).path
    video = next(s for s in probe(out)["streams"] if s["codec_type"] == "video")
    assert (video["width"], video["height"], video["r_frame_rate"]) == (3840, 2160, "30/1")
    assert int(video["nb_read_frames"]) == 15
    last = decoded_frames(out)[-1]
    # The box ends at x = 1000..1120, y = 560..680 CSS px -> 3000..3360, 1680..2040 at 3x:
    # the same layout with three times the pixels, not a re-laid-out page.
    assert last.shape[:2] == (2160, 3840)
    box_x = int(np.argmax(np.all(last[1900] > 240, axis=1)))
    assert abs(box_x - 3000) <= 3
    assert close_to(last[1900, 3180], (255, 255, 255), 8)
    assert close_to(last[1900, 2800], RED)
    assert close_to(last[1600, 3180], RED)


async def test_solid_colors_come_out_within_tolerance_and_scenes_in_order(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    html = contract_page(SCENES, fade_ms=200)
    frames = decoded_frames(
        (await render_page_to_mp4(html, settings, manager, tmp_path / "c.mp4")).path
    )
    at = {name: frames[i][100, 640] for name, i in (("red", 15), ("green", 45), ("blue", 75))}
    assert close_to(at["red"], RED) and close_to(at["green"], GREEN) and close_to(at["blue"], BLUE)
    # Cross-fade where expected: 100 ms before the green scene starts, halfway red/green.
    mid = frames[27][100, 640].astype(int)
    assert not close_to(mid, RED, 20) and not close_to(mid, GREEN, 20)
    assert np.all(np.abs(mid - (np.array(RED) + np.array(GREEN)) / 2) <= 12)
    # The box slides: at frame 6 (200 ms into scene 1) it is halfway (x = 500..620).
    assert close_to(frames[6][620, 560], (255, 255, 255), 8)
    assert close_to(frames[6][620, 100], RED)


async def test_screenshot_capture_gives_the_same_frames_as_begin_frame(
    settings: Settings, tmp_path: Path
):
    html = contract_page(SCENES[:1])
    results = {}
    for mode in ("beginframe", "screenshot"):
        manager = BrowserManager(settings, mode=mode)  # type: ignore[arg-type]
        try:
            r = await render_page_to_mp4(html, settings, manager, tmp_path / f"{mode}.mp4")
        finally:
            await manager.close()
        assert r.stats.mode == mode
        results[mode] = frame_hashes(r.path)
    assert results["beginframe"] == results["screenshot"]


async def test_full_chromium_falls_back_to_screenshot_capture(tmp_path: Path, settings: Settings):
    full = settings.model_copy(update={"chromium_path": "/usr/lib/chromium/chromium"})
    if not Path("/usr/lib/chromium/chromium").exists():
        pytest.skip("full chromium is not installed")
    manager = BrowserManager(full)
    try:
        r = await render_page_to_mp4(contract_page(SCENES[:1]), full, manager, tmp_path / "f.mp4")
    finally:
        await manager.close()
    assert r.stats.mode == "screenshot" and r.frames == 30


async def test_browser_is_recycled_after_n_jobs(settings: Settings):
    manager = BrowserManager(settings.model_copy(update={"browser_recycle_jobs": 2}))
    try:
        seen = []
        for _ in range(3):
            [warm] = await manager.acquire(1)
            seen.append(warm)
            await manager.release([warm])
        a, b, c = seen
        assert a is b and c is not a
        assert not a.browser.is_connected() and c.browser.is_connected()
    finally:
        await manager.close()
    assert child_processes("chrom") == []


async def test_concurrent_jobs_never_share_a_begin_frame_browser(settings: Settings):
    manager = BrowserManager(settings)
    try:
        first = await manager.acquire(2)
        second = await manager.acquire(1)
        assert len({id(w) for w in first + second}) == 3
        await manager.release(first)
        third = await manager.acquire(2)
        assert {id(w) for w in third} == {id(w) for w in first}
    finally:
        await manager.close()


async def test_discarded_shared_browser_closes_when_its_last_job_lets_go(settings: Settings):
    manager = BrowserManager(settings, mode="screenshot")
    try:
        [a] = await manager.acquire(1)
        [b] = await manager.acquire(1)
        assert a is b  # screenshot mode: concurrent jobs share one browser
        await manager.discard([a])  # the first job timed out
        assert b.browser.is_connected()  # the second still renders with it
        [c] = await manager.acquire(1)
        assert c is not a  # but no new job gets it
        await manager.release([b])
        assert not a.browser.is_connected()
        await manager.release([c])
        assert c.browser.is_connected()
    finally:
        await manager.close()
    assert child_processes("chrom") == []


class _Recorder(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:
        type(self).hits.append(self.path)
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        return


async def test_page_reaches_nothing_but_the_engine_server(
    manager: BrowserManager, settings: Settings
):
    other = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    port = other.server_address[1]
    probes = f"""<script>
      fetch('http://127.0.0.1:{port}/fetch').catch(() => {{}});
      fetch('https://example.com/x').catch(() => {{}});
      try {{ new WebSocket('ws://127.0.0.1:{port}/ws'); }} catch (e) {{}}
      navigator.sendBeacon && navigator.sendBeacon('http://127.0.0.1:{port}/beacon', 'x');
      new Image().src = 'http://127.0.0.1:{port}/img.png';
      new Image().src = 'http://10.0.0.1/x.png';
    </script>"""
    html = contract_page(SCENES[:1]).replace("</body>", probes + "</body>")
    try:
        [warm] = await manager.acquire(1)
        with serve_page(html) as server:
            cap = await open_capture_page(warm, server.origin, server.page_url, 1.0, 30)
            try:
                await cap.seek(0)
                await cap.capture()
                await cap.page.wait_for_timeout(300)
            finally:
                await cap.close()
    finally:
        other.shutdown()
        other.server_close()
    assert _Recorder.hits == []
    assert any(f"127.0.0.1:{port}/fetch" in u for u in cap.blocked)
    assert any("example.com" in u for u in cap.blocked)
    assert any("10.0.0.1" in u for u in cap.blocked)
