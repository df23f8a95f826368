"""render_video end to end with the real composition page, and its failures (real Chromium,
real ffmpeg; external services replaced by small local HTTP servers)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.renders.job import RenderJobSpec, load_job_spec
from tests.support.capture import render_page_to_mp4 as _render_page_to_mp4
from tests.support.render_support import child_processes, contract_page, frame_hashes, probe
from worker.render import page
from worker.render.browser import BrowserManager
from worker.render.errors import AssetError, RenderError, RenderInputError, RenderTimeout
from worker.render.pipeline import render_video

# 720p: the composition's own size, the cheapest to capture.
render_page_to_mp4 = functools.partial(_render_page_to_mp4, resolution="720p")

pytestmark = pytest.mark.slow

TITLE = {
    "primitiveId": "title-intro",
    "animationOption": "slide-up",
    "durationOverride": 1.5,
    "sceneData": {"person_name": "[person_name]", "subtitle": "Test"},
}
STATS = {
    "primitiveId": "stat-counters",
    "durationOverride": 1.5,
    "transition": "fade",
    "sceneData": {"stats": [{"label": "A", "value": 10}, {"label": "B", "value": 20}]},
}
BARS = {
    "primitiveId": "bar-race",
    "durationOverride": 1.5,
    "transition": "fade",
    "sceneData": {"bars": [{"label": "x", "value": 3}, {"label": "y", "value": 5}]},
}
DATA = {"person_name": "Ada Okafor"}


def build_request(payload: dict[str, Any]) -> RenderJobSpec:
    """A job as an unversioned row holds it (`load_job_spec` upgrades it), at 720p."""
    return load_job_spec({**payload, "output": {"resolution": "720p", **payload.get("output", {})}})


def request(scenes: list[dict[str, Any]], **extra: Any) -> RenderJobSpec:
    return build_request({"scenes": scenes, "data": DATA, "output": {"fps": 30}, **extra})


def assert_no_leaks() -> None:
    assert child_processes("chrom") == [] and child_processes("ffmpeg") == []


async def test_render_video_reports_stages_and_writes_the_video(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    stages: list[tuple[str, float]] = []
    result = await render_video(
        request([TITLE, STATS]),
        settings,
        lambda s, p: stages.append((s, p)),
        tmp_path / "v.mp4",
        manager=manager,
    )
    assert result.timeline.duration_ms == 2500  # 1.5 + 1.5 - 0.5 s fade
    assert result.frames == 75 and result.scene_starts_ms == {0: 0, 1: 1000}
    assert result.scene_fully_in_ms == {0: 0, 1: 1500}  # after the 0.5 s fade
    video = next(s for s in probe(result.path)["streams"] if s["codec_type"] == "video")
    assert int(video["nb_read_frames"]) == 75
    names = [s for s, _ in stages]
    assert names[0] == "fetching_data" and "voiceover" in names and "rendering" in names
    assert names[-1] == "encoding"
    assert [p for _, p in stages] == sorted(p for _, p in stages)


async def test_disabled_and_skipped_scenes_are_absent_and_transition_is_where_expected(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    skipped = {**BARS, "skipCondition": {"field": "person_name", "op": "exists", "skipWhen": True}}
    disabled = {**BARS, "enabled": False}
    full = await render_video(
        request([TITLE, disabled, STATS, skipped]),
        settings,
        None,
        tmp_path / "a.mp4",
        manager=manager,
    )
    plain = await render_video(
        request([TITLE, STATS]), settings, None, tmp_path / "b.mp4", manager=manager
    )
    title_only = await render_video(
        request([{**TITLE, "durationOverride": 2.5}]),
        settings,
        None,
        tmp_path / "c.mp4",
        manager=manager,
    )
    assert [s.index for s in full.timeline.scenes] == [0, 2]
    assert sorted(full.timeline.skipped) == [1, 3]
    # Same frames as the template without the disabled and skipped scenes.
    assert frame_hashes(full.path) == frame_hashes(plain.path)
    # Up to the fade the video is the title scene alone; from the fade on it is not.
    with_stats, alone = frame_hashes(full.path), frame_hashes(title_only.path)
    fade_start = 1000 * 30 // 1000
    assert with_stats[:fade_start] == alone[:fade_start]
    same_after = [i for i in range(fade_start + 1, len(alone)) if with_stats[i] == alone[i]]
    # The fade's first frames may still round to the title alone (eased opacity ~0).
    assert all(i <= fade_start + 2 for i in same_after)


async def test_free_tier_forces_the_watermark(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    scenes = [{**TITLE, "durationOverride": 1.0}]
    free = await render_video(
        request(scenes, tier="free", brand={"showWatermark": False}),
        settings,
        None,
        tmp_path / "f.mp4",
        manager=manager,
    )
    studio = await render_video(
        request(scenes, tier="studio", brand={"showWatermark": False}),
        settings,
        None,
        tmp_path / "s.mp4",
        manager=manager,
    )
    assert frame_hashes(free.path)[-1] != frame_hashes(studio.path)[-1]


class _Logo(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        size = 2 * 1024 * 1024 if "big" in self.path else 0
        if self.path.startswith("/slow"):
            time.sleep(3)
        body = b"\x89PNG\r\n\x1a\n" + b"\0" * size
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        if "nolength" not in self.path:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        return


@pytest.fixture
def logo_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Logo)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _fails(
    req: Any, settings: Settings, tmp_path: Path, error: type[Exception], match: str
) -> None:
    manager = BrowserManager(settings)
    started = time.monotonic()
    try:
        with pytest.raises(error, match=match):
            await asyncio.wait_for(
                render_video(req, settings, None, tmp_path / "x.mp4", manager=manager), 60
            )
    finally:
        await manager.close()
    assert time.monotonic() - started < 30
    assert_no_leaks()
    assert not (tmp_path / "x.mp4").exists()


async def test_missing_required_data_fails_clearly(settings: Settings, tmp_path: Path):
    req = build_request(
        {
            "scenes": [{**TITLE, "dataRequired": ["person_name"]}],
            "data": {},
            "dataSlots": [{"key": "person_name", "required": True}],
        }
    )
    await _fails(req, settings, tmp_path, RenderInputError, "Missing required data: person_name")


async def test_unknown_primitive_fails_clearly(settings: Settings, tmp_path: Path):
    req = request([TITLE, {"primitiveId": "hologram"}])
    await _fails(req, settings, tmp_path, RenderInputError, "unknown primitive 'hologram'")


async def test_unreachable_logo_fails_clearly(settings: Settings, tmp_path: Path):
    req = request([TITLE], brand={"logoUrl": f"http://127.0.0.1:{_closed_port()}/logo.png"})
    await _fails(req, settings, tmp_path, AssetError, "brand.logoUrl could not be fetched")


async def test_oversized_logo_fails_clearly(settings: Settings, tmp_path: Path, logo_server: str):
    small = settings.model_copy(update={"asset_max_bytes": 1024 * 1024})
    for path in ("/big.png", "/big-nolength.png"):
        req = request([TITLE], brand={"logoUrl": logo_server + path})
        await _fails(req, small, tmp_path, AssetError, "larger than the 1024 KiB limit")


async def test_slow_logo_times_out(settings: Settings, tmp_path: Path, logo_server: str):
    quick = settings.model_copy(update={"asset_timeout_s": 0.5})
    req = request([TITLE], brand={"logoUrl": logo_server + "/slow.png"})
    await _fails(req, quick, tmp_path, AssetError, "did not download within 0.5s")


async def test_unavailable_data_source_fails_the_render(settings: Settings, tmp_path: Path):
    down = settings.model_copy(update={"openalex_base_url": f"http://127.0.0.1:{_closed_port()}"})
    req = build_request(
        {"templateId": "emeritus", "scenes": [TITLE], "data": {"authorId": "A5023888391"}}
    )
    await _fails(
        req,
        down,
        tmp_path,
        RenderError,
        "External data source failed: OpenAlex: could not be reached",
    )


async def test_page_that_never_gets_ready_times_out_without_leaks(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(page, "READY_TIMEOUT_S", 2.0)
    html = contract_page([{"color": "#000", "start": 0, "dur": 1000}]).replace(
        "ready: document.fonts.ready.then(() => true)", "ready: new Promise(() => {})"
    )
    manager = BrowserManager(settings)
    try:
        with pytest.raises(RenderTimeout, match="not ready after 2s"):
            await render_page_to_mp4(html, settings, manager, tmp_path / "t.mp4")
    finally:
        await manager.close()
    assert_no_leaks()


async def test_browser_of_a_timed_out_render_is_closed_not_put_back(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A retry must not get a browser that may be wedged; input errors keep it warm."""
    monkeypatch.setattr(page, "READY_TIMEOUT_S", 2.0)
    never_ready = contract_page([{"color": "#000", "start": 0, "dur": 1000}]).replace(
        "ready: document.fonts.ready.then(() => true)", "ready: new Promise(() => {})"
    )
    manager = BrowserManager(settings)
    try:
        [warm] = await manager.acquire(1)
        await manager.release([warm])  # warm in the pool, as after an earlier job
        with pytest.raises(RenderTimeout, match="not ready after 2s"):
            await render_page_to_mp4(never_ready, settings, manager, tmp_path / "t.mp4", parallel=1)
        assert not warm.browser.is_connected()
        assert child_processes("chrom") == []  # closed now, not at worker shutdown
        [fresh] = await manager.acquire(1)
        assert fresh is not warm and fresh.browser.is_connected()
        await manager.release([fresh])

        with pytest.raises(RenderInputError, match="no window.reelsmith runtime"):
            await render_page_to_mp4(
                "<html><body>hi</body></html>", settings, manager, tmp_path / "n.mp4", parallel=1
            )
        [again] = await manager.acquire(1)
        assert again is fresh and fresh.browser.is_connected()
        await manager.release([again])
    finally:
        await manager.close()
    assert_no_leaks()


