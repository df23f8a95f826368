"""Quantities and scenes named in ways the thirty-seventh set's first run showed misread,
worded unlike any prompt set ("their 3 fastest climbs", "their favourite three authors", "the
coldest temperature they faced", "Runs down the ash slope", "a group shot at the ... falls" and
"the voucher cost in Belarusian roubles" were what showed it): a ranked list named by a
superlative of any adjective, before or after its number; a measure named by what it measures
with no unit said; things counted by the way they went; a shot that is a picture; a currency's
unit spelled the other English way. Their neighbours read as before."""

from __future__ import annotations

import pytest

from tests.support.ai_readings import kind_label_sign as read
from tests.support.ai_readings import kind_label_unit, scene_kinds


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a number and a superlative of any adjective, either way round, rank things
        ("a gym recap: their 4 heaviest lifts, sessions booked",
         [("top", "Top 4", ""), ("count", "Sessions booked", "")]),
        ("a bakery recap: the 5 cheapest loaves, orders placed",
         [("top", "Top 5", ""), ("count", "Orders placed", "")]),
        ("a chess recap: their 3 highest-rated games", [("top", "Top 3", "")]),
        ("a cinema recap: their favourite four films, tickets bought",
         [("top", "Top 4", ""), ("count", "Tickets bought", "")]),
        ("a golf recap: the longest 3 drives they hit", [("top", "Top 3", "")]),
        # neighbours: words that only end in -est, things ordered by when, a superlative of a
        # measure before its unit
        ("a hotel recap: their 2 guest passes, nights booked",
         [("duration", "Nights booked", "nights")]),
        ("a shop recap: their 3 latest orders, visits", [("count", "Visits", "")]),
        ("a run club recap: their fastest 5 km, runs logged",
         [("count", "Fastest km", ""), ("count", "Runs logged", "")]),
        ("a music recap: top 5 artists, minutes listened",
         [("top", "Top 5", ""), ("duration", "Minutes listened", "min")]),
    ],
)  # fmt: skip
def test_a_ranked_list_named_by_any_superlative(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a currency named with its country, its unit spelled the other English way
        ("a spa recap: the treatment fee in Belarusian roubles",
         [("money", "Treatment fee", "Br")]),
        ("a spa recap: the treatment fee in Belarusian rubles",
         [("money", "Treatment fee", "Br")]),
        ("a dive recap: what the boat trip cost in Omani riyals",
         [("money", "Boat trip cost", "OMR")]),
        ("a souk recap: the deposit in Yemeni riyals", [("money", "Deposit", "YER")]),
        ("a hotel recap: the room price in Qatari rials", [("money", "Room price", "QR")]),
        # neighbours: the unit alone keeps the currency it has always named, a currency's own
        # name reads as before
        ("a ferry recap: the fare in roubles", [("money", "Fare", "₽")]),
        ("a ferry recap: the fare in Russian rubles", [("money", "Fare", "₽")]),
        ("a hotel recap: the room price in riyals", [("money", "Room price", "SAR")]),
    ],
)  # fmt: skip
def test_a_unit_spelled_the_other_english_way_after_its_country(prompt, expected) -> None:
    assert kind_label_unit(prompt) == expected


