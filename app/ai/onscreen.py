"""What the built-in composer puts on screen: copy written for the recognised use case (never
the prompt's own words), the copy a prompt gives in quotes ("with the headline 'Thank you,
[name]'"), and the echo guard that keeps any run of four prompt words off the screen."""

from __future__ import annotations

import re
from collections.abc import Iterable

from app.ai import regex
from app.ai.quantities import QUOTED, unquoted, words

# field -> copy, per use case; "default" fills what a use case does not say.
COPY: dict[str, dict[str, str]] = {
    "default": {
        "subtitle": "A video made just for you", "numbers": "Your numbers at a glance",
        "map": "Around the world", "photo": "A moment worth remembering",
        "quote": "In their words", "tagline": "Built around you",
        "badge": "Earned along the way", "outro": "Thank you, {name}", "signoff": "Your team",
        "timeline": "The journey so far", "ranking": "Top of the list",
        "breakdown": "The breakdown", "comparison": "Versus the previous period",
        "percentile": "Where you rank", "books": "On the shelf", "poll": "What did you think?",
        "skills": "Your profile", "details": "Your details at a glance",
    },
    "birthday": {"subtitle": "Happy birthday", "numbers": "Celebrating you",
                 "details": "Celebrating you", "photo": "Here's to you",
                 "badge": "A birthday treat", "outro": "Happy birthday, {name}",
                 "signoff": "From all of us"},
    "season recap": {"subtitle": "Your season in review", "numbers": "Your season in numbers",
                     "details": "Your season at a glance", "photo": "Moments from the season",
                     "ranking": "Your season's best", "badge": "Earned this season",
                     "timeline": "Your season, step by step",
                     "outro": "Here's to next season, {name}"},
    "year in review": {"subtitle": "Your year in review", "numbers": "Your year in numbers",
                       "details": "Your year at a glance",
                       "outro": "Here's to next year, {name}", "ranking": "Your favourites",
                       "skills": "Your year's mix"},
    "renewal": {"subtitle": "Thanks for staying with us", "numbers": "What you achieved with us",
                "outro": "Thank you for being with us, {name}"},
    "onboarding": {"subtitle": "Welcome aboard", "tagline": "Glad you're here",
                   "timeline": "Your first steps", "outro": "Welcome aboard, {name}"},
    "event recap": {"subtitle": "Thanks for being there", "numbers": "The event in numbers",
                    "details": "The event at a glance",
                    "photo": "Moments from the day", "quote": "Heard on stage",
                    "outro": "See you next time, {name}"},
    "product launch": {"subtitle": "Something new is here", "tagline": "Made for what's next",
                       "numbers": "Why it matters", "outro": "Thanks for being first, {name}"},
    "fundraising thanks": {"subtitle": "A thank-you from all of us",
                           "numbers": "Your generosity", "map": "Where your gift went",
                           "quote": "From someone you helped", "breakdown": "Where it went",
                           "outro": "Thank you, {name}", "signoff": "With gratitude"},
    "thank you": {"subtitle": "A thank-you from all of us", "numbers": "What you made possible",
                  "photo": "Thanks to you", "quote": "A word of thanks",
                  "outro": "Thank you, {name}", "signoff": "With gratitude"},
    "academic career": {"subtitle": "A career worth celebrating",
                        "numbers": "A career in numbers", "details": "A career at a glance",
                        "map": "Collaborators worldwide",
                        "timeline": "Milestones of a career", "outro": "Congratulations, {name}"},
    "author spotlight": {"subtitle": "Author spotlight", "numbers": "By the numbers",
                         "details": "At a glance",
                         "quote": "What readers say", "outro": "Keep writing, {name}"},
    "achievement": {"subtitle": "Congratulations", "numbers": "What got you here",
                    "badge": "Earned with dedication", "outro": "Congratulations, {name}"},
    "survey results": {"subtitle": "Here's what you told us", "numbers": "The results",
                       "outro": "Thanks for your voice, {name}"},
    "business review": {"subtitle": "Here's how it went", "numbers": "Key results",
                        "ranking": "Leading the way", "outro": "Thank you, {name}"},
    "reminder": {"subtitle": "A friendly reminder", "numbers": "Your details",
                 "outro": "See you soon, {name}"},
    "loyalty": {"subtitle": "Your rewards update", "numbers": "Your rewards",
                "badge": "A thank-you for your loyalty", "outro": "Thanks for coming back, {name}"},
    "travel recap": {"subtitle": "Your trip, remembered", "numbers": "Your trip in numbers",
                     "details": "Your trip at a glance",
                     "map": "Where you've been", "photo": "Along the way",
                     "quote": "From your guide", "outro": "Until next time, {name}"},
    "student report": {"subtitle": "Your term report", "numbers": "Your results",
                       "ranking": "Your strongest subjects", "percentile": "Where you stand",
                       "outro": "Keep it up, {name}"},
}  # fmt: skip

