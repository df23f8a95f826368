"""General readings (app/ai/quantities.py calls them last): a phrase of the prompt that no
narrower reading made a quantity, and that names no scene of its own (a photo, a map, a
quote, a button), is read by its head noun and the words that modify it, and labelled with
its own words (at most three, so never four of the prompt's words in a row):

- a unit of time as its head ("billable hours on their matters", "overtime minutes") is a
  duration in that unit;
- a word for money as its head ("the late fee", "their monthly premium"), or before what it
  is of ("the price of their ticket": "Ticket price"), or an uncounted noun with what was
  done to money ("interest paid", "tax withheld") is money;
- a plural noun with what was done to them and the words before it ("pull requests
  merged", "blood units donated") is a count;
- an average, total, mean or median of something ("their average score") is a count;
- plurals that are money with what was done to them ("contributions made") are money;
- things named alone with when they were counted ("haircuts this year") are a count;
- a score or points as its head ("their top quiz-night score", "league points") is a count;
- things done somewhere, named by the place ("dives in the lake", "shifts at the till"),
  are a count of them;
- things named alone, in one or two words, in a list beside measures ("races won, podiums,
  pool visits") are a count of them (listed).

Where something finished, placed or stands ("where their club finished", "the league
standings"), or how it finished or placed, is the recipient's rank, whoever it names
(RANK_WHERE)."""

from __future__ import annotations

import re

from app.ai import regex
from app.ai.counts import NOT_KINDS, NOT_THINGS, UNIT_NAMES, UNITS, done, measure, particle, things
from app.ai.kinds import BY_NAME, KINDS, mentions
from app.ai.measures import COUNT_NOUNS, MEASURED_AS
from app.ai.phrases import content_words, key_label, lead_words
from app.ai.quantity import Currency, Quantity

# A place someone or something holds ("placing", "spot"), and what places are held on.
PLACES = (
    r"(?:place|placing|placed|position|spot|finish|finished|came|rank|ranking|standing"
    r"|rung)s?"
)
BOARDS = (
    r"(?:ladder|leaderboard|league|table|rankings?|standings|board|podium|chart|tour"
    r"|circuit|pyramid|tables|contest|competition|tournament|championship|cup|race|finals?)"
)
# Where or how something ended up, or the table it ended up in, is a rank: "where they
# finished", "where the club stands", "how their team placed in the league" (not "how many
# orders they placed"), "the league standings".
RANK_WHERE = re.compile(
    r"\bwhere (?:[a-z']+ ){0,4}?(?:finished|placed|ended up|stands?|landed|came|ranked|ranks"
    r"|sits?|sat)\b|\bstandings\b|\bleague tables?\b|\bfinishing (?:place|spot)\b"
    r"|\bhow (?!(?:many|much|long|often|soon)\b)(?:[a-z']+ ){1,4}?(?:finished|placed|ended up)\b"
    # a place out of all the others ("their final placing out of all teams", "placed 4th out
    # of 30")...
    rf"|\b{PLACES}(?: [a-z0-9']+){{0,2}} out of\b"
    # ...or on a ladder, a table, a board ("their position on the club ladder")
    rf"|\b{PLACES}(?: [a-z']+){{0,2}}? (?:on|in|at|up) (?:[a-z']+ ){{0,3}}?{BOARDS}\b"
    # ...or where someone is sitting or standing on one ("where they're sitting in the member
    # leaderboard"; not "where they're sitting tonight", a seat)
    r"|\bwhere (?:[a-z']+ ){1,3}?(?:sitting|standing) (?:on|in|at) "
    rf"(?:[a-z']+ ){{0,3}}?{BOARDS}\b"
)
# Nouns that are an amount of money whatever modifies them ("the late fee", "interest").
MONEY_HEADS = {"fee", "fees", "interest", "cost", "costs", "price", "prices", "tax", "taxes",
               "premium", "premiums", "charge", "charges", "fare", "fares", "wage", "wages",
               "pay", "payout", "payouts", "royalty", "royalties", "commission", "spend",
               "spending", "rebate", "rebates", "cashback", "subsidy", "allowance", "fines",
               "tips", "penalty", "penalties", "deductible", "excess",
               "surcharge", "levy", "dues", "pension", "stipend", "grant"}  # fmt: skip
