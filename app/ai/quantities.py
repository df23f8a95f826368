"""Quantities a prompt names and their kinds: money ("how much each gave", "revenue", "in
euros"), counts ("how many visits", "the number of meals", "seats"), percentages ("win rate",
"in percent"), durations ("hours studied", "days since"), dates ("the date they joined"),
the recipient's rank ("class rank", "how you compare") and ranked lists ("top 5 genres").

Each becomes a typed slot (key, label, type) and a place in a scene: a stat card with its
currency symbol or unit, a percentile gauge, ranked bars. Labels are the composer's own short
words for the measure (at most three), never a phrase copied from the prompt.

The narrow readings here come first; a phrase none of them made a quantity is read by its head
noun and modifiers (app/ai/heads.py); dates and lengths of time are app/ai/timed.py's. Last, a
phrase still unread that says something about the recipient in words ("their membership tier")
is a text quantity, shown on a stat card as written (app/ai/attributes.py)."""

from __future__ import annotations

import re
from dataclasses import replace

from app.ai import regex
from app.ai.acronyms import acronyms
from app.ai.asides import given_amount, now_dropped, total_alone
from app.ai.attributes import attribute
from app.ai.counts import (
    UNITS,
    done,
    done_by_someone,
    held_on,
    led_count,
    manner_dropped,
    measure,
    particle,
    things,
    things_done,
    things_of,
    time_unit,
    times_done,
    unit_led,
    worked_on,
)
from app.ai.currencies import SHARED_NAMES, currency_in
from app.ai.genres import genre, shows_not_counts
from app.ai.heads import (
    GOES_TO,
    PAID_THINGS,
    RANK_WHERE,
    general,
    listed,
    share_done,
    share_of_whole,
)
from app.ai.measures import (
    COUNT_NOUNS,
    DOERS,
    MEASURED,
    MEASURED_AS,
    MEASURED_IN,
    PARTICIPLES,
    PROFILED,
    SHOWN_AS_SCENES,
    STATES,
)
from app.ai.money import (
    MONEY_VERBS,
    MONEY_WORDS,
    NOTED_MONEY,
    WHAT_COST,
    both_in,
    currency_note,
    currency_of,
    money,
    money_cue,
    weighed,
    weighed_in,
)
from app.ai.offers import discounted
from app.ai.phrases import (
    NAME_ENDS,
    QUOTED,
    STOP,
    as_written,
    content_words,
    headed,
    key_label,
    lead_words,
    named_run,
    phrases,
    place_named,
    unquoted,
    with_name,
    words,
)
from app.ai.quantity import Currency, Quantity
from app.ai.ranked import ranked_list, spent_doing
from app.ai.ranks import RANK_PHRASES, RANK_VERB, own_figure, ranks_within
from app.ai.timed import (
    PERCENT,
    UNITS_IN,
    UNITS_OF,
    countdown,
    date,
    dated,
    dated_first,
    duration,
    since,
    units_of,
)

__all__ = ["QUOTED", "Currency", "Quantity", "currency_of", "quantities", "unquoted", "words"]


# What was not done ("cigarettes not smoked", "plastic bags never used").
NOT_DONE = re.compile(r"\b(?:not|never) ([a-z']+)", re.IGNORECASE)


def _not_done(pos: int, phrase: str, currency: Currency, noted: bool) -> Quantity | None:
    """A measure of things not done, read as the things done with its name saying not
    ("cigarettes not smoked": "Cigarettes not smoked"; "plastic bags never used": "Bags never
    used", three words at most); None when the phrase says no such thing."""
    found = NOT_DONE.search(phrase)
    verb = found.group(1).lower() if found else ""
    if not found or not done(verb):
        return None
    read = _quantity(pos, phrase[: found.start()] + phrase[found.start(1) :], currency, noted)
    said = PARTICIPLES.get(verb, verb)
    if read is None or said not in read.key.split("_"):
        return None
    negated, parts = found.group(0).split()[0].lower(), read.key.split("_")
    key = "_".join([*parts[: parts.index(said)], negated, *parts[parts.index(said) :]])
    label = regex.sub(rf"(?i)\b{said}\b", f"{negated} {said}", read.label, count=1).split()
    return replace(read, key=key, label=headed(" ".join(label[-3:])))


