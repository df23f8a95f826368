"""Quantities named in ways the thirty-eighth set's first run showed misread, worded unlike any
prompt set ("the term fee in Somali shillings" and "nautical miles on the water" were what
showed it): a currency named with the adjective of its own country, which is also the name of
a language spoken in another country that has a unit of that name; a unit of measure named with
the word that says which of its kind it is. Their neighbours read as before."""

from __future__ import annotations

import pytest

from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # the adjective of the currency's own country, which names a language spoken in another
        # country with a unit of that name too (Somali in Kenya, Nepali in India)
        ("a bakery recap: the bread bill in Somali shillings", [("money", "Bill", "S ")]),
        ("a ferry recap: what the crossing cost in Somali shillings",
         [("money", "Crossing cost", "S ")]),
        ("a school recap: the deposit in Nepali rupees", [("money", "Deposit", "NPR ")]),
        # neighbours: the other countries' own names, a language of several countries that is
        # none's own name, a unit alone, a name only a language gives
        ("a market recap: stall rent in Kenyan shillings", [("money", "Rent", "KSh ")]),
        ("a market recap: stall rent in Tanzanian shillings", [("money", "Rent", "TSh ")]),
        ("a shop recap: the bill in Swahili shillings", [("money", "Bill", "$")]),
        ("a market recap: stall rent in shillings", [("money", "Rent", "$")]),
        ("a shop recap: the bill in Indian rupees", [("money", "Bill", "₹")]),
        ("a trek recap: the porter's wage in Nepalese rupees", [("money", "Wage", "NPR ")]),
    ],
)  # fmt: skip
def test_a_currency_named_by_its_own_countrys_adjective(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a unit with the word that says which of its kind it is, counted as the unit alone is
        ("a sailing recap: nautical miles on the water, ports visited",
         [("count", "Nautical miles", ""), ("count", "Ports visited", "")]),
        ("a sailing recap: nautical miles, ports visited",
         [("count", "Nautical miles", ""), ("count", "Ports visited", "")]),
        ("a flooring recap: square metres on the floor, jobs done",
         [("count", "Square metres", ""), ("count", "Jobs done", "")]),
        ("a cleaning recap: square feet cleaned, visits",
         [("count", "Square feet cleaned", ""), ("count", "Visits", "")]),
        # ...and named so where it is the unit of what was measured
        ("a ferry recap: the distance in nautical miles, trips taken",
         [("count", "Distance (nautical miles)", ""), ("count", "Trips taken", "")]),
        ("a painting recap: square metres of wall painted, jobs done",
         [("count", "Wall painted (square metres)", ""), ("count", "Jobs done", "")]),
        # neighbours: the word before no unit, a unit alone, a unit with what was done
        ("a diner recap: their square meals, visits",
         [("count", "Square meals", ""), ("count", "Visits", "")]),
        ("a sailing recap: nautical charts bought, ports visited",
         [("count", "Nautical charts bought", ""), ("count", "Ports visited", "")]),
        ("a town recap: the square in the old town, visits", [("count", "Visits", "")]),
        ("a kayak recap: miles on the water, trips",
         [("count", "Miles", ""), ("count", "Trips", "")]),
        ("a concrete recap: cubic metres poured, sites",
         [("count", "Cubic metres poured", ""), ("count", "Sites", "")]),
    ],
)  # fmt: skip
def test_a_unit_named_with_which_of_its_kind_it_is(prompt, expected) -> None:
    assert read(prompt) == expected
