"""Spreadsheet-safe CSV cells: the one rule for every CSV the service writes (analytics
recipients, dashboard batch results)."""

from __future__ import annotations

from typing import Any

# A cell starting with one of these is a formula to a spreadsheet (CSV injection): such text
# is written with a leading apostrophe, which spreadsheets show as text.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """A value as a CSV cell: formula-looking text quoted, booleans yes/no, None empty,
    datetimes ISO 8601 (Z for UTC)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if hasattr(value, "isoformat"):
        return value.isoformat().replace("+00:00", "Z")
    return value