def _quantity(pos: int, phrase: str, currency: Currency, noted: bool) -> Quantity | None:
    tokens = words(phrase)
    own = currency_in(weighed(phrase))
    if not tokens or own is not None and currency_note(phrase):
        return None
    # "the renewal price (₹)" in a prompt in dollars; "(pesos)", "in dirhams" are the prompt's
    shared = own in SHARED_NAMES and currency.spoken == own.spoken
    currency = currency if shared else own or currency
    text = " ".join(tokens)
    asked = regex.search(r"\bhow (many|much|long)\b|\bnumber of\b|\btotal\b|%|\bpercent", text)
    marked = bool(asked or WHAT_COST.search(text))  # "what the repair cost": not a genre
    ranked = RANK_WHERE.search(text) or RANK_VERB.search(text)
    # "years of service", "weeks in the programme": time spent at or in what a genre's word
    # names, not the genre
    of_time = UNITS_OF.match(text) or UNITS_IN.match(text)
    # ...nor things counted on what a genre's word names ("stamps on their card"), nor work
    # done on each of things its word names ("photos they tagged")
    of_time = of_time or held_on(tokens) or worked_on(text)
    if genre(tokens) and not marked and not ranked and "date" not in tokens and not of_time:
        return None
    if shows_not_counts(text) or PROFILED.match(text) and not marked:
        return None
    top = ranked_list(text)
    if top:
        n, noun = top
        key = f"top_{noun}" if noun and noun not in STOP else "top_items"
        return Quantity("top", key, f"Top {n}", top=max(2, min(8, n)), position=pos)
    on_time = regex.search(r"\b(ahead of|behind) (the )?(schedule|time|plan|deadline|target)", text)
    named = any(regex.search(rf"\b{re.escape(p)}\b", text) for p in RANK_PHRASES)
    if ranked or named and not on_time:
        return Quantity("rank", "percentile", "Percentile", position=pos)
    if (PERCENT.search(text) or share_of_whole(text)) and not dated_first(text):
        return _percent(pos, tokens, text)
    # a currency named for this one quantity makes it money ("the fee due in kroner"), not
    # a date, unless it says it is one ("the date the fee in kroner is due")
    priced = own is not None and not regex.search(r"\b(?:date|when|day)\b", text)
    if dated(text) and not priced and not regex.search(r"\b(amount|how much)\b", text):
        return date(pos, tokens, phrase)
    timed = spent_doing(pos, text) or units_of(pos, text) or duration(pos, tokens, phrase)
    timed = timed or countdown(pos, text)
    timed = timed or _measured(pos, tokens, phrase)
    if timed is not None:
        return timed
    cue = money_cue(text, tokens, phrase)
    if cue is False and noted and NOTED_MONEY & set(tokens):
        return money(pos, tokens, currency, True, limit=3)  # "biggest single gain"
    if cue or cue is False and set(tokens) & {*MONEY_WORDS, *MONEY_VERBS}:
        found = money(pos, tokens, currency, bool(cue))
        if found:
            return found
    return _count(pos, tokens, marked, phrase) or general(pos, tokens, currency)


# "% of days they were in profit", "the percentage of their trips that left on time", "how
# many of their loans were repaid early (as a %)"
SHARE_OF = re.compile(
    r"(?:%|\bpercent|\bpercentage|\bshare|\bproportion|\bhow many) of "
    r"(?:the |their |your |all )?(?!(?:the|their|your|our|its|a|an) )"
    r"([a-z]+) (?:that |which |who |they |you |we |he |she |it |(?:their|your|its) [a-z]+ )?"
    r"([a-z']+)"
    r"((?: [a-z]+)*)$"
)


SHARE_WORDS = {"percent", "percentage", "%", "share", "proportion", "fraction"}


def share_label(share: re.Match[str]) -> list[str]:
    """What a share is of: the things and what was done with them ("Sessions attended"), or
    the things and where or how they were ("Days in profit", "Trips on time")."""
    noun, verb, rest = share.group(1), share.group(2), share.group(3).split()
    if verb in ("has", "have", "had") and rest:  # "their grant that has vested"
        verb, rest = rest[0], rest[1:]
    doing = [w for w in rest if w.endswith("ing")][:1]
    if GOES_TO.match(f"{verb} {' '.join(rest)}") and rest[1:]:  # "donations that go to a school"
        return [noun, "to", rest[-1]]
    if verb == "spent" and doing:  # "the share of the season their yacht spent out cruising"
        return [noun, *doing]
    if rest and done(rest[0]) and not done(verb):  # "training sessions attended"
        return [noun, verb, rest[0]]
    if (
        verb in ("were", "was", "are", "is", "been")
        or rest
        and rest[0] in NAME_ENDS | {"ahead", "late"}
    ):
        return [noun, *rest][:3] if rest else [noun]
    return [noun, verb, *particle(verb, [verb, *rest])][:3]  # "customers who came back"


