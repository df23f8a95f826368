"""Sample data for the slots a composition proposes: plausible values from each slot's type,
key and description (a money slot gets an amount, a percentage 87, a top-5 list five items),
so a composed template can be previewed and rendered before real data exists."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.ai import regex

NAMES = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel")
TEXTS = {
    "person_name": "Maria Santos", "company_name": "Northwind", "period": "2025",
    "quote": "Your support gave my daughter a place to learn and a future to look forward to.",
    "quote_author": "Amina Yusuf", "badge_name": "Gold Member",
}  # fmt: skip


def sample_value(slot: Mapping[str, Any], photo_url: str) -> Any:
    """Plausible data for one slot (`photo_url` for an image slot)."""
    key, kind = str(slot["key"]), slot["type"]
    about = f"{key} {slot.get('label') or ''} {slot.get('description') or ''}".lower()
    if kind == "number":
        if "percentile" in about:
            return 92
        if "percent" in about or "rate" in key:
            return 87
        return 64 if key == "nps" else 1250 if "money" in about else 342
    if kind == "date":
        return "2026-03-14"
    if kind == "url":
        return photo_url if "image" in key or "photo" in key else "https://example.org/next"
    if kind == "array":
        return sample_list(key, about)
    return TEXTS.get(key) or sample_text(key)


# A text slot's sample by the last word of its key ("membership_tier": "Gold").
WORDS = (
    (("tier", "level", "plan", "status", "membership", "package", "belt", "grade"), "Gold"),
    (("team", "squad", "crew", "group", "house", "club", "cohort", "league"), "Blue Team"),
    (("manager", "coach", "mentor", "teacher", "tutor", "instructor", "trainer", "guide",
      "barber", "barista", "name", "host", "sponsor", "contact"), "Sam Lee"),
    (("room", "venue", "office", "branch", "store", "gate", "seat", "table", "cabin"), "Hall B"),
    (("title", "talk", "course", "class", "session", "workshop", "show", "topic"),
     "Getting Started"),
)  # fmt: skip


def sample_text(key: str) -> str:
    last = key.rsplit("_", 1)[-1]
    return next((text for ends, text in WORDS if last in ends), "Sample")


def sample_list(key: str, about: str) -> list[Any]:
    """A list slot's sample: countries, milestones, books, profile axes, else labelled
    values (as many as a "top N" slot says)."""
    if key == "countries":
        return ["BR", "KE", "IN", "PH"]
    if key == "milestones":
        steps = ("Kickoff", "First launch", "Growth", "Today")
        return [{"date": f"2025-0{i}-01", "title": t} for i, t in enumerate(steps, 1)]
    if key == "books":
        return [{"title": t, "year": 2010 + i} for i, t in enumerate(("Tide", "Ember", "Atlas"))]
    if key == "radarData":
        axes = (("Strength", 82), ("Cardio", 64), ("Mobility", 45), ("Endurance", 91))
        return [{"label": a, "value": v} for a, v in axes]
    top = regex.search(r"top (\d+)", about)
    count = int(top.group(1)) if top else 4
    return [{"label": n, "value": 900 - 120 * i, "compareValue": 700 - 80 * i}
            for i, n in enumerate(NAMES[:count])]  # fmt: skip


def sample_data(
    slots: Sequence[Mapping[str, Any]], photo_url: str = "https://example.org/photo.jpg"
) -> dict[str, Any]:
    """Sample data for every slot (slot dicts, as saved)."""
    return {str(s["key"]): sample_value(s, photo_url) for s in slots}
