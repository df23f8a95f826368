"""Things about the recipient a prompt names that are words, not measures: "their membership
tier", "the plan they chose", "their manager's name", "the title of their talk", "the room they
spoke in", "their favourite class", and identifiers they hold ("their member number", "a
discount code", "a free-cake code"). Each becomes a text slot shown on a stat card as written
("Membership tier: Gold"), so a video shows what the prompt asked for even where no number is.

A phrase is read as one only when nothing else read it (a quantity, a kind of scene) and it is
led by whose it is ("their", "your", "his", "her", "each member's") or by "the" with what the
recipient did with it ("the plan they chose"), and its head noun is one that names an attribute
(ATTRIBUTES), or it names a favourite, the one thing used most ("the feature they used
most"), the one thing they do something with as a habit, said in the present ("the pan they
play", "the line they ride"), or the one they chose, booked or hired ("the vendor they
booked"). A person of ours who serves them, named ("our technician's name"), a person named
with what they do for them ("the name of the chef teaching them"), a list of theirs ("their
packing list", "the list of devices we'll install") and what they are to bring, get or do
("what to bring", "the gear they still need to rent") are said in words too, as is a thing of
theirs with where it is ("their seat on the plane") and the one they did something with most,
said before it ("their most-watched channel"). What the composer shows in its own place is not
one ("their name" is the recipient's, in the intro). Labels are the composer's own short words
(at most three), never a phrase copied from the prompt."""

from __future__ import annotations

import re

from app.ai import regex
from app.ai.counts import done
from app.ai.genres import WHICH_DONE
from app.ai.kinds import BY_NAME
from app.ai.phrases import KIND_WORDS
from app.ai.quantity import Quantity
from app.ai.timed import WHICH_DUE
from app.ai.worded import best_win, worded

