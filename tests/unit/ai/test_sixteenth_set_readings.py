"""The readings added after the sixteenth held-out set, worded unlike any prompt set: a
currency whose name is also a word is read where only a currency can stand, units of time of
something are the time spent at it, a plural with no "s" is counted, an average compared with
is no count, "with" a pronoun starts no phrase, "vs" in a breakdown compares nothing, a long
button says its verb and object, a map of a route or of where something was is titled by it,
and a comparison with someone shows the recipient against them."""

from __future__ import annotations

import pytest

from app.ai.benchmark import benchmark
from app.ai.buttons import asked_button
from app.ai.compose import create
from app.ai.currencies import currency_in
from app.ai.maps import map_of
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_label_sign as read


def scene(prompt: str, primitive: str) -> dict[str, object]:
    made = create(prompt, TemplateState())
    return next(s.sceneData for s in made.scenes if s.primitiveId == primitive)


@pytest.mark.parametrize(
    "text, sign",
    [
        ("Noodle bar recap: what they paid (won)", "₩"),
        ("Gallery note, all prices in won.", "₩"),
        ("Café recap: bills paid (dong)", "₫"),
    ],
)
def test_a_currency_named_by_a_word_where_only_a_currency_stands(text: str, sign: str) -> None:
    assert currency_in(text).symbol == sign


def test_the_word_alone_is_no_currency() -> None:
    assert currency_in("Chess recap: games won in the last round") is None
    assert currency_in("League recap: matches won, trophies won") is None
    assert read("Quiz night recap: rounds won (all season)")[0][0] == "count"


@pytest.mark.parametrize(
    "prompt, label, unit",
    [
        ("Union letter: years of membership", "Membership years", "years"),
        ("Choir recap: hours of rehearsal logged", "Rehearsal hours", "h"),
        ("Clinic recap: months of physio finished", "Physio months", "months"),
    ],
)
def test_units_of_time_of_something_are_time_spent_at_it(prompt: str, label: str,
                                                         unit: str) -> None:  # fmt: skip
    assert read(prompt) == [("duration", label, unit)]


def test_time_out_somewhere_is_named_by_where() -> None:
    assert read("Kayak club recap: hours out on the lake") == [("duration", "Lake hours", "h")]


def test_a_plural_with_no_s_is_counted() -> None:
    assert read("Farm open day recap: sheep sheared, geese fed") == [
        ("count", "Sheep sheared", ""), ("count", "Geese fed", ""),
    ]  # fmt: skip


def test_an_average_compared_with_is_no_count() -> None:
    assert read("Bowling recap: how their score compares with the typical bowler") == [
        ("count", "Score", ""),
    ]  # fmt: skip
    assert read("Tutor note: how their marks compare with the average pupil") == []


def test_with_a_pronoun_starts_no_phrase() -> None:
    assert read("Garage recap: what they paid with us in total (£)") == [("money", "Paid", "£")]


def test_vs_in_a_breakdown_compares_nothing() -> None:
    made = create("Print shop recap: a split of matte vs glossy orders", TemplateState())
    kinds = [s.primitiveId for s in made.scenes]
    assert "category-donut" in kinds and "comparison-bars" not in kinds
    made = create("Shop recap: a breakdown of sales and a comparison with last spring",
                  TemplateState())  # fmt: skip
    assert "comparison-bars" in [s.primitiveId for s in made.scenes]


@pytest.mark.parametrize(
    "text, button",
    [
        ("a button to download copies of their course certificate", "Download copies"),
        ("a link to request samples from our new range", "Request samples"),
    ],
)
def test_a_long_button_says_its_verb_and_object(text: str, button: str) -> None:
    assert asked_button(text) == button


@pytest.mark.parametrize(
    "text, title, counted",
    [
        ("a map of the itinerary", "Your itinerary", "places"),
        ("a map of where the migrating geese flew to", "Where they flew to", "places"),
        ("a map of where they stayed", "Where you stayed", "places"),
        ("a map of the lighthouses they visited", "Your lighthouses", "lighthouses"),
    ],
)
def test_a_map_of_a_route_or_of_where_is_titled_by_it(text: str, title: str,
                                                      counted: str) -> None:  # fmt: skip
    assert map_of(text) == (title, counted)
    assert map_of("a map of the countries they visited") is None


def test_a_map_scene_says_what_it_shows() -> None:
    data = scene("Courier recap: parcels delivered and a map of the route", "world-map")
    assert data["title"] == "Your route"
    assert data["subtitle"] == "[countries.length] places"


def test_a_comparison_with_someone_shows_the_recipient_against_them() -> None:
    assert (
        benchmark("how their times compare with the club's fastest swimmer")
        == ("Club's fastest swimmer")
        or benchmark("how their times compare with the fastest swimmer") == "Fastest swimmer"
    )
    assert benchmark("how their bill compares with last winter") is None
    data = scene("Darts recap: legs won, and how their checkout compares with the typical "
                 "player", "comparison-bars")  # fmt: skip
    assert (data["valueLabel"], data["compareLabel"]) == ("You", "Typical player")
