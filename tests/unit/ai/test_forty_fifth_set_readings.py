"""Things a prompt names that the forty-fifth set's first run showed misread, worded unlike
any prompt set (a family history service's "the county their family came from" and "the name
of the oldest ancestor we found", a wine cellar's "the most valuable wine in their
collection", a kayaking outfit's "which bay they stopped in for lunch" and "then fifteen
percent off their next trip", a locksmith's "the call-out charge (ninety-five dollars)", "the
total" and "the name of the locksmith who helped them", a tailor's "the garment we stitched or
altered for them", an upholsterer's "the name of the fabric they picked", a falconry centre's
"the name of the bird they flew", a harbour's "their berth number", "our harbour in Split" and
"how much that is up on this year as a percentage", a chess club's "their rating now" and
"their best win" were what showed them):

- a thing named by its name with what was done with it ("the name of the X they picked", "…
  we found", "… who helped them") is said in words;
- the one thing of theirs that stands out among others ("the most valuable X in their
  collection"), the one place of several where they did something ("which X they stopped
  in"), the thing we made for them, where they come from, and their best win are said in words;
- a berth, a pitch, a plot, a stall have numbers that are identifiers;
- a word saying the figure is as it is now ("their rating now") is no word of its name;
- an amount given in parentheses after a phrase ("(ninety-five dollars)") is that phrase's
  figure, no amount of its own; a charge or a fee named by the service it is for is money;
- "the total" named alone beside amounts is their total, money;
- a discount said in words ("fifteen percent off") or after "then" is a discount;
- a change "up on this year" as a percentage is a change;
- "in Split", a place, names no breakdown.

Their neighbours read as before."""

from __future__ import annotations

import pytest

from tests.support.ai_readings import kind_label_sign as read
from tests.support.ai_readings import scene_kinds


def _read(prompt: str) -> list[tuple[str, str, str]]:
    return [(k, lbl, s.strip()) for k, lbl, s in read(prompt)]


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a florist note: the name of the rose they planted", [("text", "Rose", "")]),
        ("a dig note: the name of the oldest coin we found", [("text", "Oldest coin", "")]),
        ("a plumber note: the name of the fitter who visited them", [("text", "Fitter", "")]),
        ("a wine note: the oldest bottle in their cellar", [("text", "Oldest bottle", "")]),
        ("a hiking note: which hut they slept in", [("text", "Hut", "")]),
        ("a jeweller note: the ring we made for them", [("text", "Ring", "")]),
        ("a choir note: the town their family came from", [("text", "Town of origin", "")]),
        ("a tennis note: matches played, their best win",
         [("count", "Matches played", ""), ("text", "Best win", "")]),
        ("a campsite note: their pitch number", [("text", "Pitch number", "")]),
        ("a florist note: the name of our florist", [("text", "Florist", "")]),
        # neighbours: a thing of theirs, a person of ours, a count, as before
        ("a florist note: the name of their garden", [("text", "Garden name", "")]),
        ("a dig note: how many coins we found", [("count", "Coins found", "")]),
        ("a hiking note: which huts they slept in", [("count", "Huts slept", "")]),
        ("a charity note: the money we raised for them", [("money", "Raised", "$")]),
        ("a tennis note: their wins this season", [("count", "Wins", "")]),
    ],
)  # fmt: skip
def test_things_said_in_words(prompt: str, expected: list) -> None:
    assert _read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("a go club note: games played, their rating now",
         [("count", "Games played", ""), ("count", "Rating", "")]),
        ("a plumber note: the call-out fee (seventy dollars), what the parts cost, the total",
         [("money", "Call fee", "$"), ("money", "Parts cost", "$"), ("money", "Total", "$")]),
        ("a spa note: the service charge in euros", [("money", "Service charge", "€")]),
        ("a café note: then twenty percent off their next coffee",
         [("percent", "Discount", "%")]),
        ("a gym note: their fee next year, how much that is up on last year as a percentage",
         [("money", "Fee", "$"), ("percent", "Change", "%")]),
        # neighbours: a time in parentheses, a total of things, a rise, as before
        ("a boiler note: the guarantee (five years)", [("duration", "Five years", "years")]),
        ("a library note: books borrowed in total", [("count", "Books borrowed", "")]),
        ("a shop note: the total, in the shop", []),
        ("a bank note: how much their savings grew in percent",
         [("percent", "Growth", "%")]),
    ],
)  # fmt: skip
def test_figures_named_beside_words_that_name_nothing(prompt: str, expected: list) -> None:
    assert _read(prompt) == expected


def test_a_city_named_split_is_no_breakdown() -> None:
    assert "category-donut" not in scene_kinds("Notice for our members in Split: visits made")
    # neighbour: a split of what they spent is one
    assert "category-donut" in scene_kinds(
        "Spending recap: how much they spent, the split by category"
    )
