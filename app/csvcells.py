"""Spreadsheet-safe CSV: the one rule for every CSV the service writes (analytics recipients,
dashboard batch results), OWASP's rule for CSV injection in full:

- every cell is wrapped in double quotes, with quotes inside doubled (`writer()`), so a field
  separator inside a value (`,` here, `;` or a tab in other locales) never starts a new cell;
- text that a spreadsheet could read as a formula gets a leading apostrophe (shown as text):
  text starting with `=`, `+`, `-`, `@`, a tab or a carriage return, and also text where one
  of those follows a separator, a quote or a line break (`Ada;=HYPERLINK(...)`), in case a
  program splits the cell there after all.
"""

from __future__ import annotations

import csv
import re
from typing import Any, TextIO

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# A formula character at the start of what a looser reader might take for a cell: after a
# field separator (comma, semicolon, tab, pipe), a quote or a line break, spaces allowed.
FORMULA_INSIDE = re.compile(r"""[,;\t|"'\r\n]\s*[=+\-@]""")


def is_formula_like(text: str) -> bool:
    return text.startswith(FORMULA_START) or FORMULA_INSIDE.search(text) is not None


def safe_cell(value: Any) -> Any:
    """A value as a CSV cell: formula-looking text quoted, booleans yes/no, None empty,
    datetimes ISO 8601 (Z for UTC)."""
    if isinstance(value, str) and is_formula_like(value):
        return "'" + value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if hasattr(value, "isoformat"):
        return value.isoformat().replace("+00:00", "Z")
    return value


def writer(out: TextIO) -> Any:
    """A CSV writer that wraps every cell in double quotes (quotes inside doubled)."""
    return csv.writer(out, quoting=csv.QUOTE_ALL)
