"""Readings of a phrase named by more than its words' kinds: ranked lists, the top N of
something ("top 5 genres", and a number with a superlative or a frequency: "their 3 favourite
trails", "the 5 most visited parks", "their three best-selling prints", "the four cafés they
ordered from most often"), and time named by what was done in it ("the hours they spent
pair programming")."""

from __future__ import annotations

import re

from app.ai.counts import UNITS
from app.ai.quantity import Quantity

NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10}  # fmt: skip
_N = r"(\d+|" + "|".join(NUMBER_WORDS) + r")"
_WHOSE = r"(?:the|their|your|his|her|our|my|its)"
_SUPERLATIVE = r"(?:favou?rite|most[- ][a-z]+|best[- ][a-z]+|top[- ][a-z]+|most|best|biggest)"
RANKED = (
    re.compile(rf"\btop {_N} ([a-z]+(?: [a-z]+)?)"),
    # "their 3 favourite trails", "the 5 most visited parks", "their 3 best-selling prints"
    re.compile(rf"\b{_WHOSE} {_N} {_SUPERLATIVE} ([a-z]+)"),
    re.compile(rf"(?:^|\s){_N} most[- ][a-z]+ ([a-z]+)"),
    # "the four cafés they ordered from most often", "the 3 routes they ride the most"
    re.compile(rf"\b{_WHOSE} {_N} ([a-z]+)\b[a-z' ]* (?:the )?(?:most(?: often)?|most of all)$"),
)
# What names no thing in a ranked list ("top 5 by volume").
NOT_THINGS = {"by", "of", "in", "on", "they", "you", "we", "to", "from"}


def ranked_list(text: str) -> tuple[int, str | None] | None:
    """(N, the first word naming the things) of the ranked list the lower-case phrase names,
    None when it names none."""
    for pattern in RANKED:
        found = pattern.search(text)
        if found:
            n = found.group(1)
            noun = [w for w in found.group(2).split() if w not in NOT_THINGS][:1]
            return (int(n) if n.isdigit() else NUMBER_WORDS[n]), (noun[0] if noun else None)
    return None


# "the hours they spent pair programming", "minutes spent meditating": the time is named by
# what was done in it ("Pair programming hours"), not by "spent".
SPENT_DOING = re.compile(
    r"\b(" + "|".join(UNITS) + r") (?:(?:they|you|he|she|we|i)(?:'ve)? )?(?:have |has )?"
    r"spent (?!on |in |at |with |for )((?:[a-z]+ )?[a-z]+ing)\b"
)


# "hours behind the wheel", "minutes behind the bar": time named by where it was spent.
BEHIND = re.compile(r"\b(" + "|".join(UNITS) + r") behind the ([a-z]+)\b")


def spent_doing(pos: int, text: str) -> Quantity | None:
    """The time the lower-case phrase says was spent doing something ("Pair programming
    hours") or behind something ("Behind-the-wheel hours"), None when it says neither."""
    if found := SPENT_DOING.search(text):
        unit, name = found.group(1), f"{found.group(2).capitalize()} {found.group(1)}"
    elif found := BEHIND.search(text):
        unit, name = found.group(1), f"Behind-the-{found.group(2)} {found.group(1)}"
    else:
        return None
    key = re.sub(r"[^a-z]+", "_", name.lower())
    return Quantity("duration", key, name, "", UNITS[unit], unit, position=pos)
