"""What the recipient is compared with when it is no earlier period: "how their catch
compares with the average angler on the boat" is "Average angler", shown beside "You" in the
comparison scene (app/ai/scenes.py), not "This period" against "Previous period"."""

from __future__ import annotations

import re

from app.ai.phrases import content_words, key_label, lead_words, words

# What follows a comparing word up to the end of its phrase.
AGAINST = re.compile(
    r"\b(?:compar(?:e|es|ed|ing)|stacks? up|measures? up) (?:with|to|against) "
    r"([a-z0-9' ]+?)(?=[,;:.!?\n()]| and | plus |$)"
    r"|\b(?:vs\.?|versus) ([a-z0-9' ]+?)(?=[,;:.!?\n()]| and | plus |$)"
)
# Words that make what is compared with an earlier period ("last year", "the previous
# quarter", "2025").
PERIODS = {"last", "previous", "prior", "earlier", "before", "same", "first", "past", "year",
           "month", "week", "quarter", "season", "term", "spring", "summer", "autumn", "fall",
           "winter"}  # fmt: skip


def benchmark(text: str) -> str | None:
    """The label of who or what the recipient is compared with ("Average angler", "Other
    writers"), None when it is a period or nothing is compared."""
    for found in AGAINST.finditer(text):
        named = words(found.group(1) or found.group(2) or "")
        if not named or set(named[:3]) & PERIODS or any(w.isdigit() for w in named[:3]):
            continue
        thing = content_words(lead_words(named), set())[:2]
        if thing and not thing[0].endswith("ing"):  # "vs paying per wash": a way, not who
            return key_label(thing)[1]
    return None