# Head nouns that name something about the recipient that is a word or a name.
ATTRIBUTES = frozenset({
    "tier", "plan", "level", "grade", "belt", "status", "membership", "package", "bundle",
    "subscription", "edition", "team", "squad", "crew", "group", "cohort", "house", "club",
    "division", "league", "department", "role", "position", "job", "title", "name",
    "nickname", "username", "handle", "manager", "coach", "mentor", "teacher", "tutor",
    "instructor", "trainer", "guide", "buddy", "sponsor", "doctor", "advisor", "adviser",
    "agent", "contact", "class", "course", "programme", "program", "track", "module",
    "subject", "major", "specialty", "speciality", "topic", "talk", "session", "workshop",
    "room", "seat", "table", "cabin", "gate", "venue", "office", "branch", "store", "shop",
    "campus", "school", "hometown", "city", "destination", "hotel", "ship", "route", "trail",
    "category", "model", "car", "vehicle", "bike", "colour", "color", "flavour", "flavor",
    "size", "dish", "drink", "meal", "song", "album", "artist", "film", "movie", "show",
    "feature", "product", "item", "pick", "choice", "prize", "reward", "perk", "breed",
    "pet", "dog", "cat", "horse", "instrument", "code", "reference", "address",
    "location", "desk", "locker", "workstation", "spot",
    # a part of a group they belong to ("their section", "their ward", "their shift")
    "section", "unit", "troop", "patrol", "chapter", "ward", "shift", "platoon", "ensemble",
    "band", "choir", "pod", "lane", "wave", "heat",
    # what kind of a thing of theirs it is ("their shift pattern", "their account type", "the
    # make and model of their car")
    "pattern", "type", "make", "brand", "rota",
})  # fmt: skip
# Words that say whose it is.
WHOSE = r"(?:their|your|his|her|each [a-z]+'s|every [a-z]+'s|the (?:recipient|member|customer)'s)"
OWN = re.compile(rf"^{WHOSE} ((?:[a-z'-]+ ){{0,2}}[a-z'-]+)$")
# "the plan they chose", "the room they spoke in", "the feature they used most", "the team
# they're on" ("they're", "they'll", "they'd" say who as "they are" does)
DONE_WITH = re.compile(
    r"^the ((?:[a-z-]+ ){0,2}[a-z-]+) (?:that |which )?(?:they|you|he|she)"
    r"(?:'ve|'re|'ll|'d| have| had)?"
    r"((?: [a-z']+){1,4})$"
)
# "the name of their dog", "the title of their talk", "the name of their favourite barista",
# what kind of thing of theirs it is, one or two ("the make and model of their car", "the
# breed of their dog", "the colour of their bike"), its size and where it is ("the size of
# their unit", "the address of the flat")
OF_THEIRS = re.compile(
    rf"^(?:the|their) ((?:name|title)|{KIND_WORDS} and (?:the |its )?{KIND_WORDS}"
    rf"|(?:make|model|brand|colou?r|breed|type|size|address)) of (?:{WHOSE}|the)"
    r" ((?:[a-z-]+ )?[a-z-]+)$"
)
# "the talk title", "the course name", "the surveyor's name": what is named, with "the"
THE_NAMED = re.compile(r"^the ((?:[a-z'-]+ ){1,2}(?:title|name))$")
# Who made a thing of theirs, of one they chose or have ("the designer of the gown they chose",
# "the maker of their violin"): the thing's maker ("Gown designer").
MADE_BY = re.compile(
    rf"^(?:the|their) (designer|maker|architect|author|builder|artist) of (?:{WHOSE}|the)"
    r" ((?:[a-z-]+ )?[a-z-]+)(?: (?:that |which )?(?:they|you)(?:'ve| have)? [a-z]+)?$"
)
# A person who served them, named by what they did ("the technician who came out", "the nurse
# who looked after them"): that person, as "the name of the mechanic who …" is.
PERSON_WHO = re.compile(r"^(?:the|their|our) ((?:[a-z-]+ )?[a-z-]+) (?:who|that) [a-z]+")
# What we did for them, named by the work ("what we fixed", "what we replaced"): the work done.
WORK_DONE = re.compile(
    r"^what (?:we|we've|we have|our [a-z-]+) (?:fixed|repaired|replaced|serviced|installed"
    r"|treated|cleaned|changed|mended|checked|worked on)$"
)
# A person named with what they do for the recipient after them ("the name of the chef teaching
# them", "the name of the instructor who will teach them"): that person, if a person (PEOPLE).
PERSON_DOING = re.compile(
    rf"^(?:the|their) name of (?:{WHOSE}|the|our) ((?:[a-z-]+ )?[a-z-]+) (?:who|that|[a-z]+ing)\b"
)
# People named by their name: "their manager's name", "the name of their coach" is the manager,
# the coach ("the name of their dog" is the dog's name).
PEOPLE = frozenset({
    "manager", "coach", "mentor", "teacher", "tutor", "instructor", "trainer", "guide",
    "buddy", "sponsor", "doctor", "advisor", "adviser", "agent", "contact", "barista",
    "stylist", "therapist", "host", "driver", "captain", "partner", "nurse", "dentist",
    "technician", "engineer", "installer", "fitter", "electrician", "plumber", "courier",
    "rep", "representative", "consultant", "planner", "photographer", "chef", "vet",
    "hygienist", "physio", "pharmacist", "optician", "accountant", "broker", "banker",
    "lawyer", "solicitor", "inspector", "surveyor", "designer", "carer", "caregiver",
    "mechanic", "groomer", "barber", "hairdresser", "tailor", "cleaner", "receptionist",
    "concierge", "midwife", "caretaker",
})  # fmt: skip
# A person of ours who serves them, named ("our technician's name", "the name of our
# installer"): who is coming to them, as "their trainer's name" is.
OURS_NAMED = re.compile(
    r"^(?:our ((?:[a-z-]+ )?[a-z-]+)'s name|the name of our ((?:[a-z-]+ )?[a-z-]+))$"
)
# Words that make a phrase something else: a scene of its own, a number, how the video is.
NOT_ATTRIBUTE = frozenset({
    "map", "photo", "photos", "picture", "pictures", "image", "images", "pic", "pics", "shot",
    "selfie", "portrait", "headshot", "video", "clip", "quote", "quotes", "note", "notes",
    "message", "words", "letter", "story", "badge", "poll", "question", "button", "link",
    "logo", "chart", "timeline", "breakdown", "comparison", "leaderboard", "tone", "voice",
    "music", "style", "colours", "colors", "font", "fonts", "length", "number", "numbers",
    "total", "count", "amount", "date", "day", "score", "points", "rank", "ranking",
    "percentile", "progress", "stats", "statistics", "highlights", "achievements", "top",
    *(w for kind in ("photo", "map") for w in BY_NAME[kind].words if " " not in w),
})  # fmt: skip
FAVOURITE = {"favourite", "favorite", "fave", "fav", "go-to", "usual"}
# What the composer already shows in its own place, by its roles' names ("their name" is the
# recipient's, in the intro; "their company name" the logo's), and the recipient's name said
# in other words.
OWN_PLACE = frozenset({
    "name", "full_name", "first_name", "last_name", "surname", "family_name", "given_name",
    "company", "company_name", "organisation", "organization", "account_name",
    "business_name", "period", "quarter", "month", "year",
})  # fmt: skip
# Identifiers a recipient holds, shown as written, never counted: "their member number", "policy
# number", "the booking reference", "a discount code for a free smoothie", "their ticket ID".
IDENTIFIER = re.compile(
    rf"^(?:{WHOSE} |the |a |an )?((?:[a-z-]+ ){{0,2}}?[a-z-]+ (?:number|no|id|code|reference|ref"
    r"|pin))(?: (?:for|to|worth|with|on|off|at|that|which) .*)?$"
)
# What an identifier is of: the words before "number", "code" (not "the number", "a code").
IDENTIFIED = frozenset({
    "member", "membership", "policy", "order", "account", "booking", "ticket", "customer",
    "backer", "reference", "confirmation", "tracking", "seat", "room", "table", "flight",
    "invoice", "case", "claim", "student", "employee", "jersey", "shirt", "bib", "race",
    "berth", "mooring", "pitch", "plot", "stall", "slip", "kennel", "cage", "stand",
    "locker", "licence", "license", "passport", "card", "loyalty", "reservation", "patient",
    "client", "contract", "subscriber", "participant", "runner", "badge", "discount", "promo",
    "promotional", "voucher", "coupon", "gift", "referral", "access", "entry", "registration",
})  # fmt: skip
# A code named by what it gets its holder, something free ("a free-cake code", "a free drink
# code"): the words from "free" on name it.
FREE = re.compile(r"^free(?:-[a-z-]+)?$")
MOST = re.compile(r"\b(?:most|the most|most often|best|highest|the highest)$")
# What someone does with one thing as a habit, said in the present, with what it is done on or
# for ("the pan they play", "the boat they row in", "the club they play for", "the line they
# ride"): the one they do it with is theirs, as a favourite is.
HABIT = re.compile(
    r"^ (?:play|ride|drive|fly|sail|row|paddle|wear|use|speak|sing|teach|coach|lead|support"
    r"|follow|represent|run|work|captain|own)(?: (?:on|in|for|at|with|from))?$"
)
# ...or what they chose, booked or signed up for, one of many on offer ("the vendor they booked
# on the day", "the tour they picked"): the one they chose is theirs, as a favourite is.
CHOSEN = re.compile(
    r"^ (?:chose|picked|selected|booked|hired|reserved|rented|adopted|ordered|bought|joined"
    r"|opted for|went for|voted for|signed up for|enrolled in|registered for|settled on)\b"
)
# A list of things that is theirs, said in words: named by what it is for ("their packing
# list", "a kit list", "a checklist") or by what is in it ("the list of devices we'll install",
# "a list of what to bring"); and what they are to do, alone ("what to bring", "what they need
# to pack"): "Packing list", "Devices to install", "What to bring".
LIST = re.compile(
    r"^(?:the |a |an |their |your )?((?:[a-z-]+ ){0,2})(check)?list(?: of (?:the )?(.+))?$"
)
# What is in a list with what is to be done with it ("devices we'll install", "what to bring",
# "what they need to bring", "the gear they still need to rent", "what their family signed up
# to bring"), or was done ("the rooms they booked"), by whoever does it.
TO_DO = re.compile(
    r"^((?:[a-z-]+ ){0,2}?[a-z-]+) (?:(?:that |which )?(?:we|they|you|i"
    r"|(?:their|your|his|her|each|every|the) [a-z-]+)(?P<ahead>'ll| will| should| must"
    r"|'re going to|(?:'ll| will)? (?:still |also |first )?(?:need|needs|have|has|plan"
    r"|plans|want|wants|agreed|offered|promised|volunteered|signed up|are going|is going|are"
    r"|is|got) to)? "
    r"|(?P<to>to) )(?P<verb>[a-z]+)(?: [a-z' -]+)?$"
)


