"""What a prompt says about the recipient in words (app/ai/attributes.py): a text slot shown on
a stat card as written, where nothing else read the phrase; and what stays what it was."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.quantities import quantities
from app.ai.samples import sample_data
from app.ai.schemas import TemplateState


def texts(prompt: str) -> list[tuple[str, str]]:
    return [(q.key, q.label) for q in quantities(prompt) if q.kind == "text"]


@pytest.mark.parametrize(
    ("prompt", "wanted"),
    [
        ("A welcome for new tenants: their flat's building, their lease plan and a map",
         [("lease_plan", "Lease plan")]),
        ("Season recap for our rowing club: metres rowed, their crew and their coach's name",
         [("crew", "Crew"), ("coach", "Coach")]),
        ("A thank-you for panelists: the session title, the hall they presented in",
         [("session_title", "Session title")]),
        ("Our bakery's birthday card: their go-to pastry, the loaf they order most",
         [("favourite_pastry", "Favourite pastry"), ("top_loaf", "Top loaf")]),
        ("Ward round summary for volunteers: the name of their mentor, the course they chose",
         [("mentor", "Mentor"), ("course", "Course")]),
        ("Adoption anniversary: the name of their cat, days at home",
         [("cat_name", "Cat name")]),
        ("Quiz league recap: each player's team, questions answered",
         [("team", "Team")]),
        ("Roller derby season: their nickname, their jersey colour",
         [("nickname", "Nickname"), ("jersey_colour", "Jersey colour")]),
    ],
)  # fmt: skip
def test_an_attribute_said_in_words_is_a_text_slot(prompt: str, wanted: list) -> None:
    assert texts(prompt) == wanted


@pytest.mark.parametrize(
    "prompt",
    [
        "Season recap: their photo at the finish, their rank among members",  # scenes
        "A recap: their total points, the date they joined, how many visits",  # numbers
        "Tour memories: a photo of them with their guide, what they saved with their pass",
        "Grading video: the new belt they earned as a badge, a map of the dojos",  # a badge
        "Yoga recap, keep it calm and short, their tone of voice",  # how the video is
        "Streaming recap: your favourite show's poster, your 3 favourite genres",  # a picture
        "Club update: their 2 guest passes, the hours they trained",  # counted
        # shown in the composer's own place: the recipient's name, the company's
        "A birthday video: their name, their first name, their company name, their surname",
    ],
)
def test_what_names_a_scene_a_number_or_a_style_is_no_attribute(prompt: str) -> None:
    assert texts(prompt) == []


def test_the_attribute_is_a_stat_card_of_a_text_slot_and_its_script_says_it() -> None:
    prompt = ("A welcome for new members of our sailing club: their membership tier, how many "
              "lessons are included, and a button to book a first sail")  # fmt: skip
    composition = create(prompt, TemplateState())
    slots = {s.key: s for s in composition.dataSlots}
    assert slots["membership_tier"].type == "text"
    assert slots["membership_tier"].label == "Membership tier"
    stats = next(s for s in composition.scenes if s.primitiveId == "stat-counters")
    cards = stats.sceneData["stats"]
    assert {"label": "Membership tier", "value": "[membership_tier]"} in cards
    assert "[membership_tier]" in stats.voScript
    assert sample_data([s.model_dump() for s in composition.dataSlots])["membership_tier"] == "Gold"
