"""The words that say how a count is measured, read by app/ai/quantities.py: what was done
with things ("pages turned", "exhibitions seen", "the events they attended", not "categories
ranked"), who did it, what leads a count ("average steps") and the units of measure a count is
named in ("tonnes of CO2 avoided", "pounds of food": a weight, not the currency)."""

from __future__ import annotations

import re

# Participles that say how things are shown, not what was done ("categories ranked").
SHOWN_VERBS = {"ranked", "listed", "sorted", "compared", "named", "shown", "featured",
               "highlighted", "included", "mentioned", "selected", "mapped"}  # fmt: skip
# Irregular participles of things done ("exhibitions seen", "fish caught").
IRREGULAR = ("seen", "taken", "done", "driven", "ridden", "flown", "grown", "eaten", "sent",
             "bought", "caught", "found", "held", "kept", "met", "told", "gotten", "brought",
             "sung", "swum", "drawn", "thrown", "worn", "chosen", "spoken", "lost", "heard",
             "fed", "led", "won", "hit", "climbed", "given")  # fmt: skip
# Words before a counted noun that still name the count ("average steps per day").
COUNT_LEADS = {"average", "avg", "daily", "weekly", "monthly", "total"}
PARTICIPLES = {"gave": "given", "give": "given", "served": "served", "paid": "paid",
               "placed": "placed", "watched": "watched", "studied": "studied", "sold": "sold",
               "closed": "closed", "traveled": "traveled", "travelled": "traveled",
               "visited": "visited", "read": "read", "completed": "completed",
               "finished": "finished", "won": "won", "logged": "logged", "walked": "walked",
               "ran": "run", "burned": "burned", "shipped": "shipped", "delivered": "delivered",
               "planted": "planted", "helped": "helped", "volunteered": "volunteered",
               "attended": "attended", "booked": "booked", "downloaded": "downloaded",
               "published": "published", "written": "written", "wrote": "written",
               "earned": "earned", "saved": "saved", "spent": "spent", "raised": "raised",
               "collected": "collected", "reached": "reached", "trained": "trained",
               "played": "played", "streamed": "streamed", "listened": "listened",
               "taught": "taught", "built": "built", "made": "made", "used": "used",
               "redeemed": "redeemed", "referred": "referred", "resolved": "resolved",
               "answered": "answered", "donated": "donated", "received": "received",
               "learned": "learned", "practiced": "practiced", "coded": "coded",
               "saw": "seen", "took": "taken", "drove": "driven", "rode": "ridden",
               "flew": "flown", "grew": "grown", "ate": "eaten", "swam": "swum",
               "chose": "chosen", "drew": "drawn", "threw": "thrown", "sang": "sung",
               **{p: p for p in IRREGULAR}}  # fmt: skip
# Units of measure a count is named in ("tonnes of CO2 avoided"; units of time are durations).
MEASURES = ("kilowatt hour", "megawatt hour", "kwh", "mwh", "tonne", "ton", "kilogram", "kg",
            "kilo", "gram", "pound", "lb", "litre", "liter", "gallon", "mile", "kilometre",
            "kilometer", "km", "metre", "meter", "feet", "acre", "hectare", "gigabyte", "gb",
            "terabyte", "tb")  # fmt: skip
MEASURED = re.compile(r"\b((?:" + "|".join(MEASURES) + r")s?) of ([a-z0-9 ]+)")
# "pounds of food" is a weight, not the currency.
WEIGHED = re.compile(r"\b(?:pounds?|lbs?) of\b", re.IGNORECASE)
# Who did what was done in a relative clause ("the events they attended").
DOERS = {"they", "you", "we", "he", "she", "i"}