async def test_page_whose_main_thread_hangs_times_out_at_the_first_evaluate(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Playwright's evaluate has no time limit of its own: the step timeout must cover it."""
    monkeypatch.setattr(page, "STEP_TIMEOUT_S", 2.0)
    # Loads normally; the first script that reads window.reelsmith never returns.
    html = (
        "<!doctype html><html><body><script>"
        "Object.defineProperty(window, 'reelsmith', {get() { for (;;) {} }});"
        "</script></body></html>"
    )
    manager = BrowserManager(settings)
    started = time.monotonic()
    try:
        with pytest.raises(RenderTimeout, match="ready start took longer than 2s"):
            await asyncio.wait_for(
                render_page_to_mp4(html, settings, manager, tmp_path / "h.mp4", parallel=1), 40
            )
    finally:
        await manager.close()
    assert time.monotonic() - started < 30
    assert_no_leaks()


async def test_page_without_runtime_or_with_a_broken_image_fails_clearly(
    settings: Settings, tmp_path: Path
):
    manager = BrowserManager(settings)
    try:
        with pytest.raises(RenderInputError, match="no window.reelsmith runtime"):
            await render_page_to_mp4(
                "<html><body>hi</body></html>", settings, manager, tmp_path / "n.mp4"
            )
        html = contract_page([{"color": "#000", "start": 0, "dur": 500}]).replace(
            "</body>", '<img src="https://example.com/logo.png"></body>'
        )
        with pytest.raises(RenderInputError, match="image failed to decode"):
            await render_page_to_mp4(html, settings, manager, tmp_path / "i.mp4")
    finally:
        await manager.close()
    assert_no_leaks()


async def test_real_composition_is_frame_identical_across_runs_and_parallelism(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    req = request([TITLE, STATS, BARS])  # 3.5 s = 105 frames, four GOPs
    one = await render_video(req, settings, None, tmp_path / "1.mp4", manager=manager, parallel=1)
    two = await render_video(req, settings, None, tmp_path / "2.mp4", manager=manager, parallel=2)
    assert two.capture.pages == 2
    assert frame_hashes(one.path) == frame_hashes(two.path)
