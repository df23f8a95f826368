"""The readings added after the twenty-first held-out set, for its failures, worded unlike any
prompt set: things named alone in a list beside measures are counted ("podiums", "pool
visits"), laughter after them says nothing ("punctures haha"), a temperature's unit is read
("the warmest night (°F)"), a date said as when something will happen ("when the refund will
land"), and a ranking named by what it is in ("their county ranking")."""

from __future__ import annotations

import pytest

from app.ai.builtin import create
from app.ai.schemas import TemplateState
from app.ai.spelling import spelled_out
from tests.support.ai_readings import kind_key_label_spelled as read


def test_things_named_alone_in_a_list_beside_measures_are_counted() -> None:
    prompt = "Cycling club recap: rides completed, podiums, pool visits, km ridden"
    assert read(prompt)[1:3] == [("count", "podiums", "Podiums"),
                                 ("count", "pool_visits", "Pool visits")]  # fmt: skip


def test_laughter_after_a_measure_says_nothing() -> None:
    assert ("count", "punctures", "Punctures") in read(
        "Cycling club recap: rides completed, punctures haha, their longest ride in km"
    )
    assert spelled_out('punctures LOL, a button "lol"') == 'punctures, a button "lol"'


@pytest.mark.parametrize(
    "prompt",
    [
        # joined to the phrase before: the parts of one thing, not a count of their own
        "Ferry pass recap: hours spent on boats and trams, their top 3 piers",
        "Grocery app recap: how much they saved with coupons, orders placed",
        # the parts of one measure, in parentheses
        "Grocery app recap: what they spent in total (snacks, drinks), orders placed",
        # a kind's own words name its scene ("workout types" is a profile)
        "Rowing app recap: sessions rowed, workout types, metres rowed",
        # a pick, not a count
        "Bakery recap: loaves bought, favourite pastries, visits this month",
    ],
)
def test_words_beside_measures_that_are_no_count_stay_uncounted(prompt: str) -> None:
    keys = [key for _, key, _ in read(prompt)]
    assert not {"trams", "coupons", "snacks", "drinks", "workout_types", "pastries"} & set(keys)


@pytest.mark.parametrize(
    "phrase, label",
    [
        ("the warmest night they camped (°F)", "Warmest night (°F)"),
        ("the lowest water temperature in degrees Celsius", "Lowest water (°C)"),
        ("their chilliest dip in celsius", "Chilliest dip (°C)"),
    ],
)
def test_a_temperature_is_a_count_shown_with_its_sign(phrase: str, label: str) -> None:
    found = read(f"Lake swimming recap: swims logged, {phrase}")
    assert found[-1][0] == "count" and found[-1][2] == label


@pytest.mark.parametrize(
    "phrase, key",
    [
        ("when the refund will land in their bank", "refund_date"),
        ("when their parcel is going to arrive", "parcel_date"),
        ("when it'll be repaired", "repaired_date"),
    ],
)
def test_when_something_will_happen_is_a_date(phrase: str, key: str) -> None:
    found = read(f"Repair shop update: items fixed, {phrase}")
    assert found[-1][:2] == ("date", key)


@pytest.mark.parametrize("phrase", ["their county ranking", "your national squash ranking"])
def test_a_ranking_named_by_what_it_is_in_is_the_recipients_rank(phrase: str) -> None:
    assert ("rank", "percentile", "Percentile") in read(f"Squash club recap: matches won, {phrase}")
    scenes = create(f"Squash club recap: matches won, {phrase}", TemplateState()).scenes
    assert "percentile-gauge" in [s.primitiveId for s in scenes]
    assert "bar-race" not in [s.primitiveId for s in scenes]


def test_a_ranking_of_things_is_still_a_ranked_list() -> None:
    assert "rank" not in [kind for kind, _, _ in read("Squash club recap: a ranking of courts")]
