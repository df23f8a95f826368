"""Currencies named as people write them but CLDR does not spell them, worded unlike any prompt
set (the twenty-seventh set's "NZ dollars" and the twenty-eighth's "bolivianos" were what
showed it): a country's two-letter code before the unit or "$" ("AU dollars", "nz$"), the
country's name or an adjective English makes of it where CLDR's adjective differs ("Guyanese"
for CLDR's "Guyanaese"), and a unit that only begins like another currency's ("bolivianos",
not "bolívares"). Their neighbours read as before."""

from __future__ import annotations

import pytest

from app.ai.currencies import currency_in
from app.ai.quantities import quantities


def sign(text: str) -> str | None:
    found = currency_in(text)
    return None if found is None else found.symbol.strip()


@pytest.mark.parametrize(
    "named, shown",
    [
        ("a ferry ticket for 35 AU dollars", "A$"),
        ("tuition billed in SG dollars", "S$"),
        ("the deposit, in HK dollars, is refundable", "HK$"),
        ("wages paid in CA dollars", "C$"),
        ("kayak hire at AU$60 an hour", "A$"),
        ("souvenirs from nz$15", "NZ$"),
        ("a harbour tax in EC dollars", "EC$"),  # its own sign, not Ecuador's dollars
        ("savings kept in US dollars", "$"),
        ("a visa fee of US$200", "$"),
        ("gift cards in UK pounds", "£"),  # CLDR's alias of GB
    ],
)
def test_a_countrys_code_before_the_unit_names_its_currency(named: str, shown: str) -> None:
    assert sign(named) == shown


@pytest.mark.parametrize(
    "named, shown",
    [
        ("a rainforest lodge at 40,000 Guyanese dollars a night", "GYD"),
        ("a river taxi paid in Guyana dollars", "GYD"),
        ("mooring fees in Bermudian dollars", "BM$"),
        ("snorkel trips priced in Belizean dollars", "BZ$"),
        ("a longyi costs 9,000 Burmese kyat", "K"),
        ("felt slippers in Kyrgyzstani som", "сом"),
        ("a boat to the water village in Bruneian dollars", "BND"),
    ],
)
def test_a_countrys_name_or_common_adjective_names_its_currency(named: str, shown: str) -> None:
    assert sign(named) == shown


@pytest.mark.parametrize(
    "named, shown",
    [
        ("a llama wool scarf priced in bolivianos", "Bs"),
        ("cable car tickets (bolivianos)", "Bs"),
        ("a market lunch in Bolivian bolivianos", "Bs"),
        ("arepas sold for 500 bolívares", "Bs.S"),
        ("a bus in Venezuelan bolívars", "Bs.S"),
    ],
)
def test_units_that_only_begin_alike_are_two_currencies(named: str, shown: str) -> None:
    assert sign(named) == shown


@pytest.mark.parametrize(
    "named, shown",
    [
        ("a tip of 20 dollars", "$"),
        ("ad time bought in TV dollars", "$"),  # Tuvalu's dollars are Australia's
        ("the IT budget in dollars", "$"),
        ("a CV and 30 dollars", "$"),  # Cape Verde's currency is no dollar
        ("biltong bought in SA rand", "R"),  # Saudi Arabia's currency is no rand
        ("tuition paid in nz dollars", "$"),  # a country's code in lower case is a word
        ("safari lodge rates in Namibian dollars", "NAD"),
        ("a surf lesson for 40 Jamaican dollars", "J$"),
        ("ferry tickets in Belize dollars", "BZ$"),
        ("rugby tickets in New Zealand dollars", "NZ$"),
        ("a statue of Simón Bolívar", None),
        ("the Bolívar cinema", None),
        ("tea glasses sold in manats", None),  # two countries' manat
        ("an apartment in Bolivia", None),
    ],
)
def test_neighbours_read_as_before(named: str, shown: str | None) -> None:
    assert sign(named) == shown


def test_an_amount_in_a_currency_named_by_its_countrys_code_shows_its_sign() -> None:
    found = quantities("Show members their fishing licence fee in AU dollars and catches landed")
    fee = next(q for q in found if q.kind == "money")
    assert fee.prefix == "A$"
    plain = quantities("Show members their fishing licence fee and catches landed")
    assert next(q for q in plain if q.kind == "money").prefix == "$"