# Plurals that are money ("donations spent").
MONEY_THINGS = MONEY_HEADS | {"donations", "gifts", "funds", "proceeds", "payments",
                              "dollars", "euros", "pounds", "earnings", "savings",
                              "contributions"}  # fmt: skip
# What is done to money ("interest paid", "tax withheld", "fees waived").
MONEY_DONE = {"paid", "spent", "earned", "owed", "charged", "saved", "invested", "billed",
              "refunded", "withheld", "waived", "reimbursed", "accrued", "deducted",
              "credited", "debited", "donated", "raised", "contributed", "claimed",
              "received", "collected", "won"}  # fmt: skip
# A share of a whole that is no money ("the share of the season their yacht spent out
# cruising", "what proportion of their trips ran late") is a percentage; of money ("their
# share of the prize pot", "a share of the profits") an amount.
SHARE = re.compile(
    r"\b(?:share|proportion|fraction) of (?:the |their |your |our |his |her |its |all )?([a-z]+)"
)
SHARED_MONEY = {"pot", "profit", "profits", "prize", "jackpot", "kitty", "winnings", "revenue",
                "sales", "money", "income", "budget", "bill", "cash", "estate", "takings",
                "dividends", "rent", "company", "business", "shares"}  # fmt: skip


# ...or of money said to go somewhere ("the share of donations that goes to the drummers'
# school", "the proportion of fees going to charity"), a percentage of it too.
GOES_TO = re.compile(
    r"^(?:that |which )?(?:(?:is|are|was|were) )?(?:goes|go|went|going|given|sent|passed) to\b"
)


def share_of_whole(text: str) -> bool:
    """Whether the lower-case phrase names a share of a whole that is no money, or of money
    said to go somewhere."""
    found = SHARE.search(text)
    goes = found is not None and GOES_TO.match(text[found.end() :].strip()) is not None
    return (
        found is not None
        and (found.group(1) not in SHARED_MONEY | MONEY_THINGS or goes)
        or bool(share_done(text))
    )


# A share named by what was done to it, the whole left unsaid ("the share graded as first
# class", "the proportion that arrived on time"); not money paid out as a share ("their share
# paid out").
SHARE_DONE = re.compile(
    r"^(?:(?:the|their|your|what) )?(?:share|proportion|fraction) (?:that |which )?"
    r"(?:(?:was|were|is|are|got|has been|have been) )?([a-z]+)((?: [a-z]+){0,3})$"
)


def share_done(text: str) -> list[str]:
    """The words naming a share by what was done to it ("the share graded as first class":
    graded, first, class), else none."""
    found = SHARE_DONE.search(text)
    verb = found.group(1) if found else ""
    if not found or not done(verb) or verb in MONEY_DONE:
        return []
    return [verb, *content_words(found.group(2).split(), set())][:3]


# Words that say the count is a statistic of the thing ("their average score", "the longest
# run of wins").
STATISTICS = {"average", "avg", "mean", "median", "total", "overall", "typical", "combined",
              "cumulative", "highest", "lowest", "peak", "longest", "shortest", "biggest",
              "largest", "deepest", "furthest", "farthest", "fastest", "record"}  # fmt: skip
# Words after which a phrase names what the recipient is compared with.
COMPARED = {"compare", "compares", "compared", "comparing", "vs", "versus", "than", "against",
            "relative"}  # fmt: skip
# Plurals that are money whatever was done to them ("contributions made", "payments
# received"; not a currency's name: "pounds lost" is weight).
PAID_THINGS = MONEY_THINGS - {"dollars", "euros", "pounds", "gifts"}
# When things were counted: "this year", "last month", "per week", "so far", "in 2025".
TIME_FRAME = re.compile(
    r"\b(?:this|last|per|each|every|a|the past) (?:year|month|week|day|season|quarter|term"
    r"|semester|summer|winter|spring|autumn|fall|weekend)\b|\bso far\b|\bto date\b"
    r"|\bin (?:19|20)\d\d\b"
)
DETERMINERS = {"a", "an", "the", "their", "your", "our", "his", "her", "its", "my", "all"}
# Words that make plurals a pick or a list, not a count ("their favourite treats this year").
PICKED = {"favourite", "favourites", "favorite", "favorites", "fave", "faves", "best", "top",
          "most", "highlights", "moments", "memories", "stats", "numbers", "results", "plans",
          "updates", "details", "news", "picks", "ideas"}  # fmt: skip