# Verbs of saying: what someone has to say is a quote, not a thing to do.
SAYING = frozenset({"say", "tell", "add", "write", "share"})


def _to_do(text: str, alone: bool) -> list[str]:
    """The words naming what a list holds, with what is to be done with it ("devices we'll
    install": devices to install; "what to bring"), or was done ("rooms booked"), else the
    things' list ("documents list"); alone (no list named), only what is to be done ("what to
    bring"), else none."""
    found = TO_DO.match(text)
    if found is None:
        return [] if alone else [*text.split()[-1:], "list"]  # "a list of documents"
    things, verb = found.group(1).split()[-1:], found.group("verb")
    if alone and verb in SAYING:  # "what their guide has to say" is what they said
        return []
    if found.group("ahead") or found.group("to"):
        return [*things, "to", verb]
    if alone:
        return []
    return [*things, "list" if verb in ("need", "needs", "have", "has", "get") else verb]


def _list(text: str) -> list[str]:
    """The words naming a list of theirs or what they are to do ("their packing list": packing
    list; "the list of devices we'll install": devices to install; "what to bring"), none when
    the phrase names none."""
    if text.startswith(("what ", "everything ")):  # "everything they need to bring"
        return _to_do(regex.sub(r"^everything ", "what ", text), alone=True)
    found = LIST.match(text)
    if found is None:
        return []
    if found.group(3):
        return _to_do(found.group(3), alone=False)
    named = found.group(1).split()
    if found.group(2):  # "a checklist", "their safety checklist"
        return [*named, "checklist"]
    return [*named, "list"] if named else []  # "a list" alone names nothing


