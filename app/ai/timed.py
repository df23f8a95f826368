"""Readings of time in a phrase (app/ai/quantities.py calls them): a date ("the date of their
next checkup", "when their next cleaning is booked", the deadline), a length of time
("finishing time in minutes", "how long they waited") and a time since something ("days since
the last visit")."""

from __future__ import annotations

import re

from app.ai import regex
from app.ai.counts import UNIT_NAMES, UNITS, done, things
from app.ai.phrases import NAME_ENDS, STOP, content_words, key_label, lead_words
from app.ai.quantity import Quantity

# "<measure> time" is a duration ("finishing time", "response time"), but not these.
NOT_TIMED = {"on", "first", "last", "next", "same", "any", "real", "full", "part", "spare",
             "free", "long", "great", "good", "quality", "one", "every", "some"}  # fmt: skip
# The most something day ("busiest day"): a date, unless it is measured in units of time.
SUPERLATIVE_DAY = (
    r"\b([a-z]+iest|[a-z]{2,}est|best|worst) day"
    r"(?= (?:of|this|last|so far|yet|ever|and|with|for|at|on)\b|\s*[,;:.!?)\n]|\s*$)"
)
MOST_DONE_DAY = (
    r"\bthe day (?:of the [a-z]+ )?(?:they|you|we|he|she|i)(?:'ve| have| had)? [a-z]+"
    r"(?: [a-z]+)? (?:the )?most\b"
)
# Verbs that say something happens on a day ("the day payments go out").
HAPPENS = (
    r"(?:go|goes|went|come|comes|came|arrive|arrives|arrived|land|lands|landed|start|starts"
    r"|started|open|opens|opened|close|closes|closed|end|ends|ended|begin|begins|began|ship"
    r"|ships|shipped|leave|leaves|left|reach|reaches|reached|are|were|will|get|gets|got)"
)
# A date: named, or when something is booked, starts or ends ("when their next cleaning is
# booked"), is paid or arrives ("when the next bonus gets paid out", "when their refund
# arrives"), or when something will happen ("when the parcel will arrive", "when it'll ship").
DATED = re.compile(
    r"\bdate\b|\bexpir(es|y|ation|ing)\b|\bdeadline\b|\bdue\b|\bjoined\b|\bwhen (?:[a-z']+ )"
    r"{1,4}(?:booked|scheduled|planned|starts?|begins?|ends?|renews?|opens?|closes?|happens?"
    r"|arrives?|pays? out|(?:is|are|gets?) paid)\b"
    r"|\bwhen (?:(?:[a-z']+ ){1,4}(?:will|(?:is|are) going to)|[a-z]+'ll) [a-z]+"
    # the one day that was the most something ("their busiest day of the year"; not "their
    # longest day in hours", "their best day's sales")...
    rf"|{SUPERLATIVE_DAY}"
    # ...or the day something happens ("the day payments go out", "the day they arrived";
    # not "the day trips they took", "the day pass")
    r"|\bthe day (?:(?:they|you|we|he|she|it|i)\b|(?:their|your|our|his|her|its) [a-z]+"
    rf"|[a-z]+s {HAPPENS}\b)"
    # ...or of a period on which someone did the most ("the day of the month they sold the
    # most": their best day; not "the day of the week they prefer")
    rf"|{MOST_DONE_DAY}"
)

