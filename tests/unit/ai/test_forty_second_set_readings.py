"""Things a prompt names that the forty-second set's first run showed misread, worded unlike
any prompt set (a cooking class's "the name of the chef teaching them" and "their class date
and start time", a support centre's "the team they're on", climbers' "the gear they still need
to rent from us", a kindergarten's "their child's favourite corner of the classroom" and "what
their family signed up to bring", an audiobook app's "their most-replayed narrator", an
orchestra's "their section" and "a timeline of the tour" (titled "What's coming up") and a maps
API's "their bill in won" (labelled "Bill won") were what showed them):

- a person named with what they do for the recipient after them is that person;
- "they're", "you're", "they'll", "they'd" say who as "they are" does;
- the things they are still to get, sign or bring are said in words, and a money word after
  "to" is what is to be done, not an amount;
- a favourite of someone of theirs, and a thing of theirs with where it is, are theirs;
- the one thing they did something with most, said before it ("most-watched"), is theirs;
- a section, unit, ward or shift someone belongs to is said in words, as a team is;
- "along with", "together with" and "as well as" join two things as "and" does;
- a time of day named by what happens then ("start time", "boarding time"), said with a date,
  is that date's time: one date, no duration;
- a currency whose name is also a verb ("won"), named after "in", is the currency;
- what is named after a timeline ("and a poll on where to go next") says nothing of when the
  timeline is.

Their neighbours read as before: a thing's name, things done, the way, an amount to pay, what
someone has to say, many favourites, the most recent one, a mood, a photo with someone."""

from __future__ import annotations

import pytest

from app.ai.attributes import attribute
from app.ai.compose import create
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a person named with what they do for the recipient, after them
        ("a spa booking note: the date of their visit, the name of the therapist treating them",
         [("date", "Visit date", ""), ("text", "Therapist", "")]),
        ("a driving school note: lessons booked, the name of the instructor who will teach them",
         [("count", "Lessons booked", ""), ("text", "Instructor", "")]),
        # neighbours: a thing's name, a person of theirs, as before
        ("a city tour note: stops visited, the name of the street",
         [("count", "Stops visited", ""), ("text", "Street name", "")]),
    ],
)  # fmt: skip
def test_a_person_named_with_what_they_do_for_them_is_that_person(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "phrase, label",
    [("the house they're in", "House"), ("the squad you're on", "Squad"),
     ("the hotel they'll stay at", "Hotel"), ("the table they'd reserved", "Table")],
)  # fmt: skip
def test_a_contracted_they_are_says_who_as_they_are_does(phrase: str, label: str) -> None:
    found = attribute(0, phrase)
    assert found is not None and (found.kind, found.label) == ("text", label)


@pytest.mark.parametrize("phrase", ["the mood they're in", "the way they're going"])
def test_a_contracted_they_are_with_no_thing_of_theirs_names_nothing(phrase: str) -> None:
    assert attribute(0, phrase) is None


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # what they are still to get, sign or bring, by any who
        ("a boat hire welcome: days aboard, the kit they still need to hire from us",
         [("duration", "Days aboard", "days"), ("text", "Kit to hire", "")]),
        ("a camping trip note: the trip date, the equipment they still need to rent",
         [("date", "Trip date", ""), ("text", "Equipment to rent", "")]),
        ("a mortgage update: the closing date, the forms you have to sign",
         [("date", "Closing date", ""), ("text", "Forms to sign", "")]),
        ("a potluck invite: the party date, what each guest offered to cook",
         [("date", "Party date", ""), ("text", "What to cook", "")]),
        ("a club night note: what their team agreed to bring, matches won",
         [("text", "What to bring", ""), ("count", "Matches won", "")]),
        # neighbours: an amount to pay, things done, a list with what was done, the way
        ("a flat share note: how much rent they need to pay, chores done",
         [("money", "Rent", "$"), ("count", "Chores done", "")]),
    ],
)  # fmt: skip
def test_what_they_are_still_to_get_or_bring_is_said_in_words(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a dinner club invite: the dinner date along with what each member offered to bring",
         [("date", "Dinner date", ""), ("text", "What to bring", "")]),
        ("a pub quiz recap: quizzes played as well as their team name",
         [("count", "Quizzes played", ""), ("text", "Team name", "")]),
        ("a regatta recap: races sailed together with their boat name",
         [("count", "Races sailed", ""), ("text", "Boat name", "")]),
        # neighbours: "with" alone still says what something is with
        ("a riding school recap: lessons taken, a photo of them with their pony",
         [("count", "Lessons taken", "")]),
    ],
)  # fmt: skip
def test_along_with_and_as_well_as_join_two_things_as_and_does(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "phrase",
    ["the way they need to go", "what their family brought", "the tickets they bought",
     "what their coach has to say"],
)  # fmt: skip
def test_what_was_done_and_the_way_are_not_things_to_do(phrase: str) -> None:
    assert attribute(0, phrase) is None


