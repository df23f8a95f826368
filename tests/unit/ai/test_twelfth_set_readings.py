"""The readings added after the twelfth held-out set, worded unlike any prompt set: chat
spelling read as the words it stands for, quoted copy before "button" as the button's text,
what someone wrote or had to say about the recipient as a quote, labels named by what the
prompt names ("how far", a unit of time at a place, the date of what was passed), two units in
parentheses as one, what the sender runs and a saving against an alternative naming no scene,
a currency note at the end of a sentence, a lower-case ISO code that is also a word, a date
among the figures naming no call to action, what a poll asks naming no use case, and a map of
places that are not countries."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.currencies import currency_in
from app.ai.kinds import detect_use_case
from app.ai.quantities import currency_of
from app.ai.schemas import TemplateState
from app.ai.spelling import spelled_out
from tests.support.ai_readings import kind_label_sign as read


def scenes(prompt: str) -> list[tuple[str, dict[str, object]]]:
    made = create(prompt, TemplateState(scenes=[], dataSlots=[]))
    return [(s.primitiveId, s.sceneData) for s in made.scenes]


def primitives(prompt: str) -> list[str]:
    return [p for p, _ in scenes(prompt)]


@pytest.mark.parametrize(
    "written, spelled",
    [
        (
            "mins in the pool, avg pace, 2yr streak",
            "minutes in the pool, average pace, 2 year streak",
        ),
        ("a thx msg w/ ur fave moments", "a thanks message with your favourite moments"),
        ("# of lessons, appts kept", "number of lessons, appointments kept"),
        # acronyms, quoted copy and "U.S." stay as written
        ("an HR team in the U.S., 'thx ur great'", "an HR team in the U.S., 'thx ur great'"),
    ],
)
def test_chat_spelling_is_read_as_the_words_it_stands_for(written: str, spelled: str) -> None:
    assert spelled_out(written) == spelled


def test_quoted_copy_before_button_is_the_buttons_text() -> None:
    found = dict(scenes("bakery recap for regulars: loaves bought, a 'grab a loaf' btn"))
    assert found["cta-card"]["buttonText"] == "Grab a loaf"  # a capital first
    assert "title" not in found["title-intro"]


@pytest.mark.parametrize(
    "prompt",
    [
        "choir season recap: concerts sung, and what the conductor wrote about each singer",
        "kayak club summary with rivers paddled and what their guide had to say",
        "apprentice review: shifts worked, what the head chef thinks of them",
    ],
)
def test_what_someone_wrote_or_said_about_them_is_a_quote(prompt: str) -> None:
    assert "quote-card" in primitives(prompt)


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("how far they rowed in miles", ("count", "Distance rowed (miles)", "")),
        ("hours in the saddle", ("duration", "Saddle hours", "h")),
        ("minutes on the climbing wall", ("duration", "Climbing minutes", "min")),
        ("the date they passed their lifeguard test", ("date", "Lifeguard test date", "")),
        ("how many different coaches they trained with", ("count", "Different coaches", "")),
        ("their lap time (minutes and seconds)", ("duration", "Lap time", "min")),
    ],
)
def test_labels_name_what_the_prompt_names(prompt: str, label: tuple[str, str, str]) -> None:
    assert read(prompt) == [label]


def test_what_the_sender_runs_names_no_scene() -> None:
    assert "category-donut" not in primitives(
        "We run the campus car share and want a recap: trips taken and kilometres driven"
    )


@pytest.mark.parametrize(
    "prompt, compared",
    [
        ("utility recap: how much they saved versus a diesel boiler", False),
        ("co-op update: money saved compared with shopping at the supermarket", False),
        ("co-op update: money saved compared with last autumn", True),
    ],
)
def test_a_saving_against_an_alternative_is_no_comparison(prompt: str, compared: bool) -> None:
    assert ("comparison-bars" in primitives(prompt)) is compared


def test_a_currency_note_ends_a_sentence_about_the_recipients() -> None:
    prompt = "Our tenants live in Denmark so all figures in DKK: rent paid, repairs logged"
    assert read(prompt) == [("money", "Rent", "kr "), ("count", "Repairs logged", "")]
    assert currency_of(prompt.lower()).symbol == "kr "


@pytest.mark.parametrize(
    "text, sign",
    [("earnings, all amounts in try", "₺"), ("tips (php)", "₱"), ("try it for free", None)],
)
def test_an_iso_code_that_is_a_word_is_read_after_in_in_any_case(
    text: str, sign: str | None
) -> None:
    found = currency_in(text)
    assert (found.symbol if found else None) == sign


def test_a_date_among_the_figures_names_no_call_to_action() -> None:
    found = dict(scenes("Gym yearly summary: classes booked, the contract renewal date, fees"))
    assert found.get("cta-card", {}).get("buttonText") != "Book your renewal call"


def test_what_a_poll_asks_names_no_use_case() -> None:
    text = "podcast app check-in: episodes played, a poll: which course or lesson next?"
    assert detect_use_case(text) is None


@pytest.mark.parametrize(
    "prompt, title",
    [
        ("ferry recap with a map of the harbours they docked at", "Your harbours"),
        ("travel recap with a map of the countries they visited", None),
    ],
)
def test_a_map_of_places_that_are_not_countries_is_titled_by_them(
    prompt: str, title: str | None
) -> None:
    found = dict(scenes(prompt))
    shown = found["world-map"]["title"]
    assert shown == title if title else shown != "Your countries"
