"""Sample data per primitive for the browser tests (full and with optional data missing)."""

from __future__ import annotations

from typing import Any

# primitive id -> (scene fields, data) with every input filled
FULL: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "title-intro": (
        {"sceneData": {"kicker": "Welcome back"}},
        {"person_name": "Ada Lovelace", "subtitle": "Your 2025 research year in review"},
    ),
    "stat-counters": (
        {"sceneData": {"title": "Your year in numbers", "kicker": "2025 recap"}},
        {"stats": [
            {"label": "Workouts completed", "value": 212},
            {"label": "Minutes moved", "value": 15840},
            {"label": "Revenue", "value": 1250000, "prefix": "$"},
            {"label": "Ranking", "value": "Top 5%"},
        ]},
    ),
    "bar-race": (
        {"sceneData": {"title": "Top categories this quarter", "kicker": "Q3"}},
        {"bars": [
            {"label": "Enterprise", "value": 48200},
            {"label": "Mid-market", "value": 39100},
            {"label": "SMB", "value": 52000},
            {"label": "Partners", "value": 12000},
            {"label": "Self-serve onboarding program with a long name", "value": 27400},
            {"label": "Education", "value": 8100},
        ]},
    ),
}

# primitive id -> data with optional inputs missing, empty or malformed
EMPTY: dict[str, dict[str, Any]] = {
    "title-intro": {},
    "stat-counters": {"stats": [{"label": "No value"}, {"value": None}, {}, "oops"]},
    "bar-race": {"bars": [{"label": "x"}, {"value": "abc"}, None]},
}
