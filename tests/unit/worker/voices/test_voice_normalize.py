"""Numbers, dates and amounts are spoken as words; timestamps keep the written token."""

from __future__ import annotations

import pytest

from worker.voices.normalize import normalize_tokens, spoken_text


def say(text: str, language: str = "en") -> str:
    return spoken_text(normalize_tokens(text, language))


@pytest.mark.parametrize(
    ("written", "spoken"),
    [
        ("$1,234.50", "one thousand two hundred and thirty-four dollars fifty cents"),
        ("$42", "forty-two dollars"),
        ("£3", "three pounds"),
        ("2025-03-14", "March fourteenth twenty twenty-five"),
        ("15%", "fifteen percent"),
        ("3rd", "third"),
        ("1999", "nineteen ninety-nine"),
        ("1,250", "one thousand two hundred and fifty"),
        ("3.5", "three point five"),
    ],
)
def test_english_numbers_dates_and_currency_read_naturally(written: str, spoken: str) -> None:
    assert say(written).startswith(spoken)


def test_punctuation_around_a_number_is_kept() -> None:
    assert say("You scored 42, well done.") == "You scored forty-two, well done."


def test_spanish_amounts_and_dates_use_spanish_words() -> None:
    assert say("19,99€", "es") == "diecinueve euros con noventa y nueve céntimos"
    assert say("2025-03-14", "es") == "catorce de marzo de dos mil veinticinco"


def test_german_amount_drops_zero_cents() -> None:
    assert say("12€", "de") == "zwölf Euro"


def test_language_without_number_words_leaves_digits_to_the_engine() -> None:
    assert say("42", "hi") == "42"


def test_each_token_keeps_its_written_form() -> None:
    tokens = normalize_tokens("Saved $5 today", "en")
    assert [t.written for t in tokens] == ["Saved", "$5", "today"]
    assert tokens[1].spoken == "five dollars"
