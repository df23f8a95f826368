"""The readings added after the nineteenth held-out set, worded unlike any prompt set: things
done said by an irregular participle the composer did not know ("bouts fought", "wells dug"),
things not done ("drinks not poured", "snacks never eaten": named so, in three words at
most), amounts in currencies it had no row for, written by their ISO code ("(ISK)", "in QAR")
or named with their country ("Egyptian pounds", "Moroccan dirhams"); and labels: a date said
by "lapses", time in a state ("weeks injury-free"), a share in parentheses said "as a
percentage", a button whose own words would echo ("next winter's lessons")."""

from __future__ import annotations

import pytest

from app.ai.buttons import asked_button
from app.ai.currencies import spoken_after
from app.ai.quantities import quantities
from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Fencing academy recap: bouts fought this term", "Bouts fought"),
        ("Well-drilling charity recap: wells dug", "Wells dug"),
        ("Spinning guild recap: skeins spun since spring", "Skeins spun"),
        ("Film photography recap: frames shot on their trip", "Frames shot"),
        ("Cave rescue charity recap: how many tunnels they dug", "Tunnels dug"),
    ],
)  # fmt: skip
def test_things_done_said_by_an_irregular_participle(prompt: str, label: str) -> None:
    assert read(prompt)[0][:2] == ("count", label)


def test_a_past_tense_reads_as_its_participle() -> None:
    assert read("Powerlifting recap: records they broke") == [
        ("count", "Records broken", ""),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Dry month challenge recap: drinks not poured", "Drinks not poured"),
        ("Healthy eating recap: snacks never eaten, water drunk", "Snacks never eaten"),
        ("Parcel locker recap: how many parcels were not collected", "Parcels not collected"),
    ],
)  # fmt: skip
def test_things_not_done_are_counted_as_not_done(prompt: str, label: str) -> None:
    assert read(prompt)[0] == ("count", label, "")


def test_a_measure_not_done_keeps_its_kind_and_three_words() -> None:
    assert read("Night shift recap: hours not slept") == [
        ("duration", "Hours not slept", "h"),
    ]  # fmt: skip
    # "car journeys not made" would echo four words of the prompt
    assert read("Cycle-to-work recap: car journeys not made") == [
        ("count", "Journeys not made", ""),
    ]  # fmt: skip
    assert read("Garden recap: not much rain") == []


@pytest.mark.parametrize(
    "prompt, prefix",
    [
        ("Geothermal spa recap: how much their day passes cost (ISK)", "ISK"),
        ("Reykjavik bakery recap: what they spent in Icelandic krónur", "kr"),
        ("Doha gym recap: membership fee in QAR", "QAR"),
        ("Alexandria tutoring recap: what the course cost them in Egyptian pounds", "E£"),
        ("Fes pottery recap: what their tiles cost (MAD)", "MAD"),
        ("Casablanca surf school recap: lesson fees in Moroccan dirhams", "DH"),
        ("Kyiv language school recap: how much they paid in hryvnias", "₴"),
        ("Lima food tour recap: what they spent (PEN)", "PEN"),
        ("Accra savings recap: how much they put away in cedis", "GH₵"),
        ("Taipei bubble tea recap: what they spent in NT$", "NT$"),
    ],
)  # fmt: skip
def test_an_amount_in_a_currency_it_had_no_row_for(prompt: str, prefix: str) -> None:
    (found,) = [q for q in quantities(prompt) if q.kind == "money"]
    assert found.prefix.strip() == prefix


def test_a_dirham_named_alone_is_still_the_emirates() -> None:
    (found,) = quantities("Abu Dhabi recap: how much they spent in dirhams")
    assert found.prefix.strip() == "AED"


def test_codes_that_are_words_are_read_only_where_a_currency_stands() -> None:
    assert read("Art class recap: pens used, how mad the teacher got") == [
        ("count", "Pens used", ""),
    ]  # fmt: skip
    assert spoken_after("ISK ") == "krónur"
    assert spoken_after("EGP ") == "pounds"


def test_a_date_said_by_lapses_is_an_end() -> None:
    assert read("Gym renewal note: the date their plan lapses") == [
        ("date", "Plan end date", ""),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Rehab clinic recap: weeks injury-free", "Weeks injury-free"),
        ("Budget coach recap: months debt-free so far", "Months debt-free"),
    ],
)  # fmt: skip
def test_time_in_a_state_says_the_state(prompt: str, label: str) -> None:
    assert read(prompt)[0][:2] == ("duration", label)


def test_a_share_in_parentheses_said_as_a_percentage() -> None:
    assert read("Lending circle recap: how many of their loans were repaid early (as a "
                "percentage), a map of the borrowers") == [
        ("percent", "Loans repaid early", "%"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "prompt, button",
    [
        ("Ski school recap: a button to reserve next winter's lessons", "Reserve your lessons"),
        ("Florist recap: a button to order their usual bouquet again",
         "Order your usual bouquet again"),
        ("Bakery recap: a button to order their next one online", "Order your next one online"),
    ],
)  # fmt: skip
def test_a_button_whose_words_would_echo_says_whose_thing(prompt: str, button: str) -> None:
    assert asked_button(prompt) == button
