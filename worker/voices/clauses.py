"""Clause by clause: the clauses a comma separates within a sentence are cached on their own, so
lines that differ only in a name ("Ana, here is your March review." / "Bea, here is your March
review."; "Thanks, Ana." / "Thanks, Bea.") speak only the clause that differs.

A sentence no clause of which is cached is spoken whole, as before, and then cut at its commas
into clause entries (each cut in the pause the voice left there, words intact): the shared
clause keeps the melody it had in its sentence. A later sentence with a clause in the cache
speaks only its other clauses, each alone, and joins them with the pause the voices leave at a
comma inside a sentence (measured on Kokoro: 50–280 ms, median 170 ms, edges included).

Measured on Kokoro (one core): "Recipient 3, here is your Q3 2026 review." costs 3.1 CPU s
whole, "Recipient 3," alone 1.2 s; a fully personalized `pulse` row speaks about 2 CPU s less.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from worker.voices.engines import Synthesis, WordTimestamp, read_wav, write_wav

# Between the last word of a clause and the first of the next, joined: the median pause.
COMMA_GAP_MS = 170
EDGE_MS = 20  # kept before a clause's first and after its last word (as the engines keep)
MIN_GAP_MS = 30  # a comma the voice ran through (no pause to cut in) is not cut
FADE_MS = 5  # at a cut, so it does not click
# Clause entries live beside whole sentences in the voice cache, under their own names: a
# clause cut from a sentence is not what the engine says of the same words alone.
CLAUSE_KEY = "clause:"


def split_clauses(sentence: str) -> list[str]:
    """The sentence's clauses, in order: cut after every word that ends in a comma (but the
    last); joined with single spaces they give the sentence's words. "1,000" is one word."""
    clauses: list[str] = []
    current: list[str] = []
    words = sentence.split()
    for i, word in enumerate(words):
        current.append(word)
        if word.endswith(",") and len(word) > 1 and i < len(words) - 1:
            clauses.append(" ".join(current))
            current = []
    if current:
        clauses.append(" ".join(current))
    return clauses


def cut_clauses(whole: Synthesis, clauses: list[str], scratch: Path) -> list[Synthesis] | None:
    """The sentence's synthesis cut into one synthesis per clause (files in `scratch`), each
    from 20 ms before its first word to 20 ms after its last, the cut never past the middle of
    the pause between two clauses. None when the words are not the clauses' words one for
    one, or a comma has no pause to cut in."""
    words = whole.word_timestamps
    if [w.word for w in words] != " ".join(clauses).split():
        return None
    spans: list[list[WordTimestamp]] = []
    taken = 0
    for clause in clauses:
        spans.append(words[taken : taken + len(clause.split())])
        taken += len(spans[-1])
    bounds: list[tuple[int, int]] = []
    for k, span in enumerate(spans):
        start = 0 if k == 0 else span[0].startMs - EDGE_MS
        end = whole.duration_ms if k == len(spans) - 1 else span[-1].endMs + EDGE_MS
        if k:
            gap = span[0].startMs - spans[k - 1][-1].endMs
            if gap < MIN_GAP_MS:
                return None
            middle = spans[k - 1][-1].endMs + gap // 2
            start = max(start, middle)
            bounds[-1] = (bounds[-1][0], min(bounds[-1][1], middle))
        bounds.append((start, end))
    samples, rate = read_wav(whole.audio_path)
    fade = max(1, rate * FADE_MS // 1000)
    fade_in, fade_out = np.linspace(0.0, 1.0, fade, dtype=np.float32), np.linspace(1.0, 0.0, fade)
    pieces = []
    for k, ((start, end), span) in enumerate(zip(bounds, spans, strict=True)):
        part = samples[rate * start // 1000 : rate * end // 1000].copy()
        if k:
            part[:fade] *= fade_in[: len(part)]
        if k < len(spans) - 1 and len(part) >= fade:
            part[len(part) - fade :] *= fade_out
        path = scratch / f"{whole.engine}-clause-{k}-{whole.audio_path.stem}.wav"
        write_wav(path, part, rate)
        duration = int(round(len(part) * 1000 / rate))
        moved = [
            WordTimestamp(w.word, max(0, w.startMs - start), min(duration, w.endMs - start))
            for w in span
        ]
        pieces.append(Synthesis(path, duration, moved, whole.engine, whole.voice))
    return pieces


def clause_pauses(parts: list[Synthesis]) -> list[int]:
    """The silence to put between each two clauses so that the words are COMMA_GAP_MS apart
    (what each side already holds before or after its words counted)."""
    pauses = []
    for before, after in zip(parts, parts[1:], strict=False):
        last, first = before.word_timestamps[-1:], after.word_timestamps[:1]
        tail = before.duration_ms - last[0].endMs if last else 0
        head = first[0].startMs if first else 0
        pauses.append(max(0, COMMA_GAP_MS - tail - head))
    return pauses
