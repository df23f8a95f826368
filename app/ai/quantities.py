"""Quantities a prompt names and their kinds: money ("how much each gave", "revenue", "in
euros"), counts ("how many visits", "the number of meals", "seats"), percentages ("win rate",
"in percent"), durations ("hours studied", "days since"), dates ("the date they joined"),
the recipient's rank ("class rank", "how you compare") and ranked lists ("top 5 genres").

Each becomes a typed slot (key, label, type) and a place in a scene: a stat card with its
currency symbol or unit, a percentile gauge, ranked bars. Labels are the composer's own short
words for the measure (at most three), never a phrase copied from the prompt."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from app.ai.counts import (
    UNIT_NAMES,
    UNITS,
    done,
    led_count,
    measure,
    things,
    things_done,
    things_of,
    time_unit,
    times_done,
    unit_led,
)
from app.ai.measures import (
    COUNT_NOUNS,
    DOERS,
    MEASURED,
    MEASURED_IN,
    PARTICIPLES,
    SHOWN_AS_SCENES,
    STATES,
    WEIGHED,
)
from app.ai.phrases import QUOTED, phrases, unquoted, words

__all__ = ["QUOTED", "Quantity", "currency_of", "quantities", "unquoted", "words"]

QuantityKind = Literal["money", "count", "percent", "duration", "date", "rank", "top"]


@dataclass(frozen=True)
class Currency:
    symbol: str
    spoken: str  # how a script names it after the amount ("dollars")


CURRENCIES: tuple[tuple[tuple[str, ...], Currency], ...] = (
    (("€", "euro", "euros", "eur"), Currency("€", "euros")),
    (("£", "pound", "pounds", "gbp", "sterling"), Currency("£", "pounds")),
    (("¥", "yen", "jpy"), Currency("¥", "yen")),
    (("r$", "reais", "real"), Currency("R$", "reais")),
)
DOLLAR = Currency("$", "dollars")
CURRENCY_WORDS = {n for names, _ in CURRENCIES for n in names} | {"dollar", "dollars", "usd"}


@dataclass(frozen=True)
class Quantity:
    kind: QuantityKind
    key: str  # the proposed slot's key
    label: str  # the stat card's label (at most three words)
    prefix: str = ""  # shown before the value ("$")
    suffix: str = ""  # shown after it ("%", " h")
    spoken: str = ""  # said after the value in a script ("dollars", "hours", "percent")
    top: int = 0  # how many a ranked list shows (top N)
    position: int = 0  # where the prompt names it
    end: int = 0  # where the phrase that names it ends

    @property
    def slot_type(self) -> str:
        return {"date": "date", "top": "array"}.get(self.kind, "number")


NUMBER_WORDS = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "ten": 10}
# "<measure> time" is a duration ("finishing time", "response time"), but not these.
NOT_TIMED = {"on", "first", "last", "next", "same", "any", "real", "full", "part", "spare",
             "free", "long", "great", "good", "quality", "one", "every", "some"}  # fmt: skip
# Words that end a measure's name: "donations spent on projects" is named "Donations spent".
NAME_ENDS = {"on", "in", "for", "per", "by", "from", "to", "with", "at", "as", "versus", "vs",
             "against", "since", "across", "during", "compared", "than"}  # fmt: skip
MONEY_WORDS = ("revenue", "amount", "owed", "owe", "balance", "refund", "deposit", "bill",
               "tuition", "rent", "payment", "payments", "given", "gave", "dividend",
               "dividends", "bonus", "earned", "earnings", "earn",
               "income", "saved", "savings", "spent",
               "spend", "spending", "donated", "raised", "sales", "salary", "profit", "budget",
               "price", "cost", "costs", "fees", "commission", "payout", "value", "worth",
               "arr", "mrr", "money", "dollars", "gift", "gifts", "contribution")  # fmt: skip
# Money words that name the amount themselves (the rest need "how much" or a currency).
MONEY_NOUNS = {"revenue": ("revenue", "Revenue"), "sales": ("sales", "Sales"),
               "earnings": ("amount_earned", "Earned"), "income": ("income", "Income"),
               "savings": ("amount_saved", "You saved"), "salary": ("salary", "Salary"),
               "profit": ("profit", "Profit"), "budget": ("budget", "Budget"),
               "arr": ("arr", "ARR"), "mrr": ("mrr", "MRR"), "raised": ("amount_raised", "Raised"),
               "value": ("estimated_value", "Estimated value"),
               "worth": ("estimated_value", "Estimated value"),
               "refund": ("refund", "Refund"), "deposit": ("deposit", "Deposit"),
               "bill": ("bill", "Bill"), "tuition": ("tuition", "Tuition"),
               "rent": ("rent", "Rent"), "balance": ("balance", "Balance"),
               "dividend": ("dividend", "Dividend"), "dividends": ("dividends", "Dividends"),
               "bonus": ("bonus", "Bonus")}  # fmt: skip
MONEY_VERBS = {"gave": ("amount_given", "You gave"), "give": ("amount_given", "You gave"),
               "given": ("amount_given", "You gave"), "donated": ("amount_given", "You gave"),
               "contributed": ("amount_given", "You gave"), "earned": ("amount_earned", "Earned"),
               "saved": ("amount_saved", "You saved"), "spent": ("amount_spent", "Spent"),
               "raised": ("amount_raised", "Raised"), "paid": ("amount_paid", "Paid"),
               "invested": ("amount_invested", "Invested"), "sold": ("sales", "Sales"),
               "won": ("amount_won", "Won"), "owed": ("amount_owed", "Amount owed"),
               "owe": ("amount_owed", "Amount owed")}  # fmt: skip
# Money verbs and nouns that name an amount without "how much" or a currency.
SELF_MONEY = {"raised", "earned", "saved", "spent", "donated", "owed", "owe", "given", "gave"}
RANK_PHRASES = ("rank", "ranking among", "class rank", "percentile", "how you compare",
                "compared to other", "compare to other", "compared with other", "standing",
                "ahead of", "among peers", "place among", "place in", "position in",
                "position among", "placing in", "placing among", "finishing position",
                "how they compare", "how she compares", "how he compares", "position overall",
                "place overall", "placing overall", "overall position", "overall place",
                "overall placing", "overall ranking", "overall standing")  # fmt: skip
# Where the recipient ended up is a rank, whatever it names ("where they finished on the
# club leaderboard").
RANK_WHERE = re.compile(
    r"\bwhere (?:they|you|he|she|we) (?:finished|placed|ended up|stand|landed|came|ranked)\b"
)
# How something ranks, stacks up or measures up against others is the recipient's rank ("how
# their score ranks among other teams").
RANK_VERB = re.compile(
    r"\b(?:ranks|ranked|ranking|stacks? up|measures? up) (?:against|among|alongside|next to)\b"
    r"|\bhow (?:[a-z']+ ){1,3}(?:ranks|stacks up|measures up)\b"
)
# A phrase naming what the video is (not a measure in it) is not read as a quantity unless
# something marks it as one ("how many", "number of", "%").
GENRES = {"report", "review", "recap", "video", "update", "statement", "reminder", "summary",
          "newsletter", "team", "program", "programme", "app", "service", "company", "agent",
          "clinic", "leaderboard", "announcement", "spotlight", "card", "style", "wrapped",
          "tone", "link", "button", "call", "quote", "map", "photo", "photos", "poll",
          "timeline", "badge", "logo", "breakdown", "comparison", "offsite", "event"}  # fmt: skip
STOP = {"a", "an", "the", "their", "your", "our", "his", "her", "its", "my", "each", "every",
        "of", "them", "they", "we", "you", "he", "she", "it", "this", "that", "these", "those",
        "year", "month", "week", "quarter", "today", "together", "nearby", "so", "far", "to",
        "for", "in", "on", "at", "by", "with", "from", "all", "total", "how", "many", "much",
        "number", "amount", "and", "or", "did", "do", "does", "has", "have", "had", "is", "are",
        "was", "were", "be", "been", "as", "per", "who", "what", "which", "since", "last",
        "past", "next", "new", "there", "us", "me", "him", "one", "ones", "time", "times",
        "key", "some", "any", "also", "plus", "showing", "including", "about", "over", "into",
        "up", "out", "s", "show", "tell", "give", "both", "than", "more"}  # fmt: skip
# A date: named, or when something is booked, starts or ends ("when their next cleaning is
# booked").
DATED = re.compile(
    r"\bdate\b|\bexpir(es|y|ation|ing)\b|\bdeadline\b|\bdue\b|\bjoined\b|\bwhen (?:[a-z']+ )"
    r"{1,4}(?:booked|scheduled|planned|starts?|begins?|ends?|renews?|opens?|closes?|happens?)\b"
)


def currency_of(text: str) -> Currency:
    """The currency a prompt names ("in euros", "£"), dollars when none."""
    text = WEIGHED.sub(" ", text)
    found = set(words(text)) | {c for c in text if c in "€£¥"}
    for names, currency in CURRENCIES:
        if any(n in found for n in names) or (currency.symbol == "R$" and "r$" in text.lower()):
            return currency
    return DOLLAR


def _content(tokens: list[str], drop: set[str]) -> list[str]:
    """The content words: no stop word (nor one contracted: "it's", "they've"), no number,
    no possessive (whose it is: "their car's current mileage" names the mileage)."""
    return [t for t in tokens if t.split("'")[0] not in STOP and t not in drop
            and not t.isdigit() and not t.endswith("'s")]  # fmt: skip


def _name(parts: list[str], limit: int = 3) -> tuple[str, str]:
    """(key, label) from content words: ["meals", "served"] -> ("meals_served", "Meals served")."""
    parts = [PARTICIPLES.get(p, p) if i else p for i, p in enumerate(parts[:limit])]
    key = "_".join(re.sub(r"[^a-z0-9]", "", p) for p in parts if p not in ("%", "$", "€", "£"))
    label = " ".join(parts)
    label = "NPS" if label == "nps" else label[:1].upper() + label[1:]
    return key.strip("_"), label


def _money(pos: int, tokens: list[str], currency: Currency, cue: bool) -> Quantity | None:
    # "hours given", "hours saved" are time, not money, unless something says money.
    counted = any(t in COUNT_NOUNS for t in tokens)
    for t in tokens:
        if t in MONEY_VERBS and (cue or (t in SELF_MONEY and not counted)):
            key, label = MONEY_VERBS[t]
            return Quantity("money", key, label, currency.symbol, "", currency.spoken, 0, pos)
    content = _content(_lead(tokens), {"percent", "euros", "dollars", "pounds", "money"})
    for t in tokens:
        if t in MONEY_NOUNS and not (t == "balance" and counted):
            key, label = MONEY_NOUNS[t]
            if t in ("value", "worth") and content[:2] == ["estimated", t]:
                key, label = "estimated_value", "Estimated value"
            return Quantity("money", key, label, currency.symbol, "", currency.spoken, 0, pos)
    # "the amount still owed" (not "the amount of waste")
    if not cue and not counted and re.search(r"\bamount\b(?! of)", " ".join(tokens)):
        cue = True
    if not cue:
        return None
    key, label = _name(content[:2]) if content else ("amount", "Amount")
    key = key if key.startswith("amount") or not content else f"{key}_amount"
    return Quantity("money", key or "amount", label, currency.symbol, "", currency.spoken, 0, pos)


def _quantity(pos: int, phrase: str, currency: Currency) -> Quantity | None:
    tokens = words(phrase)
    if not tokens:
        return None
    text = " ".join(tokens)
    marked = bool(re.search(r"\bhow (many|much|long)\b|\bnumber of\b|\btotal\b|%|\bpercent", text))
    ranked = RANK_WHERE.search(text) or RANK_VERB.search(text)
    if _genre(tokens) and not marked and not ranked and "date" not in tokens:
        return None
    top = re.search(r"\btop (\d+|" + "|".join(NUMBER_WORDS) + r") ([a-z]+(?: [a-z]+)?)", text)
    if top:
        n = int(top.group(1)) if top.group(1).isdigit() else NUMBER_WORDS[top.group(1)]
        noun = [w for w in top.group(2).split() if w not in STOP and w not in ("by",)][:1]
        key = f"top_{noun[0]}" if noun else "top_items"
        return Quantity("top", key, f"Top {n}", top=max(2, min(8, n)), position=pos)
    on_time = re.search(r"\b(ahead of|behind) (the )?(schedule|time|plan|deadline|target)", text)
    named = any(re.search(rf"\b{re.escape(p)}\b", text) for p in RANK_PHRASES)
    if ranked or named and not on_time:
        return Quantity("rank", "percentile", "Percentile", position=pos)
    if "%" in phrase or re.search(r"\b(percent|percentage|rate|ratio)\b", text):
        content = _content(_lead(tokens), {"percent", "percentage", "%", "rose", "grew", "rise"})
        if re.search(r"\b(rose|grew|rise|growth|increase|increased|went up|change)\b", text):
            content = ["growth"]
        key, label = _name(content[:3]) if content else ("share", "Share")
        key = key if key.endswith(("rate", "ratio")) else f"{key}_percent"
        return Quantity("percent", key, label, "", "%", "percent", position=pos)
    if DATED.search(text) and not re.search(r"\b(amount|how much)\b", text):
        return _date(pos, tokens, phrase)
    timed = _duration(pos, tokens, phrase) or _measured(pos, tokens, phrase)
    if timed is not None:
        return timed
    cue = _money_cue(text, tokens, phrase)
    if cue or cue is False and set(tokens) & set(MONEY_WORDS):
        found = _money(pos, tokens, currency, bool(cue))
        if found:
            return found
    return _count(pos, tokens, marked, phrase)


# "what they paid" asks for an amount as "how much they paid" does.
WHAT_PAID = re.compile(r"\bwhat (?:they|you|we|he|she|i) (?:" + "|".join(MONEY_VERBS) + r")\b")


def _money_cue(text: str, tokens: list[str], phrase: str) -> bool | None:
    """True when the phrase says it is an amount ("how much", "what they paid", a currency),
    None when it says it is a count and names no currency ("how many times they've donated",
    "the number of lives saved"), else False (a money word may still name one)."""
    if any(w in CURRENCY_WORDS for w in tokens) or "$" in phrase or WHAT_PAID.search(text):
        return True
    if re.search(r"\bhow much\b", text):
        return not re.search(r"\bhow much (time|longer|more time)\b", text)
    return None if re.search(r"\bhow many\b|\bnumber of\b", text) else False


def _genre(tokens: list[str]) -> bool:
    """Whether the phrase names what the video is ("a usage video for customers"); a genre's
    word before a counted noun names the thing counted ("call minutes")."""
    after = [*tokens[1:], ""]
    return any(t in GENRES and n not in COUNT_NOUNS for t, n in zip(tokens, after, strict=True))


def _lead(tokens: list[str]) -> list[str]:
    """The words that name a measure: up to the first word that ends its name ("donations
    spent on projects" -> "donations spent") once a content word has come."""
    for i, t in enumerate(tokens):
        if t in NAME_ENDS and _content(tokens[:i], set()):
            return tokens[:i]
    return tokens


def _duration(pos: int, tokens: list[str], phrase: str) -> Quantity | None:
    """A length of time: "finishing time in minutes", "runway in months", "average response
    time", "how long they waited" (a unit named after "in", else minutes)."""
    text = " ".join(tokens)
    unit = re.search(r"\bin (" + "|".join(UNIT_NAMES) + r")\b", text)
    timed = re.search(r"\b([a-z]+) (time|duration)\b", text)
    timed_ok = timed is not None and timed.group(1) not in STOP | NOT_TIMED
    if not (unit or timed_ok or re.search(r"\bhow long\b", text)):
        return None
    name = unit.group(1) if unit else "minutes" if timed_ok else "days"
    plural = UNIT_NAMES[name]
    if "since" in tokens:
        return _since(pos, plural, phrase)
    skip = {"long", "average", "avg", *UNIT_NAMES}
    content = [t for t in _lead(tokens) if (t not in STOP or t == "time") and t not in skip
               and not t.isdigit()]  # fmt: skip
    if not content:
        return None
    average = "average" in tokens or "avg" in tokens
    key, label = _name((["average"] if average else []) + content[:2])
    return Quantity("duration", key, label, "", UNITS[plural], plural, position=pos)


def _measured(pos: int, tokens: list[str], phrase: str) -> Quantity | None:
    """A count in a unit of measure: "tonnes of CO2 avoided", "litres of water saved",
    "distance ridden in kilometres" is named by the thing and what was done with it, the unit
    said after the value."""
    text = " ".join(tokens)
    if found := MEASURED.search(text):
        unit, named = found.group(1), found.group(2)
    elif found := MEASURED_IN.search(text):
        unit, named = found.group(2), found.group(1)
    thing = _content(_lead(named.split()), set()) if found else []
    if not thing:
        return None
    key, _ = _name(thing[:2])
    label = _headed(_as_written(key.split("_"), phrase))
    unit = _as_written(unit.split(), phrase)
    return Quantity("count", key, f"{label} ({unit})", spoken=unit, position=pos)


def _as_written(parts: list[str], phrase: str) -> str:
    """Words as the prompt writes them when it puts capitals inside one ("CO2", "kWh"),
    else lower case."""
    written = {w.lower(): w for w in re.findall(r"[A-Za-z0-9]+", phrase)}
    shown = (written.get(p, p) for p in parts)
    return " ".join(w if w[1:] != w[1:].lower() else w.lower() for w in shown)


def _headed(label: str) -> str:
    """A label with a capital first, unless its first word has capitals inside ("kWh used")."""
    first = label.split(" ", 1)[0]
    return label if first[1:] != first[1:].lower() else label[:1].upper() + label[1:]


def _date(pos: int, tokens: list[str], phrase: str = "") -> Quantity:
    text, written = " ".join(tokens), " ".join(phrase.lower().split())
    if "joined" in tokens or "join" in tokens:
        return Quantity("date", "join_date", "Member since", position=pos)
    of = re.search(
        r"\bdate of (?:(?:the|their|your|our|his|her|next|last|first) )*([a-z]+(?:-[a-z]+)?)",
        written,
    )
    before = re.search(r"\b([a-z]+(?:-[a-z]+)?) date\b", written) or re.search(
        r"\b([a-z]+) date\b", text
    )
    if of:
        noun = of.group(1)
    elif before and before.group(1) not in STOP:
        noun = before.group(1)
    elif "due" in tokens:  # "the date their next oil change is due"
        return Quantity("date", "due_date", "Due date", position=pos)
    elif re.search(r"\bexpir|\bdeadline", text):
        return Quantity("date", "expiry_date", "Expires on", position=pos)
    else:
        content = _content(tokens, {"date", "when"})
        noun = content[0] if content else "key"
    key = re.sub(r"[^a-z0-9]", "", noun)
    return Quantity("date", f"{key}_date", f"{noun[:1].upper()}{noun[1:]} date", position=pos)


def _count(pos: int, tokens: list[str], marked: bool, phrase: str) -> Quantity | None:
    text = " ".join(tokens)
    content = _content(tokens, set())
    if not content:
        return None
    numbers = re.search(r"\b([a-z]+) (?:numbers|count|counts|totals)\b", text)
    if numbers and f"{numbers.group(1)}s" in COUNT_NOUNS:
        return Quantity("count", f"{numbers.group(1)}s", f"{numbers.group(1)}s".capitalize(),
                        position=pos)  # fmt: skip
    counted = next((t for t in content if t in COUNT_NOUNS), None)
    if counted is None and things_done(content):
        counted = content[0]  # "pages turned", "episodes finished"
    done_by = _done_by(tokens)
    lead = led_count(_content(_lead(tokens), set()), counted) or done_by
    # "how many times they've donated"; "call minutes", "cups of coffee they've had on us"
    lead = times_done(text) if marked else lead or unit_led(content) or things_of(tokens)
    if lead is not None:
        key, label = _name(lead)
        unit = time_unit(lead)
        if unit and lead[0] != "times":  # "the hours they volunteered", "call minutes"
            return Quantity("duration", key, label, "", UNITS[unit], unit, position=pos)
        return Quantity("count", key, label, position=pos)
    if counted in SHOWN_AS_SCENES and not marked and not set(content) & set(PARTICIPLES):
        return None  # "their books" is a book shelf; "books read" or "how many books" a count
    # An unmarked phrase is a measure only when it is short and led by a countable noun.
    if not marked and (counted is None or content[0] != counted or len(content) > 3):
        return None
    noun = counted or content[0]
    rest = content[content.index(noun) + 1 :]
    verb = next((r for r in rest if r in PARTICIPLES or r in STATES or r.endswith("ed")), None)
    if "since" in tokens and noun in UNITS:
        return _since(pos, noun, phrase)
    key, label = _name([noun, verb] if verb else [noun])
    if measure(noun):  # "kWh charged": the unit as the prompt writes it
        label = _headed(_as_written(label.lower().split(), phrase))
    if noun in UNITS:
        return Quantity("duration", key, label, "", UNITS[noun], noun, position=pos)
    if "how much" in text and noun not in COUNT_NOUNS:
        return None
    return Quantity("count", key, label, position=pos)


def _since(pos: int, unit: str, phrase: str) -> Quantity:
    """A time since something: "days since the last visit", "how long it's been since their
    last x-ray" (a hyphenated word kept whole)."""
    after = re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", phrase.lower().split("since", 1)[1])
    thing = _content(after, set())
    key = f"{unit}_since_{re.sub(r'[^a-z0-9]', '', thing[0])}" if thing else f"{unit}_since"
    last = " your last" if "last" in after else ""
    label = f"{unit.capitalize()} since{last} {thing[0]}" if thing else unit.capitalize()
    return Quantity("duration", key, label, "", UNITS[unit], unit, position=pos)


def _done_by(tokens: list[str]) -> list[str] | None:
    """The words of "<things> they <did>" ("the brewery events they attended": the things,
    with a word before them, and what was done), None when the phrase is not one."""
    for i in range(1, len(tokens) - 1):
        if tokens[i] in DOERS and done(tokens[i + 1]):
            nouns = _content(tokens[:i], set())[-2:]
            counted = bool(nouns) and (things(nouns[-1]) or nouns[-1] in COUNT_NOUNS)
            return [*nouns, tokens[i + 1]] if counted else None
    return None


def quantities(prompt: str) -> list[Quantity]:
    """The quantities a prompt names, in the order it names them, one per slot key."""
    text = unquoted(prompt)
    currency = currency_of(text)
    found: list[Quantity] = []
    for pos, phrase in phrases(text):
        quantity = _quantity(pos, phrase, currency)
        if quantity is not None and all(q.key != quantity.key for q in found):
            found.append(replace(quantity, end=pos + len(phrase)))
    return found
