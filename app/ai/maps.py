"""What a map shows when the prompt says and it is not countries, and how the map scene is
titled for it (app/ai/scenes.py's map): places of a kind, after "a map of" or before "on a
map" ("a map of the stations they used", "the lakes they swam in on a map": "Your stations",
"N stations"; where the sender did something, "the bays we sailed to": "Where we sailed"),
one way travelled ("a map of the route": "Your route"), or where something was or came from
("a map of where our rescued elephants came from": "Where they came from"); the subtitle
counts places."""

from __future__ import annotations

import re

from app.ai.counts import done
from app.ai.phrases import STOP

# "a map of the bays we sailed to" -> "bays"; a map of countries, places or destinations
# counts countries.
MAP_OF = re.compile(r"\bmaps? (?:of|showing) (?:all )?(?:the |their |our |your |his |her |its )?"
                    r"((?:[a-z-]+ )?[a-z-]+)\b(?= |$|[,.;:!?])")  # fmt: skip
COUNTRIES = {"countries", "nations", "places", "destinations", "locations", "regions",
             "continents", "offices"}  # fmt: skip
# One way travelled, shown whole ("a map of the route", "of their trip").
ROUTES = {"route", "routes", "path", "journey", "trip", "trail", "course", "itinerary",
          "voyage", "tour", "walk", "ride", "run", "drive", "crossing", "expedition"}  # fmt: skip
# "a map of where our rescued elephants came from": who, then what they did there.
MAP_WHERE = re.compile(r"\bmaps? (?:of|showing) where ([a-z' ]+?)(?=[,.;:!?\n]| and |$)")
PRONOUNS = {"we", "they", "you", "i"}
# Verbs of where someone was or went that do not end in -ed ("came from", "grew up").
WENT = {"came", "come", "comes", "went", "go", "goes", "live", "lives", "grew", "are",
        "were", "is", "was", "ran", "rode", "swam", "flew", "sat", "stood", "spent", "met",
        "slept", "stayed", "took", "began", "begin", "started"}  # fmt: skip


def _where(clause: str) -> str | None:
    """'Where they came from' for "where our rescued elephants came from": who, said as a
    pronoun, and up to three words of what they did there."""
    words = clause.split()
    if words and words[0] in PRONOUNS:  # the recipients' "they" is "you" on their screen
        who, rest = {"they": "you", "i": "we"}.get(words[0], words[0]), words[1:]
    else:
        # what they did: a verb of going or being, or a participle with nothing after it
        # but a particle ("rescued elephants" is who, "lived" what they did)
        ends = [*words[1:], ""]
        at = next((i for i, w in enumerate(words) if i and w in WENT), None)
        at = at or next((i for i, (w, n) in enumerate(zip(words, ends, strict=True))
                         if i and done(w) and (not n or n in STOP)), None)  # fmt: skip
        if at is None:
            return None
        who, rest = "they", words[at:]
    return f"Where {who} {' '.join(rest[:3])}" if rest else None


# What the sender did in the places ("the beaches we cleaned", "the bays we sailed to").
OURS = re.compile(r"(?:[a-z-]+ ){1,3}?we ([a-z]+)")
# "the beaches we cleaned on a map": the places named before the map (no "and" among them).
ON_MAP = re.compile(
    r"(?:^|[,;:.!?\n(]|\b(?:and|plus|with|show|showing|include|including)\b)\s*"
    r"((?:(?!(?:and|plus|with)\b)[a-z'-]+ ){1,8}?)(?:on|in) (?:a|the|one) map\b"
)


def map_of(text: str) -> tuple[str, str] | None:
    """(title, what the subtitle counts) of a map of something other than countries, None for
    a map of countries or of nothing named."""
    where = MAP_WHERE.search(text)
    if where and (title := _where(where.group(1))):
        return title, "places"
    m = MAP_OF.search(text) or ON_MAP.search(text)
    places = m.group(1).split() if m else []
    while places and places[0] in STOP | {"most", "every", "each", "where", "all"}:
        places = places[1:]
    if any(w in STOP for w in places):  # "the route and …", "the stations they used"
        places = places[: next(i for i, w in enumerate(places) if w in STOP)]
    if not places or places[-1] in COUNTRIES or places[-1].endswith("ss"):
        return None
    if places[-1] in ROUTES:  # "a map of the route": one way, through places
        return f"Your {' '.join(places)}", "places"
    if not places[-1].endswith("s"):
        return None
    # places the sender did something in are not the recipient's ("the beaches we cleaned":
    # "Where we cleaned", not "Your beaches")
    ours = OURS.match(text, m.start(1)) if m else None
    if ours and (done(ours.group(1)) or ours.group(1) in WENT):
        return f"Where we {ours.group(1)}", " ".join(places)
    return f"Your {' '.join(places)}", " ".join(places)
