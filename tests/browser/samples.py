"""Sample data per primitive for the browser tests (full and with optional data missing)."""

from __future__ import annotations

from typing import Any

# primitive id -> (scene fields, data) with every input filled
FULL: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "title-intro": (
        {"sceneData": {"kicker": "Welcome back"}},
        {"person_name": "Ada Lovelace", "subtitle": "Your 2025 research year in review"},
    ),
}

# primitive id -> data with optional inputs missing or empty
EMPTY: dict[str, dict[str, Any]] = {
    "title-intro": {},
}
