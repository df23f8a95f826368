"""The readings added after the thirteenth held-out set, worded unlike any prompt set: ranked
lists named by a number and a superlative or a frequency, money named by trading, gain or loss
words under a note of what all amounts are in, labels built from the quantity's own noun phrase
(what time was spent doing, what a share is of, a request's words left out, the prompt's own
spelling, a currency word naming nothing, time behind something), a button said without the
prompt's words, the sender's own product and what kind of message it is naming no scene, a
timeline of what is to come and a map of places that are not countries."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.quantities import quantities
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_label_sign as read


def scenes(prompt: str) -> list[tuple[str, dict[str, object]]]:
    made = create(prompt, TemplateState(scenes=[], dataSlots=[]))
    return [(s.primitiveId, s.sceneData) for s in made.scenes]


@pytest.mark.parametrize(
    "prompt, n",
    [
        ("Deli loyalty note: their four favourite sandwiches, visits", 4),
        ("Park pass recap: the 5 most visited playgrounds, picnics held", 5),
        ("Bakery recap: the three bakeries they ordered from most often, loaves bought", 3),
        ("Print shop wrap: their 6 best-reviewed posters, orders shipped", 6),
        ("Arcade recap: the two machines they played the most, tokens used", 2),
    ],
)
def test_a_number_with_a_superlative_or_a_frequency_is_a_ranked_list(prompt: str, n: int) -> None:
    tops = [q for q in quantities(prompt) if q.kind == "top"]
    assert [(q.label, q.top) for q in tops] == [(f"Top {n}", n)]


def test_trading_gain_and_loss_words_are_money_under_a_note_of_what_all_amounts_are_in() -> None:
    prompt = ("Brokerage quarter in review, figures in SGD: total turnover, largest single "
              "loss, net gains, orders placed")  # fmt: skip
    assert read(prompt) == [
        ("money", "Turnover", "S$"), ("money", "Largest single loss", "S$"),
        ("money", "Net gains", "S$"), ("count", "Orders placed", ""),
    ]  # fmt: skip
    # Without a note a gain may be a count ("weight gain" is no amount).
    assert read("Gym recap: muscle gain, sessions booked")[0][0] != "money"


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Yoga recap: the minutes they spent stretching, classes", "Stretching minutes"),
        ("Law firm: hours spent drafting contracts, cases won", "Drafting hours"),
        ("Can you include how many essays they marked, and staff rooms visited", "Essays marked"),
        ("Courier recap: the percentage of deliveries that arrived on time", "Deliveries on time"),
        ("Budget app: % of weeks they were under budget", "Weeks under budget"),
        ("Canal boat hire recap: miles travelled, locks passed", "Miles travelled"),
        ("Barista recap: minutes behind the counter, drinks poured", "Behind-the-counter minutes"),
    ],
)
def test_labels_are_built_from_the_quantitys_own_noun_phrase(prompt: str, label: str) -> None:
    assert read(prompt)[0][1] == label


def test_a_currency_word_names_no_amount() -> None:
    assert read("Dog sitter monthly wrap: how many quid they made from tips, walks")[0] == (
        "money", "Earned", "£"
    )  # fmt: skip


def test_a_button_says_what_it_does_in_the_recipients_words() -> None:
    made = scenes("Choir goodbye video: concerts sung, and a button to join our supporters "
                  "Discord if possible")  # fmt: skip
    buttons = [d["buttonText"] for p, d in made if p == "cta-card"]
    assert buttons == ["Join the supporters Discord"]


@pytest.mark.parametrize(
    "prompt, absent",
    [
        (
            "Monthly payout video for sellers on our vintage map marketplace: items sold, "
            "revenue this month, average rating",
            "world-map",
        ),
        (
            "Weekly digest for creators on my free photo hosting platform: uploads, likes, "
            "followers gained",
            "ken-burns",
        ),
        (
            "Hostel travel report for guests: nights stayed, breakfasts eaten, the date they "
            "checked out",
            "world-map",
        ),
    ],
)
def test_the_senders_product_and_the_kind_of_message_name_no_scene(
    prompt: str, absent: str
) -> None:
    assert absent not in [p for p, _ in scenes(prompt)]


def test_a_timeline_of_what_is_to_come_is_titled_so() -> None:
    made = scenes("Garden club note: plots tended, a timeline of the workshops planned for "
                  "spring")  # fmt: skip
    assert [d["title"] for p, d in made if p == "milestone-timeline"] == ["What's coming up"]
    past = scenes("Garden club note: plots tended, a timeline of their year with us")
    assert [d["title"] for p, d in past if p == "milestone-timeline"] != ["What's coming up"]


def test_a_map_of_places_that_are_not_countries_counts_them() -> None:
    made = scenes("Coastal walking recap: a map of the lighthouses they visited, miles walked")
    maps = [d for p, d in made if p == "world-map"]
    assert maps and maps[0]["subtitle"] == "[countries.length] lighthouses"
