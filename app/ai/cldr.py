"""Currencies the hand-written table (app/ai/currencies.py) has no row for, read from CLDR
through Babel: every currency some country uses today, by its English name ("Armenian drams",
"Paraguayan guaranis"), its unit with the name of its country's language ("Lao kip") or the
unit as written there ("guaraníes"), its country's name or an adjective English makes of it
("Guyana dollars", "Guyanese dollars": CLDR writes "Guyanaese"), and by its ISO code written
in capitals where only a currency can stand ("(AMD)", "in AMD"). A name two currencies have,
one by its country's adjective and the other only by a language spoken in its country, is the
first's ("Somali shillings": Somalia's; Somali is spoken in Kenya too). Any currency, the
table's too, is also named by its country's two-letter code before its unit or "$" ("NZ
dollars", "AU$").

A unit named alone ("drams", "guaranis") is read when no other currency has it nor a form of
it ("dinars", "dollars", "manat" need their country; "bolivianos" only begin like "bolívares")
and it is no English word or name; one that is ("kip",
"dram", "mark", "real", "gold", "quetzal", "córdoba") is read only in lower case where nothing
but a currency can stand ("what they earned in kip", "(kip)"), as "won" and "lari" are, or
as the money someone saved, spent or earned where the text names its country ("the lempiras
they've saved" for riders in Tegucigalpa).

The sign shown is the one of the currency's own country (its CLDR locale: "֏" for AMD, "₲",
"₭", "₼"); where that is only its code, a letter sign of a script the video may not set or
read left to right (Arabic), or a bare "$", the prefixed sign CLDR gives elsewhere ("BZ$"),
else the code. Built once, at the first prompt that needs it."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import defaultdict

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.localedata import locale_identifiers
from babel.numbers import get_currency_name

from app.ai import regex
from app.ai.countries import country_names, named_places

# Units that are also English words or names (or, "gold", a thing): read only where nothing but
# a currency can stand, and in lower case.
ORDINARY = frozenset({
    "kip", "kips", "dram", "drams", "mark", "marks", "real", "reals", "gold", "quetzal",
    "quetzals", "boliviano", "bolivianos", "bolívar", "bolívars", "bolivar", "bolivars",
    "córdoba", "córdobas", "cordoba", "cordobas", "balboa", "balboas", "lempira", "lempiras",
    "escudo", "escudos", "afghani", "afghanis", "leone", "leones", "florin", "florins",
    "dobra", "dobras", "som", "soms", "lev", "leu", "lek", "tala", "pula", "pulas", "loti",
    "lotis", "kina", "vatu", "vatus", "riel", "riels", "gourde", "gourdes", "pataca", "patacas",
    "sol", "rand", "won", "pound", "pounds", "dollar", "dollars", "franc", "francs", "peso",
    "pesos", "crown", "crowns", "rupee", "rupees", "dinar", "dinars", "shilling", "shillings",
})  # fmt: skip
BARE_AT = r"\(({names})\)|\bin ({names})(?=\s*(?:[,;:.!?)\n]|$|and\b|or\b|plus\b))"
# ...or as the money someone saved, spent or earned ("the lempiras they've saved", "the kina
# she put aside"; not "the marks they earned" where no country of the unit is named).
SPENT = (
    r"(?:saved|spent|earned|made|paid(?: in| out)?|donated|gave|given|raised|invested|sent"
    r"|received|collected|won|pledged|contributed|banked|(?:put|set) (?:aside|away|by)"
    r"|topped up)"
)
HELD_AT = r"\bthe ({names}) (?:they|you|we|he|she|i)(?:['’](?:ve|d)| have| had)? " + SPENT + r"\b"
CODE_AT = r"\(([A-Z]{3})\)|\bin ([A-Z]{3})\b"
# A country's two-letter code before a currency's unit ("NZ dollars") or "$" ("AU$", "nz$").
ABBREVIATION = re.compile(r"(?<![A-Za-z])(?:([A-Z]{2}) ([a-z]+)\b|([A-Za-z]{2})\$)")
# Codes that are English words too, never read as a code here ("in ALL", "(TOP)").
CODE_WORDS = frozenset({"ALL", "TOP", "CUP", "MOP", "BAM", "SOS", "MAD", "GEL"})


def _ordinary(unit: str) -> bool:
    """Whether a unit, or the singular its "s" is added to, is an English word or name."""
    return any(u in ORDINARY or fold(u) in ORDINARY for u in {unit, unit.removesuffix("s")})


def fold(text: str) -> str:
    """The text without its accents ("guaraníes": "guaranies")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