# Words too vague to be a thing of theirs ("the way they play", "the time they spend").
VAGUE = frozenset({"way", "time", "thing", "stuff", "lot", "one", "part", "bit", "kind", "sort"})


def _ahead(text: str) -> list[str]:
    """The words naming things with what they are still to do with them ("the gear they still
    need to rent": gear to rent; "the forms to sign"), none for any other phrase: not what
    was done, nor a thing of theirs named by its noun ("the hotel they'll stay at" is the
    hotel), nor a vague one ("the way they need to go")."""
    if not text.startswith("the "):
        return []
    listed = _to_do(text.removeprefix("the "), alone=True)
    return listed if listed and listed[0] not in ATTRIBUTES | VAGUE else []


def _label(words: list[str]) -> list[str]:
    """The words that name it, possessives dropped: "their manager's name" is the manager,
    "their pet name" and "the title of their talk" ("talk title") are as said."""
    bare = [w.removesuffix("'s") for w in words]
    if len(bare) > 1 and bare[-1] == "name" and (words[-2].endswith("'s") or bare[-2] in PEOPLE):
        return bare[:-1]
    return bare


# What they did, said after the things they chose ("the add-ons they chose": "Add-ons chosen").
CHOSEN_AS = {"chose": "chosen", "picked": "picked", "selected": "selected"}


