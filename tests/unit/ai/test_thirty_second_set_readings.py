"""Quantities, currencies and scenes named in ways the thirty-second set's first run showed
unread, worded unlike any prompt set ("the lempiras they've saved with their rider card" across
Tegucigalpa, "their best snap from the Registan", "fragments growing on their frame" and "the
share of the season their yacht spent out cruising" were what showed it): a currency's unit
that is also a name, as the money someone saved, spent or earned, is that currency where its
country is named; a snap is a photo; things named by what they are doing are counted; a share
of a whole that is no money is a percentage. Their neighbours read as before."""

from __future__ import annotations

import pytest

from app.ai.currencies import currency_in
from app.ai.quantities import quantities
from tests.support.ai_readings import kind_key_label_prefix as read
from tests.support.ai_readings import scene_kinds as kinds


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # the unit as what was saved, spent or earned, its country named by name or city
        ("a rewards recap for riders in Honduras: the lempiras they've saved",
         [("money", "amount_saved", "You saved", "L ")]),
        ("a rewards recap for riders in Tegucigalpa: the lempiras you spent",
         [("money", "amount_spent", "Spent", "L ")]),
        ("a pub recap for members in Port Moresby: the kina she earned",
         [("money", "amount_earned", "Earned", "PGK ")]),
        # a unit several currencies share, placed by the city: the unit is no name of the amount
        ("a savings note for members in Nairobi: the shillings they've saved",
         [("money", "amount_saved", "You saved", "KSh ")]),
    ],
)  # fmt: skip
def test_a_unit_as_the_money_someone_saved_or_spent_is_its_currency_where_placed(
    prompt, expected
) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "a rewards recap: the lempiras they've saved",  # no place
        "a rewards recap for riders in Honduras: the Lempiras they've saved",  # a capital: a name
        "a school recap for pupils: the marks they earned",  # no place: marks, not a currency
        "a quiz recap for teams in Honduras: the lempiras questions they answered",  # no money
    ],
)
def test_a_unit_that_is_also_a_word_with_no_place_or_no_money_is_no_currency(prompt) -> None:
    assert currency_in(prompt) is None


@pytest.mark.parametrize(
    "prompt, photo",
    [
        ("A trip recap: kilometres hiked and their best snaps from the summit", True),
        ("A trip recap: kilometres hiked and a snap of them at the top", True),
        ("A weather recap: rain in mm and how long the cold snap lasted", False),
        ("A bakery recap: loaves sold and ginger snaps sold", False),
    ],
)
def test_a_snap_is_a_photo_but_not_a_cold_snap_or_a_biscuit(prompt, photo) -> None:
    assert ("ken-burns" in kinds(prompt)) is photo


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a garden recap: seedlings sprouting in their beds",
         [("count", "seedlings_sprouting", "Seedlings sprouting", "")]),
        ("a shop recap: parcels still waiting at the depot",
         [("count", "parcels_waiting", "Parcels waiting", "")]),
    ],
)  # fmt: skip
def test_things_named_by_what_they_are_doing_are_counted(prompt, expected) -> None:
    assert read(prompt) == expected


def test_a_thing_in_ing_after_things_names_no_state() -> None:
    # "meeting" is a thing: the members are counted, not "members meeting"
    assert read("a club recap: members meeting this week") == [("count", "members", "Members", "")]


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a farm recap: the share of their fields left fallow",
         [("percent", "fields_left_percent", "Fields left", "")]),
        ("a team recap: what proportion of their shifts ran late",
         [("percent", "shifts_late_percent", "Shifts late", "")]),
        # time a thing of theirs spent doing something: the time and what it did
        ("a fleet recap: the share of the year their van spent out delivering",
         [("percent", "year_delivering_percent", "Year delivering", "")]),
    ],
)  # fmt: skip
def test_a_share_of_a_whole_that_is_no_money_is_a_percentage(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    ["a poker recap: their share of the prize pot", "a business recap: their share of the profits"],
)
def test_a_share_of_money_is_no_percentage(prompt) -> None:
    assert all(q.kind != "percent" for q in quantities(prompt))
