"""CSV header -> data slot mapping (exact, then fuzzy with rapidfuzz) and cell conversion."""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

from rapidfuzz import fuzz

from app.templates.slots import Slot, is_missing

# Normalized names closer than this (0-100, rapidfuzz ratio) count as the same column.
FUZZY_THRESHOLD = 85.0
DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d", "%d.%m.%Y", "%m/%d/%Y", "%Y-%m-%dT%H:%M:%S")
_NON_ALNUM = re.compile(r"[^0-9a-z]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


class CellError(ValueError):
    """A cell that cannot be converted to its slot's type."""


def normalize(name: str) -> str:
    """Case- and punctuation-insensitive form: 'Person Name', 'person_name', 'personName' agree."""
    return _NON_ALNUM.sub("", _CAMEL.sub(" ", name.strip()).lower())


def _names(slot: Slot) -> list[str]:
    return [n for n in (normalize(x) for x in (slot.key, slot.label, *slot.aliases)) if n]


def _score(header: str, slot: Slot) -> float:
    wanted = normalize(header)
    if not wanted:
        return 0.0
    return max((100.0 if n == wanted else fuzz.ratio(wanted, n)) for n in _names(slot))


def map_headers(headers: list[str], slots: list[Slot]) -> dict[str, str | None]:
    """Each header -> the slot key it fills, or None (kept as extra data under its own name).

    Exact matches (after normalizing) win; then the best fuzzy pairs above FUZZY_THRESHOLD.
    A slot is filled by at most one column.
    """
    pairs = [(_score(h, s), i, s.key) for i, h in enumerate(headers) for s in slots]
    pairs = [p for p in pairs if p[0] >= FUZZY_THRESHOLD]
    pairs.sort(key=lambda p: (-p[0], p[1]))
    mapping: dict[int, str] = {}
    used: set[str] = set()
    for _, index, key in pairs:
        if index in mapping or key in used:
            continue
        mapping[index] = key
        used.add(key)
    return {h: mapping.get(i) for i, h in enumerate(headers)}


def convert_number(text: str) -> int | float:
    cleaned = re.sub(r"[\s,_$€£]", "", text).removesuffix("%")
    try:
        number = float(cleaned)
    except ValueError as exc:
        raise CellError(f"'{text}' is not a number") from exc
    return int(number) if number.is_integer() and "." not in cleaned else number


def convert_date(text: str) -> str:
    value = text.strip()
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(value, fmt).date().isoformat()
        except ValueError:
            continue
    raise CellError(f"'{text}' is not a date (use YYYY-MM-DD)")


def convert_json(text: str, kind: type) -> Any:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CellError(f"is not valid JSON ({exc.msg})") from exc
    if not isinstance(value, kind):
        raise CellError(f"must be a JSON {'array' if kind is list else 'object'}")
    return value


def convert_cell(value: Any, slot_type: str) -> Any:
    """A CSV cell (a string) converted to the slot's type; None for an empty cell."""
    if is_missing(value):
        return None
    if not isinstance(value, str):
        return value  # JSON rows may already carry numbers or booleans
    if slot_type == "number":
        return convert_number(value)
    if slot_type == "date":
        return convert_date(value)
    if slot_type == "array":
        return convert_json(value, list)
    if slot_type == "object":
        return convert_json(value, dict)
    return value.strip()


def row_to_data(
    headers: list[str], mapping: dict[str, str | None], row: list[Any], slots: list[Slot]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One row -> data keyed by slot key (extras by header), plus conversion problems."""
    types = {s.key: s.type for s in slots}
    data: dict[str, Any] = {}
    problems: list[dict[str, Any]] = []
    for header, cell in zip(headers, row, strict=False):
        key = mapping.get(header)
        if key is None:
            if not is_missing(cell):
                data[header.strip()] = cell
            continue
        try:
            converted = convert_cell(cell, types[key])
        except CellError as exc:
            problems.append({"field": key, "column": header, "problem": str(exc)})
            continue
        if converted is not None:
            data[key] = converted
    return data, problems
