"""The readings added after the twenty-second held-out set, for its failures and its wrong
label, worded unlike any prompt set: things done by someone named after whose they are are
counted ("the clubs your daughter joined", not a date), things someone only took part in are
named alone ("the excursions we went on": "Excursions", was no count), and a name of several
words written in capitals keeps them all ("the Seven Summits": "Seven Summits climbed", was
"Seven climbed" less its name)."""

from __future__ import annotations

import pytest

from tests.support.ai_readings import kind_key_label_spelled as read


@pytest.mark.parametrize(
    "phrase, key, label",
    [
        ("the clubs your daughter joined", "clubs_joined", "Clubs joined"),
        ("workshops their apprentice attended", "workshops_attended", "Workshops attended"),
        ("songs our choir learned this term", "songs_learned", "Songs learned"),
    ],
)
def test_things_done_by_someone_named_after_whose_they_are_are_counted(
    phrase: str, key: str, label: str
) -> None:
    assert ("count", key, label) in read(f"School newsletter recap: {phrase}, books read")


def test_the_one_who_joined_is_still_dated() -> None:
    assert read("Gym welcome: the date your partner joined, classes booked")[0][0] == "date"
    assert read("Gym welcome: when they joined, classes booked")[0][:2] == ("date", "join_date")


@pytest.mark.parametrize(
    "phrase, key, label",
    [
        ("the excursions we went on", "excursions", "Excursions"),
        ("concerts they came to", "concerts", "Concerts"),
        ("the boat tours you did", "boat_tours", "Boat tours"),
    ],
)
def test_things_only_taken_part_in_are_named_alone(phrase: str, key: str, label: str) -> None:
    assert ("count", key, label) in read(f"Cruise recap: {phrase}, ports visited")


def test_a_name_of_several_words_in_capitals_is_kept_whole() -> None:
    found = read("Mountaineering recap: how many of the Seven Summits she climbed, peaks bagged")
    assert found[0] == ("count", "seven_summits_climbed", "Seven Summits climbed")


def test_a_sentence_s_first_capital_is_no_name() -> None:
    found = read("Orchard recap. Trees Pruned, how many baskets they picked")
    assert ("count", "baskets_picked", "Baskets picked") in found
