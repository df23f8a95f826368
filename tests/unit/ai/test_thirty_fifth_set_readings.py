"""Quantities named in ways the thirty-fifth set's first run showed unread or misread, worded
unlike any prompt set ("litres left in their reserved barrel", "Bonefish caught and released",
"the share of donations that goes to the drummers' school", "how long they were in the water",
"in Munda, Solomon Islands", "total minutes underwater" and "the length of the biggest shark in
metres" were what showed it): a measure left or remaining; the kinds of fish, deer or sheep
named in one word; a share of money said to go somewhere; how long someone was somewhere; the
region or country after a town; where time was spent, in one word after its unit; what is
measured of a thing, named after the thing. Their neighbours read as before."""

from __future__ import annotations

import pytest

from app.ai.counts import things
from app.ai.phrases import place_named
from tests.support.ai_readings import kind_key_label_prefix as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a measure left or remaining is a count of it
        ("a dairy recap: litres remaining in their tank",
         [("count", "litres_remaining", "Litres remaining", "")]),
        ("a dairy recap: kilograms left in their quota",
         [("count", "kilograms_left", "Kilograms left", "")]),
        # neighbours: pounds left are money, a measure growing no count, time left a duration
        ("a dairy recap: pounds left in their budget", [("money", "budget", "Budget", "£")]),
        ("a dairy recap: tonnes growing", []),
        ("a dairy recap: hours left", [("duration", "hours_left", "Hours left", "")]),
        ("a dairy recap: tickets still open, kilometres left",
         [("count", "tickets", "Tickets", ""),
          ("count", "kilometres_left", "Kilometres left", "")]),
    ],
)  # fmt: skip
def test_a_measure_left(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a kind of fish, deer or sheep named in one word is counted as the plural it is
        ("an angling recap: swordfish landed",
         [("count", "swordfish_landed", "Swordfish landed", "")]),
        ("an angling recap: catfish released",
         [("count", "catfish_released", "Catfish released", "")]),
        ("a ranch recap: reindeer herded", [("count", "reindeer_herded", "Reindeer herded", "")]),
        # neighbours: fish alone, and an adjective that ends so
        ("an angling recap: fish caught", [("count", "fish_caught", "Fish caught", "")]),
        ("a team recap: selfish plays", []),
    ],
)  # fmt: skip
def test_kinds_of_fish_named_in_one_word(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "noun, counted",
    [("bonefish", True), ("lionfish", True), ("roedeer", True), ("selfish", False),
     ("wolfish", False), ("fish", True), ("dish", False)],
)  # fmt: skip
def test_things_named_by_a_kind(noun, counted) -> None:
    assert things(noun) is counted


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a share of money said to go somewhere is a percentage of it, named by where it goes
        ("a school recap: the proportion of fees going to bursaries",
         [("percent", "fees_to_bursaries_percent", "Fees to bursaries", "")]),
        ("a school recap: the percentage of their gift that went to the library",
         [("percent", "gift_to_library_percent", "Gift to library", "")]),
        ("a school recap: the share of pupils who went to university",
         [("percent", "pupils_to_university_percent", "Pupils to university", "")]),
        # neighbours: their share of money is an amount, or nothing the phrase names
        ("a school recap: their share of the prize pot paid out",
         [("money", "prize_pot_paid", "Prize pot paid", "$")]),
        ("a school recap: their share of the profits", []),
    ],
)  # fmt: skip
def test_a_share_of_money_that_goes_somewhere(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # how long someone was somewhere is time there
        ("a sailing recap: how long they were at sea",
         [("duration", "time_at_sea", "Time at sea", "")]),
        ("a theatre recap: how long she was on stage",
         [("duration", "time_on_stage", "Time on stage", "")]),
        # neighbours: how long they did something, how long they have been something
        ("a sailing recap: how long they sailed", [("duration", "sailed", "Sailed", "")]),
        ("a sailing recap: how long they've been a member",
         [("duration", "member_time", "Member for", "")]),
    ],
)  # fmt: skip
def test_how_long_someone_was_somewhere(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # where time was spent, said in one word after its unit, names it
        ("a dive recap: total hours underwater",
         [("duration", "hours_underwater", "Hours underwater", "")]),
        ("a dive recap: nights offshore", [("duration", "nights_offshore", "Nights offshore", "")]),
        # what is measured of a thing is named after the thing
        ("a dive recap: the size of their largest catch in inches",
         [("count", "largest_catch_size", "Largest catch size (inches)", "")]),
        ("a hike recap: the length of the trail in km",
         [("count", "trail_length", "Trail length (km)", "")]),
        # neighbours: a state said after a unit, a measure of things
        ("a health recap: days smoke-free",
         [("duration", "days_smokefree", "Days smoke-free", "")]),
        ("a farm recap: kilograms of apricots picked",
         [("count", "apricots_picked", "Apricots picked (kilograms)", "")]),
    ],
)  # fmt: skip
def test_where_time_was_spent_and_what_is_measured_of_a_thing(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # the region or country after a town names nothing to count
        ("A stay at our guesthouse in Malé, Maldives: nights stayed, dives made",
         [("duration", "nights_stayed", "Nights stayed", ""),
          ("count", "dives_made", "Dives made", "")]),
        ("A tour recap for riders from Suva, Fiji Islands: trips made",
         [("count", "trips_made", "Trips made", "")]),
        ("A recap for our climbers near Chamonix, French Alps. Routes climbed, nights out",
         [("count", "routes_climbed", "Routes climbed", ""),
          ("duration", "nights", "Nights", "")]),
        # neighbours: things listed after a comma in lower case, a place before no comma
        ("A tour recap for riders in Boston, trips made, bookings",
         [("count", "trips_made", "Trips made", ""), ("count", "bookings", "Bookings", "")]),
    ],
)  # fmt: skip
def test_the_region_after_a_town_is_no_count(prompt, expected) -> None:
    assert read(prompt) == expected


def test_a_place_named_is_its_capitals_after_a_town() -> None:
    text = "our lodge on Andros, Bahamas, and bonefish caught, Releases"
    assert place_named(text, text.index("Bahamas"), "Bahamas")
    assert not place_named(text, text.index("Releases"), "Releases")
