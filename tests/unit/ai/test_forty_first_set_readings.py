"""Quantities named in ways the forty-first set's first run showed misread, worded unlike any
prompt set (a pet food delivery's "a promo code for 15% off", an alarm installer's "our
technician's name" and "the list of devices we'll install", a wedding expo's "the vendor they
booked on the day" and a camp's "their packing list" were what showed them):

- a figure taken off a price is a discount, labelled as one, never by its figure, and a code
  named with the discount it gives is two things, the code and the discount;
- a person of ours who serves them, named, is said in words as theirs is;
- a list of theirs, or what they are to bring or do, is said in words;
- the one thing they chose, booked or hired is theirs, as a favourite is.

Their neighbours read as before: what a button offers, a code with nothing before it, time
off, the sender's own name, things done once, many things, a list read as places."""

from __future__ import annotations

import pytest

from app.ai.attributes import attribute
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


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a person of ours, named: who serves them
        ("a boiler service reminder: the visit date, our engineer's name",
         [("date", "Visit date", ""), ("text", "Engineer", "")]),
        ("a parcel update: parcels sent, the name of our courier",
         [("count", "Parcels sent", ""), ("text", "Courier", "")]),
        # neighbours: the sender's own name, a shop of ours, a person of theirs as before
        ("a shop update: orders, our company's name, our shop's name, their trainer's name",
         [("count", "Orders", ""), ("text", "Trainer", "")]),
    ],
)  # fmt: skip
def test_a_person_of_ours_who_serves_them_is_named_in_words(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # what a list holds, with what is to be done with it, or what it is for
        ("a kitchen fitting update: the date we start, the list of appliances we'll fit",
         [("date", "Start date", ""), ("text", "Appliances to fit", "")]),
        ("a ski school welcome: lessons booked, their kit list",
         [("count", "Lessons booked", ""), ("text", "Kit list", "")]),
        # what they are to bring or wear, with no list named
        ("a field trip note: the date of the trip, what to bring, what they need to wear",
         [("date", "Trip date", ""), ("text", "What to bring", ""),
          ("text", "What to wear", "")]),
    ],
)  # fmt: skip
def test_a_list_of_theirs_or_what_to_bring_is_said_in_words(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "phrase",
    ["a list", "a list of the countries they visited", "what they did", "a playlist",
     "what they spent", "everything they need"],
)  # fmt: skip
def test_other_lists_and_whats_are_not_said_in_words(phrase: str) -> None:
    # a bare list, places a map shows, what was done, a list of songs, what was spent
    assert attribute(0, phrase) is None


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # the one thing they chose, booked or hired, whatever its noun, said when or not
        ("a cruise recap: nights aboard, the excursion they booked, the caterer they hired",
         [("duration", "Nights aboard", "nights"), ("text", "Excursion", ""),
          ("text", "Caterer", "")]),
        ("a fair recap: stalls visited, the band they picked that evening",
         [("count", "Stalls visited", ""), ("text", "Band", "")]),
    ],
)  # fmt: skip
def test_the_one_thing_they_chose_is_theirs(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "phrase", ["the race they ran", "the time they booked", "the tickets they bought"]
)
def test_things_done_once_and_many_things_are_not_theirs_in_words(phrase: str) -> None:
    # a thing done once (not chosen), too vague a word, many of them
    assert attribute(0, phrase) is None
