"""The readings added after the fourteenth held-out set, worded unlike any prompt set: a
quantity named with a unit of time is a duration whatever its noun (seconds too), a score or
points are a count, things done somewhere are counted by the place, a currency named for one
amount makes it money (not a date), money words name an amount with no currency named, labels
keep what a share is of, what a count is short of and what was done, a button says its own
verb phrase, and a recap that lists what it shows ends without a call to action nobody asked
for."""

from __future__ import annotations

import pytest

from app.ai.buttons import asked_button
from app.ai.compose import create
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, label, unit",
    [
        ("Kart track recap: their quickest lap in seconds", "Quickest lap", "s"),
        ("Sauna club: the longest sit (secs)", "Longest sit", "s"),
        ("Esports wrap: their longest match in minutes", "Longest match", "min"),
        ("Sprint camp: their best 400m race time (seconds)", "Best 400m time", "s"),
    ],
)
def test_a_quantity_named_with_a_unit_of_time_is_a_duration(
    prompt: str, label: str, unit: str
) -> None:
    assert read(prompt) == [("duration", label, unit)]


def test_a_score_or_points_is_a_count() -> None:
    assert read("Quiz league wrap: their top round score, rounds won") == [
        ("count", "Top round score", ""), ("count", "Rounds won", ""),
    ]  # fmt: skip


def test_things_done_somewhere_are_counted_by_the_place() -> None:
    assert read("Lifeguard recap: shifts at the lake, patrols on the beach") == [
        ("count", "Lake shifts", ""), ("count", "Beach patrols", ""),
    ]  # fmt: skip
    assert read("Ferry recap: crossings in total")[0][1] != "Total crossings"


def test_a_currency_named_for_one_amount_makes_it_money_not_a_date() -> None:
    assert read("Allotment letter: the plot rent owing in Swiss francs") == [
        ("money", "Rent", "CHF "),
    ]  # fmt: skip
    # a phrase that says it is a date stays one
    assert read("Bill reminder: the date the invoice in euros is due")[0][0] == "date"
    assert read("Gym note: the dues payable in pounds")[0][:2] == ("money", "Dues payable")


@pytest.mark.parametrize("word", ["payout", "proceeds", "winnings", "royalties"])
def test_money_words_name_an_amount_with_no_currency_named(word: str) -> None:
    kind, _, prefix = read(f"Author statement: total {word} this month, copies sold")[0]
    assert (kind, prefix) == ("money", "$")


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Choir recap: the share of weekly rehearsals attended", "Weekly rehearsals attended"),
        ("Café card: how many coffees until their next free one", "Coffees to go"),
        ("Puzzle club: how many jigsaw puzzles they completed", "Jigsaw puzzles completed"),
        ("Tutor recap: how many different pupils they taught with", "Different pupils"),
    ],
)
def test_labels_keep_what_was_done_and_what_a_count_is_short_of(prompt: str, label: str) -> None:
    assert read(prompt)[0][1] == label


@pytest.mark.parametrize(
    "prompt, button",
    [
        (
            "Market stall recap, with a button to see where we're trading this weekend",
            "See where we are trading",
        ),
        ("Allotment letter and a link to the plot booking page", "Visit the booking page"),
        ("Band news with a button to hear our new single today", "Hear the new single"),
    ],
)
def test_a_button_says_its_own_verb_phrase(prompt: str, button: str) -> None:
    assert asked_button(prompt) == button


def test_a_recap_that_lists_what_it_shows_ends_without_an_unasked_call_to_action() -> None:
    made = create("Monthly tennis recap: matches played, sets won, a photo from the court",
                  TemplateState())  # fmt: skip
    assert "cta-card" not in [s.primitiveId for s in made.scenes]
    reminder = create("Reminder for pet owners: vaccinations given, the date of the next jab",
                      TemplateState())  # fmt: skip
    assert "cta-card" in [s.primitiveId for s in reminder.scenes]
