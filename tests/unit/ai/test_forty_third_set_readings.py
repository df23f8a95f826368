"""Things a prompt names that the forty-third set's first run showed misread, worded unlike
any prompt set (a garage's "the make and model of their car", "the name of the mechanic who
looked after their car last time" and "miles driven since their last service", a mobile
operator's "their bill this month in dirhams" in Casablanca, a payslip's "their shift
pattern", a meal kit's "the recipe they rated highest" and its "Then a button to restart their
plan with 40% off", a board game campaign's "the add-ons they chose", a vet clinic's "which
vaccines are due", a software trial's "days left in their free trial" and a food wholesaler's
"the credit they have left on their account" were what showed them):

- dirhams, with Morocco or one of its cities named, are Morocco's, as pesos are the place's;
- a joining word opening a sentence ("Then a button …") is no word of the phrase it opens;
- "It should show" asks for what follows, as "could it show" does;
- two words for what kind of thing something is, joined, of one thing of theirs ("the brand
  and model of their bike") are one thing said in words;
- a barber, a mechanic, a groomer named by their name is that person;
- what kind of a thing of theirs it is ("their shift pattern", "their contract type") is said
  in words;
- the one thing they rated highest is the top one, as the one they rated best is;
- several they chose, picked or selected among what is on offer are said in words;
- which things are due, needed or missing are the things, not a date nor a count;
- the credit they hold is an amount;
- time left in something is named by its unit, however long the something's name;
- a genre's word after "since" says since when, not what the video is.

Their neighbours read as before: a button's offer at a phrase's start, other words opening
with "and", a code written, the size of a thing, the name of a street, favourites and
things rated, things bought, a due date, a credit score and credits earned, hours of calls,
a service alone."""

from __future__ import annotations

import pytest

from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a bill for our members in Rabat: their bill this month in dirhams",
         [("money", "Bill", "DH")]),
        ("our riad guests in Marrakech: the fee for their stay in dirhams",
         [("money", "Fee", "DH")]),
        # neighbours: dirhams with no place of Morocco named, or the code written, as before
        ("a bill for our members in Dubai: their bill in dirhams", [("money", "Bill", "AED")]),
        ("a bill for our members in Marrakech: their bill in AED", [("money", "Bill", "AED")]),
    ],
)  # fmt: skip
def test_dirhams_are_those_of_the_place_named(prompt: str, expected: list) -> None:
    assert [(k, lbl, s.strip()) for k, lbl, s in read(prompt)] == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a gym note: classes they took. Then a button to rebook with 15% off.",
         [("count", "Classes taken", "")]),
        ("a gym note: classes they took. Then hours on the treadmill",
         [("count", "Classes taken", ""), ("duration", "Treadmill hours", "h")]),
        # neighbours: a word that opens with "and", and a button's offer, as before
        ("a phone note: data used. Android apps installed",
         [("count", "Android apps installed", "")]),
        ("a gym note: classes they took, a button to rebook with 15% off",
         [("count", "Classes taken", "")]),
    ],
)  # fmt: skip
def test_a_joining_word_opening_a_sentence_is_no_word_of_its_phrase(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("A bike shop reminder. It should show the brand and model of their bike, rides logged",
         [("text", "Brand and model", ""), ("count", "Rides logged", "")]),
        ("a kennel note: the name and breed of their dog, nights booked",
         [("text", "Name and breed", ""), ("duration", "Nights booked", "nights")]),
        # neighbours: two things joined, as before; the size of a thing of theirs is said in
        # words since the forty-fourth set's fixes (it read nothing before them)
        ("a bike shop note: the size of their frame", [("text", "Frame size", "")]),
        ("a kennel note: walks and nights booked",
         [("count", "Walks", ""), ("duration", "Nights booked", "nights")]),
    ],
)  # fmt: skip
def test_two_words_for_what_kind_of_thing_of_theirs_are_one_thing(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a salon note: visits this year, the name of the barber who cut their hair",
         [("count", "Visits", ""), ("text", "Barber", "")]),
        ("a workshop note: the name of their mechanic", [("text", "Mechanic", "")]),
        # neighbour: a thing's name, as before
        ("a city tour note: the name of their street", [("text", "Street name", "")]),
    ],
)  # fmt: skip
def test_people_who_serve_them_named_by_their_name(prompt: str, expected: list) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a roster: their shift pattern, their contract type",
         [("text", "Shift pattern", ""), ("text", "Contract type", "")]),
        ("a café recap: the cake they rated highest", [("text", "Top cake", "")]),
        ("a course recap: the modules they selected, the follow-ups they chose",
         [("text", "Modules selected", ""), ("text", "Follow-ups chosen", "")]),
        # neighbours: many rated, things bought, things picked a count reads, as before
        ("a café recap: the cakes they rated highest", [("count", "Cakes rated", "")]),
        ("a course recap: the upgrades they picked", [("count", "Upgrades picked", "")]),
        ("a concert note: the tickets they bought", [("count", "Tickets bought", "")]),
    ],
)  # fmt: skip
def test_kinds_top_ones_and_chosen_ones_of_theirs_in_words(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a school note: which forms are still missing", [("text", "Forms missing", "")]),
        ("a school note: which books are needed", [("text", "Books needed", "")]),
        # neighbour: the date things are due, as before
        ("a school note: the date the forms are due", [("date", "Due date", "")]),
    ],
)  # fmt: skip
def test_which_things_are_due_are_the_things(prompt: str, expected: list) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("store statement, all amounts in euros: orders placed, the store credit they have left",
         [("count", "Orders placed", ""), ("money", "Credit", "€")]),
        # neighbours: a credit score, credits earned, credit added in a currency, as before
        ("store statement, all amounts in euros: orders placed, their credit score",
         [("count", "Orders placed", ""), ("count", "Credit score", "")]),
        ("a college note: credits earned", [("count", "Credits earned", "")]),
        ("an apology: the credit we've added to their account in rand",
         [("money", "Credit added", "R")]),
    ],
)  # fmt: skip
def test_the_credit_they_hold_is_an_amount(prompt: str, expected: list) -> None:
    assert [(k, lbl, s.strip()) for k, lbl, s in read(prompt)] == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a phone note: days left in their free trial", [("duration", "Days left", "days")]),
        ("a phone note: weeks remaining on their paid plan",
         [("duration", "Weeks remaining", "weeks")]),
        ("a car note: kilometres driven since their last service",
         [("count", "Kilometres driven", "")]),
        # neighbours: hours of a thing, a service alone, as before
        ("a phone note: hours of calls this month across all their lines",
         [("count", "Hours calls", "")]),
        ("a car note: a service since their last visit", []),
    ],
)  # fmt: skip
def test_time_left_and_what_was_done_since_a_genre_word(prompt, expected) -> None:
    assert read(prompt) == expected
