"""Sample data per primitive for the browser tests (full and with optional data missing): every
primitive of the catalog has an entry in FULL and EMPTY (tests/browser/primitives checks).
"""

from __future__ import annotations

import base64
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


def svg_data_url(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


IMAGE = svg_data_url(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">'
    '<rect width="1600" height="900" fill="#87b5e8"/>'
    '<path d="M0 620L300 380 520 560 800 300 1100 580 1600 640V900H0z" fill="#3d5a80"/></svg>'
)
LOGO = svg_data_url(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="90">'
    '<rect width="90" height="90" rx="20" fill="#0EA5E9"/></svg>'
)

# The newer primitives: id -> (data with every input filled, texts visible at the end of each
# option). Their scenes need no scene fields.
_FULL_NEWER: dict[str, tuple[dict[str, Any], list[str]]] = {
    "world-map": (
        {
            "title": "Collaborations around the world",
            "subtitle": "Co-authors by country",
            "country_code": "FR",
            "countries": [{"code": "US", "value": 42}, {"code": "DE", "value": 18000}, "JP"],
        },
        ["Collaborations around the world", "France", "18k"],
    ),
    "milestone-timeline": (
        {
            "title": "Your first weeks",
            "milestones": [
                {"date": "2026-01-12", "title": "Kickoff call", "description": "Meet your team."},
                {"date": "Week 2", "title": "Workspace setup"},
                {"title": "Go live", "description": "Launch with your customers."},
            ],
        },
        ["Your first weeks", "Jan 12, 2026", "Kickoff call", "Go live"],
    ),
    "logo-reveal": (
        {"company_name": "Acme Robotics", "tagline": "Welcome aboard", "logoUrl": LOGO},
        ["Acme Robotics", "Welcome aboard"],
    ),
    "badge-unlock": (
        {
            "badge_name": "Top performer",
            "badge_description": "Out-trained 92% of members",
            "badge_icon": "trophy",
            "person_name": "Jordan Lee",
            "badge_level": 1250,
        },
        ["Top performer", "Jordan Lee", "1,250"],
    ),
    "quote-card": (
        {
            "quote": "\u201cWe shipped in weeks, not quarters.\u201d",
            "person_name": "Maria Gonzalez",
            "person_role": "VP Engineering",
        },
        ["We shipped in weeks, not quarters.", "Maria Gonzalez", "MG"],
    ),
    "ken-burns": (
        {"image_url": IMAGE, "caption": "Our new Geneva office", "credit": "Photo: Jane Doe"},
        ["Our new Geneva office", "Photo: Jane Doe"],
    ),
    "poll-card": (
        {
            "question": "Which feature next?",
            "options": [
                {"label": "Dark mode", "value": 250},
                {"label": "Offline sync", "value": 750},
            ],
        },
        ["Which feature next?", "Offline sync", "75%", "25%", "1,000 votes"],
    ),
    "percentile-gauge": (
        {"title": "How you stack up", "percentile": 92, "label": "Ahead of 92% of members"},
        ["How you stack up", "92nd", "Top 8%", "Ahead of 92% of members"],
    ),
    "category-donut": (
        {
            "title": "Revenue by category",
            "prefix": "$",
            "categories": [
                {"label": "Subscriptions", "value": 612000},
                {"label": "Services", "value": 298000},
                {"label": "Hardware", "value": 90000},
            ],
        },
        ["Revenue by category", "$1M", "$612k", "61%", "Hardware"],
    ),
    "book-shelf": (
        {
            "title": "The books",
            "books": [
                {"title": "The Salt Orchard", "year": "2009", "readers": 48210, "rating": 4.1},
                {"title": "Northern Lamps", "year": 2013, "cover_url": LOGO},
            ],
        },
        ["The books", "The Salt Orchard", "48.2k readers", "4.1", "2013"],
    ),
}

_EMPTY_NEWER: dict[str, dict[str, Any]] = {
    "world-map": {"country_code": "ZZ", "countries": [None, {"code": 7}, {"value": "x"}, "??"]},
    "milestone-timeline": {"milestones": [None, {}, {"date": None, "title": None}, 42]},
    "logo-reveal": {"logoUrl": "https://unreachable.invalid/logo.png"},
    "badge-unlock": {"badge_icon": "no-such-icon", "badge_level": None},
    "quote-card": {"portrait_url": "https://unreachable.invalid/face.png"},
    "ken-burns": {"image_url": "https://unreachable.invalid/photo.jpg"},
    "poll-card": {"options": [None, {"label": "Only label"}, {"value": "abc"}, "Plain"]},
    "percentile-gauge": {"percentile": "n/a"},
    "category-donut": {"categories": [None, {"label": "x"}, {"value": -3, "label": "neg"}, "str"]},
    "book-shelf": {
        "books": [None, "str", {"title": "Untitled draft", "readers": "n/a", "rating": None}],
    },
}

FULL.update({pid: ({}, data) for pid, (data, _) in _FULL_NEWER.items()})
EMPTY.update(_EMPTY_NEWER)

# primitive id -> texts that must be visible at the end of each option with FULL data
SHOWS: dict[str, list[str]] = {pid: shows for pid, (_, shows) in _FULL_NEWER.items()}
