"""Whole renders with the neural voices (Kokoro) and captions on: Jenny, Ryan, a Japanese and a
Chinese voiceover each complete, and the caption words follow the speech in the finished MP4
(every word's span holds speech, the pauses between them are quieter)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

from app.config import Settings
from app.renders.job import RenderJobSpec
from tests.support.pitch import rms_db
from worker.render.browser import BrowserManager
from worker.render.pipeline import render_video

pytestmark = pytest.mark.slow

RATE = 16000


def soundtrack(path: Path) -> np.ndarray:
    """The MP4's sound, mono 16 kHz."""
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-f", "f32le", "-ac", "1", "-ar", str(RATE),
         "pipe:1"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    return np.frombuffer(raw, dtype="<f4")


@pytest.mark.parametrize(
    ("voice_id", "language", "script", "voice"),
    [
        ("en-US-JennyNeural", "en", "Hi [person_name], this one is for you.", "af_heart"),
        ("en-GB-RyanNeural", "en-GB", "Hello [person_name]. Thanks for watching.", "bm_fable"),
        ("en-US-JennyNeural", "ja", "[person_name]さん、ありがとうございます。", "jf_nezumi"),
        ("en-GB-RyanNeural", "zh", "[person_name]，谢谢观看。", "zm_yunjian"),
    ],
)
async def test_a_neural_voice_render_completes_with_captions_on_the_words(
    settings: Settings, tmp_path: Path, voice_id: str, language: str, script: str, voice: str
) -> None:
    neural = settings.model_copy(update={"voice_quality": "neural"})
    name = {"ja": "マリア", "zh": "玛丽亚"}.get(language, "Maria")
    request = RenderJobSpec.model_validate(
        dict(
            scenes=[{"primitiveId": "title-intro", "voScript": script}],
            data={"person_name": name, "subtitle": "2025"},
            audio={"includeVoiceover": True, "voiceId": voice_id, "musicTrack": None},
            output={"resolution": "720p", "fps": 30, "captions": True, "language": language},
            templateLanguage=language,  # the scripts are written in it: nothing to translate
            tier="free",
        )
    )
    manager = BrowserManager(neural)
    try:
        result = await render_video(request, neural, None, tmp_path / "out.mp4", manager=manager)
    finally:
        await manager.close()
    assert result.path.stat().st_size > 0
    assert result.voiceovers == [{"sceneIndex": 0, "engine": "kokoro", "voice": voice}]
    scene = result.timeline.scenes[0]
    words = scene.config["wordTimestamps"]
    spoken = script.replace("[person_name]", name)
    joiner = "" if language in ("ja", "zh") else " "
    assert joiner.join(w["word"] for w in words) == spoken
    assert scene.voiceover_ms is not None
    assert scene.voiceover_ms - words[-1]["endMs"] <= 50
    sound = soundtrack(result.path)
    loudest = max(rms_db(sound[i : i + RATE // 20]) for i in range(0, len(sound), RATE // 20))

    def level(start_ms: int, end_ms: int) -> float:
        at = (scene.start_ms + np.array([start_ms, end_ms])) * RATE // 1000
        return rms_db(sound[at[0] : at[1]])

    for w in words:  # a caption word is highlighted while its word is heard
        assert level(w["startMs"], w["endMs"]) > loudest - 25, w
    for a, b in zip(words, words[1:], strict=False):
        if b["startMs"] - a["endMs"] >= 120:  # and a pause between captions is quieter
            pause = level(a["endMs"] + 30, b["startMs"] - 30)  # (a breath may be heard there)
            around = min(level(a["startMs"], a["endMs"]), level(b["startMs"], b["endMs"]))
            assert pause < around - 10, (a, b, pause, around)
