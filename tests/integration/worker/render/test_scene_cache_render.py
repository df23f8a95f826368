"""The batch scene cache end to end (real Chromium, real ffmpeg): a second recipient's video
copies the segments it shares with the first, and is frame-identical (framemd5) to the same
video rendered with an empty cache."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.renders.job import RenderJobSpec, load_job_spec
from tests.support.render_support import frame_hashes, keyframes
from worker.render.browser import BrowserManager
from worker.render.pipeline import render_video
from worker.render.scenecache import page_content, scene_plan
from worker.render.timeline import plan_timeline

pytestmark = pytest.mark.slow

SCENES: list[dict[str, Any]] = [
    {
        "primitiveId": "title-intro",
        "durationOverride": 1.5,
        "sceneData": {"person_name": "[person_name]", "subtitle": "Your year"},
    },
    {
        "primitiveId": "stat-counters",
        "durationOverride": 1.5,
        "transition": "fade",
        "sceneData": {"stats": [{"label": "A", "value": 10}, {"label": "B", "value": 20}]},
    },
    {
        "primitiveId": "bar-race",
        "durationOverride": 1.5,
        "transition": "wipe",
        "sceneData": {"bars": [{"label": "x", "value": 3}, {"label": "y", "value": "[score]"}]},
    },
]


def job(name: str, score: int) -> RenderJobSpec:
    return load_job_spec(
        {
            "scenes": SCENES,
            "data": {"person_name": name, "score": score},
            "output": {"resolution": "720p", "fps": 30},
        }
    )


async def test_cached_and_uncached_renders_are_frame_identical(
    manager: BrowserManager,
    settings_factory: Callable[..., Settings],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
):
    caplog.set_level(logging.INFO, logger="worker.render.scenecache")
    warm = settings_factory(allow_private_urls=True, scene_cache=True, cache_dir=tmp_path / "warm")
    cold = warm.model_copy(update={"cache_dir": tmp_path / "cold"})

    first = await render_video(job("Ada", 5), warm, None, tmp_path / "a.mp4", manager=manager)
    assert first.capture.captured > 0
    # Another recipient: a different name (scene 0) but the same chart (scene 1) and bars.
    cached = await render_video(job("Grace", 5), warm, None, tmp_path / "b.mp4", manager=manager)
    assert "scene cache: 3 of 5 segments copied (60 of 105 frames)" in caplog.text
    uncached = await render_video(
        job("Grace", 5), cold, None, tmp_path / "b-cold.mp4", manager=manager
    )
    assert cached.capture.captured < uncached.capture.captured
    expected = frame_hashes(uncached.path)
    assert len(expected) == cached.frames == 105
    assert frame_hashes(cached.path) == expected
    assert frame_hashes(first.path) != expected  # the names do differ

    # The same job again: every segment is a copy, nothing is captured.
    again = await render_video(job("Ada", 5), warm, None, tmp_path / "a2.mp4", manager=manager)
    assert again.capture.captured == 0
    assert frame_hashes(again.path) == frame_hashes(first.path)
    # ...and the page, opened for its report alone, gives the same poster and quality
    assert again.poster_at_ms == first.poster_at_ms and again.quality == first.quality

    # A number in the last scene: its segments are not shared.
    caplog.clear()
    await render_video(job("Ada", 6), warm, None, tmp_path / "a3.mp4", manager=manager)
    assert "scene cache: 3 of 5 segments copied (60 of 105 frames)" in caplog.text


async def test_the_cached_video_is_the_plain_render_with_key_frames_at_scene_cuts(
    manager: BrowserManager, settings_factory: Callable[..., Settings], tmp_path: Path
):
    """Cache on or off, a video is cut at the same scene boundaries, each starting a GOP: a
    video made of cached segments is the same stream as the plain render."""
    on = settings_factory(allow_private_urls=True, scene_cache=True, cache_dir=tmp_path / "c")
    off = settings_factory(allow_private_urls=True)
    await render_video(job("Ada", 5), on, None, tmp_path / "warm.mp4", manager=manager)
    cut = await render_video(job("Grace", 5), on, None, tmp_path / "cut.mp4", manager=manager)
    one = await render_video(job("Grace", 5), off, None, tmp_path / "one.mp4", manager=manager)
    assert 0 < cut.capture.captured < one.capture.captured
    assert frame_hashes(cut.path) == frame_hashes(one.path)
    cuts = [s.frames.start for s in scene_plan_of(job("Grace", 5), off)]
    assert any(c % 30 for c in cuts), cuts  # the fade and the wipe are off the 1 s grid
    assert set(cuts) <= set(keyframes(one.path)), (cuts, keyframes(one.path))


def scene_plan_of(spec: RenderJobSpec, settings: Settings) -> list[Any]:
    timeline = plan_timeline(spec.scenes, spec.data, spec.dataSlots)
    page = page_content(spec.brand, spec.output, None, "720p", 30)
    return scene_plan(timeline, spec.data, page, 30)
