"""Quantities named in ways the fortieth set's first run showed misread, worded unlike any
prompt set ("a free-cake code" in a café's birthday video was what showed it): a code named by
what it gets its holder for free is an identifier they hold, shown in words as written, like
"a discount code". Its neighbours read as before: codes named by what they are, a code or a
number with nothing before it, a code that is no one's to hold, and "free" said of a number."""

from __future__ import annotations

import pytest

from app.ai.attributes import attribute
from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a code for something free, hyphenated or not, with what it is for after it
        ("a bakery thank-you: loaves bought, a free-bagel code",
         [("count", "Loaves bought", ""), ("text", "Free-bagel code", "")]),
        ("a bakery thank-you: loaves bought, a free bagel code",
         [("count", "Loaves bought", ""), ("text", "Free bagel code", "")]),
        ("a cinema recap: films seen, their free-popcorn code for the next screening",
         [("count", "Films seen", ""), ("text", "Free-popcorn code", "")]),
        # neighbours: codes named by what they are, read as before
        ("a bakery thank-you: loaves bought, a promo code",
         [("count", "Loaves bought", ""), ("text", "Promo code", "")]),
        ("a cinema recap: films seen, their gift voucher code",
         [("count", "Films seen", ""), ("text", "Voucher code", "")]),
        ("a cinema recap: films seen, their ticket id",
         [("count", "Films seen", ""), ("text", "Ticket ID", "")]),
    ],
)  # fmt: skip
def test_a_code_for_something_free_is_an_identifier_in_words(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "phrase", ["a code", "the dress code", "their free number", "a free gift", "the area code"]
)
def test_other_codes_and_free_things_are_no_identifier(phrase: str) -> None:
    # a code with nothing before it, no one's to hold, "free" said of a number or a thing
    assert attribute(0, phrase) is None
