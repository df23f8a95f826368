"""Formats and ranges through the real engine (short renders at 720p): each output.format is
a file ffprobe / Pillow reads with the promised codec, frame count and size; output.range
captures only its frames and the file lasts the range."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from app.config import Settings
from app.renders.job import RenderJobSpec, load_job_spec
from tests.support.render_support import probe
from worker.render.browser import BrowserManager
from worker.render.pipeline import render_video

pytestmark = [pytest.mark.slow, pytest.mark.asyncio]

TITLE = {
    "primitiveId": "title-intro",
    "durationOverride": 1.0,
    "transition": "cut",
    "sceneData": {"person_name": "Ada Lovelace", "subtitle": "Your year"},
}
STATS = {
    "primitiveId": "stat-counters",
    "durationOverride": 1.0,
    "transition": "cut",
    "sceneData": {"stats": [{"label": "Workouts", "value": 212}]},
}


def job(output: dict[str, Any], scenes: list[dict[str, Any]] | None = None) -> RenderJobSpec:
    return load_job_spec(
        {
            "schemaVersion": 1,
            "scenes": scenes or [TITLE],
            "data": {"person_name": "Ada"},
            "output": {"resolution": "720p", "fps": 30, **output},
        }
    )


def streams(path: Path) -> dict[str, dict[str, Any]]:
    return {s["codec_type"]: s for s in probe(path)["streams"]}


async def test_webm_is_vp9_and_opus_of_the_videos_length(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    result = await render_video(
        job({"format": "webm"}), settings, None, tmp_path / "v.mp4", manager=manager
    )
    assert result.path.suffix == ".webm" and result.master == tmp_path / "v.mp4"
    found = streams(result.path)
    assert found["video"]["codec_name"] == "vp9" and found["audio"]["codec_name"] == "opus"
    assert (found["video"]["width"], found["video"]["height"]) == (1280, 720)
    assert int(found["video"]["nb_read_frames"]) == 30
    assert abs(float(probe(result.path)["format"]["duration"]) - 1.0) <= 1 / 30 + 0.01


async def test_gif_is_15_fps_640_px_looping_without_audio(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    result = await render_video(
        job({"format": "gif", "aspectRatio": "9:16"}), settings, None, tmp_path / "v.mp4",
        manager=manager,
    )  # fmt: skip
    assert result.path.suffix == ".gif"
    assert b"NETSCAPE2.0" in result.path.read_bytes()  # the loop extension: loops forever
    with Image.open(result.path) as gif:
        assert gif.format == "GIF" and gif.size == (360, 640)  # 720x1280 scaled to 640 long
        assert getattr(gif, "n_frames", 1) == 15 and gif.info.get("loop") == 0
        assert gif.info["duration"] in (66, 67, 70)  # 1/15 s a frame (GIF counts 10 ms)
    assert "audio" not in streams(result.path)


async def test_png_is_one_frame_at_frame_at_ms_captured_alone(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    result = await render_video(
        job({"format": "png", "aspectRatio": "1:1", "frameAtMs": 1500}, [TITLE, STATS]),
        settings, None, tmp_path / "v.mp4", manager=manager,
    )  # fmt: skip
    assert result.path.suffix == ".png" and result.capture.frames == 1
    assert result.clip_ms == (1500.0, 1500.0 + 1000 / 30)
    with Image.open(result.path) as png:
        assert png.format == "PNG" and png.size == (720, 720)


async def test_png_without_a_time_is_the_poster_frame(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    result = await render_video(
        job({"format": "png"}, [TITLE, STATS]), settings, None, tmp_path / "v.mp4",
        manager=manager,
    )  # fmt: skip
    assert result.capture.frames == 1 and result.clip_ms is not None
    assert 0 <= result.clip_ms[0] < 2000  # the page's poster frame
    with Image.open(result.path) as png:
        assert png.size == (1280, 720)


async def test_a_range_captures_only_its_frames_and_lasts_the_range(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    scenes = [TITLE, STATS, {**TITLE, "sceneData": {"person_name": "Grace"}}]
    result = await render_video(
        job({"range": {"startMs": 1000, "endMs": 2000}}, scenes),
        settings, None, tmp_path / "v.mp4", manager=manager,
    )  # fmt: skip
    assert result.capture.frames == 30  # of the 90 the video has
    assert result.duration_ms == 1000 and result.quality.status != "fail", result.quality
    assert result.scene_starts_ms == {1: 0}  # the stats scene, the range's only one
    found = streams(result.path)
    assert int(found["video"]["nb_read_frames"]) == 30
    assert abs(float(found["audio"]["duration"]) - 1.0) <= 1 / 30 + 0.03