# A number of units of time ("how many days", "the number of weeks until the lease ends",
# "days left before it is due") is a length of time, not the date it counts to.
_UNITS = r"(?:seconds|minutes|hours|days|nights|weeks|months|years)"
TIME_COUNTED = re.compile(rf"\b(?:how many|number of) (?:[a-z]+ )?{_UNITS}\b")
COUNTDOWN = re.compile(rf"\b({_UNITS})(?: left| remaining)? (?:until|till|til|before)\b")
# Units of time of something ("years of service", "hours of training completed"): the time
# spent at it, named by it ("Service years", "Training hours"), whatever was done with it.
UNITS_OF = re.compile(
    rf"^(?:(?:the|their|your|his|her|total) )*({_UNITS}) of "
    r"(?!(?:the|their|your|our|his|her|its|a|an|this|that|all|each)\b)([a-z]+)(?: [a-z]+)?$"
)
# Units of time in, on or at one thing ("weeks in the programme", "years at the company",
# "months on the team"): the time spent there, though its word may name what a video is;
# not the video itself ("the days in the recap").
UNITS_IN = re.compile(
    rf"^(?:(?:the|their|your|his|her|total) )*{_UNITS} (?:in|on|at) (?:the|their|your|our) "
    r"(?!(?:video|clip|recap|report|review|update|statement|summary|newsletter|card)$)([a-z]+)$"
)
# Units of time of something left ("days of paid leave left this year", "hours of credit
# remaining"): the time left of it, named by it ("Paid leave left").
UNITS_LEFT = re.compile(
    rf"^(?:(?:the|their|your|his|her|total) )*({_UNITS}) of "
    r"(?!(?:the|their|your|our|his|her|its|a|an|this|that|all|each)\b)((?:[a-z-]+ ){0,2}[a-z-]+)"
    r" (left|remaining)(?: (?:this|for the|in the) (?:year|month|week|quarter|term|season))?$"
)
# Units of time as something ("years as a member"): how long they have been it ("Member for").
UNITS_AS = re.compile(
    rf"^(?:(?:the|their|your|his|her|total) )*({_UNITS}) as (?:an? |the |our )?([a-z]+)$"
)
# Things someone joined ("field trips joined", "the clubs they've joined") are counted; the
# one joining is dated ("the date they joined", "when they joined").
JOINED = re.compile(
    r"\b([a-z]+) (?:(?:they|you|we|he|she|i)(?:'ve|'d)? |(?:their|your|our|his|her|my) [a-z]+ )?"
    r"(?:have |has |had )?joined\b"
)


# Which things are due, needed or still to come ("which vaccines are due", "which forms are
# still missing"): the things, said in words, not when.
WHICH_DUE = re.compile(
    r"^which ((?:[a-z-]+ ){0,2}[a-z-]+) (?:is|are) (?:still |now |next |soon )?"
    r"(due|overdue|needed|required|outstanding|missing|pending)$"
)


def dated(text: str) -> bool:
    """Whether the phrase names a date: a date's word before any number of units of time
    ("the date 30 days before it expires"; "the number of days until it is due" counts days),
    and not after things joined ("field trips joined"), nor which things are due."""
    if WHICH_DUE.match(text):  # "which vaccines are due": the vaccines (app/ai/attributes.py)
        return False
    date_word, counted = DATED.search(text), COUNTDOWN.search(text) or TIME_COUNTED.search(text)
    if not date_word or counted and counted.start() < date_word.start():
        return False
    joined = JOINED.search(text)
    return not (joined and things(joined.group(1)) and not regex.search(r"\b(?:date|when)\b", text))


# What happens on a date, as a noun ("the date the lease ends": "Lease end date"), and words
# that say which one, not what ("current", "upcoming").
EVENTS = {"ends": "end", "starts": "start", "begins": "start", "renews": "renewal",
          "expires": "expiry", "opens": "opening", "closes": "closing", "arrives": "arrival",
          "launches": "launch", "finishes": "finish", "lapses": "end", "matures": "maturity",
          "reopens": "reopening", "resets": "reset", "paid": "payment"}  # fmt: skip
# ...said first, bare after a modal or with no thing named ("the date it should land", "the
# date it ends"); after a thing named ("when the refund will land") the thing names the date.
FIRST_EVENTS = {**EVENTS, "land": "arrival", "lands": "arrival", "arrive": "arrival",
                "end": "end", "start": "start", "begin": "start", "renew": "renewal",
                "expire": "expiry", "open": "opening", "close": "closing",
                "launch": "launch"}  # fmt: skip
