"""Readings of a count's words (app/ai/quantities.py reads the phrase): what was done with
things ("pages turned", "support tickets opened", "kg composted": a unit of measure is
counted too), a count led by a word that says which ("active employees") or what kind
("coaching calls"), time named by what it was spent on ("call minutes"), things counted in
what holds them ("cups of coffee") and how many times something was done ("times we cleared
their driveway"); what was done may end with an adverb of how ("people brought down
safely")."""

from __future__ import annotations

import re

from app.ai.measures import (
    COUNT_LEADS,
    COUNT_NOUNS,
    DOERS,
    MAPPED,
    MEASURES,
    PARTICIPLES,
    SHOWN_AS_PLACES,
    SHOWN_AS_SCENES,
    SHOWN_VERBS,
    TOOK_PART,
    UNIT_KINDS,
    WHOSE,
    WORKED_ON,
)
from app.ai.phrases import STOP, content_words

UNITS = {"seconds": " s", "hours": " h", "minutes": " min", "days": " days",
         "weeks": " weeks", "months": " months", "years": " years",
         "nights": " nights"}  # fmt: skip
UNIT_NAMES = {"second": "seconds", "secs": "seconds", "sec": "seconds", "hour": "hours",
              "hrs": "hours", "minute": "minutes", "mins": "minutes", "min": "minutes",
              "day": "days", "week": "weeks", "month": "months", "year": "years",
              "night": "nights", **{u: u for u in UNITS}}  # fmt: skip

# "<things> of <thing>" counts the things ("cups of coffee", "bottles of wine").
DETERMINERS = ("the", "their", "your", "our", "his", "her", "its", "my", "a", "an", "this",
               "that", "these", "those", "all", "each")  # fmt: skip
DETERMINER = r"(?:" + "|".join(DETERMINERS) + r")\b"
THINGS_OF = re.compile(rf"^(?:{DETERMINER} )?([a-z]+) of (?!{DETERMINER})([a-z]+)\b")
# Words in -ing that say how good or when, not what kind ("amazing songs", "upcoming classes").
NOT_KINDS = {"amazing", "exciting", "interesting", "inspiring", "stunning", "outstanding",
             "upcoming", "ongoing", "existing", "remaining", "missing", "following", "leading",
             "trending", "winning", "loving", "caring", "thing", "something", "anything",
             "everything", "nothing", "morning", "evening", "during", "king", "spring",
             "string", "ring", "wing", "ceiling"}  # fmt: skip
NOT_THINGS = {"lots", "loads", "kinds", "types", "sorts", "bits", "hundreds", "thousands",
              "millions", "names", "details", "parts"}  # fmt: skip


# Adverbs that make a phrasal verb of what was done ("hives looked after", "kits handed out"),
# and words that may follow one: when, or to whom, not a noun phrase it would be a preposition of.
PARTICLES = {"after", "up", "out", "off", "down", "back", "away", "over", "through"}
AFTER_PARTICLE = {"this", "last", "so", "to", "for", "since", "in", "during", "per", "each",
                  "every", "by", "at", "on", "with", "from", "today", "yet", "already"}  # fmt: skip


# Words in -ly that say when or how often ("orders delivered early") or are nouns ("Italy"),
# not how something was done.
NOT_MANNER = {"early", "daily", "weekly", "monthly", "quarterly", "yearly", "nightly",
              "hourly", "family", "italy", "july", "assembly", "supply"}  # fmt: skip


def manner_dropped(tokens: list[str]) -> list[str]:
    """The words without the adverb of how that ends them right after what was done or its
    particle ("people brought down safely": "people brought down", "claims settled quickly":
    "claims settled"); the words as they are otherwise ("orders delivered early")."""
    last = tokens[-1] if len(tokens) >= 3 else ""
    if not last.endswith("ly") or len(last) < 5 or last in NOT_MANNER:
        return tokens
    verb = tokens[-3] if tokens[-2] in PARTICLES else tokens[-2]
    return tokens[:-1] if done(verb) else tokens