@pytest.mark.parametrize(
    "prompt, photo",
    [
        # a shot led by a determiner, what or how between, is a picture
        ("A choir season recap: concerts sung, and a group shot in front of the hall", True),
        ("A bakery recap: loaves sold, and an action shot of them kneading", True),
        ("A choir season recap: concerts sung, and their best shot from the gala", True),
        ("A choir season recap: concerts sung, and a shot of them on stage", True),
        # neighbours: a jab, a chance, a stroke, a drink, the shot put, what someone shot
        ("A clinic reminder: the date of their flu shot, visits", False),
        ("A basketball recap: points scored, and their best shot at the title", False),
        ("A basketball recap: points scored, and a jump shot they made", False),
        ("A bar loyalty recap: visits, and the tequila shot they ordered", False),
        ("An athletics club recap: the shot put distance in metres, meets entered", False),
        ("An archery club recap: the arrows they shot, tournaments entered", False),
    ],
)  # fmt: skip
def test_a_shot_that_is_a_picture(prompt, photo) -> None:
    assert ("ken-burns" in scene_kinds(prompt)) is photo


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # things counted by the way they went, named by it
        ("a sandboard recap: descents down the dune, falls",
         [("count", "Dune descents", ""), ("count", "Falls", "")]),
        ("a swim club recap: swims across the bay, medals",
         [("count", "Bay swims", ""), ("count", "Medals", "")]),
        ("a walking club recap: walks along the river, visits",
         [("count", "River walks", ""), ("count", "Visits", "")]),
        ("a track recap: laps around the velodrome, visits",
         [("count", "Velodrome laps", ""), ("count", "Visits", "")]),
        # neighbours: what was done with a particle, a counted noun across somewhere, when, a
        # pick, a place things came to
        ("a charity recap: kits handed out, visits",
         [("count", "Kits handed out", ""), ("count", "Visits", "")]),
        ("a ferry recap: trips across the strait, visits",
         [("count", "Trips", ""), ("count", "Visits", "")]),
        ("a gym recap: sessions over the weekend, visits",
         [("count", "Sessions", ""), ("count", "Visits", "")]),
        ("a ski recap: their favourite runs down the mountain", []),
        ("a fair recap: visitors to their stand, leads",
         [("count", "Stand visitors", ""), ("count", "Leads", "")]),
    ],
)  # fmt: skip
def test_things_counted_by_the_way_they_went(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a measure named by what it measures, no unit said, is a count of it
        ("a sailing recap: the strongest gust speed they logged, races",
         [("count", "Strongest gust speed", ""), ("count", "Races", "")]),
        ("a rowing recap: their top speed, outings",
         [("count", "Top speed", ""), ("count", "Outings", "")]),
        ("a spa recap: the pool temperature, visits",
         [("count", "Pool temperature", ""), ("count", "Visits", "")]),
        ("a paragliding recap: the altitude of the launch site, flights",
         [("count", "Launch site altitude", ""), ("count", "Flights", "")]),
        ("a hiking recap: the distance they walked, huts visited",
         [("count", "Distance walked", ""), ("count", "Huts visited", "")]),
        # ...and what is measured of a thing in a unit is named after the thing
        ("a caving recap: the depth of the lowest chamber in metres",
         [("count", "Lowest chamber depth (metres)", "")]),
        ("a pool recap: the temperature of the plunge pool in °C",
         [("count", "Plunge pool temperature (°C)", "")]),
        # neighbours: a measure naming another thing, a measure in a unit, a statistic
        ("a driving school recap: the speed limit, lessons", [("count", "Lessons", "")]),
        ("a gym recap: their weight loss goal, classes", [("count", "Classes", "")]),
        ("a hiking recap: distance walked in km",
         [("count", "Distance walked (km)", "")]),
        ("a weather recap: the lowest temperature they faced",
         [("count", "Lowest temperature faced", "")]),
    ],
)  # fmt: skip
def test_a_measure_named_by_what_it_measures(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # what a button or link does, with what it offers, is the button's, no measure
        ("a gym recap: classes taken, and a button to renew with 20% off",
         [("count", "Classes taken", "")]),
        ("a salon recap: visits, and a link for rebooking with a 15% discount",
         [("count", "Visits", "")]),
        # neighbours: "with" whom, "with" after a button, a comparison with a period
        ("a salon recap: visits with us, and a button to rebook", [("count", "Visits", "")]),
        ("a salon recap: a button with a code for 10% off, visits", [("count", "Visits", "")]),
        ("a salon recap: what they spent compared with last year, and a button to rebook",
         [("money", "Spent", "$")]),
    ],
)  # fmt: skip
def test_what_a_button_offers_is_no_measure(prompt, expected) -> None:
    assert read(prompt) == expected
