"""The one `[variable]` grammar: finding, checking, looking up and substituting variables.

Validation (request-time unknown-variable check), sceneData binding, voiceover scripts and
skip conditions all use this module, so a variable that passes validation is the variable
that gets filled.

Grammar: `[key]` or `[key.path]`. `key` is exactly what a data slot key may be (`KEY`: a
letter or `_`, then letters, digits, `_`); each path segment after a dot is letters, digits
and `_` (a map key, a list index such as `0`, or `length`) or a negative list index (`-1`).
Text in brackets that starts like a variable but does not follow the grammar (`[some-key]`,
`[a..b]`) is a *malformed* variable: validation rejects it instead of leaving it unfilled.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any, Final, NamedTuple

KEY_PATTERN: Final = r"[A-Za-z_][A-Za-z0-9_]*"
"""A data slot key (the root of every variable); `app.templates.schemas.SlotKey` uses it."""

KEY: Final = re.compile(rf"^{KEY_PATTERN}$")
VARIABLE: Final = re.compile(rf"\[({KEY_PATTERN}(?:\.(?:-[0-9]+|[A-Za-z0-9_]+))*)\]")
_LOOKS_LIKE_VARIABLE: Final = re.compile(r"\[([A-Za-z_][A-Za-z0-9_.\-]*)\]")
_SPACES: Final = re.compile(r"[ \t]{2,}")
_SPACE_BEFORE_MARK: Final = re.compile(r"[ \t]+([,.!?;:])")


class _Missing:
    """The type of MISSING: what `lookup` answers for a path the data does not have."""

    _instance: _Missing | None = None

    def __new__(cls) -> _Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Final = _Missing()


class Substituted(NamedTuple):
    text: str
    missing: list[str]


def variables_in(text: str | None) -> list[str]:
    """The variable names (`key` or `key.path`) in the text, in order, repeats included."""
    return VARIABLE.findall(text or "")


def malformed_variables(text: str | None) -> list[str]:
    """Bracketed names that start like a variable but break the grammar (`[some-key]`)."""
    return [
        name
        for name in _LOOKS_LIKE_VARIABLE.findall(text or "")
        if VARIABLE.fullmatch(f"[{name}]") is None
    ]


def lookup(data: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path (`stats.0.value`, `books.length`, `books.-1`), or MISSING."""
    current: Any = data
    for part in path.split("."):
        if isinstance(current, Mapping) and part in current:
            current = current[part]
        elif isinstance(current, (list, tuple)) and part == "length":
            current = len(current)
        elif isinstance(current, (list, tuple)) and part.lstrip("-").isdigit():
            position = int(part)
            if not -len(current) <= position < len(current):
                return MISSING
            current = current[position]
        else:
            return MISSING
    return current


def present(value: Any) -> bool:
    """Found, not null and not an empty string, list or map."""
    if value is MISSING or value is None:
        return False
    return not (isinstance(value, (str, list, tuple, dict)) and len(value) == 0)


def as_text(value: Any) -> str:
    """How a value reads in text: yes/no, 3 not 3.0, lists joined with commas."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return ", ".join(as_text(v) for v in value if present(v))
    return str(value)


def right_to_left(text: str) -> bool:
    """Whether the text has a right-to-left letter (Arabic, Hebrew, Syriac, Thaana...)."""
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


def substitute(
    text: str, data: Mapping[str, Any], keep_unknown: bool = False, isolate: bool = False
) -> Substituted:
    """Replace each `[variable]` with its data value; report the unknown or empty ones.

    Unknown or empty variables become "" (or stay as `[name]` with keep_unknown), and their
    names are returned in `missing` so callers can warn. `isolate` (text put on screen) wraps
    a right-to-left value in first-strong isolates (U+2068 ... U+2069), so "Thanks, [name]!"
    keeps its order around an Arabic name; speech never gets them.
    """
    missing: list[str] = []

    def replace(match: re.Match[str]) -> str:
        value = lookup(data, match.group(1))
        if not present(value):
            missing.append(match.group(1))
            return match.group(0) if keep_unknown else ""
        value_text = as_text(value)
        if isolate and right_to_left(value_text):
            return f"\u2068{value_text}\u2069"
        return value_text

    result = VARIABLE.sub(replace, text)
    if not keep_unknown:
        result = _SPACES.sub(" ", result)
        result = _SPACE_BEFORE_MARK.sub(r"\1", result).strip()
    return Substituted(result, missing)


def unknown_variables(
    texts: Iterable[str | None], known_keys: Iterable[str], data: Mapping[str, Any]
) -> list[str]:
    """Names used in the texts that cannot be filled, in order of first use: malformed ones,
    and variables whose root is not a known key and whose path is not in the data."""
    known = set(known_keys)
    unknown: list[str] = []
    for text in texts:
        for name in _LOOKS_LIKE_VARIABLE.findall(text or ""):
            if name in unknown:
                continue
            if VARIABLE.fullmatch(f"[{name}]") and (
                name.split(".")[0] in known or lookup(data, name) is not MISSING
            ):
                continue
            unknown.append(name)
    return unknown
