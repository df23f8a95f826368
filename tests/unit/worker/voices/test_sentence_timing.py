"""Scripts split into sentences and joined back: words in order, pauses between sentences."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from worker.voices.engines import Synthesis, WordTimestamp, read_wav, write_wav
from worker.voices.kokoro_engine import chunks, phoneme_groups
from worker.voices.normalize import normalize_tokens
from worker.voices.sentences import PAUSE_MS, join, split_sentences
from worker.voices.timing import punctuation_breaks, snap_breaks


def test_sentences_end_at_full_stops_but_not_at_titles_initials_or_decimals() -> None:
    assert split_sentences("Thanks, Ana. See you next period.") == [
        "Thanks, Ana.", "See you next period."
    ]  # fmt: skip
    assert split_sentences("Dr. Smith read 3.5 books. J. K. wrote! \"Yes.\" Done") == [
        "Dr. Smith read 3.5 books.", "J. K. wrote!", '"Yes."', "Done"
    ]  # fmt: skip
    assert split_sentences("¿Qué tal? Bien.") == ["¿Qué tal?", "Bien."]
    assert split_sentences("你好，玛丽亚。今年你读了四十本书。") == [
        "你好，玛丽亚。",
        "今年你读了四十本书。",
    ]
    assert split_sentences("One sentence only") == ["One sentence only"]


def test_joined_sentences_keep_their_words_in_order_after_a_pause(tmp_path: Path) -> None:
    rate = 24000
    parts = []
    for i, (word, ms) in enumerate([("Hello.", 500), ("Bye.", 300)]):
        path = tmp_path / f"{i}.wav"
        write_wav(path, np.full(rate * ms // 1000, 0.1, dtype=np.float32), rate)
        parts.append(Synthesis(path, ms, [WordTimestamp(word, 10, ms - 20)], "kokoro", "af_heart"))
    joined = join(parts, tmp_path / "joined.wav")
    samples, _ = read_wav(joined.audio_path)
    assert joined.duration_ms == 500 + PAUSE_MS + 300 == round(len(samples) * 1000 / rate)
    assert [(w.word, w.startMs, w.endMs) for w in joined.word_timestamps] == [
        ("Hello.", 10, 480), ("Bye.", 500 + PAUSE_MS + 10, 500 + PAUSE_MS + 280)
    ]  # fmt: skip
    assert (joined.engine, joined.voice) == ("kokoro", "af_heart")


def test_phoneme_durations_give_word_spans_between_spaces_and_punctuation() -> None:
    table = {"h": 1, "i": 2, ",": 3, " ": 4, "j": 5, "o": 6, ".": 7}
    # ids: pad h i , space j o . pad  -> durations in steps of 600 samples
    ids, groups = phoneme_groups("hi, jo.", [2, 1, 1, 3, 1, 2, 2, 4, 1], 0, table, 600)
    assert ids == [0, 1, 2, 3, 4, 5, 6, 7, 0]
    assert groups == [(1200, 2400), (4800, 7200)]


def test_long_phoneme_strings_are_cut_after_clause_punctuation() -> None:
    text = ", ".join(["abcdefghij klmnop"] * 40) + "."
    pieces = chunks(text, 100)
    assert all(len(p) <= 100 for p in pieces)
    assert " ".join(pieces) == text
    assert all(p.endswith(",") for p in pieces[:-1])


def test_a_comma_break_moves_onto_the_real_pause_whatever_share_of_a_word_it_leaves() -> None:
    rate = 1000
    tone = np.sin(np.arange(400) * 0.5).astype(np.float32)
    samples = np.concatenate([tone, np.zeros(300, np.float32), tone[:300]])  # speech, pause, speech
    tokens = normalize_tokens("Maria, hello", "en")
    spans = [("Maria,", 0, 650), ("hello", 760, 1000)]  # the durations put the pause late
    assert punctuation_breaks(tokens) == {0}
    assert snap_breaks(samples, rate, spans, {0}) == [("Maria,", 0, 400), ("hello", 700, 1000)]
