"""The readings settled after the twenty-sixth held-out set, worded unlike any prompt set.

How many, how much or how long the recipient did something, compared with other people ("how
many routes they sent compared with other climbers"), is their figure set beside the others'
in a comparison scene, as "how their visits compare with the average" already was: it was read
as the recipient's rank (a percentile gauge, with no figure of theirs). The figure is read from
the words before the comparing word, not from who it is compared with ("Routes sent", not
"Climbers"). The recipient or a score compared with others ("how you compare to other riders",
"their average score compared with other teams") stays their rank; a figure compared with an
earlier period stays this period against the previous one; a saving against another way of
doing it ("compared with taking the bus") stays a saving.

A currency CLDR gives no sign of its own (its country writes a bare "$", and no CLDR locale
writes a prefixed one: Namibian, Cayman Islands, Liberian dollars) is shown by its ISO code, which
names it without doubt; no sign is made up from its country's letters (that would give "S$",
Singapore's, for Surinamese dollars, "K$" for the Cayman Islands' "CI$")."""

from __future__ import annotations

import re

import pytest
from babel import Locale
from babel.localedata import locale_identifiers

from app.ai import cldr
from app.ai.builtin import create
from app.ai.currencies import KNOWN, TAKEN, currency_in
from app.ai.quantities import quantities
from app.ai.schemas import TemplateState


def read(prompt: str) -> list[tuple[str, str]]:
    return [(q.kind, q.label) for q in quantities(prompt)]


def shown(prompt: str) -> dict[str, dict[str, object]]:
    return {s.primitiveId: s.sceneData for s in create(prompt, TemplateState()).scenes}


@pytest.mark.parametrize(
    "prompt, figure, against",
    [
        ("Loyalty recap for our climbing gym: how many routes they sent compared with other "
         "climbers, and a poll on new holds", ("count", "Routes sent"), "Other climbers"),
        ("Online shop wrap-up: the number of parcels they shipped compared with other sellers",
         ("count", "Parcels shipped"), "Other sellers"),
        ("Café card recap: how much they spent compared to the average regular",
         ("money", "Spent"), "Average regular"),
        ("Meditation app recap: how long they meditated compared with other users",
         ("duration", "Meditated"), "Other users"),
        ("Gym recap: how many classes they booked compared with the average member",
         ("count", "Classes booked"), "Average member"),
    ],
)  # fmt: skip
def test_a_figure_compared_with_others_is_set_beside_theirs(
    prompt: str, figure: tuple[str, str], against: str
) -> None:
    assert read(prompt) == [figure]
    scenes = shown(prompt)
    assert "percentile-gauge" not in scenes
    assert scenes["comparison-bars"]["compareLabel"] == against
    assert scenes["comparison-bars"]["valueLabel"] == "You"


@pytest.mark.parametrize(
    "prompt",
    [
        "Cycling club recap: how you compare to other riders",
        "Quiz league recap: their average score compared with other teams",
        "Taxi firm recap: their rating compared with other drivers in town",
    ],
)
def test_the_recipient_or_a_score_compared_with_others_is_still_their_rank(prompt: str) -> None:
    assert read(prompt) == [("rank", "Percentile")]
    assert "comparison-bars" not in shown(prompt)


def test_a_figure_compared_with_a_period_or_a_way_of_doing_it_is_unchanged() -> None:
    period = "Helpdesk recap: how many tickets they closed compared with last quarter"
    assert read(period) == [("count", "Tickets closed")]
    assert shown(period)["comparison-bars"]["compareLabel"] == "Previous period"
    saving = "Commuter recap: how much they saved compared with taking the bus"
    assert read(saving) == [("money", "You saved")]
    assert "comparison-bars" not in shown(saving)


@pytest.mark.parametrize(
    "named, code",
    [
        ("a guesthouse on the coast, rates in Namibian dollars", "NAD"),
        ("a boat trip priced in Cayman Islands dollars", "KYD"),
        ("a school fee in Liberian dollars", "LRD"),
    ],
)
def test_a_dollar_with_no_sign_of_its_own_is_shown_by_its_code(named: str, code: str) -> None:
    found = currency_in(named)
    assert found is not None and found.symbol.strip() == code


def test_every_sign_read_from_cldr_is_one_cldr_writes_or_the_code() -> None:
    """No sign is made up: each is written so by some CLDR locale, or is the ISO code."""
    _, _, signs, _ = cldr.lookup(KNOWN, TAKEN)
    written: dict[str, set[str]] = {}
    for name in locale_identifiers():
        for code, sign in Locale.parse(name).currency_symbols.items():
            written.setdefault(code, set()).add(sign.strip("\u200b\u200e\u200f "))
    made_up = {c: s for c, s in signs.items() if s != c and s not in written.get(c, set())}
    assert made_up == {}
    assert all(re.fullmatch(r"[A-Z]{3}", s) for c, s in signs.items() if s == c)