# An average as the head, named by what it averages ("their batting average").
AVERAGES = {"average", "avg", "mean", "median"}
# Groups whose average is a benchmark ("the national average", "their class average").
GROUPS = {"industry", "class", "national", "club", "team", "group", "market", "sector",
          "regional", "global", "company", "peer", "network", "country", "city", "league",
          "school", "local", "area", "user", "member", "members", "world"}  # fmt: skip
# Words that say where something was done ("on the laser cutter", "at the front desk").
AT_PLACE = {"on", "at", "in", "aboard", "around"}
# Heads that are a number of points, whatever modifies them ("their best round score").
SCORES = {"score", "scores", "points", "tally", "rating"}
# Things done somewhere, named by the place: "dives in the lake", "shifts at the front desk",
# "visitors to their stand" (to a place the phrase names as one, not "things to do"), or by
# the way they went: "runs down the ash slope", "laps around the lake", "walks along the
# beach" (a way the phrase names as one, not "kits handed out").
DONE_AT = re.compile(
    r"^(?:(?:the|their|your|our|his|her|its|all) )?([a-z]+) (?:(?:on|in|at|aboard|around) "
    r"|(?:to|down|up|along|across|through|over|into|under|past) "
    r"(?=(?:the|their|your|our|a|an) ))(?:(?:the|their|your|our|a|an) )?(?:([a-z]+) )?"
    r"([a-z]+)$"
)
# Words after "in", "at", "on" that say how or when, not where ("trips in total").
NOT_PLACES = {"total", "all", "person", "advance", "time", "row", "order", "full", "part",
              "general", "average", "short", "cash", "kind", "store", "stock", "a",
              "the"}  # fmt: skip
# Scenes whose own words a phrase may name (then it is that scene, not a quantity).
OWN_SCENES = ("photo", "map", "quote", "poll", "cta", "badge", "brand", "books", "timeline")


def _names_a_scene(text: str) -> bool:
    return any(mentions(text, BY_NAME[name]) >= 0 for name in OWN_SCENES)


def general(pos: int, tokens: list[str], currency: Currency) -> Quantity | None:
    """The phrase read by its head noun and modifiers, None when it names a scene of its own
    or its head says no quantity."""
    text = " ".join(tokens)
    lead = content_words(lead_words(tokens), set())
    if not lead or _names_a_scene(text):
        return None
    head = lead[-1]
    if head in UNIT_NAMES and not (len(lead) > 1 and measure(f"{lead[-2]} {head}")):
        unit = UNIT_NAMES[head]
        key, label = key_label(lead[-3:])
        return Quantity("duration", key, label, "", UNITS[unit], unit, position=pos)
    spent = len(lead) > 1 and head in MONEY_DONE and not _counted(lead[-2])
    paid = len(lead) > 1 and done(head) and lead[-2] in PAID_THINGS  # "contributions made"
    priced = money_of(lead, tokens)  # "the price of their ticket"
    if head in MONEY_HEADS or spent or paid or priced != lead:
        key, label = key_label(priced[-3:])
        return Quantity("money", key, label, currency.symbol, "", currency.spoken, position=pos)
    at = next((i for i, w in enumerate(lead) if i and done(w) and _counted(lead[i - 1])), 0)
    if at and lead[at - 1] in UNITS:  # "hours booked on the laser cutter": time, named by where
        return _time_at(pos, lead[: at + 1], tokens)
    if at:
        key, label = key_label([*lead[max(0, at - 2) : at + 1], *particle(lead[at], tokens)])
        return Quantity("count", key, label, position=pos)
    if head in AVERAGES and len(lead) > 1 and not _benchmark(tokens, lead):  # "batting average"
        key, label = key_label(lead[-3:])
        return Quantity("count", key, label, position=pos)
    # a statistic after what the recipient is compared with is the benchmark ("how their
    # catch compares with the average angler"), no count of theirs
    against = next((i for i, t in enumerate(tokens) if t in COMPARED), len(tokens))
    stat = next((i for i, t in enumerate(tokens[:against]) if t in STATISTICS), None)
    if stat is not None:
        named = content_words(lead_words(tokens[stat + 1 :]), set())[:2]
        if named and not named[0].endswith("ing"):
            key, label = key_label([tokens[stat], *named])
            unit = regex.search(r"\bin ([a-z]+s)$", text)  # "longest streak (games)"
            if unit and unit.group(1) not in named and len(named) < 2:
                return Quantity("count", key, f"{label} ({unit.group(1)})",
                                spoken=unit.group(1), position=pos)  # fmt: skip
            return Quantity("count", key, label, position=pos)
    if head in SCORES:
        key, label = key_label(lead[-3:])  # "best gameweek score"
        return Quantity("count", key, label, position=pos)
    return _counted_in(pos, lead, tokens) or _in_state(pos, lead) or _measure(pos, lead, tokens)


