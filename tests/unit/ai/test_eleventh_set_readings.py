"""The readings added after the eleventh held-out set, worded unlike any prompt set: the
currency read in general (ISO code, sign or name), a place out of others or on a ladder as a
rank, labels named by what the prompt names (not by a verb or a pronoun), a team that is
whose something is names no quote, the button the prompt names, and a use case not read from
what the sender runs or from things counted."""

from __future__ import annotations

import pytest

from app.ai.buttons import asked_button
from app.ai.compose import create
from app.ai.currencies import currency_in, spoken_after
from app.ai.kinds import detect_use_case
from app.ai.quantities import currency_of, quantities
from app.ai.schemas import TemplateState
from app.ai.scripts import quantity_lines
from tests.support.ai_readings import kind_label_sign as read


@pytest.mark.parametrize(
    "text, sign, spoken",
    [
        # by ISO code: a sign read abroad is shown, else the code as written
        ("ticket sales in HKD", "HK$", "dollars"),
        ("fares in GBP", "£", "pounds"),
        ("turnover in NOK", "kr ", "kroner"),  # the Scandinavian crowns' sign, read in all three
        ("deposits in CZK", "CZK ", "koruna"),
        ("rent in CHF", "CHF", "francs"),
        # by name: the sign people of the currency read
        ("what members paid in Swiss francs", "CHF", "francs"),
        ("bursaries in Indian rupees", "₹", "rupees"),
        ("prize pot in yen", "¥", "yen"),
        ("turnover in Danish kroner", "kr ", "kroner"),
        ("fees in forints", "Ft ", "forints"),
        ("stipend in Canadian dollars", "C$", "dollars"),
        ("gifts in pesos", "$", "pesos"),
        ("sales in shekels", "₪", "shekels"),
        # by sign
        ("a ₺ balance", "₺", "lira"),
        ("NZ$ raised", "NZ$", "dollars"),
    ],
)  # fmt: skip
def test_a_currency_is_read_by_code_sign_or_name(text, sign, spoken):
    found = currency_in(text)
    assert found is not None and (found.symbol.strip(), found.spoken) == (sign.strip(), spoken)


@pytest.mark.parametrize(
    "text",
    ["how many matches they won", "try the real thing", "their brand new branding", "hrs logged"],
)
def test_words_that_are_also_currencies_name_none(text):
    assert currency_in(text) is None and currency_of(text).symbol == "$"


def test_a_phrase_saying_what_amounts_are_in_sets_the_currency_and_is_no_quantity():
    prompt = "Club statement (all figures in CHF): the joining fee (€), what they spent at the bar"
    assert read(prompt) == [("money", "Joining fee", "€"), ("money", "Spent", "CHF ")]


def test_a_script_says_the_currency_a_voice_would_not_read_after_the_amount():
    made = create("Donor letter, amounts in Swiss francs: how much they gave",
                  TemplateState())  # fmt: skip
    stats = next(s for s in made.scenes if s.primitiveId == "stat-counters")
    assert stats.sceneData["stats"][0]["prefix"] == "CHF "
    assert quantity_lines(stats) == ["You gave [amount_given] francs."]
    assert spoken_after("€") is None and spoken_after("kr ") == "kronor"


@pytest.mark.parametrize(
    "phrase",
    ["where their crew came out of forty crews", "her placing out of 300 entrants",
     "his rung on the squash ladder", "the spot they hold on the county table"],
)  # fmt: skip
def test_a_place_out_of_others_or_on_a_ladder_is_a_rank(phrase):
    assert [q.kind for q in quantities(f"Bowls recap: {phrase}")] == ["rank"]


def test_a_rating_out_of_a_scale_is_no_rank():
    assert [q.kind for q in quantities("Diner recap: average meal rating out of 10")] == ["count"]


@pytest.mark.parametrize(
    "phrase, label",
    [
        # how long someone has been something: what they have been, for how long
        ("how long she's been a subscriber", "Subscriber for"),
        ("how long you have been with us", "Time with us"),
        # what a share is compared with ends its name
        ("how their attendance rate compares with the county", "Attendance rate"),
        # money named before what was done with it
        ("royalties earned", "Royalties earned"),
        ("the jackpot money they won in euros", "Jackpot money"),
        ("the amount still owed", "Amount owed"),
        # who gets a share says nothing of what it is
        ("the rebate they qualify for (%)", "Rebate"),
        # the longest run of something, in what it is counted in
        ("their longest run (matches)", "Longest run (matches)"),
        # an imperative of the prompt names nothing
        ("include refunds issued", "Refunds issued"),
        # when it was counted is no part of its name
        ("their save rate this season", "Save rate"),
    ],
)  # fmt: skip
def test_a_label_is_named_by_what_the_prompt_names(phrase, label):
    assert [q.label for q in quantities(f"Recap: {phrase}")] == [label]


def test_the_day_a_membership_expires_is_named_by_what_expires():
    assert read("Reminder: the day their allotment lease expires") == [
        ("date", "Lease expiry date", "")
    ]


@pytest.mark.parametrize(
    "prompt, quote",
    [("Thanks to fans of our rugby team: tries seen live, away days attended", False),
     ("Season recap: the team's points per game, a photo", False),
     ("Welcome pack for new starters with the team", True)],
)  # fmt: skip
def test_a_team_that_is_whose_something_is_names_no_quote(prompt, quote):
    made = create(prompt, TemplateState())
    assert any(s.primitiveId == "quote-card" for s in made.scenes) is quote


@pytest.mark.parametrize(
    "prompt, button",
    [("Gym recap with a Rebook now button", "Rebook now"),
     ("Tenant note, a button to pay their deposit", "Pay your deposit"),
     ("renew btn at the end", "Renew now"),
     ("their rate review and a button to book a call with an adviser", "Book a call"),
     ("a link to book a free home valuation survey", None)],  # four of the prompt's words
)  # fmt: skip
def test_the_button_the_prompt_names_is_its_text(prompt, button):
    assert asked_button(prompt) == button


@pytest.mark.parametrize(
    "prompt",
    ["Quarterly statement for owners on our vacation rental site: payouts, nights booked",
     "Co-op member letter: grocery trips this year, dividend earned"],
)  # fmt: skip
def test_what_the_sender_runs_or_things_counted_name_no_use_case(prompt):
    found = quantities(prompt)
    spans = tuple((q.position, q.end) for q in found if q.kind == "count")
    assert (detect_use_case(prompt.lower(), spans) or ("",))[0] != "travel recap"
