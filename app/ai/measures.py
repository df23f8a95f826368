"""The words that say how a count is measured, read by app/ai/quantities.py: the nouns
counted as such ("seats", "visits"), what was done with things ("pages turned", "exhibitions
seen", "the events they attended", not "categories ranked"), who did it, what leads a count
("average steps", "active users") and the units of measure a count is named in ("tonnes of
CO2 avoided", "distance in kilometres"; "pounds of food" is a weight, not the currency)."""

from __future__ import annotations

import re

# Nouns a prompt counts by naming them ("seats", "visits"); things a scene shows are counted
# only when something marks them as a count ("books read", "how many books").
COUNT_NOUNS = ("seats", "users", "customers", "members", "visits", "orders", "workouts",
               "downloads", "citations", "papers", "meals", "invoices", "deals", "homes",
               "points", "steps", "kilometers", "kilometres", "km", "miles", "trees", "students",
               "tickets", "reviews", "sessions", "classes", "lessons", "streams", "views",
               "followers", "likes", "messages", "calls", "projects", "tasks", "nps", "donors",
               "volunteers", "families", "patients", "rides", "trips", "flights", "books",
               "songs", "games", "goals", "wins", "runs", "purchases", "transactions",
               "subscribers", "signups", "leads", "referrals", "shipments", "deliveries",
               "items", "products", "attendees", "participants", "children", "people",
               "animals", "mileage", "hours", "minutes", "days", "weeks", "months",
               "nights")  # fmt: skip
SHOWN_AS_SCENES = {"books", "photos", "milestones"}
# Words after a counted noun that name the measure with it ("days ahead", "spots left").
STATES = {"ahead", "early", "late", "behind", "left", "remaining", "overdue", "saved"}
# Plural nouns a scene shows as such (a map, photos), never counted by the "<things> <done>"
# reading of an unmarked phrase.
SHOWN_AS_PLACES = {"countries", "regions", "locations", "places", "cities", "pictures",
                   "images", "quotes", "steps", "categories", "segments", "channels"}  # fmt: skip
# Participles of work done on each of things a scene would show ("camera photos they tagged",
# "the old books they rebound"): the work is counted, the things are not shown (not places:
# MAPPED).
WORKED_ON = {"tagged", "labelled", "labeled", "catalogued", "cataloged", "classified",
             "identified", "scanned", "digitised", "digitized", "restored", "repaired",
             "mended", "rebound", "transcribed", "annotated", "captioned", "archived",
             "indexed", "retouched", "edited", "reviewed", "checked", "verified"}  # fmt: skip
# Places a map shows, whatever was done to them ("the regions we restored").
MAPPED = {"countries", "regions", "locations", "places", "cities"}
# Participles that say how things are shown, not what was done ("categories ranked").
SHOWN_VERBS = {"ranked", "listed", "sorted", "compared", "named", "shown", "featured",
               "highlighted", "included", "mentioned", "selected", "mapped"}  # fmt: skip
# Irregular participles of things done ("exhibitions seen", "fish caught", "arrows shot"); not
# those that are as often nouns or other words ("set", "cost", "left", "ground", "bit").
IRREGULAR = ("seen", "taken", "done", "driven", "ridden", "flown", "grown", "eaten", "sent",
             "bought", "caught", "found", "held", "kept", "met", "told", "gotten", "brought",
             "sung", "swum", "drawn", "thrown", "worn", "chosen", "spoken", "lost", "heard",
             "fed", "led", "won", "hit", "climbed", "given", "shot", "cut", "dug", "spun",
             "struck", "fought", "sought", "hung", "stuck", "stung", "swung", "flung", "strung",
             "sunk", "shrunk", "drunk", "begun", "rung", "sprung", "woven", "sewn", "sown",
             "mown", "blown", "known", "broken", "frozen", "stolen", "torn", "sworn", "beaten",
             "bitten", "hidden", "shaken", "forgotten", "forgiven", "risen", "fallen", "woken",
             "proven", "slept", "swept", "wept", "dealt", "lent", "bent", "burnt", "learnt",
             "spilt", "dreamt", "knelt", "leapt", "bled", "bred", "fled", "sped", "laid", "lit",
             "split", "slid", "withdrawn", "overtaken", "undertaken", "rewritten")  # fmt: skip
