"""Words of a phrase that name nothing of their own (app/ai/quantities.py reads a phrase
without them): when a figure is, said after it ("their rating now": the rating), and an amount
given for the phrase before, in parentheses ("the call-out charge (ninety-five dollars)": the
charge's amount, no second one). A total named alone ("the total") beside amounts is theirs:
the total of those amounts, money."""

from __future__ import annotations

import re

from app.ai.currencies import currency_in

# When, after the figure: it is the figure as it is now ("their rating now", "their balance
# currently").
NOW_AFTER = re.compile(r"\s+(?:right now|now|currently|at the moment|these days|as it stands)$")
# A number said in words ("ninety-five", "forty-five", "one hundred and twenty", "fifteen").
_UNITS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
_TENS = "fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy"
SAID_NUMBER = (
    rf"(?:(?:{_UNITS}|{_TENS}|eighty|ninety|a) )?(?:hundred |thousand )?(?:and )?"
    rf"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ])?(?:{_UNITS}|{_TENS}"
    r"|eighty|ninety|hundred|thousand)\b"
)
# An amount alone ("95 dollars", "$95", "1 200 Kč", "ninety-five dollars"), a whole phrase.
AMOUNT_ALONE = re.compile(
    r"^(?:about |around |roughly |usually |normally |it's |that's )?"
    r"(?:\S{1,3}\s?\d[\d., ]*|(?:\d[\d., ]*|" + SAID_NUMBER + r")\s?[^\d\s]+(?: [a-z]+)?)$",
    re.IGNORECASE,
)
# A total, named alone: "the total", "the grand total", "the total due".
TOTAL_ALONE = re.compile(
    r"^(?:the |their |a |and )?(?:grand )?total(?: (?:due|owed|to pay|payable|bill|amount))?$",
    re.IGNORECASE,
)


def now_dropped(phrase: str) -> str:
    """The phrase without a word saying the figure is as it is now ("their rating now")."""
    return NOW_AFTER.sub("", phrase)


def given_amount(text: str, pos: int, phrase: str) -> bool:
    """Whether the phrase at pos is only an amount given in parentheses for the phrase before
    it ("the call-out charge (ninety-five dollars)"): the figure the sample shows, no quantity
    of its own."""
    opened = text[:pos].rstrip().endswith("(") and text[pos + len(phrase) :].lstrip()[:1] == ")"
    alone = AMOUNT_ALONE.match(phrase.strip()) is not None  # a currency's, not "(five years)"
    said = phrase.strip()
    return opened and alone and (not said[:1].isalnum() or currency_in(said.lower()) is not None)


def total_alone(phrase: str) -> bool:
    """Whether the phrase is a total named alone ("the total")."""
    return TOTAL_ALONE.match(phrase.strip()) is not None
