"""Counts named by a noun followed by a clause, a state or a place, worded unlike any prompt set
(the twenty-eighth set's "safety modules left to complete" and "visitors to their stand" and
the twenty-ninth's "bottles we'll ship them" and "the average hours a day they wear them" were
what showed it): a relative clause whatever its verb's form ("parcels they'll carry", "people
who came"), things still in a state ("forms outstanding", "cases still unresolved"), things
or people counted by where they went ("callers to our hotline"). Their neighbours read as
before (as on the composer before these readings)."""

from __future__ import annotations

import pytest

from app.ai.quantities import quantities
from tests.support.ai_readings import kind_key_suffix as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a clause in the present, the future or with a helping verb: the things alone
        (
            "a recap for our couriers: parcels they'll carry next week, a map of their routes",
            [("count", "parcels", "")],
        ),
        ("crates we still pack by hand, and a photo of the warehouse", [("count", "crates", "")]),
        (
            "a note for hosts: guests who stayed over, and a button to reply",
            [("count", "guests_stayed", "")],
        ),  # a done verb is said
        (
            "a seminar recap: people who came to the lecture, a quote from the speaker",
            [("count", "people", "")],
        ),
        # a done verb after a contraction is said with the things
        (
            "a recap: jars we've labelled, the date of the fair",
            [("count", "jars_labelled", ""), ("date", "fair_date", "")],
        ),
        # a unit of time with a rate before the clause: a duration in that unit
        (
            "a sleep report: the average minutes a night they snore, a tip from our doctor",
            [("duration", "average_minutes", " min")],
        ),
        (
            "a host recap: weeks they had lodgers staying with them",
            [("duration", "weeks", " weeks")],
        ),
    ],
)
def test_things_named_by_a_clause_after_them_are_counted(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        (
            "a reminder: training courses left to finish, a button to log in",
            [("count", "training_courses_left", "")],
        ),
        (
            "a helpdesk digest: support cases still unresolved, average reply time",
            [("count", "support_cases_unresolved", "")],
        ),
        (
            "a tax office letter: forms outstanding, the date they are due",
            [("count", "forms_outstanding", "")],
        ),
        (
            "a welcome: callers to our hotline, a photo of the team",
            [("count", "hotline_callers", "")],
        ),
        (
            "an update: donors to the appeal, a thank-you from our director",
            [("count", "donors", "")],
        ),
    ],
)
def test_things_still_in_a_state_or_counted_by_where_they_went(prompt, expected) -> None:
    got = read(prompt)
    assert got[: len(expected)] == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "a recap: the songs they love, a photo of the band",  # what is liked, a list
        "a recap: the books they borrowed this term",  # a book shelf
        "a recap: the cities they toured",  # a map's places
        "a travel video for families who hired a camper van",  # whom the video is for
        "a to-do video: things to do in spring",  # not a place they went to
        "a savings update: funds remaining for the trip",  # money, not a count of things
    ],
)
def test_neighbours_are_not_counts_of_things(prompt: str) -> None:
    # ("songs" alone is a count noun, as before)
    assert [q for q in quantities(prompt) if q.kind == "count" and q.key != "songs"] == []


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("bags of clothes they sorted", ("count", "bags_of_clothes", "")),  # things of
        ("the hours they volunteered", ("duration", "hours_volunteered", " h")),
        ("the tours they went on", ("count", "tours", "")),
        ("the clubs their daughter joined", ("count", "clubs_joined", "")),
        ("days left until the trip", ("duration", "days_to_go", " days")),
        ("dives in the lake this summer", ("count", "dives", "")),
    ],
)
def test_neighbours_read_as_before(prompt: str, expected: tuple[str, str, str]) -> None:
    assert read(prompt)[:1] == [expected]