# Where copy a prompt gives in quotes goes: the word before the quote -> the field.
QUOTE_FIELDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("button", "button text", "button label", "cta text"), "button"),
    (("cta headline", "call to action", "cta"), "cta"),
    (("tagline", "slogan", "motto"), "tagline"),
    (("subtitle", "subheading", "sub-headline", "subheadline"), "subtitle"),
    (("caption",), "caption"),
    (("question",), "question"),
    (("closing", "closing line", "closing message", "sign-off", "signoff", "end with",
      "ending", "outro", "message"), "outro"),
    (("headline", "title", "heading", "opening", "open with", "intro"), "headline"),
)  # fmt: skip
# Copy quoted before what it is ("a 'Start free' button", "the 'See you soon' caption").
AFTER_FIELDS = ((r"(?:button|btn|link|cta)s?", "button"), (r"(?:tagline|slogan)", "tagline"),
                (r"(?:caption)", "caption"), (r"(?:subtitle|subheading)", "subtitle"),
                (r"(?:question|poll)", "question"))  # fmt: skip
NAME_VARIABLES = ("name", "first_name", "full_name", "recipient", "person", "person_name")
# Words between a field and the copy it shows ("a button that says 'Book now'", "a caption
# reading 'See you soon'").
SAYING = r"(?:\s+(?:that|which)\s+(?:says|reads)|\s+(?:saying|reading|labell?ed))?"


def copy_for(use_case: str | None, field: str) -> str:
    """The use case's copy for a field, else the default's."""
    return COPY.get(use_case or "", {}).get(field) or COPY["default"][field]


def quoted_copy(prompt: str) -> dict[str, str]:
    """Copy the prompt gives in quotes, by the field it names right after it or before it
    ("headline" when it names none): `with the headline "Thank you, [name]"` -> {"headline":
    "Thank you, [name]"}; `a 'Join now' button` -> {"button": "Join now"} (`a 'join now'
    button` too: a button's copy written all in lower case starts with a capital)."""
    out: dict[str, str] = {}
    for m in QUOTED.finditer(prompt):
        text = m.group(0).strip()[1:-1].strip()
        if not text:
            continue
        before = prompt[max(0, m.start() - 40) : m.start()].lower()
        after = prompt[m.end() : m.end() + 20].lower()
        named_after = next((f for names, f in AFTER_FIELDS if regex.match(rf"\s*{names}\b", after)),
                           None)  # fmt: skip
        field = named_after or next(
            (f for names, f in QUOTE_FIELDS
             if any(regex.search(rf"\b{re.escape(n)}{SAYING}\W*$", before) for n in names)),
            "headline" if "headline" not in out else "subtitle",
        )  # fmt: skip
        if field == "button" and text == text.lower():  # a button's first word has a capital
            text = text[:1].upper() + text[1:]
        out.setdefault(field, text)
    return out


def with_slot_names(text: str, name_key: str | None) -> str:
    """Copy from a prompt with its `[name]`-like variables pointing at the name slot."""
    if not name_key:
        return text
    pattern = r"\[(" + "|".join(NAME_VARIABLES) + r")\]"
    return regex.sub(pattern, f"[{name_key}]", text, flags=re.I)


def grams(tokens: list[str], n: int = 4) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


def echoes(text: str, prompt: str, n: int = 4) -> bool:
    """Whether text holds n or more consecutive words of the prompt outside its quotes."""
    theirs = grams(words(unquoted(prompt)), n)
    return bool(theirs & grams(words(text), n))


def screen_texts(value: object) -> Iterable[tuple[list[str | int], str]]:
    """Every string in a sceneData value with its path."""
    if isinstance(value, str):
        yield [], value
    elif isinstance(value, dict):
        for k, v in value.items():
            for path, text in screen_texts(v):
                yield [k, *path], text
    elif isinstance(value, list):
        for i, v in enumerate(value):
            for path, text in screen_texts(v):
                yield [i, *path], text
