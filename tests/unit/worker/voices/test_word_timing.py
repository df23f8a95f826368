"""Word spans from engine hints, refined on the audio (synthetic signals, no engine)."""

from __future__ import annotations

import numpy as np

from worker.voices.normalize import normalize_tokens
from worker.voices.timing import estimate_spans, spans_from_groups, spans_from_starts, tighten

RATE = 16000


def bursts(spans_ms: list[tuple[int, int]], total_ms: int) -> np.ndarray:
    """Noise bursts at the given (start, end) ms, silence elsewhere."""
    rng = np.random.default_rng(1)
    out = np.zeros(total_ms * RATE // 1000, dtype=np.float32)
    for start, end in spans_ms:
        a, b = start * RATE // 1000, end * RATE // 1000
        out[a:b] = rng.uniform(-0.5, 0.5, b - a)
    return out


def samples(spans: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    return [(w, s * RATE // 1000, e * RATE // 1000) for w, s, e in spans]


def ms(spans: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    return [(w, s * 1000 // RATE, e * 1000 // RATE) for w, s, e in spans]


def test_tighten_trims_silence_and_snaps_boundaries_into_the_real_pause() -> None:
    audio = bursts([(100, 400), (600, 900)], 1000)
    # The engine put the boundary at 480 ms, inside the 400-600 ms pause but off its edges,
    # and the second word's model span starts 150 ms early.
    hint = [("one", 0, 480), ("two", 480, 1000)]
    assert ms(tighten(audio, RATE, samples(hint))) == [("one", 100, 400), ("two", 600, 900)]


def test_boundary_placed_late_moves_back_to_the_pause() -> None:
    audio = bursts([(100, 400), (600, 900)], 1000)
    hint = [("one", 0, 700), ("two", 700, 1000)]  # model time ran 100 ms into word two
    assert ms(tighten(audio, RATE, samples(hint))) == [("one", 100, 400), ("two", 600, 900)]


def test_spans_from_starts_splits_a_missing_word_with_its_neighbour() -> None:
    tokens = normalize_tokens("for the team", "en")
    spans = spans_from_starts(tokens, {0: 0, 2: 1100 * RATE // 1000}, 2000 * RATE // 1000)
    assert [w for w, _, _ in spans] == ["for", "the", "team"]
    assert ms(spans)[0] == ("for", 0, 550) and ms(spans)[1] == ("the", 550, 1100)


def test_groups_map_to_tokens_that_speak_several_words() -> None:
    tokens = normalize_tokens("You saved $42 today", "en")  # $42 -> "forty-two dollars"
    groups = [(0, 10), (10, 20), (20, 30), (30, 40), (40, 50)]
    spans = spans_from_groups(tokens, groups)
    assert spans == [("You", 0, 10), ("saved", 10, 20), ("$42", 20, 40), ("today", 40, 50)]


def test_mismatched_groups_are_laid_out_in_proportion() -> None:
    tokens = normalize_tokens("aa bbbb", "en")
    spans = spans_from_groups(tokens, [(0, 60)])
    assert spans[0] == ("aa", 0, 20) and spans[1][2] == 60


def test_estimate_spans_gives_each_word_its_own_burst() -> None:
    audio = bursts([(100, 300), (500, 650), (800, 1000)], 1100)
    spans = estimate_spans(normalize_tokens("red green blue", "en"), audio, RATE)
    assert ms(spans) == [("red", 100, 300), ("green", 500, 650), ("blue", 800, 1000)]


def test_edge_word_boundaries_map_to_script_tokens() -> None:
    from worker.voices.edge import RATE as EDGE_RATE
    from worker.voices.edge import word_starts

    tokens = normalize_tokens("Hi Ann, you saved $5 today.", "en")  # $5 -> "five dollars"
    boundaries = [("Hi", 0), ("Ann", 100), ("you", 200), ("saved", 300), ("five", 400),
                  ("dollars", 500), ("today", 600)]  # fmt: skip
    ticks = [(w, round(s * 10_000_000 / EDGE_RATE)) for w, s in boundaries]  # 100 ns ticks
    starts = word_starts(tokens, ticks)
    assert starts == {0: 0, 1: 100, 2: 200, 3: 300, 4: 400, 5: 600}


def test_words_the_engine_ran_together_share_their_group() -> None:
    # Piper speaks "for the" as one phoneme word; the words around it keep their own groups.
    tokens = normalize_tokens("a new record for the team", "en")
    groups = [(0, 10), (10, 40), (40, 100), (100, 160), (160, 220)]
    spans = spans_from_groups(tokens, groups)
    assert spans[:3] == [("a", 0, 10), ("new", 10, 40), ("record", 40, 100)]
    assert spans[3] == ("for", 100, 130) and spans[4] == ("the", 130, 160)
    assert spans[5] == ("team", 160, 220)


def test_sentence_ends_anchor_the_alignment() -> None:
    # One group too few in the first sentence; the sentence break keeps the second exact.
    tokens = normalize_tokens("go on now. we stay", "en")
    groups = [(0, 50), (60, 100), (200, 240), (250, 300)]
    spans = spans_from_groups(tokens, groups, sentence_ends={1, 3})
    assert [w for w, _, _ in spans] == ["go", "on", "now.", "we", "stay"]
    assert spans[2][2] == 100 and spans[3] == ("we", 200, 240) and spans[4] == ("stay", 250, 300)


def test_a_stop_closure_inside_a_word_is_not_taken_for_the_word_break() -> None:
    # "that's the" is spoken without a break, then a 60 ms silence before "top", within reach
    # of the that's/the boundary too: only the the/top boundary moves into it.
    audio = bursts([(100, 520), (580, 800)], 900)
    hint = [("that's", 100, 400), ("the", 400, 600), ("top", 600, 800)]
    spans = ms(tighten(audio, RATE, samples(hint)))
    assert spans[0] == ("that's", 100, 400)
    assert spans[1] == ("the", 400, 520) and spans[2] == ("top", 580, 800)
