"""Quantities and currencies named in ways the thirty-first set's first run showed unread,
worded unlike any prompt set ("their busiest day of the year", "the day payments go out",
"where they're sitting in the member leaderboard", "what their best lot went for", "how their
volume stacks up against last quarter" and "commission earned in kwacha" for agents "across
Lusaka" were what showed it): the day that was the most something or on which things happen
is a date, a place held on a board while sitting or standing is a rank, what something went
for, sold for, fetched or set someone back is money, a figure stacked up against an earlier
period is compared with it (not ranked), and a unit several currencies share, named alone, is
that of the one country the prompt names by name or city. Their neighbours read as before."""

from __future__ import annotations

import pytest

from app.ai.currencies import currency_in
from app.ai.quantities import quantities
from tests.support.ai_readings import kind_key_label_prefix as read
from tests.support.ai_readings import scene_kinds as kinds


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # the most something day: a date (was a number of days)
        ("a bakery recap: their quietest day of the month", [("date", "quietest_day",
                                                               "Quietest day", "")]),
        ("a ferry recap: the worst day so far", [("date", "worst_day", "Worst day", "")]),
        # the day things happen: a date named by them (was nothing)
        ("a payroll note: the day bonuses land", [("date", "bonus_day", "Bonus day", "")]),
        # ...or by a pronoun or a possessive after "the day" (was nothing)
        ("a hostel recap: the day they arrived", [("date", "arrived_date", "Arrived date", "")]),
        ("a shop recap: the day their order shipped", [("date", "order_date", "Order date",
                                                        "")]),
    ],
)  # fmt: skip
def test_a_day_that_was_the_most_something_or_on_which_things_happen_is_a_date(
    prompt, expected
) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, kind",
    [
        ("a hiking recap: their longest day in hours", "duration"),  # measured in time
        ("a shop recap: their best day's sales", "money"),  # what the day had
        ("a locum recap: the highest day rate", "percent"),  # a day rate, no day
        ("a tour recap: the day trips they took", "count"),  # things taken
        ("a gym recap: day passes they bought", "count"),
    ],
)
def test_a_day_with_no_date_in_it_reads_as_before(prompt, kind) -> None:
    assert [q.kind for q in quantities(prompt)] == [kind]


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a gallery recap: what the painting fetched", [("money", "painting_price",
                                                         "Painting price", "$")]),
        ("a trip recap: what their flights set them back", [("money", "flights_cost",
                                                             "Flights cost", "$")]),
        ("a market recap: what each stall sold for", [("money", "stall_price",
                                                       "Stall price", "$")]),
    ],
)  # fmt: skip
def test_what_something_went_for_or_set_someone_back_is_money(prompt, expected) -> None:
    assert read(prompt) == expected


def test_things_gone_for_with_no_what_are_counted() -> None:
    assert [q.kind for q in quantities("a walking club recap: the walks they went for")] == [
        "count"
    ]


@pytest.mark.parametrize(
    "prompt, ranked",
    [
        ("a darts recap: where they're standing on the club ladder", True),
        ("a quiz recap: where their team is sitting in the league", True),
        ("a theatre reminder: where they're sitting tonight", False),  # a seat
        ("a photo recap: where they were standing in the photo", False),  # no board
    ],
)
def test_sitting_or_standing_on_a_board_is_a_rank(prompt, ranked) -> None:
    assert any(q.kind == "rank" for q in quantities(prompt)) is ranked


def test_a_figure_stacked_up_against_an_earlier_period_is_compared_not_ranked() -> None:
    made = kinds("A shop recap: orders shipped, and how their sales stack up against last year")
    assert "comparison-bars" in made and "percentile-gauge" not in made
    # against others it is still their rank
    made = kinds("A shop recap: orders shipped, and how their sales stack up against other shops")
    assert "percentile-gauge" in made


@pytest.mark.parametrize(
    "prompt, symbol",
    [
        # a unit of Zambia's and Malawi's, the country named by a city or by name
        ("fees in kwacha for farmers around Lusaka", "K "),
        ("Malawi tea growers: bonuses in kwacha", "MK "),
        # an English word too: only where nothing but a currency can stand
        ("school fees in shillings, for parents in Nairobi", "KSh "),
        ("the fare (dinars) for riders in Amman", "JD "),
    ],
)
def test_a_shared_unit_is_the_currency_of_the_place_named(prompt, symbol) -> None:
    found = currency_in(prompt)
    assert found is not None and found.symbol == symbol


@pytest.mark.parametrize(
    "prompt",
    [
        "fees in kwacha",  # no place
        "fees in kwacha for growers in Zambia and Malawi",  # places of both
        "fees in kwacha for farmers around lusaka",  # a place is written with a capital
        "shillings saved by parents in Nairobi",  # a word where more than a currency stands
    ],
)
def test_a_shared_unit_with_no_one_place_is_no_currency(prompt) -> None:
    assert currency_in(prompt) is None
