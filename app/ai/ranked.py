"""Readings of a phrase named by more than its words' kinds: ranked lists, the top N of
something ("top 5 genres", and a number with a superlative, of any adjective and before or
after it, or a frequency: "their 3 favourite trails", "the 5 most visited parks", "their three
best-selling prints", "their 3 steepest descents", "their favourite four dishes", "the four
cafés they ordered from most often"), and time named by what was done in it ("the hours they
spent pair programming")."""

from __future__ import annotations

import re

from app.ai import regex
from app.ai.counts import UNIT_NAMES, UNITS, measure
from app.ai.quantity import Quantity

NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10}  # fmt: skip
_N = r"(?P<n>\d+|" + "|".join(NUMBER_WORDS) + r")"
_WHOSE = r"(?:the|their|your|his|her|our|my|its)"
# A superlative: a pick, "most" or "best" with a word, or any adjective's in -est ("fastest",
# "steepest", "busiest", "highest-rated"), told from the words that only end so below.
_SUPERLATIVE = (
    r"(?P<most>favou?rite|most[- ][a-z]+|best[- ][a-z]+|top[- ][a-z]+|most|best|worst"
    r"|[a-z]{2,}est(?:-[a-z]+)?)"
)
# Words in -est that are no superlative ("their 3 guest passes", "the 2 forest walks"), or
# that order things by when, not rank them ("their 3 latest orders").
NOT_SUPERLATIVES = {"guest", "chest", "crest", "quest", "request", "conquest", "bequest",
                    "inquest", "priest", "forest", "rainforest", "harvest", "interest",
                    "contest", "protest", "pretest", "retest", "honest", "dishonest", "modest",
                    "earnest", "manifest", "digest", "suggest", "invest", "arrest", "tempest",
                    "midwest", "unrest", "attest", "detest", "infest", "behest", "latest",
                    "newest"}  # fmt: skip
RANKED = (
    re.compile(rf"\btop {_N} (?P<things>[a-z]+(?: [a-z]+)?)"),
    # "their 3 favourite trails", "the 5 most visited parks", "their 3 best-selling prints",
    # "their 3 fastest climbs"
    re.compile(rf"\b{_WHOSE} {_N} {_SUPERLATIVE} (?P<things>[a-z]+)"),
    re.compile(rf"(?:^|\s){_N} most[- ][a-z]+ (?P<things>[a-z]+)"),
    # "the four cafés they ordered from most often", "the 3 routes they ride the most"
    re.compile(
        rf"\b{_WHOSE} {_N} (?P<things>[a-z]+)\b[a-z' ]* (?:the )?(?:most(?: often)?|most of all)$"
    ),
    # the superlative first: "their favourite three authors", "the highest 3 scores" (not a
    # measure: "their fastest 5 km", "their best 10 minutes")
    re.compile(rf"\b{_WHOSE} {_SUPERLATIVE} {_N} (?P<things>[a-z]+)"),
)
# What names no thing in a ranked list ("top 5 by volume").
NOT_THINGS = {"by", "of", "in", "on", "they", "you", "we", "to", "from"}


def _ranks(found: re.Match[str]) -> bool:
    """Whether a match names a ranked list: its superlative is one, and what it ranks are
    things, not a unit the superlative measures ("their fastest 5 km")."""
    most = found.groupdict().get("most") or ""
    things = found.group("things").split()[0]
    measured = things in UNIT_NAMES or measure(things) or len(things) < 2
    first = bool(most) and found.start("most") < found.start("n")
    return most.split("-")[0] not in NOT_SUPERLATIVES and not (measured and first)


def ranked_list(text: str) -> tuple[int, str | None] | None:
    """(N, the first word naming the things) of the ranked list the lower-case phrase names,
    None when it names none."""
    for pattern in RANKED:
        found = next((f for f in pattern.finditer(text) if _ranks(f)), None)
        if found:
            n = found.group("n")
            noun = [w for w in found.group("things").split() if w not in NOT_THINGS][:1]
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
    key = regex.sub(r"[^a-z]+", "_", name.lower())
    return Quantity("duration", key, name, "", UNITS[unit], unit, position=pos)