def _measure(pos: int, lead: list[str], tokens: list[str]) -> Quantity | None:
    """A measure named by what it measures, no unit said, a count of it: with the words
    before it and what was done ("the coldest temperature they faced": "Coldest temperature
    faced", "their top speed"), or after what it is of ("the altitude of the observatory":
    "Observatory altitude"); None when the measure names another thing ("the speed limit",
    "weight loss goals")."""
    at = next((i for i, w in enumerate(lead) if w in MEASURED_AS), None)
    if at is None:
        return None
    rest = lead[at + 1 :]
    if tokens[tokens.index(lead[at]) + 1 :][:1] == ["of"] and rest:
        named = [*rest[:2], lead[at]]
    elif not rest or len(rest) == 1 and done(rest[0]):
        named = [*lead[max(0, at - 2) : at + 1], *rest]
    else:
        return None
    key, label = key_label(named)
    return Quantity("count", key, label, position=pos)


# What things still to be dealt with are ("modules left to complete", "tickets still open",
# "orders waiting to ship"), and words that say only when ("still", "currently").
PENDING = {"left", "remaining", "outstanding", "pending", "open", "overdue", "waiting", "due",
           "unanswered", "unresolved", "unfinished", "queued", "unused"}  # fmt: skip
STILL = {"still", "yet", "currently", "now"}
# Words in "-ing" that are things, not what things are doing ("members meeting").
ING_NOUNS = {"meeting", "meetings", "building", "wedding", "evening", "morning", "booking",
             "training", "spring", "string", "ceiling", "clothing", "offering", "recording",
             "painting", "setting", "listing", "parking", "housing", "funding", "pricing",
             "timing", "rating", "ranking", "reading", "crossing", "landing", "heading",
             "earning", "saving", "thing", "nothing", "something", "anything", "everything",
             "king", "ring", "sibling", "pudding", "dumpling", "duckling", "seedling"}  # fmt: skip


def _doing(word: str) -> bool:
    """Whether a word in "-ing" says what things are doing ("growing", "flowering")."""
    return word.endswith("ing") and len(word) > 5 and word not in ING_NOUNS


def _in_state(pos: int, lead: list[str]) -> Quantity | None:
    """Things named by the state they are in or what they are doing, one or two words and the
    state ("safety modules left to complete": "Safety modules left"; "tickets still open":
    "Tickets open"; "fragments growing on their frame": "Fragments growing"), a count of them,
    as is a measure left ("litres left in their reserved barrel": "Litres left"); not time or
    money ("days left", "funds remaining", "pounds left")."""
    named = [w for w in lead if w not in STILL]
    if not 2 <= len(named) <= 3 or not (named[-1] in PENDING or _doing(named[-1])):
        return None
    noun = named[-2]
    # a measure is left or remaining, not growing; pounds left may be money
    left = named[-1] in PENDING and not noun.startswith(("pound", "lb"))
    counted = left if measure(noun) else _counted(noun)
    if not counted or noun in UNIT_NAMES or noun in NOT_THINGS:
        return None
    key, label = key_label(named)
    return Quantity("count", key, label, position=pos)


