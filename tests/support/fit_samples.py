"""Data for the text-fit tests: every text field of every primitive at one character, as the
primitive samples have it, and at the longest the tier limits allow (names without spaces,
long URLs, billions and negative numbers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.tiers import DEFAULT_TIERS
from tests.support.samples import FULL

# The longest string any tier accepts in data (max_data_string_chars).
LONGEST = max(int(tier["max_data_string_chars"]) for tier in DEFAULT_TIERS.values())
WORDS = ("Quarterly pipeline momentum across regional enterprise accounts " * 400)[:LONGEST]
NAME = ("Wolfeschlegelsteinhausenbergerdorff" * 700)[:LONGEST]
URL = ("https://example.com/" + "campaign-tracking-0123456789" * 800)[:LONGEST]
BIG = 1_284_000_000

# Keys whose values select something rather than being shown (codes, images, icon names).
KEEP = ("code", "_url", "logoUrl", "badge_icon", "countries")
# Text every scene may also carry through sceneData, so every element of a primitive shows.
EXTRA: dict[str, dict[str, Any]] = {
    "title-intro": {"kicker": "Welcome back"},
    "outro": {"message": "Thank you for a great year", "signoff": "The Acme Fitness team"},
    "bar-race": {"valuePrefix": "$", "valueSuffix": " USD"},
    "comparison-bars": {"valuePrefix": "$"},
    "poll-card": {"kicker": "Quick poll", "winner_label": "Top answer", "total_votes": 1000},
    "percentile-gauge": {"person_name": "Jordan Lee"},
    "category-donut": {"kicker": "Q3", "total_label": "Total revenue"},
    "book-shelf": {"kicker": "Your library"},
    "world-map": {"kicker": "Research network"},
    "milestone-timeline": {"kicker": "Onboarding"},
    "quote-card": {"kicker": "What customers say"},
}


def _transform(
    value: Any, key: str, text: Callable[[str], Any], number: Callable[[int], Any]
) -> Any:
    counter = [0]

    def walk(item: Any, name: str) -> Any:
        if any(k in name for k in KEEP):
            return item
        if isinstance(item, dict):
            return {k: walk(v, k) for k, v in item.items()}
        if isinstance(item, list):
            return [walk(v, name) for v in item]
        if isinstance(item, bool):
            return item
        if isinstance(item, (int, float)):
            counter[0] += 1
            return number(counter[0])
        if isinstance(item, str):
            return text(name)
        return item

    return walk(value, key)


def _max_text(name: str) -> str:
    if name == "url":
        return URL
    if "name" in name or name in ("label", "axis", "title"):
        return NAME if "name" in name else WORDS
    return WORDS


SETS: dict[str, tuple[Callable[[str], Any], Callable[[int], Any]]] = {
    "one": (lambda _: "A", lambda _: 7),
    "typical": (lambda _: None, lambda _: None),
    "maximum": (_max_text, lambda i: BIG if i % 2 else -BIG),
}


def fit_case(primitive_id: str, which: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(scene fields, data) for a primitive with every text field at one/typical/maximum."""
    fields, data = FULL[primitive_id]
    scene_data = {**EXTRA.get(primitive_id, {}), **(fields.get("sceneData") or {})}
    data = {**data}
    if which != "typical":
        text, number = SETS[which]
        scene_data = _transform(scene_data, "", text, number)
        data = _transform(data, "", text, number)
        if which == "maximum":  # as many list items as a primitive shows
            data = {k: (v * 8)[:8] if isinstance(v, list) else v for k, v in data.items()}
    return {**fields, "sceneData": scene_data}, data
