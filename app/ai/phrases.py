"""A prompt cut into the phrases that each name one thing: at commas, semicolons, colons,
parentheses, a dash, "+" or "&" between words (" - ", "—", " + "; not a hyphen), an emoji,
a list's bullet at a line's start ("- ", "* ", "• ": no word of the phrase), the end of a
sentence ("." "?" "!") and "and", "plus", "along with", "as well as", "with" ("compared with
other drivers", "what they spent with us" and "a button with a code" stay one phrase); a unit in
parentheses, or after a comma at a phrase's end, stays with the phrase before it ("data used
(GB)", "height (in metres)" and "how deep they dived, in metres" read as "data used in GB",
"height in metres", "how deep they dived in metres"); a code named with the discount it gives
is two phrases, the code and the discount (app/ai/offers.py). Quoted copy is blanked out first.
Also the words shared by the readings of a phrase: stop words, the words that lead a
measure's name, its key and label."""

from __future__ import annotations

import re

from app.ai import regex
from app.ai.measures import MEASURES, PARTICIPLES
from app.ai.offers import code_and_discount

PHRASE_BREAK = re.compile(
    r"[,;:\n()]|[.?!]+(?:\s|$)|\s[-–+&]+\s|\s*—\s*|\s(?:and|plus|including|showing|then)\s"
    # "along with", "together with", "as well as" join two things as "and" does
    r"|\s(?:along with|together with|as well as)\s"
    # an emoji between words ends a phrase as a dash does ("our beekeepers 🐝 hives looked after")
    r"|\s*[\u2600-\u27bf\U0001f300-\U0001faff][\u2600-\u27bf\U0001f300-\U0001faff\ufe0f\u200d]*\s*"
    # "with" a pronoun says with whom, it starts no phrase ("what they spent with us"), nor
    # does "with" after a button, which says what the button holds ("a button with a code"),
    # nor "with" then "most", which says with whom they did it most ("the colleague they
    # carpooled with most")
    r"|(?<!compared)(?<!compare)(?<!compares)(?<!comparing)(?<!button)(?<!buttons)(?<!link)"
    r"(?<!links)\swith\s(?!(?:us|me|them|him|her|most|the most)\b)"
)
# A list's bullet at the start of a line ("\n- their belt colour", "• rides logged"): a mark
# before the phrase, not a word of it.
BULLET = re.compile(r"\s*[-–*•·]+\s+")
# A joining word opening a sentence ("… saved. Then a button to restart their plan", "And a
# photo", after a quoted headline: "Headline: "…" Then a button"): no word of its phrase.
OPENING_JOIN = re.compile(r"\s*(?:and|then|plus|also)\s+", re.IGNORECASE)
# ...nor inside what a button or link does ("a button to rebook with 10% off": what it offers).
BUTTON_DOES = re.compile(r"\b(?:button|link)s? (?:to|for) [^,;:.!?()\n]*$", re.IGNORECASE)
QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|(?:(?<=\s)|^)'[^']{2,120}'(?=[\s.,;:!?]|$)")
# A unit a measure can be named in ("(GB)", "(hours)", "(€)", "(CHF)", "(S$)", "(%)", "(°C)"),
# or the things it is counted in ("longest streak (games)").
# Two units joined ("(minutes and seconds)", "(hrs/mins)") are one.
_ONE_UNIT = (
    r"(?:km/h|m/s|(?:" + "|".join(MEASURES) + r")s?|hours?|hrs|minutes?|mins?|seconds?|secs?|days?"
    r"|weeks?|months?|years?|nights?|euros?|pounds?|dollars?|yen|°\s?[cf]|[a-z]{3}|[€£$¥₹₩₺₪₦฿₱₽₫]"
    r"|[a-z]{1,3}\$|zł|kr|%|percent(?:age)?|[a-z]+s)"
)
# A unit may be said with "in" or "as" ("(in metres)", "(as a %)", "(as a percentage)").
UNIT = re.compile(
    rf"\((?:in |as (?:an? )?)?{_ONE_UNIT}(?:\s*(?:and|or|&|/|\+)\s*{_ONE_UNIT})?\)",
    re.IGNORECASE,
)

# ...or after a comma, as the last words of a phrase ("how deep they dived, in metres"): a
# unit of measure or of time, which names nothing of its own.
SAID_AFTER = re.compile(
    r",\s*in ((?:" + "|".join(MEASURES) + r"|hour|minute|second|day|week|month|year|night)s?)"
    r"(?=\s*(?:[,;:.!?()\n]|$|\s(?:and|plus|then)\s))",
    re.IGNORECASE,
)


