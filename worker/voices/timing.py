"""Word timing: from engine hints (events, phoneme alignments) to tight spans on the audio."""

from __future__ import annotations

import bisect

import numpy as np

from worker.voices.normalize import Token

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


SNAP_WINDOW_MS = 200
MIN_PAUSE_MS = 50
MIN_KEPT = 0.5


def silent_runs(active: np.ndarray, min_frames: int) -> list[tuple[int, int]]:
    """[start, end) frame runs of silence at least min_frames long."""
    runs, start = [], None
    for i, on in enumerate([*active.tolist(), True]):
        if not on and start is None:
            start = i
        elif on and start is not None:
            if i - start >= min_frames:
                runs.append((start, i))
            start = None
    return runs


def snap_to_pauses(
    samples: np.ndarray, rate: int, spans: list[tuple[str, int, int]]
) -> list[tuple[str, int, int]]:
    """Move each word boundary into the nearest real pause within 200 ms, if there is one:
    engine timing is model time, the pause is where the audio actually goes quiet."""
    active, hop = active_frames(samples, rate)
    pauses = [(a * hop, b * hop) for a, b in silent_runs(active, MIN_PAUSE_MS // FRAME_MS)]
    starts = [s for _, s, _ in spans]
    ends = [e for _, _, e in spans]
    window = SNAP_WINDOW_MS * rate // 1000
    for i in range(len(spans) - 1):
        boundary = ends[i]

        def distance(pause: tuple[int, int], b: int = boundary) -> int:
            return 0 if pause[0] <= b <= pause[1] else min(abs(pause[0] - b), abs(pause[1] - b))

        near = [p for p in pauses if p[1] >= boundary - window and p[0] <= boundary + window]
        if not near:
            continue
        start, end = min(near, key=distance)
        # A pause that would leave either word less than half its length is a stop closure
        # inside a word (the silence of a "t" or "p"), not the break between the two.
        kept_before = (start - starts[i]) / max(1, boundary - starts[i])
        kept_after = (ends[i + 1] - end) / max(1, ends[i + 1] - boundary)
        if kept_before >= MIN_KEPT and kept_after >= MIN_KEPT:
            ends[i], starts[i + 1] = start, end
    return [(w, s, e) for (w, _, _), s, e in zip(spans, starts, ends, strict=True)]


_BREAK_MARKS = ",;:.!?…、。，！？；："
_CLOSERS = "\"')]}”’»」』"


def punctuation_breaks(tokens: list[Token]) -> set[int]:
    """Indexes of tokens followed by a break: those ending in punctuation ("Maria," "さん、")."""
    return {i for i, t in enumerate(tokens) if t.written.rstrip(_CLOSERS)[-1:] in _BREAK_MARKS}


def snap_breaks(
    samples: np.ndarray, rate: int, spans: list[tuple[str, int, int]], breaks: set[int]
) -> list[tuple[str, int, int]]:
    """Put each break the script marks (punctuation after span i) on the longest real pause
    between or within 200 ms of the two words. A model's durations may place the pause of a
    comma 100-200 ms off; the punctuation says a pause is there, so it is trusted whatever
    share of a word it leaves (unlike `snap_to_pauses`)."""
    active, hop = active_frames(samples, rate)
    pauses = [(a * hop, b * hop) for a, b in silent_runs(active, MIN_PAUSE_MS // FRAME_MS)]
    window = SNAP_WINDOW_MS * rate // 1000
    out = list(spans)
    for i in sorted(breaks):
        if i + 1 >= len(out):
            continue
        (w0, s0, e0), (w1, s1, e1) = out[i], out[i + 1]
        near = [p for p in pauses if s0 < p[0] and p[1] < e1 and e0 - window <= p[1]
                and p[0] <= s1 + window]  # fmt: skip
        if near:
            start, end = max(near, key=lambda p: p[1] - p[0])
            out[i], out[i + 1] = (w0, s0, start), (w1, end, e1)
    return out


def tighten(
    samples: np.ndarray, rate: int, spans: list[tuple[str, int, int]]
) -> list[tuple[str, int, int]]:
    """Snap boundaries to pauses, shrink each span to the speech inside it, never overlap."""
    spans = snap_to_pauses(samples, rate, spans)
    active, hop = active_frames(samples, rate)
    out: list[tuple[str, int, int]] = []
    prev_end = 0
    for word, start, end in spans:
        start, end = max(start, prev_end), min(max(end, start), len(samples))
        first, last = start // hop, max(start // hop, (end - 1) // hop)
        inside = active[first : last + 1].nonzero()[0] if first < active.size else np.zeros(0)
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
    """Token spans from known start samples (engine word events): each ends at the next start.

    A token the engine reported no event for (it ran two words together) shares the span of
    the token before it, split in proportion to their spoken length.
    """
    if not starts:
        return []
    known = sorted(starts)
    spans: list[tuple[str, int, int]] = []
    for i, first in enumerate(known):
        last = known[i + 1] - 1 if i + 1 < len(known) else len(tokens) - 1
        if i == 0:
            first = 0  # tokens before the first event join it
        group = [t for t in tokens[first : last + 1]]
        begin = starts[known[i]]
        end = starts[known[i + 1]] if i + 1 < len(known) else total
        spans.extend(_split(group, begin, end))
    return spans


def _split(group: list[Token], begin: int, end: int) -> list[tuple[str, int, int]]:
    weights = np.array([max(1, len(t.spoken)) for t in group], dtype=np.float64)
    edges = begin + np.concatenate([[0.0], np.cumsum(weights)]) / weights.sum() * (end - begin)
    return [(t.written, int(edges[j]), int(edges[j + 1])) for j, t in enumerate(group)]


def spans_from_groups(
    tokens: list[Token], groups: list[tuple[int, int]], sentence_ends: set[int] | None = None
) -> list[tuple[str, int, int]]:
    """Token spans from spoken-word groups (e.g. Piper phoneme words, or runs of speech).

    Engines merge and split words ("for the" may come out as one phoneme word), so tokens and
    groups are aligned by dynamic programming: a token takes one or more whole groups, or
    several tokens share one group (split by spoken length). The alignment prefers the number
    of spoken words each token has, durations in proportion to spoken length, and, when
    `sentence_ends` (indexes of groups that end a sentence) is given, sentence-final tokens on
    those groups. Where no alignment exists, words are laid over the groups in proportion.
    """
    if not groups:
        return []
    path = _align(tokens, groups, sentence_ends)
    if path is None:
        return _proportional(tokens, groups)
    spans: list[tuple[str, int, int]] = []
    for (t0, t1), (g0, g1) in path:
        if t1 - t0 == 1:
            spans.append((tokens[t0].written, groups[g0][0], groups[g1 - 1][1]))
        else:
            spans.extend(_split(tokens[t0:t1], groups[g0][0], groups[g0][1]))
    return spans


_MAX_MERGE = 8  # tokens sharing one group
_EXTRA_SPLIT = 3  # groups a token may take beyond its spoken word count
_SENTENCE_END = (".", "!", "?", "…", "。", "！", "？")


def _align(
    tokens: list[Token], groups: list[tuple[int, int]], sentence_ends: set[int] | None
) -> list[tuple[tuple[int, int], tuple[int, int]]] | None:
    """Monotonic alignment of tokens to groups: [((token from, to), (group from, to)), ...]."""
    n, m = len(tokens), len(groups)
    words = [max(1, len(t.spoken.split())) for t in tokens]
    weight = np.array([max(1, len(t.spoken)) for t in tokens], dtype=np.float64)
    weight_cum = np.concatenate([[0.0], np.cumsum(weight / weight.sum())])
    durations = np.array([max(1, e - s) for s, e in groups], dtype=np.float64)
    duration_cum = np.concatenate([[0.0], np.cumsum(durations / durations.sum())])
    ends_sentence = [t.spoken.rstrip("\"')]}”’»").endswith(_SENTENCE_END) for t in tokens]

    def cost(t0: int, t1: int, g0: int, g1: int) -> float:
        expected = weight_cum[t1] - weight_cum[t0]
        actual = duration_cum[g1] - duration_cum[g0]
        c = abs(sum(words[t0:t1]) - (g1 - g0)) + abs(np.log(actual / expected))
        if sentence_ends is not None and ends_sentence[t1 - 1] != ((g1 - 1) in sentence_ends):
            c += 2.0
        return float(c)

    inf = float("inf")
    best = np.full((n + 1, m + 1), inf)
    back: dict[tuple[int, int], tuple[int, int]] = {}
    best[0, 0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            if best[i, j] == inf:
                continue
            moves = [(a, 1) for a in range(1, _MAX_MERGE + 1)]
            if i < n:
                moves += [(1, b) for b in range(2, words[i] + _EXTRA_SPLIT + 1)]
            for a, b in moves:
                if i + a > n or j + b > m:
                    continue
                total = best[i, j] + cost(i, i + a, j, j + b)
                if total < best[i + a, j + b]:
                    best[i + a, j + b] = total
                    back[(i + a, j + b)] = (i, j)
    if best[n, m] == inf:
        return None
    path, cell = [], (n, m)
    while cell != (0, 0):
        prev = back[cell]
        path.append(((prev[0], cell[0]), (prev[1], cell[1])))
        cell = prev
    return path[::-1]


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
    return spans_from_groups(tokens, runs)