# Letters like an apostrophe a name may be written with ("paʻanga", CLDR's): a prompt writes
# them as an apostrophe, straight or curly ("pa'anga", "pa’anga").
APOSTROPHES = re.compile(r"[ʻʼ’']")


def spellings(name: str) -> set[str]:
    """The name as CLDR writes it, without its accents, with either apostrophe, and with its
    unit spelled the other English way after its country."""
    forms = {name, fold(name)}
    forms |= {APOSTROPHES.sub(mark, f) for f in forms for mark in "'’"}
    return forms | {o for f in forms for o in other_spelling(f)}


# Units English spells two ways ("rubles", CLDR's, and "roubles"; "rials" and "riyals"): a
# currency named with its country is named so in either ("Belarusian roubles", "Omani riyals");
# the unit alone keeps the one it is written in.
SPELLED_BOTH = (("ruble", "rouble"), ("rial", "riyal"))


def other_spelling(name: str) -> set[str]:
    """The name of a currency with its country ("belarusian rubles"), its unit spelled the
    other English way ("belarusian roubles"); nothing for a unit alone."""
    *country, unit = name.split(" ")
    out = set()
    for one, other in (*SPELLED_BOTH, *((b, a) for a, b in SPELLED_BOTH)):
        if country and unit.startswith(one) and unit[len(one) :] in ("", "s"):
            out.add(" ".join([*country, other + unit[len(one) :]]))
    return out


def _current() -> dict[str, list[str]]:
    """Each currency some country uses today, with those countries (its own first)."""
    out: dict[str, list[str]] = defaultdict(list)
    for territory, rows in get_global("territory_currencies").items():
        for code, _start, end, tender in rows:
            if end is None and tender:
                out[code].append(territory)
    return {code: sorted(ts, key=lambda t: t != code[:2]) for code, ts in out.items()}


def _locale(territory: str) -> Locale | None:
    try:
        return Locale.parse(f"und_{territory}")
    except (UnknownLocaleError, ValueError):
        return None


def _readable(sign: str) -> bool:
    """Whether a video sets the sign as it is read: signs, Latin or Cyrillic letters."""
    return all(not c.isalpha() or unicodedata.name(c, "").startswith(("LATIN", "CYRILLIC"))
               for c in sign)  # fmt: skip


@functools.cache
def _prefixes() -> dict[str, dict[str, int]]:
    """The signs with letters before "$" ("BZ$", "JM$") CLDR's locales give each currency, with
    how many give each."""
    seen: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for name in locale_identifiers():
        for code, sign in Locale.parse(name).currency_symbols.items():
            if regex.fullmatch(r"[A-Z][A-Za-z]{0,2}\$", sign):
                seen[code][sign] += 1
    return seen


def _prefixed(code: str) -> str:
    """A dollar's or peso's sign with its country's letters before "$" ("BZ$"), else the code."""
    signs = _prefixes().get(code, {})
    return max(signs, key=lambda s: signs[s]) if signs else code


def _symbol(sign: str) -> bool:
    """Whether the sign is a currency sign of its own ("֏", "₲"), read wherever it is written."""
    return sign != "$" and all(unicodedata.category(c) == "Sc" for c in sign)


def _sign(code: str, territories: list[str]) -> str:
    locale = _locale(territories[0])
    sign = (locale.currency_symbols.get(code) or "") if locale else ""
    sign = sign.strip("\u200b\u200e\u200f ")
    if sign == "$":
        return _prefixed(code)
    return sign if sign and sign != code and _readable(sign) else code


