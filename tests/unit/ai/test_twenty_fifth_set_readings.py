"""The readings added after the twenty-fifth held-out set, for its four failures, all of one
cause, worded unlike any prompt set: currencies the composer had no row for, so an amount in
them was shown in dollars, which the prompt did not ask for. A currency named alone by a word
that is no English word ("colones", "tögrög", "tugriks") is that currency ("₡", "₮"; "colón",
a city and a name too, only in lower case where only a currency can stand); a dollar or a peso
named with its country's adjective that the composer did not know ("Fijian dollars",
"Uruguayan pesos") is that country's ("FJ$", "$U"), and pesos with Uruguay or one of its cities
named are too. "Dollars" and "pesos" alone, and ISO codes as written, are as before."""

from __future__ import annotations

import pytest

from app.ai.currencies import currency_in, spoken_after
from app.ai.money import currency_of
from tests.support.ai_readings import kind_label_unit as read


def sign(text: str) -> str | None:
    found = currency_in(text)
    return None if found is None else found.symbol.strip()


@pytest.mark.parametrize(
    "named, shown",
    [
        ("a bus fare of 400 colones", "₡"),
        ("coffee tours priced in Costa Rican colones", "₡"),
        ("rent paid (colón)", "₡"),
        ("prices in colón", "₡"),
        ("₡2,500 a night", "₡"),
        ("a felt slipper costs 30,000 tögrög", "₮"),
        ("a yurt stay priced in tugriks", "₮"),
        ("fares in Mongolian tugrik", "₮"),
        ("₮15,000", "₮"),
    ],
)
def test_a_currency_named_alone_is_that_currency(named: str, shown: str) -> None:
    assert sign(named) == shown


@pytest.mark.parametrize(
    "named, shown",
    [
        ("a snorkel hire in Fiji dollars", "FJ$"),
        ("the ferry ticket in Fijian dollars", "FJ$"),
        ("beach chairs for rent in Uruguayan pesos", "$U"),
    ],
)
def test_a_dollar_or_peso_named_with_its_country_is_that_countrys(named: str, shown: str) -> None:
    assert sign(named) == shown


def test_pesos_with_uruguay_named_are_uruguayan() -> None:
    assert currency_of("our bakery in Punta del Este: what they spent with us (pesos)").symbol == (
        "$U "
    )
    assert currency_of("a food truck in Uruguay, amounts in pesos").symbol.strip() == "$U"


def test_the_amount_is_shown_in_it_and_spoken() -> None:
    assert read("Surf camp recap: waves caught, the price of a week's board rental in colones") == [
        ("count", "Waves caught", ""),
        ("money", "Board price", "₡"),
    ]  # fmt: skip
    assert spoken_after("₡") == "colones"
    assert spoken_after("₮") == "tugriks"
    assert spoken_after("FJ$") == "dollars"
    assert spoken_after("$U") == "pesos"


@pytest.mark.parametrize(
    "named, shown",
    [
        ("tips in dollars", "$"),  # dollars alone stay dollars
        ("a taco stand, prices in pesos", "$"),  # no country named
        ("amounts in FJD", "FJD"),  # an ISO code as written
        ("amounts in CRC", "CRC"),
        ("amounts in MNT", "MNT"),
        ("amounts in UYU", "UYU"),
        ("in Jamaican dollars", "J$"),  # as before
        ("a hostel in Colón, Panama", None),  # a city, not a currency
        ("a letter from Cristóbal Colón", None),  # a name
        ("the colon in the heading", None),  # an English word
    ],
)
def test_neighbours_are_unchanged(named: str, shown: str | None) -> None:
    assert sign(named) == shown