def money_of(content: list[str], tokens: list[str], limit: int = 3) -> list[str]:
    """The words of money named before what it is of, said the other way round ("the price
    of their ticket": "ticket price", "the cost of the repair": "repair cost"); the words as
    they are when the phrase is no such."""
    if len(content) < 2 or content[0] not in MONEY_HEADS:
        return content
    at = tokens.index(content[0]) if content[0] in tokens else -1
    if tokens[at + 1 : at + 2] != ["of"]:
        return content
    return [*content[1:limit], content[0]]


def _benchmark(tokens: list[str], lead: list[str]) -> bool:
    """Whether an average is what the recipient is measured against ("the industry average",
    "their club's average"), not the recipient's own ("their batting average")."""
    return tokens[:1] == ["the"] or lead[-2] in GROUPS


def _time_at(pos: int, named: list[str], tokens: list[str]) -> Quantity:
    """Time with what was done in it, named by where it was done when the phrase says ("hours
    booked on the laser cutter": "Laser cutter hours"), else by what was done ("Hours
    booked")."""
    unit = named[-2]
    rest = tokens[len(lead_words(tokens)) :]
    place = content_words(rest, set())[:2] if rest[:1] and rest[0] in AT_PLACE else []
    key, label = key_label([*place, unit] if place else named)
    return Quantity("duration", key, label, "", UNITS[unit], unit, position=pos)


def _counted_in(pos: int, lead: list[str], tokens: list[str]) -> Quantity | None:
    """Things named alone, as a noun phrase, with when they were counted ("haircuts this
    year", "their dog walks this week") are a count of them (not "how that compares with
    last year")."""
    where = DONE_AT.match(" ".join(tokens))
    placed = where and where.group(1) == lead[0] and where.group(3) not in NOT_PLACES
    if placed and where and _counted(lead[0]) and where.group(3) not in UNIT_NAMES:
        place = [w for w in where.group(2, 3) if w and w not in DETERMINERS]
        key, label = key_label([*place, lead[0]])  # "outings on the water": "Water outings"
        return Quantity("count", key, label, position=pos)
    if len(lead) > 2 or not _counted(lead[-1]) or set(lead) & PICKED:
        return None
    before = tokens[: tokens.index(lead[0])]
    if not TIME_FRAME.search(" ".join(tokens)) or set(before) - DETERMINERS:
        return None
    key, label = key_label(lead)
    return Quantity("count", key, label, position=pos)


def _counted(noun: str) -> bool:
    """Whether a noun names things counted one by one ("requests", "tickets"), not money
    ("donations", "fees")."""
    return (things(noun) or noun in COUNT_NOUNS) and noun not in MONEY_THINGS


def counted_done(tokens: list[str]) -> bool:
    """Whether the words hold "<things> <done>": what was done to things counted one by one
    ("plasma units donated" is a count, "donations spent" money)."""
    return any(done(w) and _counted(tokens[i - 1]) for i, w in enumerate(tokens) if i)


def listed(pos: int, tokens: list[str]) -> Quantity | None:
    """Things named alone, in one or two words ("podiums", "pool visits"), read as a count;
    the caller asks only of a phrase in a list beside measures. None when the words are
    more than a noun, or a pick, a scene's, money or time."""
    content = content_words(tokens, set())
    if not 1 <= len(content) <= 2 or set(tokens) - DETERMINERS - set(content):
        return None
    head = content[-1]
    uncounted = head in UNIT_NAMES or head in NOT_THINGS or measure(head)
    # a pick ("favourite dishes"), or words that say how good or when ("upcoming classes")
    if not _counted(head) or uncounted or set(content) & (PICKED | NOT_KINDS):
        return None
    text = " ".join(tokens)  # a kind's words name its scene ("workout types" a profile)
    if any(mentions(text, kind) >= 0 for kind in KINDS if kind.name != "stats"):
        return None
    key, label = key_label(content)
    return Quantity("count", key, label, position=pos)
