"""A whole render with voiceover and music: scene lengths follow the speech, the MP4's sound
is normalized and every scene carries its word timing."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from app.composition.timeline import BREATH_MS
from app.config import Settings
from app.renders.job import RenderJobSpec
from worker.render.browser import BrowserManager
from worker.render.pipeline import render_video

pytestmark = pytest.mark.slow


def loudness(path: Path) -> tuple[float, float]:
    err = subprocess.run(
        ["ffmpeg", "-nostats", "-i", str(path), "-af", "ebur128=peak=true", "-f", "null", "-"],
        capture_output=True, text=True, check=True,
    ).stderr  # fmt: skip
    summary = err[err.rindex("Summary:") :]
    integrated = float(re.search(r"I:\s+(-?[\d.]+) LUFS", summary)[1])  # type: ignore[index]
    peak = float(re.search(r"Peak:\s+(-?[\d.]+) dBFS", summary)[1])  # type: ignore[index]
    return integrated, peak


async def test_render_with_voiceover_sets_scene_lengths_and_normalized_sound(
    settings: Settings, tmp_path: Path
) -> None:
    request = RenderJobSpec.model_validate(
        dict(
            scenes=[
                {
                    "primitiveId": "title-intro",
                    "voScript": "Hi [person_name], this one is for you.",
                },
                {"primitiveId": "outro", "voScript": "Thanks for watching.", "transition": "fade"},
            ],
            data={"person_name": "Maria", "subtitle": "Your year", "message": "Bye"},
            audio={
                "includeVoiceover": True,
                "voiceId": "en-US-GuyNeural",
                "musicTrack": "corporate-drive",
                "musicVolume": 0.4,
            },  # fmt: skip
            output={"resolution": "720p", "fps": 30},
            tier="free",
        )
    )
    manager = BrowserManager(settings)
    try:
        result = await render_video(request, settings, None, tmp_path / "out.mp4", manager=manager)
    finally:
        await manager.close()
    scenes = result.timeline.scenes
    assert len(scenes) == 2
    for scene in scenes:
        words = scene.config["wordTimestamps"]
        assert scene.voiceover_ms and scene.duration_ms == scene.voiceover_ms + BREATH_MS
        assert words and words[-1]["endMs"] <= scene.voiceover_ms
    assert scenes[0].config["wordTimestamps"][1]["word"] == "Maria,"
    integrated, peak = loudness(result.path)
    assert abs(integrated - -16.0) <= 1.0
    assert peak <= -1.0