def _percent(pos: int, tokens: list[str], text: str) -> Quantity:
    lead = lead_words(tokens)
    # "the discount they get": what is named, not who gets it; what they did with it is said
    # ("how much of their budget they have used": "Budget used")
    doer = next((i for i, t in enumerate(lead) if t.split("'")[0] in DOERS
                 and content_words(lead[:i], set())), len(lead))  # fmt: skip
    did = [t for t in lead[doer + 1 :] if t not in ("have", "has", "had")][:1]
    did = did if did and done(did[0]) else []
    content = content_words(lead[:doer], {"percent", "percentage", "%", "rose", "grew", "rise"})
    content += did
    share = SHARE_OF.search(text)
    before = lead[: lead.index(share.group(1))] if share and share.group(1) in lead else None
    if share and before is not None and not content_words(before, SHARE_WORDS):
        content = share_label(share)
    content = share_done(text) or content  # "the share graded as first class"
    if regex.search(r"\b(rose|grew|rise|growth|increase|increased|went up|change)\b", text):
        content = ["growth"]
    if regex.search(r"\b(?:up|down) (?:on|from) (?:this|last) [a-z]+\b", text):
        content = ["change"]  # "how much that is up on this year as a percentage"
    key, label = key_label(content[:3]) if content else ("share", "Share")
    key = key if key.endswith(("rate", "ratio")) else f"{key}_percent"
    return Quantity("percent", key, label, "", "%", "percent", position=pos)


# What "how <adjective>" asks for ("how far they walked in km", "how close" are distances).
HOW_NOUNS = {"far": "distance", "high": "height", "deep": "depth", "fast": "speed",
             "heavy": "weight", "long": "length", "tall": "height", "wide": "width",
             "close": "distance", "near": "distance"}  # fmt: skip


# ...and what is measured of a thing ("the weight of their heaviest catch in kg").
DIMENSIONS = {*HOW_NOUNS.values(), *MEASURED_AS, "size", "length"}


# Temperatures are shown by their sign, however the prompt names them.
DEGREES = {"°c": "°C", "°f": "°F", "celsius": "°C", "fahrenheit": "°F",
           "degrees celsius": "°C", "degrees fahrenheit": "°F"}  # fmt: skip


def _measured(pos: int, tokens: list[str], phrase: str) -> Quantity | None:
    """A count in a unit of measure: "tonnes of CO2 avoided", "litres of water saved",
    "distance ridden in kilometres" is named by the thing and what was done with it, the unit
    said after the value."""
    text = " ".join(tokens)
    if found := MEASURED.search(text):
        unit, named = found.group(1), found.group(2)
    elif found := MEASURED_IN.search(text) or weighed_in(text):
        unit, named = found.group(2), found.group(1)
    thing = content_words(lead_words(named.split()), set()) if found else []
    # "the length of the biggest shark in metres": "Biggest shark length (metres)"
    dims = "|".join(sorted(DIMENSIONS))
    of = regex.match(rf"(?:(?:the|their|your) )?({dims}) of ", named) if found else None
    thing = [*[w for w in thing if w != of.group(1)][:2], of.group(1)] if of else thing
    how = regex.search(r"\bhow (" + "|".join(HOW_NOUNS) + r")\b", named) if found else None
    if how:  # "how far they cycled in miles": "Distance cycled (miles)", "how high we flew
        # in metres": "Height flown (metres)" (the adjective is what the noun says)
        rest = [w for w in thing if w != how.group(1)]
        # ...and of what, when it names it ("how tall the sapling grew": "Sapling height")
        after = named[how.end() :].split()[:1]
        of_what = bool(rest and after and after[0] not in DOERS)
        noun = HOW_NOUNS[how.group(1)]
        thing = [rest[0], noun] if of_what else [noun, *rest][:2]
    if not thing:
        return None
    key, _ = key_label(thing[: 3 if of else 2])
    label = headed(as_written(key.split("_"), phrase))
    unit = regex.sub(r"\bkm h\b", "km/h", as_written(unit.split(), phrase))  # read as "km h"
    unit = DEGREES.get(unit.lower(), unit)  # "degrees celsius": "°C"
    return Quantity("count", key, f"{label} ({unit})", spoken=unit, position=pos)


