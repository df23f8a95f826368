"""The recipient's rank, as a phrase names it ("class rank", "how you compare", "where they
placed", "how their score ranks among other teams"), and a figure compared with others' ("how
many classes they took compared with other members": theirs beside the others', not a rank)."""

from __future__ import annotations

import re
from dataclasses import replace

from app.ai import regex
from app.ai.benchmark import benchmark
from app.ai.phrases import words
from app.ai.quantity import Quantity

RANK_PHRASES = ("rank", "ranking among", "class rank", "percentile", "how you compare",
                "compared to other", "compare to other", "compared with other", "standing",
                "ahead of", "among peers", "place among", "place in", "position in",
                "position among", "placing in", "placing among", "finishing position",
                "how they compare", "how she compares", "how he compares", "position overall",
                "place overall", "placing overall", "overall position", "overall place",
                "overall placing", "overall ranking", "overall standing")  # fmt: skip
# Not against an earlier period: "how their volume stacks up against last quarter" compares
# it with itself then (a comparison), not with others.
NOT_A_PERIOD = (
    r"(?! (?:against|with|to) (?:the |that of |their |its )?"
    r"(?:last|previous|prior|earlier|same|past)\b)"
)
# How something ranks, stacks up or measures up against others is the recipient's rank ("how
# their score ranks among other teams").
RANK_VERB = re.compile(
    r"\b(?:ranks|ranked|ranking|stacks? up|measures? up)" + NOT_A_PERIOD
    + r" (?:against|among|alongside|next to)\b"
    r"|\bhow (?:[a-z']+ ){1,3}(?:ranks|stacks up|measures up)\b" + NOT_A_PERIOD
    # the recipient's ranking, named by what it is in or not ("their ranking in the quiz
    # league", "your club ranking"; not "a ranking of their favourite dishes")
    + r"|\b(?:their|your|his|her|its|our|final|overall|current)(?: [a-z'-]+){0,2} ranking\b"
    r"(?! of)"
    r"|\branking (?:in|on|within|across|at)\b"
)  # fmt: skip
# How many, how much or how long they did something, compared with others ("how many classes
# they took compared with other members"), is their figure beside the others' (benchmark.py),
# not their rank: the recipient or a score compared with others ("how you compare") is.
COMPARED_WITH = re.compile(r"\s+compar(?:e|ed|es|ing) (?:with|to|against)\b", re.IGNORECASE)
ASKED_FIGURE = re.compile(r"\bhow (?:many|much|long)\b|\bnumber of\b|\btotal\b")


def own_figure(phrase: str) -> str:
    """The words naming the recipient's figure when the phrase compares it with others ("how
    many classes they took" of "... compared with other members"), else the phrase."""
    beside = COMPARED_WITH.search(phrase)
    text = " ".join(words(phrase))
    if beside and ASKED_FIGURE.search(text) and benchmark(text) is not None:
        return phrase[: beside.start()]
    return phrase


# Two ranks named in one phrase, the second by what it is within, right after the first
# ("their position overall and in their age group", "their place overall and among women",
# "their rank in the league and in their region"): each is a rank of its own.
WITHIN = re.compile(
    r"\b(in|within|among|amongst|across) (?:(the|their|his|her|your|its|our|all) )?"
    r"([a-z'-]+(?: [a-z'-]+){0,2})$"
)
# What a rank is within when it is in or across something (among anyone it is: "among women",
# "among first-timers").
GROUPS = {"group", "category", "division", "class", "league", "region", "club", "team",
          "country", "city", "school", "cohort", "bracket", "department", "gender", "field",
          "heat", "state", "district", "squad", "section", "gym", "office", "branch", "county",
          "province", "nation", "conference", "series", "grade", "wave", "store",
          "chapter"}  # fmt: skip
NOT_WHO = {"other", "others", "things", "them", "us", "those", "these"}
# Said to the recipient ("in their age group": "in your age group").
TO_THEM = {"their": "your", "his": "your", "her": "your", "your": "your", "our": "the",
           "the": "the", "its": "its", "all": "all"}  # fmt: skip
# Only "and" (or a comma) between the two: "their rank in the league and in their region".
JOINED = re.compile(r"^[\s,]*(?:(?:and|as well as|plus)\b|&)?\s*$")


def within(text: str, alone: bool = False) -> tuple[str, list[str]] | None:
    """What a rank is within at the end of the lower-case words (the whole of them when
    `alone`), as said to the recipient and the words that name it ("in their age group": ("in
    your age group", ["age", "group"])); None when they name no group."""
    found = WITHIN.search(text)
    if found is None or alone and found.start() > 0:
        return None
    prep, whose, group = found.group(1), found.group(2), found.group(3).split()
    if set(group) & NOT_WHO or prep != "among" and group[-1].removesuffix("s") not in GROUPS:
        return None
    said = " ".join([prep, *([TO_THEM[whose]] if whose else []), *group])
    return said, group


def _first(rank: Quantity, phrase: str) -> Quantity:
    """The first of two ranks, named by what it is within ("overall", "in the league"), its
    key the recipient's percentile's."""
    text = " ".join(words(phrase))
    named = "overall" if regex.search(r"\boverall\b", text) else None
    found = None if named else within(text)
    said = named or (found[0] if found else "")
    return replace(rank, label=_label(said), within=said)


def _label(said: str) -> str:
    """A rank's slot label by what it is within, whoever's ("in your age group": "Percentile
    in age group")."""
    return " ".join(w for w in f"Percentile {said}".split() if w not in TO_THEM.values())


def ranks_within(read: list[Quantity | None], cut: list[tuple[int, str]], text: str) -> None:
    """Reads a phrase that names what a second rank is within, joined by "and" to a phrase
    read as a rank ("... overall and in their age group"), as a rank of its own
    (`age_group_percentile`, "Percentile in age group"); the first is named by what it is
    within ("Percentile overall"). A rank named alone stays as it was."""
    for i in range(len(cut) - 1):
        first, (pos, phrase) = read[i], cut[i + 1]
        end = text.find(cut[i][1], cut[i][0]) + len(cut[i][1])  # positions may lead by one
        joined = JOINED.match(text[end:pos])
        if first is None or first.kind != "rank" or read[i + 1] is not None or not joined:
            continue
        found = within(" ".join(words(phrase)), alone=True)
        if found is None:
            continue
        said, group = found
        if not first.within:
            read[i] = _first(first, cut[i][1])
        key = "_".join(w.replace("'", "").replace("-", "_") for w in group) + "_percentile"
        read[i + 1] = Quantity("rank", key, _label(said), within=said, position=pos)
