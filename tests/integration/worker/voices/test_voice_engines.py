"""Real Piper and espeak-ng: word timing checked against the decoded audio."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from app.spec import LANGUAGES
from worker.voices.engines import LanguageNotSpoken, Synthesis, read_wav
from worker.voices.espeak import EspeakEngine
from worker.voices.piper_engine import PiperEngine

SCRIPT = "Hello Maria, you read 42 books this year. That is a new record for the team."


def rms_db(samples: np.ndarray) -> float:
    return 20 * np.log10(np.sqrt(np.mean(samples.astype(np.float64) ** 2)) + 1e-9)


def window(samples: np.ndarray, rate: int, start_ms: int, end_ms: int) -> np.ndarray:
    return samples[int(start_ms * rate / 1000) : int(end_ms * rate / 1000)]


def silent_gaps(samples: np.ndarray, rate: int, min_ms: int = 120) -> list[tuple[int, int]]:
    """Runs of near-silence (20 ms frames 40 dB under the loudest) of at least min_ms."""
    hop = rate // 50
    frames = samples[: len(samples) // hop * hop].reshape(-1, hop)
    level = np.sqrt(np.mean(frames.astype(np.float64) ** 2, axis=1))
    quiet = level < level.max() * 0.01
    gaps, start = [], None
    for i, q in enumerate([*quiet, False]):
        if q and start is None:
            start = i
        elif not q and start is not None:
            if (i - start) * 20 >= min_ms:
                gaps.append((start * 20, i * 20))
            start = None
    return gaps


def check_word_timing(result: Synthesis, expected_words: int) -> None:
    samples, rate = read_wav(result.audio_path)
    words = result.word_timestamps
    assert abs(result.duration_ms - len(samples) * 1000 / rate) <= 1
    assert len(words) == expected_words
    previous_end = 0
    for w in words:
        assert previous_end <= w.startMs < w.endMs <= result.duration_ms, w
        previous_end = w.endMs
    loudest = rms_db(samples)
    for w in words:  # each word's span holds speech
        assert rms_db(window(samples, rate, w.startMs, w.endMs)) > loudest - 20, w
    for a, b in zip(words, words[1:], strict=False):  # gaps between words are near-silent
        if b.startMs - a.endMs >= 30:
            assert rms_db(window(samples, rate, a.endMs + 5, b.startMs - 5)) < loudest - 25, (a, b)
    # Every real pause (>= 120 ms of near-silence) inside the speech lies between two words.
    pauses = [g for g in silent_gaps(samples, rate) if words[0].startMs < g[0] < words[-1].endMs]
    assert pauses, "expected pauses at the comma and the sentence break"
    for g0, g1 in pauses:
        for w in words:
            assert min(w.endMs, g1) - max(w.startMs, g0) <= 40, (w, (g0, g1))


def test_piper_word_timestamps_follow_the_speech(tmp_path: Path) -> None:
    result = PiperEngine(tmp_path).synthesize(SCRIPT, "joe", "en")
    assert result.engine == "piper"
    assert result.word_timestamps[4].word == "42"
    check_word_timing(result, len(SCRIPT.split()))


def test_espeak_word_timestamps_follow_the_speech(tmp_path: Path) -> None:
    result = EspeakEngine(tmp_path).synthesize(SCRIPT, "en-us", "en")
    assert result.engine == "espeak-ng"
    check_word_timing(result, len(SCRIPT.split()))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_spec_language_speaks_or_fails_clearly(tmp_path: Path, language: str) -> None:
    from app.voices.catalog import ESPEAK_BAD_LANGUAGES, espeak_voice

    samples = {
        "ja": "こんにちは、世界", "zh": "你好，世界", "th": "สวัสดีชาวโลก", "ko": "안녕하세요 여러분",
        "ar": "مرحبا بالعالم", "hi": "नमस्ते दुनिया", "ru": "Привет, мир", "vi": "Xin chào thế giới",
    }  # fmt: skip
    text = samples.get(language, "Hello world, 2025 was great")
    engine = EspeakEngine(tmp_path)
    voice = espeak_voice("en-US-GuyNeural", language).voice
    if language in ESPEAK_BAD_LANGUAGES:
        with pytest.raises(LanguageNotSpoken) as err:
            engine.synthesize(text, voice, language)
        assert "REELSMITH_EDGE_TTS_ENABLED" in str(err.value)
        return
    result = engine.synthesize(text, voice, language)
    audio, rate = read_wav(result.audio_path)
    assert result.duration_ms > 500
    assert rms_db(audio) > -40  # real sound, not silence
    assert result.word_timestamps and result.word_timestamps[-1].endMs <= result.duration_ms


def test_female_variant_sounds_higher_than_male(tmp_path: Path) -> None:
    engine = EspeakEngine(tmp_path)

    def pitch(voice: str) -> float:
        audio, rate = read_wav(engine.synthesize("aaaah", voice, "en").audio_path)
        middle = audio[len(audio) // 3 : len(audio) // 3 + rate // 4].astype(np.float64)
        corr = np.correlate(middle, middle, mode="full")[len(middle) - 1 :]
        low, high = rate // 400, rate // 70
        return rate / (low + int(np.argmax(corr[low:high])))

    assert pitch("en-US+f3") > pitch("en-US") * 1.3