MODALS = {"should", "will", "would", "could", "might", "may", "must", "shall", "can"}
# ...and phrasal verbs that say one of them ("the date their pass runs out": "Pass end date").
PHRASAL_EVENTS = re.compile(r"\b(?:runs? out|wraps? up|winds? down)\b|\b(kicks? off)\b")
WHICH = {"current", "upcoming", "final", "original", "planned", "expected", "scheduled"}
# How long someone has been something ("how long they've been a member": "Member for").
BEEN = re.compile(
    r"\bhow long (?:[a-z]+'?[a-z]* ){1,2}?(?:been|being) (?:(?:an?|the|our|your) )?"
    r"([a-z]+)"
)
# A share: "%", "percent", "win rate", "ratio".
PERCENT = re.compile(r"%|\b(?:percent|percentage|rate|ratio)\b")


def dated_first(text: str) -> bool:
    """Whether the phrase is a date before it is a share: its date word comes before any
    percent word ("the date of their next rate review"), and it names no amount."""
    dated, share = DATED.search(text), PERCENT.search(text)
    amount = regex.search(r"\b(amount|how much)\b", text)
    return bool(dated and not amount and (share is None or dated.start() < share.start()))


def duration(pos: int, tokens: list[str], phrase: str) -> Quantity | None:
    """A length of time: "finishing time in minutes", "runway in months", "average response
    time", "time spent on calls", "how long they waited" (a unit named after "in", else
    minutes)."""
    text = " ".join(tokens)
    unit = regex.search(r"\bin (" + "|".join(UNIT_NAMES) + r")\b", text)
    timed = regex.search(r"\b([a-z]+) (time|duration)\b", text)
    timed_ok = timed is not None and timed.group(1) not in STOP | NOT_TIMED or spent_time(text)
    if not (unit or timed_ok or regex.search(r"\bhow long\b", text)):
        return None
    name = unit.group(1) if unit else "minutes" if timed_ok else "days"
    plural = UNIT_NAMES[name]
    if "since" in tokens:
        return since(pos, plural, phrase)
    been = BEEN.search(text)
    if regex.search(
        r"\bhow long\b.* been(?: with (?:us|me|them|him|her))?$", text
    ):  # "how long she's been (with us)"
        key, label = "time_with_us", "Time with us"
        return Quantity("duration", key, label, "", UNITS[plural], plural, position=pos)
    if been and been.group(1) not in STOP | NAME_ENDS:  # "how long they've been a member"
        key, label = key_label([been.group(1), "for"])
        return Quantity("duration", key.removesuffix("_for") + "_time", label, "",
                        UNITS[plural], plural, position=pos)  # fmt: skip
    if taken := TAKEN.search(text):  # "how long the work will take": "Work duration"
        key, label = key_label([*taken.group(1).split()[-2:], "duration"])
        return Quantity("duration", key, label, "", UNITS[plural], plural, position=pos)
    skip = {"long", "average", "avg", *UNIT_NAMES}
    content = [t for t in lead_words(tokens) if (t.split("'")[0] not in STOP or t == "time")
               and t not in skip and not t.isdigit()]  # fmt: skip
    if not content:
        return _time_where(pos, tokens, plural)
    average = "average" in tokens or "avg" in tokens
    # a time is named as one ("their best 2k erg time": "Best 2k time", not "Best 2k")
    named = content[:2] + (["time"] if "time" in content[2:] else [])
    key, label = key_label((["average"] if average else []) + named)
    return Quantity("duration", key, label, "", UNITS[plural], plural, position=pos)


# How long a thing takes or took ("how long the work will take", "how long the repair took"):
# how long the thing lasts ("Work duration"), not what it does.
TAKEN = re.compile(
    r"\bhow long (?:the |their |your |our |each )((?:[a-z-]+ )??[a-z-]+)"
    r" (?:will |would |should |is going to |is likely to )?(?:take|takes|took|lasts?|lasted)\b"
)


