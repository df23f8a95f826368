"""The readings added after the twenty-fourth held-out set, for its four failures, worded
unlike any prompt set: things counted on what holds them ("points on your card": a count,
was nothing, the card a genre's word); the books a relative clause names ("the books you
picked up") are a shelf of them, not a count; Caribbean dollars named with their country ("in
Jamaican dollars": "J$", was "$"); energy in kcal or kJ is a unit of measure ("kcal burned" a
count, was nothing); and lari named alone ("prices in lari") are the Georgian currency where
only a currency can stand ("₾", was dollars and a note read as an amount of its own; "Lari",
a given name, is no currency)."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.currencies import currency_in
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_label_unit as read


@pytest.mark.parametrize(
    "phrase, label",
    [
        ("points on your card", "Card points"),
        ("miles in their account", "Account miles"),
        ("coins in your wallet", "Wallet coins"),
    ],
)
def test_things_counted_on_what_holds_them_are_a_count(phrase: str, label: str) -> None:
    assert read(f"Arcade recap: games played, {phrase}") == [
        ("count", "Games played", ""),
        ("count", label, ""),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "phrase",
    [
        "photos in their album",  # a scene's things
        "hours in their week",  # a unit of time, read as before
        "the highlights of their year",
    ],
)  # fmt: skip
def test_what_holds_no_counted_things_reads_as_before(phrase: str) -> None:
    assert ("count", "Week hours", "") not in read(f"Club recap: {phrase}")
    assert all(label != "Album photos" for _, label, _ in read(f"Club recap: {phrase}"))


def test_the_books_a_relative_clause_names_are_a_shelf() -> None:
    made = create("Bookshop recap for members: the books you picked up from us, pages read",
                  TemplateState())  # fmt: skip
    assert "book-shelf" in [s.primitiveId for s in made.scenes]
    assert [q[1] for q in read("Bookshop recap: the books you picked up, pages read")] == [
        "Pages read"
    ]


@pytest.mark.parametrize("phrase", ["books read this year", "how many books they bought"])
def test_books_done_or_asked_for_are_still_counted(phrase: str) -> None:
    assert [q[0] for q in read(f"Reading recap: {phrase}")] == ["count"]


@pytest.mark.parametrize(
    "text, sign",
    [
        ("rent in Jamaican dollars", "J$"),
        ("fares in Trinidad and Tobago dollars", "TT$"),
        ("tours in East Caribbean dollars", "EC$"),
        ("fees in dollars", "$"),  # dollars alone, as before
        ("fees in Singapore dollars", "S$"),
    ],
)  # fmt: skip
def test_dollars_named_with_their_country_show_its_sign(text: str, sign: str) -> None:
    found = currency_in(text)
    assert found is not None and found.symbol.strip() == sign


@pytest.mark.parametrize(
    "phrase, label",
    [
        ("kcal burned", "Kcal burned"),
        ("energy used in kJ", "Energy used (kJ)"),
        ("calories burned", "Calories burned"),  # counted before, unchanged
    ],
)
def test_energy_in_kcal_or_kj_is_a_count(phrase: str, label: str) -> None:
    assert read(f"Rowing club stats: sessions rowed, {phrase}") == [
        ("count", "Sessions rowed", ""),
        ("count", label, ""),
    ]  # fmt: skip


def test_lari_named_alone_are_the_georgian_currency() -> None:
    assert read("Climbing gym recap, prices in lari: routes climbed, the cost of a day pass") == [
        ("count", "Routes climbed", ""),
        ("money", "Day pass cost", "₾"),
    ]  # fmt: skip
    # where only a currency can stand: not "Lari", a given name
    assert currency_in("a thank-you from Lari, our coach") is None
    assert read("Climbing gym recap: routes climbed, the day pass cost (lari)")[1][2] == "₾"
    # as before: by its name with its country, and by its code as written
    for named, sign in (("a day pass in Georgian lari", "₾"), ("amounts in GEL", "GEL")):
        found = currency_in(named)
        assert found is not None and found.symbol.strip() == sign, named
