"""Things a prompt names that the forty-fourth set's first run showed misread, and leftovers of
the forty-third set, worded unlike any prompt set (a self-storage facility's "the size of their
unit", a pest control company's "which pests we treated for", "the technician who came out"
and its "the date of the visit" beside "the date of the next visit", a phone repair shop's
"what we fixed" and "warranty end date", a bridal boutique's "the designer of the gown they
chose", a clothing rental's "how much they saved vs buying, in baht", a roofing company's
"the surveyor's name", "how long the work will take" and its price quote and roof survey, a
carpooling app's "the colleague they carpooled with most" and "kg of CO₂ avoided", a letting
agency's "Show the address of the flat" and "the date it should land in their account", an
equity plan's "percentage of their grant that has vested"; and the forty-third set's "days of
paid leave left this year", "how much went into their pension", "the extras they chose" and
a button "to cash out to M-Pesa" were what showed them):

- the size or the address of a thing of theirs is said in words;
- a person of ours named by their name with "the" ("the surveyor's name") is that person;
- who made a thing of theirs ("the designer of the gown they chose") is said in words;
- a person who served them, named by what they did ("the technician who came out"), is that
  person;
- which things were done ("which pests we treated for") and the work we did ("what we
  fixed") are said in words, not counted;
- the things they chose or selected are said in words, not counted;
- "with" before "most" says with whom they did it most, it starts no phrase;
- a date named as one before it is told apart by "next", "last", …;
- an event's word before "date" keeps what it is of, and a date's event said by its verb
  after a modal ("should land") is named by the event;
- how long a thing takes is its duration;
- a currency after a comma is the phrase's before it;
- units of time of something left are named by it;
- an amount paid into a pot of theirs is named by the pot;
- "has" before what was done in a share is no word of its name;
- a formula's subscript digits are digits;
- a price quote and a survey of a building name no quote or poll scene;
- a button whose words echo the prompt says its verb, without where it is done.

Their neighbours read as before."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_key_label_spelled as spelled
from tests.support.ai_readings import kind_label_sign as read
from tests.support.ai_readings import scene_kinds


def _read(prompt: str) -> list[tuple[str, str, str]]:
    return [(k, lbl, s.strip()) for k, lbl, s in read(prompt)]


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a moving note: the size of their van, the address of the new house",
         [("text", "Van size", ""), ("text", "New house address", "")]),
        ("Keep it calm. Show the address of the studio", [("text", "Studio address", "")]),
        # neighbours: the size of a thing in a unit, a thing's name, as before
        ("a fishing note: the size of their biggest catch in cm",
         [("count", "Biggest catch size (cm)", "")]),
        ("a city tour note: the name of their street", [("text", "Street name", "")]),
    ],
)  # fmt: skip
def test_the_size_and_address_of_a_thing_of_theirs(prompt: str, expected: list) -> None:
    assert _read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a house sale note: the inspector's name", [("text", "Inspector", "")]),
        ("a violin shop note: the maker of the violin they bought",
         [("text", "Violin maker", "")]),
        ("a clinic note: visits this year, the nurse who saw them",
         [("count", "Visits", ""), ("text", "Nurse", "")]),
        # neighbours: the company's name (the logo's), things of theirs named, as before
        ("a house sale note: the company's name", []),
        ("a course note: the course name", [("text", "Course name", "")]),
        ("a clinic note: the name of the mechanic who looked after their car",
         [("text", "Mechanic", "")]),
    ],
)  # fmt: skip
def test_people_named_by_what_they_did_or_made(prompt: str, expected: list) -> None:
    assert _read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a garden service note: which hedges we trimmed", [("text", "Hedges trimmed", "")]),
        ("a plumber's note: what we replaced", [("text", "Work done", "")]),
        ("a hotel note: the extras they chose", [("text", "Extras chosen", "")]),
        ("a hotel note: the rooms they selected", [("text", "Rooms selected", "")]),
        # neighbours: how many, things picked or bought, and what they paid, as before
        ("a garden service note: how many hedges we trimmed",
         [("count", "Hedges trimmed", "")]),
        ("a farm note: the strawberries they picked", [("count", "Strawberries picked", "")]),
        ("a concert note: the tickets they bought", [("count", "Tickets bought", "")]),
        ("a plumber's note: what they paid", [("money", "Paid", "$")]),
    ],
)  # fmt: skip
def test_which_things_were_done_or_chosen_are_said_in_words(prompt, expected) -> None:
    assert _read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a gym note: sessions booked, the trainer they trained with most",
         [("count", "Sessions booked", ""), ("text", "Top trainer", "")]),
        # neighbour: "with" a pronoun, as before
        ("a café note: how much they spent with us", [("money", "Spent", "$")]),
    ],
)  # fmt: skip
def test_with_before_most_starts_no_phrase(prompt: str, expected: list) -> None:
    assert _read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a salon note: the date of the appointment, the date of the next appointment",
         [("date", "Appointment date", ""), ("date", "Next appointment date", "")]),
        # (a last one was told apart before: "Last appointment date")
        ("a boiler note: the guarantee end date", [("date", "Guarantee end date", "")]),
        ("a parcel note: the date it will arrive", [("date", "Arrival date", "")]),
        # neighbours: a count named again, a start date, an end said by its thing, as before
        ("a pool note: visits, and how their visits compare to last summer",
         [("count", "Visits", "")]),
        ("a gym note: their start date", [("date", "Start date", "")]),
        ("a flat note: the date the current lease ends", [("date", "Lease end date", "")]),
    ],
)  # fmt: skip
def test_dates_told_apart_and_named_by_their_event(prompt: str, expected: list) -> None:
    assert _read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a builder's note: how long the extension will take (weeks)",
         [("duration", "Extension duration", "weeks")]),
        ("a staff note: hours of annual leave remaining this year",
         [("duration", "Annual leave remaining", "h")]),
        # neighbours: how long someone waited, time spent at something, as before
        ("a clinic note: how long they waited", [("duration", "Waited", "days")]),
        ("a staff note: years of service", [("duration", "Service years", "years")]),
    ],
)  # fmt: skip
def test_how_long_a_thing_takes_and_time_left_of_something(prompt, expected) -> None:
    assert _read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a shop note: how much they saved with the card, in rupees",
         [("money", "You saved", "₹")]),
        ("a staff video, amounts in pounds: how much went into their pension",
         [("money", "Paid into pension", "£")]),
        ("an equity note: the percentage of their options that has vested",
         [("percent", "Options vested", "%")]),
        # neighbours: a unit of measure after a comma, money paid, as before
        ("a dive note: how deep they dived, in metres", [("count", "Depth dived (metres)", "")]),
        ("a bank note: how much they paid into their savings account", [("money", "Paid", "$")]),
    ],
)  # fmt: skip
def test_amounts_shares_and_measures_named_by_what_they_are(prompt, expected) -> None:
    assert _read(prompt) == expected


def test_a_formulas_subscript_digits_are_digits() -> None:
    assert spelled("an energy note: tonnes of CO₂ saved") == [
        ("count", "co2_saved", "CO2 saved (tonnes)")
    ]


@pytest.mark.parametrize(
    "prompt, quote, poll",
    [
        ("Quote reminder for homeowners: the total quote in euros, the date the quote "
         "expires and a photo of their roof", False, False),
        ("A note after their building survey: issues found and a photo from the survey",
         False, False),
        # neighbours: someone's quote beside a price quote, a survey that asks, as before
        ("Estimate follow-up: the total quote in euros and a quote from their builder",
         True, False),
        ("A thank-you to our guests: nights stayed and a survey about their stay", False, True),
    ],
)  # fmt: skip
def test_a_price_quote_and_a_building_survey_name_no_quote_nor_poll(prompt, quote, poll) -> None:
    kinds = scene_kinds(prompt)
    assert ("quote-card" in kinds, "poll-card" in kinds) == (quote, poll)


def _button(prompt: str) -> str:
    scenes = create(prompt, TemplateState()).scenes
    return next(s.sceneData["buttonText"] for s in scenes if s.primitiveId == "cta-card")


@pytest.mark.parametrize(
    "prompt, button",
    [
        ("a payout note for our drivers: trips completed and a button to withdraw funds to "
         "PayPal", "Withdraw funds"),
        # neighbours: a button's own words, one that says whose, as before
        ("a note for members: visits and a button to renew", "Renew now"),
        ("a note for members: visits and a button to book next year's party",
         "Book your party"),
    ],
)  # fmt: skip
def test_a_button_echoing_the_prompt_says_its_verb(prompt: str, button: str) -> None:
    assert _button(prompt) == button