# Where someone was, said after how long they were there ("in the water", "on stage").
WHERE = {"in", "on", "at", "under", "aboard", "onboard", "inside", "outside", "underwater"}


def _time_where(pos: int, tokens: list[str], plural: str) -> Quantity | None:
    """How long someone was somewhere, the phrase naming only where ("how long they were in
    the water": "Time in water", "how long she was on stage": "Time on stage"); None when it
    names nowhere."""
    at = next((i for i, t in enumerate(tokens) if t in WHERE and "long" in tokens[:i]), None)
    place = content_words(tokens[at + 1 :], set())[:2] if at is not None else []
    if at is None or not place:
        return None
    key, label = key_label(["time", tokens[at], *place])
    return Quantity("duration", key, label, "", UNITS[plural], plural, position=pos)


def units_of(pos: int, text: str) -> Quantity | None:
    """Units of time spent at something ("years of service", "hours of training completed"):
    a duration named by what it was spent at ("Service years", "Training hours")."""
    role = UNITS_AS.match(text)
    if role and role.group(2) not in STOP:  # "years as a member": "Member for"
        key, label = key_label([role.group(2), "for"])
        unit = role.group(1)
        return Quantity("duration", key.removesuffix("_for") + "_time", label, "", UNITS[unit],
                        unit, position=pos)  # fmt: skip
    left = UNITS_LEFT.match(text)
    if left:  # "days of paid leave left this year": "Paid leave left"
        unit, thing = left.group(1), left.group(2).split()[-2:]
        key, label = key_label([*thing, left.group(3)])
        return Quantity("duration", key, label, "", UNITS[unit], unit, position=pos)
    found = UNITS_OF.match(text)
    if not found or found.group(2) in STOP:
        return None
    unit, thing = found.group(1), found.group(2)
    key, label = key_label([thing, unit])
    return Quantity("duration", key, label, "", UNITS[unit], unit, position=pos)


def countdown(pos: int, text: str) -> Quantity | None:
    """Units of time left until something ("weeks left until it is paid off", "days before
    the deadline"): the time to go."""
    found = COUNTDOWN.search(text)
    if not found:
        return None
    unit = found.group(1)
    return Quantity("duration", f"{unit}_to_go", f"{unit.capitalize()} to go", "", UNITS[unit],
                    unit, position=pos)  # fmt: skip


def spent_time(text: str) -> bool:
    """Whether the phrase names time by what was done with it or by its total ("time spent
    in traffic", "total time on hold"), which "spent" does not make money."""
    after = regex.search(r"\btime ([a-z]+)", text)
    return bool(after and done(after.group(1)) or regex.search(r"\b(?:total|overall) time\b", text))


def _one(things: str) -> str:
    """One of the things ("payments": "payment", "bonuses": "bonus", "deliveries": "delivery")."""
    if things.endswith("ies"):
        return things[:-3] + "y"
    return things[:-2] if regex.search(r"(?:s|x|z|ch|sh)es$", things) else things[:-1]


def _day(pos: int, text: str) -> Quantity | None:
    """The day that was the most something ("their busiest day of the year": "Busiest day") or
    on which things happen ("the day payments go out": "Payment day"); None for others."""
    most = regex.search(SUPERLATIVE_DAY, text)
    if most is None and regex.search(MOST_DONE_DAY, text):
        return Quantity("date", "best_day", "Best day", position=pos)
    things_on = regex.search(rf"\bthe day ([a-z]+s) {HAPPENS}\b", text)
    noun = most.group(1) if most else _one(things_on.group(1)) if things_on else None
    if noun is None or noun in STOP:
        return None
    return Quantity("date", f"{noun}_day", f"{noun.capitalize()} day", position=pos)


