"""What a phrase names that is no measure: what the video is ("a usage video for customers"),
a picture or a map of something, a button, which things are due or were done, the things
they chose (moved out of app/ai/quantities.py, which reads the rest)."""

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

# What is charged for a service, named by it ("the service charge", "the call-out fee"): money.
CHARGES = {"charge", "charges", "fee", "fees", "surcharge"}

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
    if tokens[-1:] and tokens[-1] in CHARGES:  # "the call-out fee": what is charged, money
        return False
    after = [*tokens[1:], ""]  # "the service charge in euros"
    named = {*COUNT_NOUNS, *CHARGES}
    return any(t in GENRES and n not in named for t, n in zip(tokens, after, strict=True))


# Which of several things were done to or for them ("which pests we treated for", "which
# rooms they cleaned"): the things, with what was done, said in words.
WHICH_DONE = re.compile(
    r"^which ((?:[a-z-]+ ){0,2}[a-z-]+) (?:we|they|you|our [a-z-]+)(?:'ve| have)? ([a-z]+ed)"
    r"(?: (?:for|on|in|at|with))?$"
)
# Several things they chose or selected among what is on offer ("the extras they chose"):
# which ones, said in words; "the tickets they bought" and "the apples they picked" (a verb
# that also says gathering) stay counts.
CHOSEN_THINGS = re.compile(
    r"^the (?:[a-z-]+ ){0,2}[a-z-]+s (?:that |which )?(?:they|you)(?:'ve| have)?"
    r" (?:chose|selected)$"
)


def shows_not_counts(text: str) -> bool:
    """Whether the phrase shows something or says what a button does, or which things are due
    or were done ("which vaccines are due", "which pests we treated for") or the things they
    chose (each said in words, app/ai/attributes.py), not how many."""
    which = WHICH_DUE.match(text) or WHICH_DONE.match(text) or CHOSEN_THINGS.match(text)
    return bool(PICTURE_OF.match(text) or BUTTON_TO.match(text) or which)