def _count(pos: int, tokens: list[str], marked: bool, phrase: str) -> Quantity | None:
    tokens = manner_dropped(tokens)  # "people brought down safely"
    text = " ".join(tokens)
    content = content_words(tokens, set())
    if not content:
        return None
    numbers = regex.search(r"\b([a-z]+) (?:numbers|count|counts|totals)\b", text)
    if numbers and f"{numbers.group(1)}s" in COUNT_NOUNS:
        return Quantity("count", f"{numbers.group(1)}s", f"{numbers.group(1)}s".capitalize(),
                        position=pos)  # fmt: skip
    counted = next((t for t in content if t in COUNT_NOUNS), None)
    if counted is None and things_done(content) and content[0] not in PAID_THINGS:
        counted = content[0]  # "pages turned", "episodes finished" (not "payments made")
    done_by = done_by_someone(tokens)
    lead = led_count(content_words(lead_words(tokens), set()), counted) or done_by
    # "how many times they've donated"; "call minutes", "cups of coffee they've had on us"
    lead = times_done(text) if marked else lead or unit_led(content) or things_of(tokens)
    lead = lead or (None if marked else times_done(text, asked=False))  # "times we cleared"
    lead = lead or (None if marked else held_on(tokens))  # "stamps on their card"
    if lead is not None:
        key, label = key_label(lead)
        unit = time_unit(lead)
        if unit and lead[0] != "times":  # "the hours they volunteered", "call minutes"
            return Quantity("duration", key, label, "", UNITS[unit], unit, position=pos)
        return Quantity("count", key, label, position=pos)
    # "their books", "the books they borrowed" are a book shelf; "books read", "photos tagged"
    # or "how many books" a count
    kept = (not set(content) & set(PARTICIPLES) or set(tokens) & DOERS) and not worked_on(text)
    if counted in SHOWN_AS_SCENES and not marked and kept:
        return None
    # An unmarked phrase is a measure only when it is short and led by a countable noun; time
    # left in something is named by its unit ("days left in their free trial": "Days left")
    left = counted in UNITS and content[1:2] in (["left"], ["remaining"])
    if not marked and (counted is None or content[0] != counted or len(content) > 3 and not left):
        return None
    # "how many different teachers they trained with": the things, with what says which
    noun = counted or next((w for w in content[:2] if things(w) and not done(w)), content[0])
    which = content[: content.index(noun)][-1:] if marked else []
    which = [w for w in which if regex.search(rf"\bhow many {w} {noun}\b", text)]
    rest = content[content.index(noun) + 1 :]
    verb = next((r for r in rest if r in PARTICIPLES or r in STATES or r.endswith("ed")
                 or done(r)), None)  # fmt: skip
    # what was done with them is said too ("how many escape rooms they solved"), not with
    # how many different ones ("how many different teachers they trained with")
    verb = None if set(which) & DISTINCT else verb
    to_go = regex.search(rf"\b{noun} (?:till|until|before|to go)\b", text) and not verb
    if "since" in tokens and noun in UNITS:
        return since(pos, noun, phrase)
    # "hours of rehearsal": "Rehearsal hours"
    # "hours of rehearsal", "hours at the helm", "minutes on the phone": "Helm hours"
    where = regex.search(rf"\b{noun} (?:out )?(?:of|on|at|in|under|aboard) ", text)
    of = rest[:1] if noun in UNITS and where and not verb else []
    # "how many stamps till their next free coffee": the stamps to go
    done_with = [verb, *particle(verb, tokens)] if verb else []  # "hives looked after"
    # "days smoke-free", "weeks injury-free", "minutes underwater": the state they were in, or
    # where, is said
    free = regex.search(rf"\b{noun} ([a-z]+-(?:free|less)|{AWAY})\b", phrase.lower())
    name = named_run(noun, phrase) if counted is None else [noun]  # "the Big Five": a name
    said = [w.lower() for w in name]
    named = (
        [*which, *said, *done_with]
        if verb
        else [noun, "to", "go"]
        if to_go
        else [*which, *of, noun]
    ) + ([free.group(1)] if free and not verb else [])
    key, label = key_label(named)
    label = with_name(label, name)  # "Big Five seen", as the name is written
    if measure(noun):  # "kWh charged": the unit as the prompt writes it
        label = headed(as_written(label.lower().split(), phrase))
    if noun in UNITS:
        return Quantity("duration", key, label, "", UNITS[noun], noun, position=pos)
    if "how much" in text and noun not in COUNT_NOUNS:
        return None
    return Quantity("count", key, label, position=pos)


