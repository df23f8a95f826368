"""A sentence cut at its commas into clauses, and clauses joined a comma's pause apart."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from worker.voices.clauses import COMMA_GAP_MS, clause_pauses, cut_clauses, split_clauses
from worker.voices.engines import Synthesis, WordTimestamp, read_wav, write_wav
from worker.voices.sentences import join

RATE = 24000


def test_clauses_end_after_a_word_that_ends_in_a_comma() -> None:
    assert split_clauses("Ana, here is your March review.") == [
        "Ana,", "here is your March review."
    ]  # fmt: skip
    assert split_clauses("Congratulations, Dr. Okafor, and thank you.") == [
        "Congratulations,", "Dr. Okafor,", "and thank you."
    ]  # fmt: skip
    assert split_clauses("You sold 1,250 units.") == ["You sold 1,250 units."]
    assert split_clauses("Thanks for watching,") == ["Thanks for watching,"]  # a last comma
    assert split_clauses("A lone , comma") == ["A lone , comma"]
    assert split_clauses("谢谢观看，玛丽亚。") == ["谢谢观看，玛丽亚。"]


def spoken(path: Path, words: list[tuple[str, int, int]], duration_ms: int) -> Synthesis:
    """A synthesis whose words are tones (their index + 1 as loudness / 10) in silence."""
    samples = np.zeros(RATE * duration_ms // 1000, dtype=np.float32)
    for i, (_, start, end) in enumerate(words):
        samples[RATE * start // 1000 : RATE * end // 1000] = (i + 1) / 10
    write_wav(path, samples, RATE)
    stamps = [WordTimestamp(w, s, e) for w, s, e in words]
    return Synthesis(path, duration_ms, stamps, "kokoro", "am_michael")


def test_a_sentence_is_cut_in_the_pauses_at_its_commas_with_its_words_whole(
    tmp_path: Path,
) -> None:
    words = [("Thanks,", 20, 400), ("Ana", 700, 900), ("Silva,", 920, 1200), ("bye.", 1230, 1500)]
    whole = spoken(tmp_path / "whole.wav", words, 1520)
    pieces = cut_clauses(whole, ["Thanks,", "Ana Silva,", "bye."], tmp_path)
    assert pieces is not None
    # Each clause from 20 ms before its first word to 20 ms after its last, never past the
    # middle of the pause (30 ms between "Silva," and "bye.": cut 15 ms after "Silva,").
    assert [p.duration_ms for p in pieces] == [420, 535, 305]
    assert [[(w.word, w.startMs, w.endMs) for w in p.word_timestamps] for p in pieces] == [
        [("Thanks,", 20, 400)],
        [("Ana", 20, 220), ("Silva,", 240, 520)],
        [("bye.", 15, 285)],
    ]
    for piece in pieces:  # every word's sound is in its clause, none of another's
        samples, _ = read_wav(piece.audio_path)
        assert round(len(samples) * 1000 / RATE) == piece.duration_ms
        for i, w in enumerate(piece.word_timestamps):
            middle = samples[RATE * (w.startMs + w.endMs) // 2000]
            level = [x[0] for x in words].index(w.word) + 1
            assert abs(middle - level / 10) < 1e-3, (piece, w)
            assert i or samples[0] == 0.0  # a clause starts in silence


def test_a_sentence_is_not_cut_without_a_pause_or_with_other_words(tmp_path: Path) -> None:
    ran_through = spoken(tmp_path / "a.wav", [("Thanks,", 20, 400), ("Ana.", 410, 700)], 720)
    assert cut_clauses(ran_through, ["Thanks,", "Ana."], tmp_path) is None
    other = spoken(tmp_path / "b.wav", [("Thanks,", 20, 400), ("Anna.", 500, 700)], 720)
    assert cut_clauses(other, ["Thanks,", "Ana."], tmp_path) is None


def test_joined_clauses_put_their_words_a_comma_pause_apart(tmp_path: Path) -> None:
    first = spoken(tmp_path / "a.wav", [("Thanks,", 20, 400)], 420)  # 20 ms after its word
    second = spoken(tmp_path / "b.wav", [("Bea.", 80, 400)], 420)  # a voice's 80 ms lead
    pauses = clause_pauses([first, second])
    assert pauses == [COMMA_GAP_MS - 20 - 80]
    joined = join([first, second], tmp_path / "joined.wav", pauses)
    thanks, bea = joined.word_timestamps
    assert bea.startMs - thanks.endMs == COMMA_GAP_MS
    assert joined.duration_ms == 420 + pauses[0] + 420