def _one(head: str) -> bool:
    """Whether a noun names one thing, not a list of them ("their favourite class" is one,
    "their favourite songs" several)."""
    return not head.endswith("s") or head.endswith(("ss", "us", "is"))


def _named(words: list[str], said: list[str], most: bool) -> bool:
    """Whether the words name an attribute (`said`: all the phrase's words, none of which may
    name a scene of its own or a number: "the level they reached as a badge" is a badge;
    `most`: the one thing they did it with most, "the loaf they order most", or do it with as
    a habit, "the pan they play")."""
    if not words or {w.removesuffix("'s") for w in said} & NOT_ATTRIBUTE:
        return False
    if any(w.isdigit() for w in said):
        return False
    head = words[-1].removesuffix("'s")
    one = _one(head)  # one thing, not a list of them
    favourite = words[0] in FAVOURITE and len(words) > 1
    return head in ATTRIBUTES or one and (most or favourite)


def _free_code(words: list[str]) -> list[str]:
    """The words naming a code for something free, from "free" on ("free-cake code", "free
    drink code"); none for any other."""
    if words[-1] != "code":
        return []
    at = next((i for i, w in enumerate(words[:-1]) if FREE.match(w)), None)
    return [] if at is None else words[at:]


# How an identifier's last word is shown ("their booking ref": "Booking reference").
SPELLED = {"no": "number", "ref": "reference", "id": "ID"}


def _identifier(text: str) -> list[str] | None:
    """The words naming an identifier the phrase holds ("their policy number": policy number;
    "a free-cake code": free-cake code), None when it names none."""
    found = IDENTIFIER.match(text)
    if found is None:
        return None
    said = found.group(1).split()
    named = _free_code(said) or (said[-2:] if said[-2] in IDENTIFIED else [])
    if not named:
        return None
    return [*named[:-1], SPELLED.get(named[-1], named[-1])]


# Where a thing of theirs is, said after it ("their seat on the plane", "their favourite corner
# of the garden"): no part of what it is.
WHERE_AFTER = re.compile(r" (?:of|in|on|at) (?:the|our|their|your) [a-z'-]+(?: [a-z'-]+)?$")


def _own(text: str) -> tuple[list[str], bool] | None:
    """The words naming a thing of theirs ("their section"; "their seat on the plane": seat),
    and whether it is the one they did something with most, said before it ("their
    most-watched channel": channel); a favourite of someone of theirs is a favourite ("their
    dog's favourite walk": favourite walk). None when the phrase is not one."""
    found = OWN.match(text) or OWN.match(WHERE_AFTER.sub("", text))
    if found is None:
        return None
    words = found.group(1).split()
    if len(words) > 1 and words[0].endswith("'s") and words[1] in FAVOURITE:
        return words[1:], False
    most = words[0].removeprefix("most-") if words[0].startswith("most-") else ""
    if not most and words[0] == "most" and len(words) > 2:
        most = words[1]
    if most and done(most):
        return words[1 + (words[0] == "most") :], True
    return words, False


# When something was done, said after it ("the vendor they booked on the day"): no word of
# what was done, nor a date.
ON_THE_DAY = re.compile(r" (?:on|that) (?:the )?(?:day|night|evening)$")
# A phrase cut off at "with" says what something is with ("a photo of them with their horse",
# "what they saved with their membership"), not a thing of its own; "along with" and "together
# with" join two things as "and" does.
WITH_BEFORE = re.compile(r"(?<!along )(?<!together )\bwith\s*$", re.IGNORECASE)


def _ours(text: str) -> list[str]:
    """The words naming a person of ours who serves them, with "name" ("our technician's
    name": technician name), none for any other phrase."""
    found = OURS_NAMED.match(text)
    who = (found.group(1) or found.group(2)).split() if found else []
    return [*who, "name"] if who and who[-1] in PEOPLE else []