def particle(verb: str, tokens: list[str]) -> list[str]:
    """The particle after what was done, when the phrase has one ("looked after": ["after"],
    "handed out this term"); not a preposition before what it is about ("walked over the
    weekend")."""
    at = tokens.index(verb) + 1 if verb in tokens else len(tokens)
    after = tokens[at + 1 : at + 2]
    if not tokens[at : at + 1] or tokens[at] not in PARTICLES:
        return []
    return [tokens[at]] if not after or after[0] in AFTER_PARTICLE else []


def time_unit(content: list[str]) -> str | None:
    """The unit of time among the words, if one is ("kilowatt hours" are energy, not time)."""
    at = next((i for i, w in enumerate(content) if w in UNITS), None)
    if at is None or at and f"{content[at - 1]} {content[at][:-1]}" in MEASURES:
        return None
    return content[at]


def unit_led(content: list[str]) -> list[str] | None:
    """The words of a time named by what it was spent on: "call minutes", "meeting room hours
    booked" (up to two words, the unit, and what was done)."""
    unit = time_unit(content)
    at = content.index(unit) if unit else 0
    rest = content[at + 1 :]
    if not 1 <= at <= 2 or len(rest) > 1 or rest and not done(rest[0]):
        return None
    return content[: at + 1]


TIMES = re.compile(r"\btimes (?:(?:they|you|we|he|she|i)(?:'[a-z]+)? )?([a-z]+)")
# The times first, then who did them and what they did ("times we cleared their driveway").
TIMES_BY = re.compile(r"^(?:the )?times (?:they|you|we|he|she|i)(?:'[a-z]+)? ([a-z]+)")


def times_done(text: str, asked: bool = True) -> list[str] | None:
    """ "how many times they've donated": ["times", "donated"]; unasked, only a phrase that
    begins with the times and says who did what ("times we cleared their driveway": ["times",
    "cleared"]; not "times tables practised")."""
    found = TIMES.search(text) if asked else TIMES_BY.match(text)
    return ["times", found.group(1)] if found and done(found.group(1)) else None


def led_count(content: list[str], counted: str | None) -> list[str] | None:
    """The words of a count led by another word: "average steps" (a count word first) or
    "support tickets opened" (a noun, the counted noun, what was done with them); None when
    the phrase is not one ("favorite songs" is a list, not a count)."""
    if len(content) == 2 and content[0] in COUNT_LEADS and things(content[1]):
        return content  # "active employees"
    if len(content) >= 2 and content[0] in UNIT_KINDS and measure(content[1]):
        # "nautical miles", "square feet cleaned": a unit with the word that says which
        return content if len(content) == 2 or len(content) == 3 and done(content[2]) else None
    if counted is None or len(content) < 2 or content[1] != counted:
        return None
    # "coaching calls" (not "the onboarding steps": a timeline's)
    kind = kind_of(content[0]) and things(counted)
    if len(content) == 2 and (content[0] in COUNT_LEADS or kind):
        return content  # "average steps"
    return content if len(content) == 3 and done(content[2]) else None


def kind_of(word: str) -> bool:
    """Whether a word in -ing says what kind of things are counted ("charging sessions",
    "coaching calls"), not how good they are or when ("amazing", "upcoming")."""
    return word.endswith("ing") and len(word) > 5 and word not in NOT_KINDS


def measure(word: str) -> bool:
    """Whether a word is a unit of measure ("kWh", "tonnes", "yards")."""
    return word in MEASURES or word.endswith("s") and word[:-1] in MEASURES


# Words whose "'d" says "would" or "had" ("they'd", "who'd"), no verb done.
WOULD = {"i", "you", "he", "she", "it", "we", "they", "who", "that", "there", "what", "where"}


