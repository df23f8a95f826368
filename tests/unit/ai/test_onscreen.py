"""On-screen copy: the prompt's quoted copy by the field it names, the echo guard, and a
composition whose screen holds no four prompt words in a row."""

from __future__ import annotations

from app.ai.builtin import create
from app.ai.onscreen import echoes, quoted_copy, screen_texts, with_slot_names
from app.ai.schemas import TemplateState


def test_quoted_copy_goes_to_the_field_named_before_it():
    prompt = (
        "a welcome with the headline 'Welcome to the club, [name]', a button \"Book now\" "
        "and the tagline “Stronger together”; don't forget the customer's data"
    )
    assert quoted_copy(prompt) == {
        "headline": "Welcome to the club, [name]", "button": "Book now",
        "tagline": "Stronger together",
    }  # fmt: skip
    assert with_slot_names("Hi [name]!", "person_name") == "Hi [person_name]!"


def test_echo_is_four_prompt_words_in_a_row_outside_quotes():
    prompt = "A 30 second thank-you video for our donors with the title 'Thank you for all'"
    assert echoes("30 second thank-you video", prompt)
    assert not echoes("A thank-you from all of us", prompt)
    assert not echoes("Thank you for all", prompt)  # quoted: copy the prompt gives


def test_the_issues_prompt_puts_no_prompt_words_on_screen_and_names_the_amount():
    prompt = (
        "A 30 second thank-you video for our donors: how much each gave this year, a map of "
        "the countries their money reached, a quote from a beneficiary, and a call to action "
        "to give again"
    )
    made = create(prompt, TemplateState())
    texts = [t for s in made.scenes for _, t in screen_texts(s.sceneData)]
    assert texts and not any(echoes(t, prompt) for t in texts), texts
    stats = next(s for s in made.scenes if s.primitiveId == "stat-counters")
    assert stats.sceneData["stats"] == [
        {"label": "You gave", "value": "[amount_given]", "prefix": "$"}
    ]
    slot = next(s for s in made.dataSlots if s.key == "amount_given")
    assert (slot.type, slot.label) == ("number", "You gave ($)")
    assert "$[amount_given]" in (stats.voScript or "")
    quote = next(s for s in made.scenes if s.primitiveId == "quote-card")
    assert quote.sceneData["person_name"] == "[quote_author]"
    assert "[quote_author]" in (quote.voScript or "")


def test_copy_that_would_echo_the_prompt_is_replaced():
    prompt = "a thank-you from all of us to our donors, with the total raised"
    made = create(prompt, TemplateState())
    intro = made.scenes[0]
    assert intro.sceneData["subtitle"] == "A video made just for you"
    assert "kept the prompt's own words off the screen" in made.explanation