# Words before a counted noun that still name the count ("average steps per day").
COUNT_LEADS = {"average", "avg", "daily", "weekly", "monthly", "total", "active", "unique",
               "returning", "repeat", "paying", "registered", "enrolled", "current"}  # fmt: skip
PARTICIPLES = {"gave": "given", "give": "given", "served": "served", "paid": "paid",
               "placed": "placed", "watched": "watched", "studied": "studied", "sold": "sold",
               "closed": "closed", "traveled": "traveled", "travelled": "travelled",
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
               "wove": "woven", "broke": "broken", "froze": "frozen", "stole": "stolen",
               "tore": "torn", "wore": "worn", "hid": "hidden", "shook": "shaken",
               "sank": "sunk", "drank": "drunk", "began": "begun", "spoke": "spoken",
               "blew": "blown", "knew": "known", "forgot": "forgotten", "swore": "sworn",
               "rang": "rung", "sprang": "sprung", "shrank": "shrunk", "woke": "woken",
               **{p: p for p in IRREGULAR}}  # fmt: skip
# Units of measure a count is named in ("tonnes of CO2 avoided"; units of time are durations).
# Speeds first ("km/h" is read as "km h", before "km"), then lengths, weights, volumes,
# temperatures ("the warmest day in °C") and concentrations ("the radon level (ppm)", a
# reading of what is measured, named by the thing read).
MEASURES = ("kilometres per hour", "kilometers per hour", "miles per hour", "km h", "kph",
            "mph", "knot", "kilowatt hour", "megawatt hour", "kwh", "mwh", "tonne", "ton",
            "kilogram", "kg", "kilo", "gram", "pound", "lb", "litre", "liter", "millilitre",
            "milliliter", "ml", "gallon", "mile", "kilometre", "kilometer", "km", "centimetre",
            "centimeter", "cm", "millimetre", "millimeter", "mm", "metre", "meter", "inches",
            "inch", "feet", "foot", "yard", "acre", "hectare", "gigabyte", "gb", "terabyte",
            "tb", "°c", "°f", "degrees celsius", "degrees fahrenheit", "celsius",
            "fahrenheit", "parts per million", "parts per billion", "ppm", "ppb",
            "kilocalorie", "kcal", "kilojoule", "kj")  # fmt: skip
# Words that say which of a unit's kind it is ("nautical miles", "square metres", "cubic
# feet"): the unit with them is a unit as the one alone is, and named so.
UNIT_KINDS = ("nautical", "square", "cubic", "sq")
KIND_OF_UNIT = r"(?:(?:" + "|".join(UNIT_KINDS) + r") )?"
MEASURED = re.compile(r"\b(" + KIND_OF_UNIT + "(?:" + "|".join(MEASURES) + r")s?) of ([a-z0-9 ]+)")
# ...or after "in" ("electricity used in kWh"), where pounds are the currency.
MEASURED_IN = re.compile(
    r"^([a-z0-9 ]+?) in (" + KIND_OF_UNIT + "(?:"
    + "|".join(u for u in MEASURES if u not in ("pound", "lb"))
    + r")s?)\b"
)  # fmt: skip
# "pounds of food" is a weight, not the currency, as is "the price per pound".
WEIGHED = re.compile(r"\b(?:pounds?|lbs?) of\b|\bper (?:pound|lb)\b", re.IGNORECASE)
# Skills named by what someone did with them ("the skills they've improved", "skills she
# learned this term") are what a profile shows, as "the books they borrowed" are a shelf;
# "skills learned", "how many skills" are counted.
PROFILED = re.compile(
    r"^(?:(?:the|their|your|his|her|our|my) )?(?:[a-z]+ )?skills (?:that |which )?"
    r"(?:they|you|we|he|she|i)\b"
)
# What a measure is named by, said with no unit ("their top speed", "the coldest temperature
# they faced", "the altitude of the observatory"): a count of it, as one said in a unit is.
MEASURED_AS = {"distance", "speed", "temperature", "altitude", "elevation", "height", "depth",
               "weight", "width"}  # fmt: skip
# Who did what was done in a relative clause ("the events they attended").
DOERS = {"they", "you", "we", "he", "she", "i"}
# ...or named, after whose they are ("the clubs their daughter joined", "rides your son took").
WHOSE = {"their", "your", "our", "his", "her", "my"}
# Verbs that say only that they took part in the things ("the tours they went on", "the
# classes we came to"): the things are named alone.
TOOK_PART = {"went", "came", "did"}
