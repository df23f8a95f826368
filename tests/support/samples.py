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
        {
            "stats": [
                {"label": "Workouts completed", "value": 212},
                {"label": "Minutes moved", "value": 15840},
                {"label": "Revenue", "value": 1250000, "prefix": "$"},
                {"label": "Ranking", "value": "Top 5%"},
            ]
        },
    ),
    "bar-race": (
        {"sceneData": {"title": "Top categories this quarter", "kicker": "Q3"}},
        {
            "bars": [
                {"label": "Enterprise", "value": 48200},
                {"label": "Mid-market", "value": 39100},
                {"label": "SMB", "value": 52000},
                {"label": "Partners", "value": 12000},
                {"label": "Self-serve onboarding program with a long name", "value": 27400},
                {"label": "Education", "value": 8100},
            ]
        },
    ),
    "radar": (
        {"sceneData": {"title": "Your training mix", "kicker": "2025 recap"}},
        {
            "radarData": [
                {"axis": "Strength", "value": 82},
                {"axis": "Cardio", "value": 64},
                {"axis": "Flexibility", "value": 45, "max": 50},
                {"axis": "Endurance", "value": 91},
                {"axis": "Mindfulness", "value": 30},
                {"axis": "High intensity intervals", "value": 58},
            ]
        },
    ),
    "cta-card": (
        {"sceneData": {"kicker": "Your next step"}},
        {
            "headline": "Book your 2026 strategy session",
            "buttonText": "Book a call",
            "url": "https://acme.example.com/book?ref=video",
        },
    ),
    "comparison-bars": (
        {"sceneData": {"title": "Q3 versus Q2", "kicker": "Quarterly review"}},
        {
            "valueLabel": "Q3 2025",
            "compareLabel": "Q2 2025",
            "items": [
                {"label": "Revenue", "value": 182000, "compareValue": 151000},
                {"label": "New customers", "value": 342, "compareValue": 360},
                {"label": "NPS", "value": 64},
                {"label": "Active users (monthly)", "value": 48210, "compareValue": 39800},
            ],
        },
    ),
    "outro": (
        {"sceneData": {"signoff": "The Acme Fitness team"}},
        {"person_name": "Ada"},
    ),
}

# primitive id -> data with optional inputs missing, empty or malformed
EMPTY: dict[str, dict[str, Any]] = {
    "title-intro": {},
    "stat-counters": {"stats": [{"label": "No value"}, {"value": None}, {}, "oops"]},
    "bar-race": {"bars": [{"label": "x"}, {"value": "abc"}, None]},
    "radar": {"radarData": [{"axis": "Only one", "value": 3}, {"value": 5}, "x"]},
    "cta-card": {},
    "comparison-bars": {"items": [{"label": "No value"}, {"value": 10, "compareValue": "n/a"}]},
    "outro": {},
}