def date(pos: int, tokens: list[str], phrase: str = "") -> Quantity:
    text, written = " ".join(tokens), " ".join(phrase.lower().split())
    day = None if "date" in tokens else _day(pos, written)
    if day is not None:
        return day
    if "joined" in tokens or "join" in tokens:
        return Quantity("date", "join_date", "Member since", position=pos)
    # "the date of their first session": "First session date" (a first or last one is that)
    of = regex.search(
        r"\bdate (?:and time )?of (?:(?:the|their|your|our|his|her|next) )*((?:first|last) )?"
        r"([a-z]+(?:-[a-z]+)?)(?: ([a-z]+))?",
        written,
    )
    before = regex.search(r"\b([a-z]+(?:-[a-z]+)?) date\b", written) or regex.search(
        r"\b([a-z]+) date\b", text
    )
    if of:  # "the date of their next rate review": up to two words of what it is
        noun = " ".join(w.strip() for w in of.groups() if w and w not in STOP | NAME_ENDS)
    elif before and before.group(1) not in STOP:
        noun = before.group(1)
        # an event's word says what of ("the warranty end date": "Warranty end date")
        of_what = regex.search(rf"\b([a-z]+) {noun} date\b", written)
        if noun in EVENTS.values() and of_what and of_what.group(1) not in STOP | NAME_ENDS:
            noun = f"{of_what.group(1)} {noun}"
    elif "due" in tokens:  # "the date their next oil change is due"
        return Quantity("date", "due_date", "Due date", position=pos)
    else:  # "the date the current lease ends": "Lease end date"
        said = PHRASAL_EVENTS.sub(lambda m: "starts" if m.group(1) else "ends", " ".join(tokens))
        content = content_words(said.split(), {"date", "day", "when", "get", "gets", *WHICH})
        content = [w for w in content if w not in MODALS]  # "the date it should land"
        if content and content[0] in FIRST_EVENTS:  # "the date it should land": "Arrival date"
            noun = FIRST_EVENTS[content[0]]
            return Quantity("date", f"{noun}_date", f"{noun.capitalize()} date", position=pos)
        at = next((i for i, w in enumerate(content) if i and w in EVENTS), 0)
        if not at and regex.search(r"\bdeadline", text):  # "the deadline to send them"
            named = regex.search(r"\b([a-z]+(?: bird)?) deadline", text)  # "renewal deadline"
            noun = named.group(1) if named and named.group(1) not in STOP else ""
            key = regex.sub(r"[^a-z0-9]+", "_", f"{noun} deadline".strip())
            return Quantity("date", key, f"{noun} deadline".strip().capitalize(), position=pos)
        if not at and regex.search(r"\bexpir", text):
            return Quantity("date", "expiry_date", "Expires on", position=pos)
        noun = f"{content[at - 1]} {EVENTS[content[at]]}" if at else (content or ["key"])[0]
        if not at and len(content) > 1 and done(content[0]):
            noun = " ".join(content[1:3])  # "the date they passed their driving test"
    key = regex.sub(r"[^a-z0-9_]", "", noun.replace(" ", "_"))
    return Quantity("date", f"{key}_date", f"{noun[:1].upper()}{noun[1:]} date", position=pos)


def since(pos: int, unit: str, phrase: str) -> Quantity:
    """A time since something: "days since the last visit", "how long it's been since their
    last x-ray" (a hyphenated word kept whole)."""
    after = regex.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", phrase.lower().split("since", 1)[1])
    thing = content_words(after, set())
    key = f"{unit}_since_{regex.sub(r'[^a-z0-9]', '', thing[0])}" if thing else f"{unit}_since"
    last = " your last" if "last" in after else ""
    label = f"{unit.capitalize()} since{last} {thing[0]}" if thing else unit.capitalize()
    return Quantity("duration", key, label, "", UNITS[unit], unit, position=pos)
