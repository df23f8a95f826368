"""The readings added after the fifteenth held-out set, worded unlike any prompt set: an
average named by what it averages is a count, things joined are counted (the one joining is
dated), time with what was done in it is a duration named by where, a phrasal verb keeps its
particle, an emoji ends a phrase, "what <thing> cost" asks for an amount, a number of units of
time to something is a duration (not the date it counts to), pesos are those of the place the
prompt names, and a button's words are no measure."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.currencies import currency_in
from app.ai.quantities import currency_of, quantities
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Darts league wrap: legs won, their checkout average", "Checkout average"),
        ("Bowls club recap: ends played, their scoring mean", "Scoring mean"),
    ],
)
def test_an_average_named_by_what_it_averages_is_a_count(prompt: str, label: str) -> None:
    assert read(prompt)[-1] == ("count", label, "")


def test_an_average_measured_against_is_no_count_of_the_recipients() -> None:
    assert read("Sales recap: deals closed, and a comparison with the sector average") == [
        ("count", "Deals closed", ""),
    ]  # fmt: skip
    assert read("Exam recap: their group average") == []


def test_things_joined_are_counted_and_the_one_joining_is_dated() -> None:
    assert read("Ramblers recap: group walks joined, committees they've joined") == [
        ("count", "Group walks joined", ""), ("count", "Committees joined", ""),
    ]  # fmt: skip
    assert read("Welcome note: when she joined")[0][:2] == ("date", "Member since")


def test_time_with_what_was_done_in_it_is_a_duration_named_by_where() -> None:
    assert read("Studio recap: hours reserved in the recording booth") == [
        ("duration", "Recording booth hours", "h"),
    ]  # fmt: skip
    assert read("Simulator recap: minutes logged, sorties flown")[0][0] == "duration"


def test_a_phrasal_verb_keeps_its_particle() -> None:
    assert read("Shelter recap: dogs looked after, leaflets handed out this spring") == [
        ("count", "Dogs looked after", ""), ("count", "Leaflets handed out", ""),
    ]  # fmt: skip
    # a preposition before what it is about is no particle
    assert read("Hike recap: miles walked over the hills")[0][1] == "Miles walked"


def test_an_emoji_ends_a_phrase_as_a_dash_does() -> None:
    assert read("Winter update for our allotment holders 🥕 sheds repaired, plots dug")[0] == (
        "count", "Sheds repaired", "",
    )  # fmt: skip


@pytest.mark.parametrize(
    "prompt, label, prefix",
    [
        ("Garage note: what the brake repair cost (€)", "Brake repair cost", "€"),
        ("Vet letter: what the last vaccination cost", "Vaccination cost", "$"),
        ("Wedding recap: what the catering came to in pounds", "Catering cost", "£"),
    ],
)
def test_what_a_thing_cost_is_an_amount(prompt: str, label: str, prefix: str) -> None:
    assert read(prompt) == [("money", label, prefix)]


@pytest.mark.parametrize(
    "prompt, label, unit",
    [
        ("Library notice: the number of days until the loan is due back", "Days to go", "days"),
        ("Visa letter: how many weeks until the permit expires", "Weeks to go", "weeks"),
        ("Exam reminder: hours left before the deadline", "Hours to go", "h"),
    ],
)
def test_a_number_of_units_of_time_to_something_is_a_duration(prompt: str, label: str,
                                                              unit: str) -> None:  # fmt: skip
    assert read(prompt) == [("duration", label, unit)]


def test_a_date_named_first_stays_a_date() -> None:
    assert read("Lease letter: the date 60 days before the lease ends")[0][0] == "date"
    assert read("Gym note: the date their pass is due")[0][0] == "date"


@pytest.mark.parametrize(
    "prompt, prefix",
    [
        ("Food stall recap for our Guadalajara regulars: how much they spent in pesos", "MX$"),
        ("Gym recap for members in Cebu: fees paid (pesos)", "₱"),
        ("Bakery recap, Medellín branch: what they spent in pesos", "COL$"),
        ("Bakery recap: what they spent in pesos", "$"),
    ],
)
def test_pesos_are_those_of_the_place_the_prompt_names(prompt: str, prefix: str) -> None:
    assert currency_of(prompt).symbol == prefix
    assert [q.prefix for q in quantities(prompt) if q.kind == "money"] == [prefix]


def test_a_currency_code_that_is_a_word_is_read_only_as_a_code() -> None:
    assert currency_in("a cop drama: episodes watched") is None
    assert currency_in("all amounts in COP").symbol == "COL$"


def test_a_buttons_words_are_no_measure() -> None:
    made = create("Shop recap: orders placed, and a button to take 15% off their next order",
                  TemplateState())  # fmt: skip
    assert [q.kind for q in quantities("a button to take 15% off their next order")] == []
    assert "cta-card" in [s.primitiveId for s in made.scenes]
