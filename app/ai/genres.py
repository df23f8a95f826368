"""What a phrase names that is no measure: what the video is ("a usage video for customers"),
a picture or a map of something, a button, which things are due (moved out of
app/ai/quantities.py, which reads the rest)."""

from __future__ import annotations

import re

from app.ai.measures import COUNT_NOUNS
from app.ai.timed import WHICH_DUE

# A phrase naming what the video is (not a measure in it) is not read as a quantity unless
# something marks it as one ("how many", "number of", "%").
GENRES = {"report", "review", "recap", "video", "update", "statement", "reminder", "summary",
          "newsletter", "team", "program", "programme", "app", "service", "company", "agent",
          "clinic", "leaderboard", "announcement", "spotlight", "card", "style", "wrapped",
          "tone", "link", "button", "call", "quote", "map", "photo", "photos", "poll",
          "timeline", "badge", "logo", "breakdown", "comparison", "offsite", "event"}  # fmt: skip


# A picture or map of something shows it, it does not count it ("a photo of the dishes they
# cooked", "a map of the trails they hiked").
PICTURE_OF = re.compile(
    r"^(?:(?:a|an|the|their|your|our|some|one) )?(?:photos?|pictures?|pics?|images?"
    r"|snapshots?|snaps?|shots?|slideshow|gallery|map) of\b"
)
# A button or link says what it does or holds, it is no measure ("a button to claim 10% off",
# "a button with a code for 10% off").
BUTTON_TO = re.compile(r"^(?:(?:a|an|the|one) )?(?:button|link|cta)s? (?:to|for|with)\b")


def genre(tokens: list[str]) -> bool:
    """Whether the phrase names what the video is ("a usage video for customers"); a genre's
    word before a counted noun names the thing counted ("call minutes"), and one after
    "since" says since when ("miles driven since their last service")."""
    tokens = tokens[: tokens.index("since")] if "since" in tokens[1:] else tokens
    after = [*tokens[1:], ""]
    return any(t in GENRES and n not in COUNT_NOUNS for t, n in zip(tokens, after, strict=True))


def shows_not_counts(text: str) -> bool:
    """Whether the phrase shows something or says what a button does, or which things are due
    ("which vaccines are due": said in words, app/ai/attributes.py), not how many."""
    return bool(PICTURE_OF.match(text) or BUTTON_TO.match(text) or WHICH_DUE.match(text))