# Where time was spent, said in one word after its unit ("minutes underwater", "days abroad").
AWAY = r"(?:underwater|outdoors|indoors|abroad|aboard|offshore|overseas|ashore|afloat|online)"


# Words that count how many different things, whatever was done with them.
DISTINCT = {"different", "unique", "distinct", "separate", "new", "other", "individual"}


# A request's words before what it asks for ("Could it show", "can you include", "It should
# show").
ASKED = re.compile(
    r"(?i)^(?:(?:could|can|would|will) (?:it|you|we|this|the video|they)"
    r"|(?:it|this|the video|each video) (?:should|must|could|can|will|would)) "
    r"(?:please )?(?:show|include|list|feature|have|add|mention|say) "
)


# Words that join a phrase to the one before it ("trains and buses", "with promo codes").
JOINED_ON = re.compile(r"(?:\b(?:and|plus|with|including|showing|then)|[&+])\s*$", re.I)


# Which one of two dates of a name it is ("the date of the visit, the date of the next visit");
# a count named again is the same one ("visits, and how their visits compare to last summer").
WHICH_ONE = re.compile(r"\b(next|last|previous|first|upcoming|final)\b", re.IGNORECASE)


def _which_one(quantity: Quantity, phrase: str) -> Quantity:
    """A date named as one before it, told apart by the word that says which one ("Next visit
    date"); as it was when the phrase says none, or for any other kind (then it is the one
    before it)."""
    which = WHICH_ONE.search(phrase)
    word = which.group(1).lower() if which and quantity.kind == "date" else ""
    if not word or word in quantity.key.split("_"):
        return quantity
    first = quantity.label[:1].lower() if quantity.label[1:2].islower() else quantity.label[:1]
    label = f"{word.capitalize()} {first}{quantity.label[1:]}"  # "NPS" stays as written
    return replace(quantity, key=f"{word}_{quantity.key}", label=label)


def quantities(prompt: str) -> list[Quantity]:
    """The quantities a prompt names, in the order it names them, one per slot key."""
    text = unquoted(prompt)
    currency = currency_of(text)
    cut = []
    for pos, phrase in both_in(phrases(text)):  # "the fee and the bonus (both in kina)"
        if place_named(text, pos, phrase) or given_amount(text, pos, phrase):  # "(95 dollars)"
            continue
        asked = ASKED.match(phrase := now_dropped(phrase))  # "could it show how many ..."
        cut.append((pos + asked.end(), phrase[asked.end() :]) if asked else (pos, phrase))
    noted = any(currency_note(p) for _, p in cut)  # "all amounts in HKD"
    read = [_not_done(pos, p, currency, noted) or _quantity(pos, p, currency, noted)
            for pos, p in ((pos, own_figure(discounted(p))) for pos, p in cut)]  # fmt: skip
    ranks_within(read, cut, text)  # "their position overall and in their age group"
    for i, (pos, phrase) in enumerate(cut):
        # things named alone in a list beside a measure are one too ("races won, crashes");
        # not the parts of one in parentheses ("what they spent (food, drinks)"), nor words
        # joined to the phrase before ("hours on trains and buses", "saved with promo codes")
        beside = any(q is not None for q in read[max(0, i - 1) : i + 2])
        inside = text[:pos].count("(") > text[:pos].count(")")
        if read[i] is None and beside and not inside and not JOINED_ON.search(text[:pos]):
            read[i] = listed(pos, words(phrase))
    paid = next((q for q in read if q is not None and q.kind == "money"), None)
    for i, (pos, phrase) in enumerate(cut):  # "the total" beside amounts: theirs, summed
        if read[i] is None and paid is not None and total_alone(phrase):
            read[i] = replace(paid, key="total", label="Total", position=pos)
    # what is said about the recipient in words, where nothing else read the phrase
    read = [q or attribute(pos, p, text[:pos]) for (pos, p), q in zip(cut, read, strict=True)]
    found: list[Quantity] = []
    for (pos, phrase), quantity in zip(cut, read, strict=True):
        if quantity is not None and any(q.key == quantity.key for q in found):
            quantity = _which_one(quantity, phrase)  # "the date of the next visit"
        if quantity is not None and all(q.key != quantity.key for q in found):
            label = acronyms(quantity.label, text)
            found.append(replace(quantity, label=label, end=pos + len(phrase)))
    return found
