"""Counts and durations named in ways the thirtieth set's first run showed unread, worded unlike
any prompt set ("years their spirit has been maturing", "people brought down safely" and "times
we cleared their driveway" were what showed it): things named by a clause whose doer is named
after whose it is, or whose verb is helped by "been" ("the years their business has been
trading", "the years they've been customers"), what was done said with a particle and an
adverb of how after it ("people guided down calmly"), and the times someone did something,
named first ("times you logged in"). Their neighbours read as before (as on the composer
before these readings), but for "moments they'll cherish", now no count."""

from __future__ import annotations

import pytest

from app.ai.quantities import quantities
from tests.support.ai_readings import kind_key_suffix as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a unit of time, then a clause whose doer is named after whose it is
        (
            "a kennel recap: weeks their puppy has been boarding at our kennel, a photo",
            [("duration", "weeks", " weeks")],
        ),
        (
            "a shop letter: the years their business has been trading with us",
            [("duration", "years", " years")],
        ),
        # things, then such a clause with a done verb: said with it (was money, for "won")
        ("a league recap: matches their club has won", [("count", "matches_won", "")]),
        # a helping "been" is no verb of the clause ("years they've been customers": years)
        (
            "a loyalty letter: the years they've been customers of ours",
            [("duration", "years", " years")],
        ),
    ],
)
def test_things_named_by_a_clause_whose_doer_is_named(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # people (a word a quote's scene is named by), a particle and an adverb: was nothing
        (
            "a cave rescue recap: people guided down calmly, a photo of the team",
            [("count", "people_guided_down", "")],
        ),
        # the particle is said (was "Skiers brought", "Boats towed")
        (
            "a ski patrol recap: skiers brought down carefully, a quote",
            [("count", "skiers_brought_down", "")],
        ),
        (
            "a harbour recap: boats towed back safely, the date of the regatta",
            [("count", "boats_towed_back", ""), ("date", "regatta_date", "")],
        ),
        # as before: no particle, or an adverb that says when
        ("an insurer's recap: claims settled quickly", [("count", "claims_settled", "")]),
        ("a shop recap: orders delivered early", [("count", "orders_delivered", "")]),
    ],
)
def test_what_was_done_with_an_adverb_of_how_after_it(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("an app recap: times you logged in, a badge for streaks", ("count", "times_logged", "")),
        (
            "a delivery recap: the times we delivered to their door",
            ("count", "times_delivered", ""),
        ),
        ("a gym recap: times they've trained with a coach", ("count", "times_trained", "")),
    ],
)
def test_the_times_someone_did_something_named_first(prompt, expected) -> None:
    assert read(prompt)[:1] == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "a note: memories their kids will treasure",  # what is valued, no count
        "a note: moments they'll cherish, a photo",  # (was a count, "Moments")
        "a recap: the recipes their kids love",  # what is liked
        "a recap: times they were late",  # no thing done
        "a recap: the times they were happiest",
        "a billing recap: payments made monthly",  # money made, no count
    ],
)
def test_neighbours_are_not_counts(prompt: str) -> None:
    assert [q for q in quantities(prompt) if q.kind in ("count", "duration")] == []


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("times tables practised", ("count", "tables_practised", "")),  # times, no doer
        ("how many times they've donated", ("count", "times_donated", "")),
        ("times of day they ride most", ("count", "times_of_day", "")),
        ("the hours their kids spent at camp", ("duration", "hours_spent", " h")),
        ("flights made to Italy", ("count", "flights_made", "")),  # a name in -ly
        ("hours logged weekly", ("duration", "hours_logged", " h")),
        ("people their age", ("count", "people", "")),
    ],
)
def test_neighbours_read_as_before(prompt: str, expected: tuple[str, str, str]) -> None:
    assert read(prompt)[:1] == [expected]
