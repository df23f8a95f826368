"""Word timing: from engine hints (events, phoneme alignments) to tight spans on the audio."""

from __future__ import annotations

import bisect

import numpy as np

from app.voices.normalize import Token

FRAME_MS = 10
# A 10 ms frame is speech when its RMS is within this many dB of the loudest frame.
SILENCE_DB = 35.0


def frame_energy(samples: np.ndarray, rate: int) -> tuple[np.ndarray, int]:
    """RMS per 10 ms frame and the frame length in samples."""
    hop = max(1, rate * FRAME_MS // 1000)
    n = len(samples) // hop
    if n == 0:
        return np.zeros(0, dtype=np.float32), hop
    frames = samples[: n * hop].reshape(n, hop).astype(np.float64)
    return np.sqrt(np.mean(frames**2, axis=1)), hop


def active_frames(samples: np.ndarray, rate: int) -> tuple[np.ndarray, int]:
    """Boolean per 10 ms frame: does it hold speech?"""
    rms, hop = frame_energy(samples, rate)
    if rms.size == 0 or rms.max() <= 0:
        return np.zeros(rms.size, dtype=bool), hop
    threshold = rms.max() * 10 ** (-SILENCE_DB / 20)
    return rms > threshold, hop


def token_offsets(tokens: list[Token]) -> list[int]:
    """Character offset of each token's spoken form in the joined spoken text."""
    offsets, pos = [], 0
    for token in tokens:
        offsets.append(pos)
        pos += len(token.spoken) + 1
    return offsets


def token_at(offsets: list[int], char_index: int) -> int:
    return max(0, bisect.bisect_right(offsets, char_index) - 1)


def tighten(
    samples: np.ndarray, rate: int, spans: list[tuple[str, int, int]]
) -> list[tuple[str, int, int]]:
    """Shrink each span to the speech inside it, keep the order, never overlap."""
    active, hop = active_frames(samples, rate)
    out: list[tuple[str, int, int]] = []
    prev_end = 0
    for word, start, end in spans:
        start, end = max(start, prev_end), min(max(end, start), len(samples))
        first, last = start // hop, max(start // hop, (end - 1) // hop)
        inside = np.flatnonzero(active[first : last + 1]) if first < active.size else []
        if len(inside):
            start = max(start, (first + int(inside[0])) * hop)
            end = min(end, (first + int(inside[-1]) + 1) * hop)
        end = max(end, start + 1)
        out.append((word, start, end))
        prev_end = end
    return out


def spans_from_starts(
    tokens: list[Token], starts: dict[int, int], total: int
) -> list[tuple[str, int, int]]:
    """Token spans from known start samples (engine word events): each ends at the next start."""
    known = sorted(starts.items())
    spans = []
    for i, (token_index, start) in enumerate(known):
        end = known[i + 1][1] if i + 1 < len(known) else total
        spans.append((tokens[token_index].written, start, end))
    return _fill_missing(tokens, {k for k, _ in known}, spans)


def _fill_missing(
    tokens: list[Token], seen: set[int], spans: list[tuple[str, int, int]]
) -> list[tuple[str, int, int]]:
    """A token the engine reported no event for (e.g. a lone dash) shares its neighbour's span."""
    if len(seen) == len(tokens) or not spans:
        return spans
    by_token = dict(zip(sorted(seen), spans, strict=True))
    out, last = [], spans[0]
    for i, token in enumerate(tokens):
        if i in by_token:
            last = by_token[i]
            out.append(last)
        elif any(c.isalnum() for c in token.written):
            out.append((token.written, last[2], last[2]))
    return _merge_zero_width(out)


def _merge_zero_width(spans: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    return [(w, s, max(e, s)) for w, s, e in spans]


def spans_from_groups(
    tokens: list[Token], groups: list[tuple[int, int]]
) -> list[tuple[str, int, int]]:
    """Token spans from spoken-word groups (e.g. Piper phoneme words).

    When the groups match the spoken words one to one, tokens take their own groups; otherwise
    words are laid over the groups in proportion to their length.
    """
    counts = [max(1, len(t.spoken.split())) for t in tokens]
    if not groups:
        return []
    if sum(counts) == len(groups):
        spans, i = [], 0
        for token, n in zip(tokens, counts, strict=True):
            spans.append((token.written, groups[i][0], groups[i + n - 1][1]))
            i += n
        return spans
    return _proportional(tokens, groups)


def _proportional(tokens: list[Token], groups: list[tuple[int, int]]) -> list[tuple[str, int, int]]:
    weights = np.array([max(1, len(t.spoken)) for t in tokens], dtype=np.float64)
    bounds = np.concatenate([[0.0], np.cumsum(weights) / weights.sum()])
    durations = np.array([e - s for s, e in groups], dtype=np.float64)
    cum = np.concatenate([[0.0], np.cumsum(durations) / max(durations.sum(), 1.0)])

    def at(fraction: float) -> int:
        k = min(int(np.searchsorted(cum, fraction, side="right")) - 1, len(groups) - 1)
        inside = (fraction - cum[k]) / max(cum[k + 1] - cum[k], 1e-9)
        start, end = groups[k]
        return int(start + inside * (end - start))

    return [
        (t.written, at(bounds[i]), at(bounds[i + 1]) if i + 1 < len(tokens) else groups[-1][1])
        for i, t in enumerate(tokens)
    ]


def estimate_spans(
    tokens: list[Token], samples: np.ndarray, rate: int
) -> list[tuple[str, int, int]]:
    """Word spans for audio that came without timing: words laid over the detected speech runs."""
    active, hop = active_frames(samples, rate)
    runs: list[tuple[int, int]] = []
    start = None
    for i, on in enumerate(active):
        if on and start is None:
            start = i
        elif not on and start is not None:
            runs.append((start * hop, i * hop))
            start = None
    if start is not None:
        runs.append((start * hop, len(active) * hop))
    if not runs:
        return []
    return spans_from_groups(tokens, runs) if len(runs) == len(tokens) else _proportional(
        tokens, runs
    )