# A date said with its time ("the date and time of their first visit"), or with the time of day
# named by what happens then ("their class date and start time", "the departure date and hotel
# pick-up time", "their move-in date and arrival time slot"): one date.
DATE_AND_TIME = re.compile(
    r"\bdate and (?:(?:the|their|your|its|a) )?(?:(?:[a-z]+ )?(?:start|starting|arrival"
    r"|pick-up|pickup|departure|check-in|kick-off|boarding|drop-off|collection|delivery"
    r"|opening|meeting|doors|reporting|show) )?time\b",
    re.IGNORECASE,
)


# Two words for what kind of thing something is, joined, of one thing ("the make and model of
# their car", "the name and breed of their dog"): one phrase.
KIND_WORDS = r"(?:name|title|make|model|brand|colou?r|breed|type|size)"
KIND_BEFORE = re.compile(rf"\b{KIND_WORDS}$", re.IGNORECASE)
KIND_AFTER = re.compile(
    rf"(?:the |its )?{KIND_WORDS} of (?:the|their|your|his|her|its|each|every)\b", re.IGNORECASE
)


def words(text: str) -> list[str]:
    return regex.findall(r"[a-z0-9%€£$¥°]+(?:'[a-z]+)?", text.lower())


def unquoted(prompt: str) -> str:
    """The prompt with its quoted copy blanked out (same length, so positions hold)."""
    return QUOTED.sub(lambda m: " " * len(m.group(0)), prompt)


def phrases(text: str) -> list[tuple[int, str]]:
    """(where it starts, the phrase) for each phrase of the text."""
    out: list[tuple[int, str]] = []
    start = 0
    for m in PHRASE_BREAK.finditer(text + "\n"):
        at_line = start == 0 or text[start - 1] == "\n"
        if at_line and (bullet := BULLET.match(text, start, m.start())):
            start = bullet.end()
        opens = text[:start].rstrip()[-1:]  # after a sentence's end or quoted copy
        if opens and opens in ".?!:" and (join := OPENING_JOIN.match(text, start, m.start())):
            start = join.end()
        part = text[start : m.start()]
        after = SAID_AFTER.match(text, m.start())
        if after and part.strip():  # "how deep they dived, in metres"
            out.append((start, f"{part.strip()} in {after.group(1)}"))
            start = after.end()
            continue
        unit = UNIT.match(text, m.start())
        if unit and part.strip():  # "data used (GB)": the unit is the phrase's
            said = regex.sub(r"(?i)^(?:in|as(?: an?)?) ", "", unit.group(0)[1:-1])
            out.append((start, f"{part.strip()} in {said}"))
            start = unit.end()
            continue
        if m.start() < start:
            continue  # a break inside the unit just read
        if m.group(0).strip().lower() == "with" and BUTTON_DOES.search(part):
            continue  # "a button to rebook with 10% off" is one phrase
        if m.group(0).strip().lower() == "and" and DATE_AND_TIME.search(
            part + " and " + text[m.end() : m.end() + 40]
        ):
            continue  # "the date and time of their first visit" is one date
        if (
            m.group(0).strip().lower() == "and"
            and KIND_BEFORE.search(part.rstrip())
            and KIND_AFTER.match(text, m.end())
        ):
            continue  # "the make and model of their car" is one thing
        if part.strip():  # "a promo code for 15% off": the code and the discount
            out.extend(code_and_discount(start, part) or [(start, part.strip())])
        start = m.end()
    return out


# A place named where something is ("in Munda, Solomon Islands", "on Andros, Bahamas"): the
# name before a comma, after a word that says where.
_NAME = r"[A-Z][\w'’.-]*"
PLACE_BEFORE = re.compile(
    rf"\b(?:in|on|at|near|from|outside|around|off) (?:the )?{_NAME}(?: {_NAME})*,\s*$"
)


def place_named(text: str, pos: int, phrase: str) -> bool:
    """Whether the phrase at pos is the rest of a place's name, the region or country after
    a town ("in Munda, Solomon Islands": "Solomon Islands"), its every word written with a
    capital; it names nothing to measure ("Islands", "Comoros", "Bahamas" are no count)."""
    name = [w for w in phrase.split() if w not in ("the", "of", "and")]
    capitals = bool(name) and all(regex.fullmatch(_NAME, w) for w in name)
    return capitals and PLACE_BEFORE.search(text[:pos]) is not None


