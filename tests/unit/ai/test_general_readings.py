"""The general readings (app/ai/heads.py): a phrase no narrower reading made a quantity is
read by its head noun and its modifiers, labelled with its own words; worded unlike any
prompt set."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.phrases import phrases
from app.ai.quantities import quantities
from app.ai.schemas import TemplateState


def read(prompt: str) -> list[tuple[str, str, str, str]]:
    return [(q.kind, q.key, q.label, q.prefix or q.suffix.strip()) for q in quantities(prompt)]


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a unit of time as the head is a duration in that unit, named by its modifiers
        ("payroll recap: overtime hours across the quarter; standby minutes",
         [("duration", "overtime_hours", "Overtime hours", "h"),
          ("duration", "standby_minutes", "Standby minutes", "min")]),
        # a word for money as the head, or an uncounted noun with what was done to money
        ("tenant statement: the late fee, tax withheld this year",
         [("money", "late_fee", "Late fee", "$"), ("money", "tax_withheld", "Tax withheld", "$")]),
        ("policy recap - their monthly premium in euros",
         [("money", "monthly_premium_amount", "Monthly premium", "€")]),
        # a plural noun with what was done to them, and the word before it
        ("donor centre recap: plasma units donated, referral codes redeemed",
         [("count", "plasma_units_donated", "Plasma units donated", ""),
          ("count", "referral_codes_redeemed", "Referral codes redeemed", "")]),
        # a statistic of something is a count
        ("darts season recap: their highest checkout",
         [("count", "highest_checkout", "Highest checkout", "")]),
    ],
)  # fmt: skip
def test_a_phrase_is_read_by_its_head_and_modifiers(prompt, expected):
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "cycling club recap: where our riders placed in the spring series",
        "five-a-side recap: the final league table",
        "chess club update: the club standings after round six",
    ],
)
def test_where_something_finished_or_its_table_is_a_rank(prompt):
    assert [q.kind for q in quantities(prompt)] == ["rank"]


def test_a_date_word_before_a_rate_is_a_date():
    (deadline,) = quantities("energy plan reminder: the deadline to lock in their fixed rate")
    assert deadline.kind == "date"
    (review,) = quantities("savings update: the date of the next bonus rate change")
    assert (review.kind, review.label) == ("date", "Bonus rate date")
    (share,) = quantities("billing update: the late payment rate before the due date")
    assert share.kind == "percent"


def test_a_plus_or_ampersand_between_words_ends_a_phrase():
    text = "tutoring recap: lessons booked + a note from the tutor & the exam date"
    assert [p for _, p in phrases(text)][1:] == ["lessons booked", "a note from the tutor",
                                                 "the exam date"]  # fmt: skip


@pytest.mark.parametrize(
    "prompt",
    [
        "retirement video for a colleague: years of service and a few words by their manager",
        "graduation recap: credits earned, then a short verse from their favourite poet",
    ],
)
def test_words_someone_said_or_wrote_name_a_quote(prompt):
    made = create(prompt, TemplateState())
    assert "quote-card" in [s.primitiveId for s in made.scenes]


def test_a_phrase_naming_its_own_scene_is_no_quantity():
    assert quantities("venue recap: a photo of the main hall, a map of the stalls") == []


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # things named alone with when they were counted, as a noun phrase
        ("barber shop recap: haircuts this year", [("count", "haircuts", "Haircuts", "")]),
        ("pet sitter update - their dog walks last month",
         [("count", "dog_walks", "Dog walks", "")]),
        # ... not a pick among them, nor a question about them
        ("bakery recap: their favourite loaves this year", []),
        ("utility recap: how that compares with last spring", []),
    ],
)  # fmt: skip
def test_things_named_with_when_they_were_counted_are_a_count(prompt, expected):
    assert read(prompt) == expected


def test_plurals_that_are_money_with_what_was_done_to_them_are_money():
    assert read("charity statement: payments made this quarter") == [
        ("money", "payments_made", "Payments made", "$")
    ]
    # "how many" still counts them
    assert read("charity statement: how many payments were made")[0][0] == "count"


@pytest.mark.parametrize("phrase", ["total time on hold", "time spent in traffic"])
def test_time_named_by_its_total_or_what_was_done_with_it_is_a_duration(phrase):
    (found,) = quantities(f"commuter recap: {phrase}")
    assert (found.kind, found.suffix) == ("duration", " min")


@pytest.mark.parametrize(
    "phrase",
    ["how our rowers placed at the regatta", "how the squad finished in the cup"],
)
def test_how_something_placed_or_finished_is_a_rank(phrase):
    assert [q.kind for q in quantities(f"club recap: {phrase}")] == ["rank"]


def test_how_many_things_were_placed_is_no_rank():
    assert [q.kind for q in quantities("shop recap: how many orders they placed")] == ["count"]


def test_a_picture_of_things_done_shows_them_and_counts_nothing():
    assert quantities("trip recap: a picture of the peaks they climbed") == []


def test_the_date_something_ends_is_named_by_what_ends():
    (ends,) = quantities("tenancy notice: the date the current contract ends")
    assert (ends.kind, ends.key, ends.label) == ("date", "contract_end_date", "Contract end date")


def test_a_unit_of_time_of_something_is_named_by_it():
    (found,) = quantities("choir recap: weeks of practice")
    assert (found.kind, found.key, found.label) == ("duration", "practice_weeks", "Practice weeks")
