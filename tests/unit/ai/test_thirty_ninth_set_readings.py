"""Quantities named in ways the thirty-ninth set's first run showed misread, worded unlike any
prompt set ("- their belt colour" in a dashed list, "the pan they play", "weeks in the
programme" and "camera-trap photos they tagged" were what showed it): a list's dash at a
line's start, which is no word of the phrase; the one thing someone does something with as a
habit, said in the present; units of time spent in what a genre's word names; work done on
each of things a scene would show. Their neighbours read as before."""

from __future__ import annotations

import pytest

from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a dash that starts a line is the list's bullet, not a word of what it lists
        ("a locker recap for each swimmer:\n- their lane colour\n- laps swum",
         [("text", "Lane colour", ""), ("count", "Laps swum", "")]),
        # neighbours: the same words in a line, other bullets, a dash between words
        ("a locker recap for each swimmer:\n  – their lane colour\n  – laps swum",
         [("text", "Lane colour", ""), ("count", "Laps swum", "")]),
        ("a locker recap for each swimmer: their lane colour, laps swum",
         [("text", "Lane colour", ""), ("count", "Laps swum", "")]),
        ("a gym recap:\n• their membership plan\n• visits this year",
         [("text", "Membership plan", ""), ("count", "Visits", "")]),
        ("a gym recap: their membership plan - visits this year",
         [("text", "Membership plan", ""), ("count", "Visits", "")]),
    ],
)  # fmt: skip
def test_a_dash_that_starts_a_line_is_no_word_of_the_phrase(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # the one thing they do something with as a habit, said in the present
        ("a market recap: the stall they run, customers served",
         [("text", "Stall", ""), ("count", "Customers served", "")]),
        ("a commuter recap: the bus line they ride, trips taken",
         [("text", "Bus line", ""), ("count", "Trips taken", "")]),
        ("a band recap: the drum they play, gigs played",
         [("text", "Drum", ""), ("count", "Gigs played", "")]),
        # neighbours: too vague to be theirs, many of them, done once in the past, time
        ("a band recap: the way they play, gigs played", [("count", "Gigs played", "")]),
        ("a band recap: the songs they play, gigs played",
         [("count", "Songs", ""), ("count", "Gigs played", "")]),
        ("a marathon recap: the race they ran, medals", []),
        ("a café recap: the hours they work, shifts",
         [("duration", "Hours", "h"), ("count", "Shifts", "")]),
    ],
)  # fmt: skip
def test_the_one_thing_done_with_as_a_habit_is_said_in_words(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # units of time spent in, on or at what a genre's word names
        ("an alumni recap: weeks on the programme, mentors met",
         [("duration", "Programme weeks", "weeks"), ("count", "Mentors met", "")]),
        ("a staff recap: days in the app, tickets closed",
         [("duration", "App days", "days"), ("count", "Tickets closed", "")]),
        # neighbours: the video itself, a genre's word alone
        ("a staff recap: the days in the recap, tickets closed",
         [("count", "Tickets closed", "")]),
        ("a staff recap: the app, tickets closed", [("count", "Tickets closed", "")]),
    ],
)  # fmt: skip
def test_time_spent_in_what_a_genres_word_names(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # work done on each of things a scene would show is counted
        ("an archive recap: old photos they restored, visits",
         [("count", "Old photos restored", ""), ("count", "Visits", "")]),
        ("an archive recap: letters scanned, quotes transcribed, visits",
         [("count", "Letters scanned", ""), ("count", "Quotes transcribed", ""),
          ("count", "Visits", "")]),
        ("an archive recap: photos tagged, visits",
         [("count", "Photos tagged", ""), ("count", "Visits", "")]),
        # neighbours: the things themselves, places a map shows, a shelf's books
        ("an archive recap: the photos they took, visits", [("count", "Visits", "")]),
        ("a charity recap: the regions we restored on a map, trees planted",
         [("count", "Trees planted", "")]),
        ("a library recap: the books they borrowed, visits", [("count", "Visits", "")]),
    ],
)  # fmt: skip
def test_work_done_on_each_of_a_scenes_things_is_counted(prompt, expected) -> None:
    assert read(prompt) == expected