def done(verb: str) -> bool:
    """Whether a word says what was done with things ("opened", "seen", a verb made of a noun
    or an acronym with "'d": "RSVP'd", "DM'd"), not how they are shown ("ranked")."""
    known = verb in PARTICIPLES or verb in PARTICIPLES.values() or verb.endswith("ed")
    contracted = verb.endswith("'d") and verb[:-2].isalpha() and verb[:-2] not in WOULD
    return (known or contracted) and verb not in SHOWN_VERBS


# Plurals with no "s" ("fish caught", "sheep sheared", "geese ringed").
PLURALS = {"fish", "sheep", "deer", "salmon", "trout", "geese", "mice", "teeth", "children",
           "men", "women", "people", "aircraft", "cattle", "bison", "moose", "shrimp",
           "squid", "crayfish", "swine", "offspring"}  # fmt: skip
# ...and the kinds of them named in one word ("bonefish", "swordfish", "reindeer"); not the
# adjectives that end so ("selfish", "wolfish").
KINDS_OF = ("fish", "deer", "sheep", "trout", "salmon")
NOT_KINDS_OF = {"selfish", "unselfish", "elfish", "oafish", "raffish", "wolfish", "dwarfish",
                "standoffish", "outlandish"}  # fmt: skip


def things(noun: str, done_to: str = "") -> bool:
    """Whether a noun names things that can be counted as done: a plural (with or without
    an "s": "fish", "bonefish"), not places or things a scene shows, unless what was done to
    them is work on each (`done_to`: "photos tagged")."""
    plural = noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3 or noun in PLURALS
    kind = noun.endswith(KINDS_OF) and len(noun) > 6 and noun not in NOT_KINDS_OF
    worked = done_to in WORKED_ON and noun not in MAPPED
    shown = noun in SHOWN_AS_PLACES | SHOWN_AS_SCENES and not worked
    return (plural or kind) and not shown


# Things a scene would show with work done on each ("photos they tagged", "quotes
# transcribed"): a count, though the things' word may name what a video shows.
WORKED = re.compile(
    r"\b([a-z]+) (?:(?:they|you|we|he|she)(?:'ve|'d| have| had)? )?(" + "|".join(WORKED_ON) + r")\b"
)


def worked_on(text: str) -> bool:
    """Whether the text names things with work done on each ("camera photos they tagged")."""
    found = WORKED.search(text)
    return bool(found and things(found.group(1), found.group(2)))


def things_done(content: list[str]) -> bool:
    """Whether content words read "<things> <done>": a plural noun or a unit of measure, then
    a past participle ("pages turned", "kWh generated")."""
    if len(content) < 2 or len(content) > 3:
        return False
    return (things(content[0], content[1]) or measure(content[0])) and done(content[1])


# "<things> on <whose> <thing>" counts the things it holds ("stamps on their card", "points in
# your account").
HELD_ON = re.compile(r"^(?:the )?([a-z]+) (?:on|in) (?:their|your|his|her|my) ([a-z]+)$")


def held_on(tokens: list[str]) -> list[str] | None:
    """The words of things counted on what holds them, holder first ("stamps on their card":
    ["card", "stamps"]); None when the phrase is not one (a unit of time: "hours in their
    week"; a scene's things: "photos in their album")."""
    found = HELD_ON.match(" ".join(tokens))
    if not found or not things(found.group(1)) or found.group(1) in {*UNITS, *NOT_THINGS}:
        return None
    return None if found.group(2) in UNIT_NAMES else [found.group(2), found.group(1)]


def things_of(tokens: list[str]) -> list[str] | None:
    """The words of "<things> of <thing>" ("cups of coffee they've had on us"), None when
    the phrase is not one (a unit of time, "lots of", a scene's things: "photos of")."""
    found = THINGS_OF.match(" ".join(tokens))
    if not found or not things(found.group(1)) or found.group(1) in {*UNITS, *NOT_THINGS}:
        return None
    return [found.group(1), "of", found.group(2)]