def _names(code: str, territories: list[str]) -> tuple[set[str], set[str], set[str]]:
    """(names of the currency with its country, units it is named by alone, the names of the
    first made only with a language spoken there: "Somali shillings" for Kenya's)."""
    english = {get_currency_name(code, n, "en").lower() for n in (1, 2)}
    english.add(Locale("en").currencies.get(code, code).lower())
    english |= _own_english(code, territories[0])
    units = {name.split()[-1] for name in english}
    units |= _plural(get_currency_name(code, 1, "en").lower().split()[-1])
    adjectives = {name.rsplit(" ", 1)[0] for name in english if " " in name}
    languages = set()
    for name in [n for n in locale_identifiers() if n.endswith(f"_{territories[0]}")]:
        languages.add(Locale("en").languages.get(Locale.parse(name).language, "").lower())
        for n in (1, 2):  # the unit as its country writes it ("guaraníes")
            words = get_currency_name(code, n, name).lower().split()
            units |= {w for w in words for u in list(units) if w != u and _same_root(w, u)}
    units -= {w for a in adjectives | languages for w in a.split()}  # not "Sierra Leonean"
    adjectives |= country_names(territories[0])
    own = english | {f"{a} {u}" for a in adjectives if a for u in units}
    own |= _unplaced(english, territories[0])
    spoken = {f"{a} {u}" for a in languages if a for u in units} - own
    return own | spoken, units, spoken


def _own_english(code: str, territory: str) -> set[str]:
    """The currency's names in the English of its own country, where CLDR has it ("Lesotho
    maloti" in en_LS, where "en" writes "Lesotho lotis")."""
    if f"en_{territory}" not in locale_identifiers():
        return set()
    return {get_currency_name(code, n, f"en_{territory}").lower() for n in (1, 2)}


def _plural(unit: str) -> set[str]:
    """The plural English makes of a unit by its "s", where CLDR writes another or none
    ("denars": CLDR's "denari"; "florins": CLDR's "florin")."""
    return {unit + "s"} if unit.isalpha() and unit[-1] not in "sxz" else set()


def _unplaced(english: set[str], territory: str) -> set[str]:
    """A name that is its country's name, a word that qualifies the unit and the unit, without
    the country ("Bosnia-Herzegovina Convertible Mark": "convertible mark"), as people name it
    where the country is clear; not a name whose first words are no country's name as written
    ("South Sudanese Pound", "Papua New Guinean Kina")."""

    def plain(place: str) -> str:
        return " ".join(w for w in regex.split(r"[\s&-]+", place) if w not in ("and", ""))

    countries = {plain(c) for c in country_names(territory)}
    out = set()
    for words in (name.split() for name in english):
        if len(words) > 2 and plain(" ".join(words[:-2])) in countries:
            out.add(" ".join(words[-2:]))
    return out


def _same_root(word: str, unit: str) -> bool:
    return word.isalpha() and _readable(word) and fold(word)[:5] == fold(unit)[:5]


def _forms(one: str, other: str) -> bool:
    """Whether two units are forms of one word ("manat", "manats", "manatı"; "bolivar",
    "bolívares"): they differ only in the last letter of the shorter and what follows it, so
    two words that only begin alike ("boliviano", "bolívar") are not."""
    a, b = fold(one), fold(other)
    same = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    return same >= 4 and same >= min(len(a), len(b)) - 1 or a == b


