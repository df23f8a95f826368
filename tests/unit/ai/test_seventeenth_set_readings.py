"""The readings added after the seventeenth held-out set, worded unlike any prompt set: a
unit in parentheses said with "in" or "as", a "how <adjective>" measure named by its noun and
what was done, a share named by what was done with it, money named only by what was done to
it, a verb made with "'d" ("RSVP'd"), words the prompt writes in capitals, a compound word
ending in "photo", money before what it is of ("Ticket price"), a button with an offer, what
a rank is in, places named before "on a map", a quoted button in lower case, a button whose
words would echo the prompt, a timeline of what is left to do."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.maps import map_of
from app.ai.quantities import quantities
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Caving club recap: how deep they went (in metres)", "Depth went (metres)"),
        ("Kite festival recap: how high they climbed (in feet)", "Height climbed (feet)"),
        ("Ferry recap: how far we sailed (in miles), and more", "Distance sailed (miles)"),
    ],
)
def test_a_unit_in_parentheses_said_with_in(prompt: str, label: str) -> None:
    assert read(prompt)[0] == ("count", label, "")


def test_a_share_in_parentheses_said_with_as() -> None:
    assert read("Phone plan recap: how much of their data they've used (as a %)") == [
        ("percent", "Data used", "%"),
    ]  # fmt: skip
    assert read("Allowance recap: how much of their allowance they have spent (as %)") == [
        ("percent", "Allowance spent", "%"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Royalty statement: total paid out to each author", "Paid out"),
        ("Fund letter: what was invested on their behalf", "Invested"),
        ("Loan recap: how much they paid back", "Paid back"),
    ],
)
def test_money_named_only_by_what_was_done_to_it(prompt: str, label: str) -> None:
    assert read(prompt) == [("money", label, "$")]


def test_things_paid_out_are_still_counted() -> None:
    assert read("Insurer recap: claims paid out, invoices paid") == [
        ("count", "Claims paid out", ""), ("count", "Invoices paid", ""),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Gala recap: friends who've RSVP'd", "Friends RSVP'd"),
        ("Creator recap: fans they have DM'd this month", "Fans DM'd"),
        ("Comic shop recap: issues they'd ordered", "Issues ordered"),
    ],
)
def test_a_verb_made_with_apostrophe_d_is_what_was_done(prompt: str, label: str) -> None:
    assert read(prompt) == [("count", label, "")]


def test_a_word_the_prompt_writes_in_capitals_keeps_them() -> None:
    assert read("Lounge recap: how many VIP tables they booked") == [
        ("count", "VIP tables booked", ""),
    ]  # fmt: skip
    assert read("PLEASE MAKE A RECAP: VIP TABLES BOOKED") == [("count", "Vip tables booked", "")]


def test_a_verb_made_of_a_kind_word_names_no_scene() -> None:
    made = create("Supper club recap: guests RSVP'd this season, a photo of the table",
                  TemplateState())  # fmt: skip
    assert "cta-card" not in [s.primitiveId for s in made.scenes]
    made = create("Supper club invite: the date and an RSVP button", TemplateState())
    assert "cta-card" in [s.primitiveId for s in made.scenes]


@pytest.mark.parametrize(
    "prompt",
    [
        "Orchid society recap: blooms entered and their finest macrophotos",
        "Drone club recap: flights logged and one aerial photograph",
    ],
)
def test_a_compound_word_ending_in_photo_names_a_photo(prompt: str) -> None:
    made = create(prompt, TemplateState())
    assert "ken-burns" in [s.primitiveId for s in made.scenes]
    assert [q.kind for q in quantities(prompt)] == ["count"]


@pytest.mark.parametrize(
    "prompt, label, sign",
    [
        ("Spa recap: the cost of their package in euros", "Package cost", "€"),
        ("Garage note: the price of the repair", "Repair price", "$"),
    ],
)
def test_money_before_what_it_is_of_is_named_the_other_way(prompt: str, label: str,
                                                           sign: str) -> None:  # fmt: skip
    assert read(prompt) == [("money", label, sign)]


def test_a_button_with_an_offer_is_no_measure_and_claims_it() -> None:
    prompt = "Bakery recap: loaves bought, plus a button with a voucher for 15% off next month"
    assert read(prompt) == [("count", "Loaves bought", "")]
    data = next(s.sceneData for s in create(prompt, TemplateState()).scenes
                if s.primitiveId == "cta-card")  # fmt: skip
    assert data["buttonText"] == "Claim your voucher"


def test_what_a_rank_is_in_names_no_scene() -> None:
    made = create("Bake-off recap: cakes entered, and where they finished in the public vote",
                  TemplateState())  # fmt: skip
    kinds = [s.primitiveId for s in made.scenes]
    assert "percentile-gauge" in kinds and "poll-card" not in kinds
    made = create("Gallery recap: where they placed in the photo contest", TemplateState())
    assert "ken-burns" not in [s.primitiveId for s in made.scenes]


@pytest.mark.parametrize(
    "text, title, counted",
    [
        ("recap: laps swum, the lidos they swam in on a map", "Your lidos", "lidos"),
        ("recap: the vineyards we picked at on a map", "Where we picked", "vineyards"),
        ("a map of the wells we drilled", "Where we drilled", "wells"),
    ],
)
def test_places_before_on_a_map_title_it(text: str, title: str, counted: str) -> None:
    assert map_of(text) == (title, counted)
    assert map_of("recap: the countries they flew to on a map") is None


def cta(prompt: str) -> str:
    made = create(prompt, TemplateState())
    return str(next(s.sceneData for s in made.scenes if s.primitiveId == "cta-card")["buttonText"])


def test_a_quoted_button_in_lower_case_starts_with_a_capital() -> None:
    assert cta("Choir recap: concerts sung and a 'see you at rehearsal' button") == (
        "See you at rehearsal"
    )  # fmt: skip
    assert cta("Choir recap: concerts sung and a 'JOIN us' button") == "JOIN us"


def test_a_button_whose_words_would_echo_is_the_recipients() -> None:
    assert cta("Bistro recap: dinners eaten and a button to reserve a window table") == (
        "Reserve your window table"
    )  # fmt: skip


def test_a_timeline_of_what_is_left_to_do_is_what_is_coming_up() -> None:
    made = create("House move countdown: the moving date and a timeline of what's still to do",
                  TemplateState())  # fmt: skip
    data = next(s.sceneData for s in made.scenes if s.primitiveId == "milestone-timeline")
    assert data["title"] == "What's coming up"
