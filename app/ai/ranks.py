"""The recipient's rank, as a phrase names it ("class rank", "how you compare", "where they
placed", "how their score ranks among other teams"), and a figure compared with others' ("how
many classes they took compared with other members": theirs beside the others', not a rank)."""

from __future__ import annotations

import re

from app.ai.benchmark import benchmark
from app.ai.phrases import words

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