@pytest.mark.parametrize(
    "phrase, label",
    [
        # a favourite of someone of theirs, with where it is
        ("their daughter's favourite shelf in the library", "Favourite shelf"),
        ("their dog's favourite walk", "Favourite walk"),
        # a thing of theirs, with where it is
        ("their seat on the plane", "Seat"),
        ("their locker at the pool", "Locker"),
        # the one they did something with most, said before it
        ("their most-watched channel", "Top channel"),
        ("their most visited branch", "Top branch"),
        # a part of a group they belong to
        ("their section", "Section"),
        ("their ward", "Ward"),
        ("their shift", "Shift"),
        ("their troop", "Troop"),
    ],
)  # fmt: skip
def test_a_thing_of_theirs_said_so_is_theirs(phrase: str, label: str) -> None:
    found = attribute(0, phrase)
    assert found is not None and (found.kind, found.label) == ("text", label)


@pytest.mark.parametrize(
    "phrase",
    ["their favourite photos of the trip", "their most recent order", "their time in the pool",
     "their place in the queue", "their favourite songs"],
)  # fmt: skip
def test_many_favourites_the_latest_and_a_time_are_not_theirs_in_words(phrase: str) -> None:
    # many of them, the latest (no most done), a time, a place in a queue
    assert attribute(0, phrase) is None


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a time of day named by what happens then, said with a date: the date's time
        ("a flight reminder: the flight date and boarding time, their seat number",
         [("date", "Flight date", ""), ("text", "Seat number", "")]),
        ("a courier note: parcels sent, the delivery date and drop-off time slot",
         [("count", "Parcels sent", ""), ("date", "Delivery date", "")]),
        # neighbour: a time taken, said with a date, is still a duration
        ("a triathlon recap: the race date and finish time, medals won",
         [("date", "Race date", ""), ("duration", "Finish time", "min"),
          ("count", "Medals won", "")]),
    ],
)  # fmt: skip
def test_a_time_of_day_said_with_a_date_is_the_dates_time(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a currency whose name is also a verb, named after "in": the currency, not what was done
        ("a karaoke room note: their deposit in won, songs sung",
         [("money", "Deposit", "₩"), ("count", "Songs sung", "")]),
        ("a language school note: lessons taken, the fee in South Korean won",
         [("count", "Lessons taken", ""), ("money", "Fee", "₩")]),
        # neighbours: the same word as what was done, before it or alone
        ("a tournament recap: prize money they won in won, matches played",
         [("money", "Prize money", "₩"), ("count", "Matches played", "")]),
        ("a tournament recap: how much they won in won", [("money", "Won", "₩")]),
    ],
)  # fmt: skip
def test_a_currency_named_after_in_is_not_what_was_done(prompt, expected) -> None:
    assert read(prompt) == expected


def timeline_titles(prompt: str) -> list[object]:
    made = create(prompt, TemplateState()).scenes
    return [s.sceneData.get("title") for s in made if s.primitiveId == "milestone-timeline"]


def test_what_is_named_after_a_timeline_says_nothing_of_when_it_is() -> None:
    # "next" in the poll named after the timeline: the timeline looks back
    past = timeline_titles("Choir camp recap: songs learned, a timeline of the camp and a poll "
                           "on which camp to run next year")  # fmt: skip
    assert past and past != ["What's coming up"]
    # neighbours: a timeline of things to come, two of them joined by "and"
    ahead = timeline_titles("Choir note: songs learned, a timeline of the rehearsals and "
                            "concerts coming up")  # fmt: skip
    assert ahead == ["What's coming up"]