def _roots(alone: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each unit with the currencies any form of it names."""
    return {u: set().union(*(c for v, c in alone.items() if _forms(u, v))) for u in alone}


@functools.cache
def _all_names() -> dict[str, tuple[set[str], set[str], set[str]]]:
    return {code: _names(code, territories) for code, territories in _current().items()}


@functools.cache
def lookup(known: frozenset[str], taken: frozenset[str]) -> tuple[dict[str, str], ...]:
    """(name read anywhere: code, unit read only where a currency can stand: code, code: sign,
    code: what a script says after an amount) of the currencies whose codes are not `known`;
    names `taken` by the table are left to it."""
    full: dict[str, set[str]] = defaultdict(set)
    own: dict[str, set[str]] = defaultdict(set)  # ...by a name not made with a language's
    alone: dict[str, set[str]] = defaultdict(set)
    signs: dict[str, str] = {}
    spoken: dict[str, str] = {}
    for code, territories in _current().items():
        names, units, by_language = _all_names()[code]
        said = {f for n in by_language for f in spellings(n)}
        for name in {f for n in names for f in spellings(n)}:
            full[name].add(code)
            if name not in said:
                own[name].add(code)
        for unit in {f for u in units for f in spellings(u)}:
            alone[unit].add(code)
        if code not in known:
            signs[code] = _sign(code, territories)
            spoken[code] = get_currency_name(code, 2, "en").split()[-1].lower()
    # a name several currencies have is the one whose country's own name it is ("Somali
    # shillings": Somalia's; Kenya's only by a language spoken there)
    anywhere = {n: next(iter(c if len(c) == 1 else own[n])) for n, c in full.items()
                if 1 in (len(c), len(own[n])) and n not in taken}  # fmt: skip
    bare = {}
    roots = _roots(alone)  # "manat", "manats": two countries' units
    for unit, codes in alone.items():
        if len(roots[unit]) == 1 and unit not in taken and unit not in anywhere:
            (bare if _ordinary(unit) else anywhere)[unit] = next(iter(codes))
    unknown = set(signs)
    return (
        {n: c for n, c in anywhere.items() if c in unknown},
        {n: c for n, c in bare.items() if c in unknown},
        signs,
        spoken,
    )


@functools.cache
def _patterns(known: frozenset[str], taken: frozenset[str]) -> tuple[re.Pattern[str], ...]:
    anywhere, bare, signs, _ = lookup(known, taken)

    def either(names: dict[str, str]) -> str:
        return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) or "(?!)"

    return (
        re.compile(rf"(?<![a-z])({either(anywhere)})(?![a-z])"),
        re.compile(BARE_AT.format(names=either(bare))),
        re.compile(CODE_AT),
        re.compile(HELD_AT.format(names=either(bare))),
    )


def named(text: str, known: frozenset[str], taken: frozenset[str]) -> list[tuple[int, str, str]]:
    """(where, code, sign) of each currency outside the table the text names; a code as
    written is shown as written."""
    anywhere, bare, signs, _ = lookup(known, taken)
    names, bare_at, code_at, held_at = _patterns(known, taken)
    lower = text.lower()
    out = [(m.start(), anywhere[m.group(1)]) for m in names.finditer(lower)]
    for m in bare_at.finditer(lower):
        at = m.start(m.lastindex or 0)
        if text[at].islower():
            out.append((at, bare[m.group(m.lastindex or 0)]))
    held = [(m.start(1), bare[m.group(1)]) for m in held_at.finditer(lower)]
    there = named_places(text) if held else set()
    out += [(at, code) for at, code in held if text[at].islower() and set(_current()[code]) & there]
    shared = {sign for sign in signs.values() if list(signs.values()).count(sign) > 1}
    out += [
        (m.start(), code)
        for code, sign in signs.items()
        if _symbol(sign) and sign not in shared
        for m in regex.finditer(re.escape(sign), text)
    ]  # a sign of its own, as written ("₲120,000")
    found = [(at, code, signs[code]) for at, code in out]
    for m in code_at.finditer(text):
        if (code := m.group(m.lastindex or 0)) in signs and code not in CODE_WORDS:
            found.append((m.start(m.lastindex or 0), code, code))
    return found


def spoken(code_or_sign: str, known: frozenset[str], taken: frozenset[str]) -> str | None:
    """What a script says after an amount shown with the currency's code or sign."""
    _, _, signs, said = lookup(known, taken)
    return next((said[c] for c, s in signs.items() if code_or_sign in (c, s)), None)


@functools.cache
def _by_country() -> dict[str, dict[str, set[str]]]:
    """Each country's two-letter code (and CLDR's aliases of one: "UK" for "GB") with the
    currencies of its own it uses today and the units that name each."""
    out: dict[str, dict[str, set[str]]] = defaultdict(dict)
    for code, territories in _current().items():
        units = _all_names()[code][1] | {
            get_currency_name(code, n, "en").split()[-1].lower() for n in (1, 2)
        }
        out[territories[0]][code] = units  # its own country ("TV dollars" are nobody's)
    for alias, territories in get_global("territory_aliases").items():
        if len(alias) == 2 and len(territories) == 1 and alias not in out:
            out[alias] = out.get(territories[0], {})
    return out


def abbreviated(text: str, signs: dict[str, str]) -> list[tuple[int, str]]:
    """(where, code) of each currency named by its country's two-letter code in capitals
    before its unit ("NZ dollars", "HK dollars", "UK pounds") or, in any case, before "$"
    ("AU$", "nz$"): the currency of that country with that unit; a sign of those letters and
    "$" (`signs`, code: sign, "EC$") names its own currency first ("EC dollars")."""
    units = {code: held for by in _by_country().values() for code, held in by.items()}
    out = []
    for m in ABBREVIATION.finditer(text):
        letters, unit = (m.group(1) or m.group(3)).upper(), m.group(2) or "$"
        dollars = {"dollar", "dollars", "peso", "pesos"} if unit == "$" else {unit}
        own = [c for c, sign in signs.items() if sign.upper() == f"{letters}$"]
        held = _by_country().get(letters, {})
        codes = [c for c in own if dollars & units.get(c, set())] or [
            c for c, named in held.items() if dollars & named
        ]
        if len(codes) == 1:
            out.append((m.start(), codes[0]))
    return out


def units(known: frozenset[str], taken: frozenset[str]) -> frozenset[str]:
    """Every word that names a currency outside the table by itself, whether alone or only
    where a currency can stand, or that several currencies share ("drams", "kina",
    "shillings")."""
    anywhere, bare, _, _ = lookup(known, taken)
    return frozenset({*anywhere, *bare, *_shared(taken)})


# Units several currencies are named by that the table places itself (pesos: PESO_PLACES in
# app/ai/currencies.py).
PLACED_ELSEWHERE = frozenset({"peso", "pesos"})


@functools.cache
def _shared(taken: frozenset[str]) -> dict[str, set[str]]:
    """Units several currencies of today are named by alone ("kwacha": Zambia's and Malawi's;
    "dinars", "shillings"), each with those currencies; the table's names (`taken`) are left
    to it."""
    alone: dict[str, set[str]] = defaultdict(set)
    for code in _current():
        for unit in _all_names()[code][1]:
            alone[unit].add(code)
            alone[fold(unit)].add(code)
    roots = _roots(alone)
    return {u: roots[u] for u in alone
            if len(roots[u]) > 1 and u not in taken and u not in PLACED_ELSEWHERE}  # fmt: skip


def placed(text: str, taken: frozenset[str]) -> list[tuple[int, str]]:
    """(where, code) of each unit several currencies share, named alone in a text that names,
    written with a capital, the country or a city of just one of them ("their commission in
    kwacha" for agents "across Lusaka": ZMW; "shillings" in Nairobi: KES). A unit that is an
    English word too is read only where nothing but a currency can stand, as named() reads
    it; with no such place, or places of several, nothing is read."""
    shared = _shared(taken)
    lower = text.lower()
    named = named_places(text)
    if not named or not shared:
        return []
    ordinary = "|".join(re.escape(u) for u in shared if _ordinary(u))
    plain = "|".join(re.escape(u) for u in shared if not _ordinary(u))
    hits = [
        (m.start(1), m.group(1)) for m in regex.finditer(rf"(?<![a-z])({plain})(?![a-z])", lower)
    ]
    hits += [(m.start(m.lastindex or 0), m.group(m.lastindex or 0)) for at in (BARE_AT, HELD_AT)
             for m in regex.finditer(at.format(names=ordinary), lower)]  # fmt: skip
    out = []
    for at, unit in hits:
        codes = [c for c in shared[unit] if set(_current()[c]) & named]
        if len(codes) == 1:
            out.append((at, codes[0]))
    return out
