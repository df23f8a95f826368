"""Sentence by sentence: neural engines speak one sentence per call (Kokoro reads at most 510
phonemes), each sentence is cached on its own, and a script is the sentences joined with a
pause. A batch whose scripts share sentences ("Thanks, Ana. See you next period.") speaks
each shared sentence once."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from worker.voices.engines import Synthesis, WordTimestamp, read_wav, write_wav

PAUSE_MS = 350  # between two sentences, about what the model leaves after a full stop
_ENDS = ".!?…"
_CLOSERS = "\"'”’)]}»"
_TITLES = {"mr.", "mrs.", "ms.", "dr.", "st.", "prof.", "jr.", "sr.", "vs.", "etc.", "e.g.",
           "i.e.", "no.", "sra.", "dña.", "mme.", "mlle.", "m."}  # fmt: skip
_CJK_END = re.compile(r"(?<=[。！？!?])")


def split_sentences(text: str) -> list[str]:
    """The script's sentences, in order; joined with single spaces they give the script's words.

    A sentence ends at a word ending in . ! ? … (closing quotes allowed) that is not a title
    or an initial, when the next word starts with a capital, a digit or a quote; in CJK text
    at 。！？ as well."""
    sentences: list[str] = []
    current: list[str] = []
    words = text.split()
    for i, word in enumerate(words):
        pieces = [p for p in _CJK_END.split(word) if p]
        for j, piece in enumerate(pieces):
            current.append(piece)
            if j < len(pieces) - 1:  # a CJK full stop inside the word
                sentences.append(" ".join(current))
                current = []
        nxt = words[i + 1] if i + 1 < len(words) else None
        if current and _ends_sentence(word, nxt):
            sentences.append(" ".join(current))
            current = []
    if current:
        sentences.append(" ".join(current))
    return sentences


def _ends_sentence(word: str, nxt: str | None) -> bool:
    core = word.rstrip(_CLOSERS)
    if nxt is None or not core or core[-1] not in _ENDS and core[-1] not in "。！？":
        return False
    if core.lower() in _TITLES or (len(core) == 2 and core[0].isalpha()):
        return False
    first = nxt.lstrip("\"'“‘«(¿¡")[:1]
    return not first or not first.isalpha() or first.isupper() or not first.isascii()


def join(parts: list[Synthesis], path: Path, pause_ms: int | Sequence[int] = PAUSE_MS) -> Synthesis:
    """One synthesis of the parts in order, `pause_ms` of silence between two (or the i-th of
    them before part i + 1), timestamps moved."""
    pauses = [pause_ms] * len(parts) if isinstance(pause_ms, int) else list(pause_ms)
    audio: list[np.ndarray] = []
    words: list[WordTimestamp] = []
    rate = 0
    offset_ms = 0.0
    for i, part in enumerate(parts):
        samples, rate_i = read_wav(part.audio_path)
        rate = rate or rate_i
        if rate_i != rate:
            raise ValueError("sentences of one script must share a sample rate")
        if i:
            gap = np.zeros(int(rate * pauses[i - 1] / 1000), dtype=np.float32)
            audio.append(gap)
            offset_ms += len(gap) * 1000 / rate
        shift = int(round(offset_ms))
        for w in part.word_timestamps:
            words.append(WordTimestamp(w.word, w.startMs + shift, w.endMs + shift))
        audio.append(samples)
        offset_ms += len(samples) * 1000 / rate
    joined = np.concatenate(audio)
    write_wav(path, joined, rate)
    duration = int(round(len(joined) * 1000 / rate))
    words = [WordTimestamp(w.word, min(w.startMs, duration), min(w.endMs, duration)) for w in words]
    return Synthesis(path, duration, words, parts[0].engine, parts[0].voice)
