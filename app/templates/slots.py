"""Data checks against a template's data slots (SPEC 2.4): required fields and types."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from urllib.parse import urlparse

EMAIL_RE = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")  # fullmatch (`$` allows a final "\n")
COUNTRY_RE = re.compile(r"^[A-Za-z]{2}$")


@dataclass(frozen=True)
class Slot:
    key: str
    label: str
    type: str
    required: bool
    aliases: tuple[str, ...] = ()
    default: Any = None
    has_default: bool = False

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Slot:
        return cls(
            key=str(raw["key"]),
            label=str(raw.get("label") or raw["key"]),
            type=str(raw.get("type") or "text"),
            required=bool(raw.get("required", False)),
            aliases=tuple(str(a) for a in raw.get("aliases") or ()),
            default=raw.get("defaultValue"),
            has_default=raw.get("defaultValue") is not None,
        )


def is_missing(value: Any) -> bool:
    """None, a blank string, or an empty list or map (the worker reads these as absent)."""
    if isinstance(value, list | dict):
        return not value
    return value is None or (isinstance(value, str) and not value.strip())


def parse_iso_date(value: str) -> date | None:
    try:
        return datetime.fromisoformat(value.strip().replace("Z", "+00:00")).date()
    except ValueError:
        return None


def type_error(value: Any, slot_type: str) -> str | None:
    """Why `value` does not fit `slot_type`, or None when it does."""
    if slot_type == "text":
        ok = isinstance(value, str | int | float) and not isinstance(value, bool)
        return None if ok else "must be text"
    if slot_type == "number":
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return None if ok else "must be a number"
    if slot_type == "array":
        return None if isinstance(value, list) else "must be an array"
    if slot_type == "object":
        return None if isinstance(value, dict) else "must be an object"
    if not isinstance(value, str):
        return f"must be a string ({slot_type})"
    if slot_type == "email":
        return None if EMAIL_RE.fullmatch(value.strip()) else "must be an email address"
    if slot_type == "date":
        return None if parse_iso_date(value) else "must be an ISO 8601 date (YYYY-MM-DD)"
    if slot_type == "url":
        parsed = urlparse(value.strip())
        ok = parsed.scheme in ("http", "https") and bool(parsed.netloc)
        return None if ok else "must be an http(s) URL"
    if slot_type == "country_code":
        ok = bool(COUNTRY_RE.match(value.strip()))
        return None if ok else "must be a two-letter ISO 3166-1 country code"
    return None


def check_data(slots: list[Slot], data: dict[str, Any]) -> list[dict[str, Any]]:
    """The problems (field, problem) of data against the slots: required fields missing (a
    slot with a default is never missing) and values of the wrong type. Only checks: the
    defaults are applied by app.templates.binding.prepare_render."""
    problems: list[dict[str, Any]] = []
    for slot in slots:
        value = data.get(slot.key)
        if is_missing(value):
            if slot.required and not slot.has_default:
                empty = " (the list is empty)" if value == [] else ""
                problems.append({"field": slot.key, "problem": f"is required{empty}"})
            continue
        why = type_error(value, slot.type)
        if why:
            problems.append({"field": slot.key, "problem": why})
    return problems