def _served(text: str) -> list[str]:
    """The words naming who made a thing of theirs or served them, which things were done or
    the work done ("the designer of the gown they chose": gown designer; "the technician who
    came out": technician; "which pests we treated for": pests treated; "what we fixed": work
    done), each one thing said in words; none for any other phrase."""
    if found := MADE_BY.match(text):
        return [found.group(2).split()[-1], found.group(1)]
    if (found := PERSON_WHO.match(text)) and found.group(1).split()[-1] in PEOPLE:
        return found.group(1).split()[-1:]
    if found := WHICH_DONE.match(text):
        return [*found.group(1).split()[-2:], found.group(2)]
    return ["work", "done"] if WORK_DONE.match(text) else []


def _words(text: str) -> tuple[list[str], bool, bool]:
    """The words naming what is theirs (none when the phrase names nothing of theirs), whether
    it is the one they did something with most, and whether it is the one they have or do as
    a habit, chose, or are to do (each names one thing whatever its noun)."""
    if listed := _list(text):
        return listed, False, True
    if ahead := _ahead(text):
        return ahead, False, True
    if ours := _ours(text):
        return ours, False, False
    if (found := PERSON_DOING.match(text)) and found.group(1).split()[-1] in PEOPLE:
        return [*found.group(1).split(), "name"], False, False
    if (own := _own(text)) is not None:  # "their best win" is one, said in words
        return own[0], own[1], best_win(own[0])
    if found := DONE_WITH.match(text):
        words = found.group(1).split()
        chose = HABIT.match(found.group(2)) or CHOSEN.match(found.group(2))
        most = MOST.search(found.group(2)) is not None
        # several they chose among what is on offer ("the add-ons they chose", "the extras
        # they picked") are said in words with what they did: "Add-ons chosen" (which ones;
        # "the tickets they bought" are things done, counted or not, none in words)
        verb = found.group(2).strip()
        if verb in CHOSEN_AS and not _one(words[-1]) and words[-1] not in VAGUE | {"ones"}:
            return [*words, CHOSEN_AS[verb]], False, True
        return words, most, chose is not None and words[-1] not in VAGUE
    if found := OF_THEIRS.match(text):
        return [*found.group(2).split(), *found.group(1).split()], False, False
    if served := _served(text):
        return served, False, True
    if found := WHICH_DUE.match(text):  # "which vaccines are due": "Vaccines due"
        return [*found.group(1).split()[-2:], found.group(2)], False, True
    if found := THE_NAMED.match(text):
        return found.group(1).split(), False, False
    return worded(text), False, True  # app/ai/worded.py: "the name of the fabric they picked"


# A request's verb opening the phrase ("Show the address of the flat", "include their
# section"): no word of what it asks for.
SHOW = re.compile(r"^(?:please )?(?:show|include|add|list|mention|feature) (?=the |their |your )")


def attribute(pos: int, phrase: str, before: str = "") -> Quantity | None:
    """The recipient's attribute a phrase names, as a text quantity; None for any other
    (`before`: the prompt's text before the phrase)."""
    if WITH_BEFORE.search(before):
        return None
    text = " ".join(regex.findall(r"[a-z0-9'-]+", phrase.lower()))
    text = SHOW.sub("", text)  # "Show the address of the flat": the address
    if (named := _identifier(text)) is not None:
        key = regex.sub(r"[^a-z0-9]+", "_", "_".join(named).lower()).strip("_")
        label = " ".join([named[0].capitalize(), *named[1:]])
        return Quantity("text", key, label, position=pos)
    text = ON_THE_DAY.sub("", text)
    words, top, habit = _words(text)
    if not _named(words, text.split(), top or habit):
        return None
    words = _label(words)
    if words[0] in FAVOURITE:
        words = ["favourite", *words[1:]]
    elif top:
        words = ["top", *words]
    words = words[-3:]
    key = "_".join(regex.sub(r"[^a-z0-9]", "", w) for w in words).strip("_")
    if key in OWN_PLACE:
        return None
    label = " ".join(words)
    return Quantity("text", key, label[:1].upper() + label[1:], position=pos)
