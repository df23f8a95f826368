"""Quantities and currencies named in ways the thirty-third set's first run showed unread,
worded unlike any prompt set ("what their festival pass cost in convertible marks", "what they
were paid per kilo and their total for the season (both in pa'anga)", "the share graded as first
class", "sales rung up" and "the day of the month they sold the most" were what showed it): a
currency named without its country, or with an apostrophe written otherwise than CLDR writes
it; what someone was paid; a note that both things before it are in one currency; a share named
by what was done to it; sales named by what was done with each; the day someone did the most.
Their neighbours read as before."""

from __future__ import annotations

import pytest

from app.ai.currencies import currency_in
from tests.support.ai_readings import kind_key_label_prefix as read
from tests.support.ai_readings import kind_label_sign


@pytest.mark.parametrize(
    "prompt, sign",
    [
        # a currency's name without its country, where what is left names one currency
        ("a concert recap: ticket prices in convertible marks", "KM "),
        # a name CLDR writes with a modifier letter, written with either apostrophe
        ("a market recap: stall fees in pa'anga", "T$"),
        ("a market recap: stall fees in pa’anga", "T$"),
        ("a market recap: stall fees in paʻanga", "T$"),
        # neighbours: names with their country, and a name that begins with another country
        ("a concert recap: ticket prices in Bosnian marks", "KM "),
        ("a market recap: stall fees in Tongan paʻanga", "T$"),
        ("a market recap: stall fees in Sudanese pounds", "SDG "),
        ("a market recap: rent in new shekels", "₪"),
    ],
)
def test_a_currency_named_without_its_country_or_with_another_apostrophe(prompt, sign) -> None:
    found = currency_in(prompt)
    assert found is not None and found.symbol == sign


@pytest.mark.parametrize(
    "prompt",
    [
        "a school recap: the marks they got in maths",  # a mark, no currency
        "a car recap: convertible models test-driven",  # a convertible, no currency
    ],
)
def test_words_of_a_currency_name_alone_name_no_currency(prompt) -> None:
    assert currency_in(prompt) is None


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # what was paid to someone asks for an amount, as what they paid does
        ("a haulage recap: what she was paid per tonne", [("money", "Paid", "$")]),
        ("a fuel recap: what they've been charged per litre", [("money", "Charged", "$")]),
        # neighbours: what they paid, and what was done to them that is no money
        ("a gym recap: what they paid per visit", [("money", "Paid", "$")]),
        ("a school recap: what they were taught", []),
    ],
)  # fmt: skip
def test_what_someone_was_paid_is_an_amount(prompt, expected) -> None:
    assert kind_label_sign(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a note that both things before it are in a currency: each is an amount in it
        ("a lease recap: the deposit and the monthly fee (both in rand)",
         [("money", "deposit", "Deposit", "R "),
          ("money", "monthly_fee_amount", "Monthly fee", "R ")]),
        ("a farm recap: what they were paid per tonne and their season total, both in kwanzas",
         [("money", "amount_paid", "Paid", "Kz "),
          ("money", "season_amount", "Season", "Kz ")]),
        # neighbours: "both in" with no currency, and no note
        ("a film recap: books read and films seen, both in one year",
         [("count", "books_read", "Books read", ""), ("count", "films_seen", "Films seen", "")]),
        ("a lease recap: the deposit and the monthly fee",
         [("money", "deposit", "Deposit", "$"), ("money", "monthly_fee", "Monthly fee", "$")]),
    ],
)  # fmt: skip
def test_a_note_that_both_things_are_in_a_currency_makes_each_an_amount_in_it(
    prompt, expected
) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a share named by what was done to it, the whole unsaid
        ("a survey recap: the proportion rated as excellent",
         [("percent", "Rated excellent", "%")]),
        ("a wool recap: the fraction that was spun by hand",
         [("percent", "Spun hand", "%")]),
        # neighbours: a share of money, a share paid out, a share's price
        ("a syndicate recap: their share of the winnings", [("money", "Winnings", "$")]),
        ("a syndicate recap: their share paid out", [("money", "Share paid", "$")]),
        ("an investor recap: the share price", [("money", "Share price", "$")]),
    ],
)  # fmt: skip
def test_a_share_named_by_what_was_done_to_it_is_a_percentage(prompt, expected) -> None:
    assert kind_label_sign(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # sales named by what was done with each of them are counted
        ("an estate agent recap: sales closed this quarter", [("count", "Sales closed", "")]),
        ("a florist recap: sales logged on the till", [("count", "Sales logged", "")]),
        # neighbours: sales made, generated or in total are money
        ("a florist recap: sales made this month", [("money", "Sales", "$")]),
        ("a florist recap: sales generated by the website", [("money", "Sales", "$")]),
        ("a florist recap: total sales", [("money", "Sales", "$")]),
    ],
)
def test_sales_named_by_what_was_done_with_each_are_counted(prompt, expected) -> None:
    assert kind_label_sign(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # the day (of a period) on which someone did the most is their best day, a date
        ("a running recap: the day of the week they ran the most",
         [("date", "best_day", "Best day", "")]),
        ("a library recap: the day you borrowed the most",
         [("date", "best_day", "Best day", "")]),
        # neighbours: a weekday liked, the day they joined, their busiest day
        ("a running recap: the day of the week they prefer", []),
        ("a running recap: the day they joined", [("date", "join_date", "Member since", "")]),
        ("a running recap: their busiest day of the year",
         [("date", "busiest_day", "Busiest day", "")]),
    ],
)  # fmt: skip
def test_the_day_someone_did_the_most_is_their_best_day(prompt, expected) -> None:
    assert read(prompt) == expected