def done_by_someone(tokens: list[str]) -> list[str] | None:
    """The words of "<things> they <did>" ("the brewery events they attended": the things,
    with a word before them, and what was done), or of "<things> <whose> <one> <did>" ("the
    clubs their daughter joined"); the things alone when what was done says only that they
    took part ("the tours they went on"), or when the clause says it otherwise (relative()).
    None when the phrase is not one."""
    for i in range(1, len(tokens) - 1):
        named = tokens[i] in WHOSE and tokens[i + 1] not in STOP and i + 2 < len(tokens)
        verb = tokens[i + 2] if named else tokens[i + 1]
        if (tokens[i] in DOERS or named) and (done(verb) or verb in TOOK_PART):
            nouns = content_words(tokens[:i], set())[-2:]
            return [*nouns, *[verb][: verb not in TOOK_PART]] if _counted(nouns, verb) else None
    return relative(tokens)


# Who did what the clause says: a pronoun, or "who" after people ("people who came to it").
WHO = DOERS | {"who"}
# Words between who did something and what they did ("we'll ship", "they still owe").
AUXILIARIES = {"will", "would", "can", "could", "shall", "should", "may", "might", "must",
               "do", "does", "did", "have", "has", "had", "still", "usually", "normally",
               "often", "always", "already", "now", "get", "got", "also", "been"}  # fmt: skip
# How often, said between the things and the clause ("hours a day they wear them").
RATE = re.compile(r"^(?:a|an|per|each|every) (?:day|week|month|year|night|session|visit)$")
# Verbs that make the things a pick, not a count ("the songs they love").
LIKED = {"love", "loved", "like", "liked", "prefer", "preferred", "enjoy", "enjoyed", "want",
         "wanted", "wish", "hope", "need", "needed", "treasure", "cherish"}  # fmt: skip


def relative(tokens: list[str]) -> list[str] | None:
    """The words of things named by a clause right after them, whatever its verb's form
    ("bottles we'll ship them": ["bottles"], "nights they had guests staying": ["nights"],
    "the average hours a day they wear them": ["average", "hours"], "orders they've
    packed": ["orders", "packed"], "people who came to the fair": ["people"], "years their
    spirit has been maturing": ["years"]); None when
    the phrase is not one, or the clause says what is liked ("the songs they love")."""
    doer, verbs = _clause(tokens)
    before = tokens[:doer]
    if doer >= 3 and RATE.match(" ".join(before[-2:])):
        before = before[:-2]  # "hours a day they wear them": the hours
    nouns = content_words(before, set())[-2:]
    # the things and their determiners only: not "bags of donations they ...", nor whom a
    # video is for ("memories for families who ...")
    if not doer or not _counted(nouns) or set(before) - set(nouns) - set(DETERMINERS):
        return None
    rest = [t for t in tokens[verbs:] if t not in AUXILIARIES]
    verb = rest[0] if rest else ""
    shown = verb in STOP or verb in LIKED or verb in SHOWN_VERBS  # "the songs they love"
    if not verb.isalpha() or shown or "most" in rest:
        return None
    return [*nouns, verb] if done(verb) else nouns


def _clause(tokens: list[str]) -> tuple[int, int]:
    """Where a clause after the things begins, and where its verb's words begin: at a pronoun
    or "who" ("bottles we'll ship them"), or at whose one did it, named in a word ("years
    their spirit has been maturing": its verb after "their spirit"); (0, 0) when none does."""
    for i, token in enumerate(tokens[1:], 1):
        if token.split("'")[0] in WHO:
            return i, i + 1
        named = token in WHOSE and i + 2 < len(tokens) and tokens[i + 1] not in STOP
        if named and tokens[i + 1].isalpha():
            return i, i + 2
    return 0, 0


def _counted(nouns: list[str], verb: str = "") -> bool:
    """Whether the last of the nouns names things counted, not things a scene shows ("the
    books they borrowed" are a book shelf; "the books they rebound" are work, counted)."""
    shown = bool(nouns) and nouns[-1] in SHOWN_AS_SCENES and verb not in WORKED_ON
    return bool(nouns) and (things(nouns[-1], verb) or nouns[-1] in COUNT_NOUNS) and not shown
