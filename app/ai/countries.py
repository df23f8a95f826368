"""The countries and places CLDR names, read through Babel: how English names a country before
its currency's unit ("Guyana dollars", "Guyanese dollars"), and the countries a text names by
name or by a city ("Zambia", "Lusaka"), for app/ai/cldr.py's currencies."""

from __future__ import annotations

import functools
import re

from babel import Locale
from babel.core import get_global

from app.ai import regex


def country_names(territory: str) -> set[str]:
    """How English names the country before its currency's unit: its name ("Guyana dollars",
    "Bosnia and Herzegovina marks", "Burma kyat") and, for a name of one word, the adjectives
    English makes of it ("Guyanese", "Bermudian", "Belizean", "Kyrgyzstani"), which CLDR's
    own adjective may spell otherwise ("Guyanaese", "Bermudan", "Belize")."""
    name = Locale("en").territories.get(territory, "").lower().replace("&", "and")
    name = regex.split(r" - | sar ", name)[0]  # "Congo - Kinshasa", "Hong Kong SAR China"
    names = {n.strip() for n in regex.split(r"[()]", name) if n.strip()}  # "Myanmar (Burma)"
    names |= {n.replace("st. ", "saint ") for n in names}
    made = set()
    for n in (n for n in names if " " not in n and len(n) >= 4):
        if n[-1] in "aeiouy":
            made |= {n + "n", n + "an", *(n[:-1] + end for end in ("an", "ian", "ese", "i"))}
        else:
            made |= {n + end for end in ("an", "ian", "ese", "i")}
    return names | made


@functools.cache
def places() -> tuple[dict[str, str], re.Pattern[str]]:
    """Places a text may name, each with its country's two-letter code: a country by its
    English name or an adjective of it ("Zambia", "Zambian") and the cities time zones are
    named by ("Lusaka", "Port of Spain", "Kuwait"); and a pattern that finds them."""
    out: dict[str, str] = {}
    for territory in Locale("en").territories:
        if len(territory) == 2 and territory.isalpha():
            for name in country_names(territory):
                out.setdefault(name, territory)
    for zone, territory in get_global("zone_territories").items():
        city = zone.rsplit("/", 1)[-1].replace("_", " ").lower()
        if "/" in zone and len(city) > 3:
            out.setdefault(city, territory)
    names = "|".join(re.escape(n) for n in sorted(out, key=len, reverse=True))
    return out, re.compile(rf"(?<![a-z])({names})(?![a-z])")


def named_places(text: str) -> set[str]:
    """The two-letter codes of the countries the text names, with a capital, by name or by a
    city (places)."""
    named, pattern = places()
    return {named[m.group(1)] for m in pattern.finditer(text.lower()) if text[m.start()].isupper()}