# Words that end a measure's name: "donations spent on projects" is named "Donations spent".
NAME_ENDS = {"on", "in", "for", "per", "by", "from", "to", "with", "at", "as", "versus", "vs",
             "against", "since", "across", "during", "compared", "compares", "compare",
             "comparing", "than", "relative", "this"}  # fmt: skip
STOP = {"a", "an", "the", "their", "your", "our", "his", "her", "its", "my", "each", "every",
        "of", "them", "they", "we", "you", "he", "she", "it", "this", "that", "these", "those",
        "year", "month", "week", "quarter", "today", "together", "nearby", "so", "far", "to",
        "for", "in", "on", "at", "by", "with", "from", "all", "total", "how", "many", "much",
        "number", "amount", "and", "or", "did", "do", "does", "has", "have", "had", "is", "are",
        "was", "were", "be", "been", "as", "per", "who", "what", "which", "since", "last",
        "past", "next", "new", "there", "us", "me", "him", "one", "ones", "time", "times",
        "key", "some", "any", "also", "plus", "showing", "including", "about", "over", "into",
        "up", "out", "s", "show", "tell", "give", "both", "than", "more", "include",
        "includes", "add", "please"}  # fmt: skip


def content_words(tokens: list[str], drop: set[str]) -> list[str]:
    """The content words: no stop word (nor one contracted: "it's", "they've"), no number,
    no possessive (whose it is: "their car's current mileage" names the mileage)."""
    return [t for t in tokens if t.split("'")[0] not in STOP and t not in drop
            and not t.isdigit() and not t.endswith("'s")]  # fmt: skip


def key_label(parts: list[str], limit: int = 3) -> tuple[str, str]:
    """(key, label) from content words: ["meals", "served"] -> ("meals_served", "Meals served")."""
    parts = [PARTICIPLES.get(p, p) if i else p for i, p in enumerate(parts[:limit])]
    key = "_".join(regex.sub(r"[^a-z0-9]", "", p) for p in parts if p not in ("%", "$", "€", "£"))
    label = " ".join(parts)
    label = "NPS" if label == "nps" else label[:1].upper() + label[1:]
    return key.strip("_"), label


def lead_words(tokens: list[str]) -> list[str]:
    """The words that name a measure: up to the first word that ends its name ("donations
    spent on projects" -> "donations spent") once a content word has come."""
    for i, t in enumerate(tokens):
        # "over the years", "over time" say when, as "this year" does
        ends = t in NAME_ENDS or t == "over" and tokens[i + 1 : i + 2] in (["the"], ["time"])
        if ends and content_words(tokens[:i], set()):
            return tokens[:i]
    return tokens


def as_written(parts: list[str], phrase: str) -> str:
    """Words as the prompt writes them when it puts capitals inside one ("CO2", "kWh"),
    else lower case."""
    written = {w.lower(): w for w in regex.findall(r"[A-Za-z0-9°]+", phrase)}
    shown = (written.get(p, p) for p in parts)
    return " ".join(w if w[1:] != w[1:].lower() else w.lower() for w in shown)


def headed(label: str) -> str:
    """A label with a capital first, unless its first word has capitals inside ("kWh used")."""
    first = label.split(" ", 1)[0]
    return label if first[1:] != first[1:].lower() else label[:1].upper() + label[1:]


# Words written with capitals one after another: a name ("the Big Five", "the Seven Summits").
NAME_RUN = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b")


def named_run(noun: str, phrase: str) -> list[str]:
    """The words of the name a noun is in, as the phrase writes them ("big" in "how many of
    the Big Five they saw": ["Big", "Five"], "summits" in "the Seven Summits": ["Seven",
    "Summits"]), else the noun alone; not from the phrase's first word, which any sentence
    writes with a capital."""
    for found in NAME_RUN.finditer(phrase):
        run = found.group(0).split()
        if found.start() and noun in [w.lower() for w in run] and len(run) <= 3:
            return run
    return [noun]


def with_name(label: str, name: list[str]) -> str:
    """The label with a name of several words written as the prompt writes it."""
    said = " ".join(name).lower()
    return label.replace(headed(said), " ".join(name), 1) if len(name) > 1 else label
