"""A prompt cut into the phrases that each name one thing: at commas, semicolons, colons,
parentheses, a dash between words (" - ", "—"; not a hyphen), the end of a sentence ("."
"?" "!") and "and", "plus", "with" ("compared with other drivers" stays one phrase); a unit
in parentheses stays with the phrase before it ("data used (GB)" reads as "data used in GB").
Quoted copy is blanked out first."""

from __future__ import annotations

import re

from app.ai.measures import MEASURES

PHRASE_BREAK = re.compile(
    r"[,;:\n()]|[.?!]+(?:\s|$)|\s[-–]+\s|\s*—\s*|\s(?:and|plus|including|showing|then)\s"
    r"|(?<!compared)(?<!compare)(?<!compares)(?<!comparing)\swith\s"
)
QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|(?:(?<=\s)|^)'[^']{2,120}'(?=[\s.,;:!?]|$)")
# A unit a measure can be named in ("(GB)", "(hours)", "(€)").
UNIT = re.compile(
    r"\((?:(?:" + "|".join(MEASURES) + r")s?|hours?|hrs|minutes?|mins?|days?|weeks?|months?"
    r"|years?|nights?|euros?|pounds?|dollars?|yen|usd|eur|gbp|[€£$¥])\)",
    re.IGNORECASE,
)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9%€£$¥]+(?:'[a-z]+)?", text.lower())


def unquoted(prompt: str) -> str:
    """The prompt with its quoted copy blanked out (same length, so positions hold)."""
    return QUOTED.sub(lambda m: " " * len(m.group(0)), prompt)


def phrases(text: str) -> list[tuple[int, str]]:
    """(where it starts, the phrase) for each phrase of the text."""
    out: list[tuple[int, str]] = []
    start = 0
    for m in PHRASE_BREAK.finditer(text + "\n"):
        part = text[start : m.start()]
        unit = UNIT.match(text, m.start())
        if unit and part.strip():  # "data used (GB)": the unit is the phrase's
            out.append((start, f"{part.strip()} in {unit.group(0)[1:-1]}"))
            start = unit.end()
            continue
        if m.start() < start:
            continue  # a break inside the unit just read
        if part.strip():
            out.append((start, part.strip()))
        start = m.end()
    return out
