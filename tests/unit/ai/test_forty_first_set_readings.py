"""Quantities named in ways the forty-first set's first run showed misread, worded unlike any
prompt set (a pet food delivery's "a promo code for 15% off" was what showed it): a figure
taken off a price is a discount, labelled as one, never by its figure, and a code named with
the discount it gives is two things, the code and the discount. Their neighbours read as
before: what a button offers, a code with nothing before it, time off."""

from __future__ import annotations

import pytest

from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a code and the discount it gives, either way round
        ("a bike shop thank-you: services booked, a coupon code for 12% off their next tune-up",
         [("count", "Services booked", ""), ("text", "Coupon code", ""),
          ("percent", "Discount", "%")]),
        ("a florist reminder: bouquets sent, their referral code worth 5% off",
         [("count", "Bouquets sent", ""), ("text", "Referral code", ""),
          ("percent", "Discount", "%")]),
        ("a tea shop update: cups brewed, a 25% discount code",
         [("count", "Cups brewed", ""), ("percent", "Discount", "%"),
          ("text", "Discount code", "")]),
        # a figure off alone: a discount, in % or in the figure's currency, with what it is
        ("a wine club note: bottles opened, €8 off their next case",
         [("count", "Bottles opened", ""), ("money", "Discount", "€")]),
        ("an optician recap: frames tried, a 10% student discount",
         [("count", "Frames tried", ""), ("percent", "Student discount", "%")]),
        # neighbours: what a button offers, a code with nothing before it, time off
        ("a salon recap: a button to claim 10% off, visits", [("count", "Visits", "")]),
        ("a bakery note: loaves bought, a code for a free coffee",
         [("count", "Loaves bought", "")]),
        ("a tile shop note: orders placed, 10 days off",
         [("count", "Orders placed", ""), ("duration", "Days", "days")]),
    ],
)  # fmt: skip
def test_a_figure_taken_off_is_a_discount_and_its_code_is_apart(prompt, expected) -> None:
    assert read(prompt) == expected
