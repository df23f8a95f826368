"""The readings added after the twentieth held-out set, for what the nineteenth and twentieth
sets got wrong while passing, worded unlike any prompt set: what a poll asks, put to the
recipient ("What should we play next?"), not "What did you think?"; a subscription's
recap with no renewal asked ends without a button nobody asked for; the first or last of
something keeps its word in a date's label ("First lesson date"); a word naming the video
("a milestone video", "a leaderboard clip") names no scene; copy quoted after "a button that
says" is the button's."""

from __future__ import annotations

import pytest

from app.ai.builtin import create
from app.ai.onscreen import quoted_copy
from app.ai.polls import poll_question
from app.ai.quantities import quantities
from app.ai.schemas import TemplateState


def composed(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.primitiveId, s.sceneData) for s in create(prompt, TemplateState()).scenes]


@pytest.mark.parametrize(
    "prompt, question",
    [
        ("Brass band recap: concerts played, and a poll asking what we should play next",
         "What should we play next?"),
        ("Film society recap: screenings attended, a poll asking which director they'd pick",
         "Which director would you pick?"),
        ("Seed library letter: packets borrowed and a poll about their favourite seed",
         "Your favourite seed?"),
        ("Pub quiz league recap: quizzes played, a poll asking whether they'd come back",
         "Would you come back?"),
        ("Sketching club recap: sketches drawn, a poll asking members where the spring outing "
         "should go", "Where should the spring outing go?"),
    ],
)  # fmt: skip
def test_a_poll_asks_what_the_prompt_says_it_asks(prompt: str, question: str) -> None:
    assert poll_question(prompt) == question
    polls = [data for primitive, data in composed(prompt) if primitive == "poll-card"]
    assert [p["question"] for p in polls] == [question]


def test_a_poll_question_that_would_echo_is_shortened_to_what_it_asks_about() -> None:
    # "would you like to play next" holds "like to play next", four words of the prompt
    prompt = "Brass band recap: a poll asking which march they'd like to play next"
    assert poll_question(prompt) == "Which march next?"


@pytest.mark.parametrize(
    "prompt",
    [
        "Brass band recap: concerts played and a poll",
        "Brass band recap: a poll asking if they enjoyed the gala",  # a past tense: not read
        "Brass band recap: a poll on the best concert hall for the spring tour of the band",
    ],
)
def test_a_poll_that_says_no_question_keeps_the_default(prompt: str) -> None:
    polls = [data for primitive, data in composed(prompt) if primitive == "poll-card"]
    assert [p["question"] for p in polls] == ["What did you think?"]


def test_a_quoted_question_wins_over_what_the_poll_is_about() -> None:
    prompt = 'Brass band recap: a poll about their favourite tune with the question "Pick one!"'
    polls = [data for primitive, data in composed(prompt) if primitive == "poll-card"]
    assert [p["question"] for p in polls] == ["Pick one!"]


def test_a_subscription_recap_that_asks_no_renewal_has_no_button() -> None:
    prompt = ("Our cheese subscription is five years old! Video for subscribers: wheels shipped, "
              "their top 3 cheeses and a photo of the cave")  # fmt: skip
    assert "cta-card" not in [primitive for primitive, _ in composed(prompt)]


def test_a_subscription_renewal_still_has_its_button() -> None:
    prompt = "Cheese subscription renewal video: wheels shipped and their top 3 cheeses"
    assert "cta-card" in [primitive for primitive, _ in composed(prompt)]


@pytest.mark.parametrize(
    "prompt, label",
    [
        ("Harp tuition recap: lessons taken, the date of their first lesson with us",
         "First lesson date"),
        ("Garage reminder: the date of the last tyre change", "Last tyre change date"),
        ("Clinic reminder: the date of their next scan", "Scan date"),
    ],
)  # fmt: skip
def test_a_first_or_last_one_keeps_its_word_in_a_dates_label(prompt: str, label: str) -> None:
    assert [q.label for q in quantities(prompt) if q.kind == "date"] == [label]


@pytest.mark.parametrize(
    "prompt, unasked",
    [
        ("Fasting app milestone video: days fasted and a badge", "milestone-timeline"),
        ("Ping-pong club leaderboard clip: matches won, aces served, rallies played", "bar-race"),
    ],
)
def test_a_word_naming_the_video_names_no_scene(prompt: str, unasked: str) -> None:
    assert unasked not in [primitive for primitive, _ in composed(prompt)]


def test_a_timeline_asked_for_is_still_made() -> None:
    prompt = "Fasting app video: days fasted and a timeline of their milestones"
    assert "milestone-timeline" in [primitive for primitive, _ in composed(prompt)]


@pytest.mark.parametrize(
    "prompt, button",
    [
        ("Florist recap with a button that says \"Order your posy\"", "Order your posy"),
        ("Florist recap with a button saying 'Order your posy' at the end", "Order your posy"),
        ("Florist recap with a button labelled \"Order your posy\"", "Order your posy"),
    ],
)  # fmt: skip
def test_copy_quoted_after_a_button_that_says_is_the_buttons(prompt: str, button: str) -> None:
    assert quoted_copy(prompt) == {"button": button}
    scenes = composed(prompt)
    assert [d["buttonText"] for p, d in scenes if p == "cta-card"] == [button]
    assert all(button not in str(d.get("title")) for _, d in scenes)
