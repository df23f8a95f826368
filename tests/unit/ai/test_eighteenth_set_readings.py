"""The readings added after the eighteenth held-out set, worded unlike any prompt set:
lengths, volumes and speeds in units the composer did not know (centimetres, millimetres,
inches, millilitres, km/h, mph), "how tall/wide <thing> ..." named by the thing ("Sapling
height"), "how much <something> <did> (in <unit>)" as a measure, not
money, the recipient's ranking in a contest, a tournament or a cup; and labels: a date said by a
phrasal verb ("runs out"), units of time as something ("years as a member"), "over the years"."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Tailor recap: waist in cm", "Waist (cm)"),
        ("Tree nursery recap: how tall their sapling grew (in centimetres)",
         "Sapling height (centimetres)"),
        ("Pond recap: how wide the pond is in metres", "Pond width (metres)"),
        ("Weather station recap: rainfall (mm)", "Rainfall (mm)"),
        ("Bonsai club recap: trunk girth in inches", "Trunk girth (inches)"),
        ("Lab recap: sample volume (ml)", "Sample volume (ml)"),
    ],
)  # fmt: skip
def test_lengths_and_volumes_in_units_it_did_not_know(prompt: str, label: str) -> None:
    assert read(prompt) == [("count", label, "")]


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Cycling recap: their best sprint in km/h", "Best sprint (km/h)"),
        ("Track day recap: peak speed (km/h)", "Peak speed (km/h)"),
        ("Go-kart recap: top velocity in mph", "Top velocity (mph)"),
    ],
)
def test_a_speed_keeps_its_whole_unit(prompt: str, label: str) -> None:
    assert read(prompt) == [("count", label, "")]


def test_how_much_with_a_unit_of_measure_is_no_money() -> None:
    assert read("Ski lift recap: how much snow fell on the slopes (in cm)") == [
        ("count", "Snow fell (cm)", ""),
    ]  # fmt: skip
    assert read("Garden recap: how much rain fell in inches") == [
        ("count", "Rain fell (inches)", ""),
    ]  # fmt: skip
    assert read("Garden recap: how much they spent on seeds") == [
        ("money", "Spent", "$"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "prompt",
    [
        "Debate society recap: their ranking in the regional debating contest",
        "Bridge club recap: your final ranking",
        "Esports recap: their position in the autumn tournament",
        "Darts recap: their spot in the pub cup",
    ],
)
def test_a_ranking_in_a_contest_is_the_recipients_rank(prompt: str) -> None:
    assert read(prompt) == [("rank", "Percentile", "")]


def test_a_ranking_of_things_is_still_ranked_bars() -> None:
    assert read("Cafe recap: a ranking of their favourite cakes") == []


def test_a_ranking_in_a_contest_makes_no_ranked_bars() -> None:
    made = create("Debate recap: motions argued, their ranking in the spring contest",
                  TemplateState())  # fmt: skip
    kinds = [s.primitiveId for s in made.scenes]
    assert "percentile-gauge" in kinds and "bar-race" not in kinds


def test_a_date_said_by_a_phrasal_verb_is_named_by_it() -> None:
    assert read("Gym recap: the date their pass runs out") == [("date", "Pass end date", "")]
    assert read("Fair recap: the date the fair kicks off") == [("date", "Fair start date", "")]


def test_units_of_time_as_something_are_how_long_they_have_been_it() -> None:
    assert read("Choir recap: seasons sung, months as a chorister") == [
        ("count", "Seasons sung", ""), ("duration", "Chorister for", "months"),
    ]  # fmt: skip


def test_over_the_years_says_when_and_names_nothing() -> None:
    assert read("Charity recap: how much they've given over the years") == [
        ("money", "You gave", "$"),
    ]  # fmt: skip
