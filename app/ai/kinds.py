"""The composer's vocabulary: the Kind table and the words that name tones, use cases, styles
and lengths (the scenes each kind makes are app/ai/scenes.py's)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.ai import regex
from app.ai.schemas import Tone


@dataclass(frozen=True)
class Kind:
    name: str
    primitive: str
    label: str
    phase: int  # 0 opening, 1 data, 2 comparison/story, 3 engagement, 4 call to action, 5 close
    words: tuple[str, ...]
    transition: str = "fade"


# Words someone said or wrote, then who: "a line from their vows", "a note from the coach",
# "a few words by the founder" name a quote.
SPOKEN = ("line", "lines", "word", "words", "message", "messages", "note", "notes", "letter",
          "quote", "quotes", "toast", "wishes", "tribute", "blessing", "reflection",
          "reflections", "greeting", "greetings", "story", "stories", "thoughts", "advice",
          "verse", "excerpt", "passage")  # fmt: skip
SPOKEN_FROM = tuple(f"{w} {by}" for w in SPOKEN for by in ("from", "by"))
# What someone wrote, said or thinks about the recipient ("what their coach wrote about them",
# "what the judges had to say") is a quote.
WROTE = ("wrote", "writes", "written about", "had to say", "have to say", "has to say",
         "says about", "say about", "shared about", "think of", "thinks of", "thought of",
         "posted about")  # fmt: skip

KINDS: tuple[Kind, ...] = (
    Kind("intro", "title-intro", "Intro", 0, ("intro", "title", "opening", "greeting")),
    Kind("brand", "logo-reveal", "Logo", 0, ("logo", "brand", "branding", "wordmark")),
    Kind("photo", "ken-burns", "Photo", 0, ("photo", "image", "picture", "venue", "pictures",
         "photos", "highlight reel", "poster", "snapshot", "snap", "snaps", "selfie", "portrait",
         "headshot", "screenshot", "artwork", "images", "pic", "pics", "photograph",
         "photographs", "shot")),
    Kind("stats", "stat-counters", "Key numbers", 1, ("number", "numbers", "stat", "stats",
         "kpi", "kpis", "metric", "metrics", "revenue", "seats", "nps", "usage", "growth",
         "figures", "totals", "raised", "attendees", "sales", "workouts", "minutes", "citations",
         "downloads", "impact"), "slide"),
    Kind("ranking", "bar-race", "Top categories", 1, ("ranking", "ranked", "top", "leaderboard",
         "bar chart", "bar race", "best sellers", "best-selling", "top products"), "wipe"),
    Kind("breakdown", "category-donut", "Breakdown", 1, ("breakdown", "split", "share", "mix",
         "donut", "pie", "allocation", "money went", "funds went", "donations went",
         "gifts went", "where it went", "how it was spent", "spent"), "slide"),
    Kind("skills", "radar", "Profile", 1, ("skills", "radar", "strengths", "profile",
         "spider", "workout types", "balance")),
    Kind("books", "book-shelf", "Books", 1, ("books", "novel", "novels", "shelf",
         "publications", "bibliography")),
    Kind("comparison", "comparison-bars", "Comparison", 2, ("compare", "compared", "compares",
         "comparing",
         "comparison", "versus", "vs", "last year", "last quarter", "previous", "benchmark",
         "before and after", "year over year", "against"), "slide"),
    Kind("percentile", "percentile-gauge", "Your rank", 2, ("percentile", "rank", "top %",
         "ahead of", "among", "peers", "standing")),
    Kind("timeline", "milestone-timeline", "Milestones", 2, ("timeline", "milestone",
         "milestones", "journey", "history", "roadmap", "steps", "next steps", "career",
         "story so far", "agenda", "schedule", "plan")),
    Kind("map", "world-map", "Map", 2, ("map", "countries", "country", "global", "world",
         "worldwide", "regions", "locations", "travel", "offices")),
    Kind("quote", "quote-card", "Quote", 3, ("quote", "testimonial", "testimonials", "said",
         "speaker", "speakers", "people", "team", "customer story", "words", "message from",
         "note from", "word from", "words from", "letter from", "thank-you from",
         "thank you from", "thanks from", "shout-out from", "shoutout from", "greeting from",
         "comments", "comment from", "remarks", "feedback from", *SPOKEN_FROM, *WROTE)),
    Kind("badge", "badge-unlock", "Achievement", 3, ("badge", "achievement", "award",
         "unlock", "unlocked", "trophy")),
    Kind("poll", "poll-card", "Poll", 3, ("poll", "survey", "vote", "votes", "question")),
    Kind("cta", "cta-card", "Call to action", 4, ("cta", "call to action", "book a", "book an",
         "schedule", "sign up", "signup", "register", "renew", "renewal call", "donate",
         "buy", "demo", "learn more", "call to", "link", "button", "upgrade", "rsvp",
         "get started", "contact"), "zoom"),
    Kind("outro", "outro", "Closing", 5, ("outro", "closing", "thank-you card", "sign-off",
         "ending", "end card")),
)  # fmt: skip
BY_NAME = {k.name: k for k in KINDS}
BY_PRIMITIVE = {k.primitive: k for k in KINDS}

USE_CASES: tuple[tuple[str, tuple[str, ...], tuple[str, ...], Tone], ...] = (
    ("birthday", ("birthday", "birthdays", "bday", "b-day"), ("stats",), "celebratory"),
    ("season recap", ("season recap", "season video", "season wrap", "season wrap-up",
     "season summary", "end of season", "end-of-season", "season-end", "season in review",
     "season review"), ("stats",), "celebratory"),
    ("year in review", ("year in review", "wrapped", "year-in-review", "your year",
     "annual recap", "fitness", "workout"), ("stats", "skills", "percentile"), "celebratory"),
    ("renewal", ("renewal", "renew", "subscription"), ("stats", "comparison", "cta"),
     "professional"),
    ("onboarding", ("onboarding", "welcome", "new client", "new customer", "kickoff",
     "new hire", "new hires", "new employee", "new employees", "new starter", "new starters",
     "first day", "first-day"), ("brand", "timeline", "cta"), "professional"),
    ("travel recap", ("travel", "trip", "trips", "tour", "vacation", "holiday", "itinerary",
     "journey recap"), ("map", "photo", "stats"), "inspirational"),
    ("event recap", ("event", "conference", "summit", "meetup", "webinar", "festival",
     "hackathon", "offsite", "workshop"), ("photo", "stats", "quote"), "casual"),
    ("product launch", ("launch", "release", "new feature", "announcing", "announcement",
     "introducing"), ("brand", "stats", "cta"), "inspirational"),
    ("fundraising thanks", ("donor", "donation", "donors", "fundrais*", "charity", "nonprofit",
     "campaign", "supporters", "beneficiar*"), ("stats", "breakdown", "quote", "cta"),
     "inspirational"),
    ("student report", ("student", "students", "semester", "term report", "grades", "grade",
     "report card", "school", "course", "class rank", "learning", "lessons"), ("stats",
     "percentile"), "professional"),
    ("loyalty", ("loyalty", "rewards", "reward", "points balance", "members club",
     "frequent"), ("stats", "badge", "cta"), "casual"),
    ("reminder", ("remind*", "appointment", "checkup", "check-up", "due date", "expires",
     "reschedule"), ("stats", "cta"), "professional"),
    ("academic career", ("research", "academic", "professor", "scholar", "citations",
     "papers", "phd", "retirement"), ("stats", "timeline", "map"), "inspirational"),
    ("author spotlight", ("author", "writer", "novelist", "poet", "literary"),
     ("books", "stats", "quote"), "celebratory"),
    ("achievement", ("achievement", "congratulat*", "promotion", "anniversary", "graduat*",
     "certificate", "certification", "completion certificate"),
     ("badge", "stats", "percentile"), "celebratory"),
    ("survey results", ("survey", "feedback results", "poll results"), ("poll", "stats"),
     "professional"),
    ("business review", ("quarterly", "monthly", "business review", "qbr", "report", "review",
     "saas", "statement", "market update", "sales", "leaderboard"), ("stats", "ranking",
     "comparison", "cta"), "professional"),
    ("thank you", ("thank-you", "thank you", "thanks", "appreciation", "volunteer*",
     "gratitude", "grateful"), ("stats", "quote"), "inspirational"),
)  # fmt: skip

TONE_WORDS: tuple[tuple[Tone, tuple[str, ...]], ...] = (
    ("celebratory", ("celebrat*", "festive", "party", "congrat*", "exciting", "excited",
     "upbeat", "joyful", "fun and festive", "hype")),
    ("casual", ("casual", "friendly", "relaxed", "playful", "fun", "informal", "chill",
     "light-hearted", "lighthearted", "laid-back")),
    ("inspirational", ("inspir*", "motivat*", "uplifting", "heartfelt", "emotional", "moving",
     "mission", "hopeful")),
    ("professional", ("professional", "formal", "corporate", "serious", "businesslike",
     "neutral")),
)  # fmt: skip

# Animation style words -> the option to prefer, in order, where a primitive has it.
STYLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("typewriter", "typed"), ("typewriter", "word-reveal")),
    (("energetic", "snappy", "snappier", "dynamic", "punchy", "faster", "bold", "lively"),
     ("stagger-pop", "race", "pop", "pop-out", "scale-in", "shine-burst", "stagger",
      "pulse-points", "spin-in", "scale-glow", "reveal-winner", "zoom-to-country",
      "logo-zoom", "zoom-in")),
    (("calm", "subtle", "smooth", "gentle", "minimal", "elegant", "slower", "understated"),
     ("slide-up", "grow", "count-up", "fade-out", "draw", "sweep", "line-draw", "slide-in",
      "pulse-highlight", "wipe-reveal", "word-reveal", "zoom-out")),
)  # fmt: skip

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
            "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}  # fmt: skip


def has(text: str, word: str) -> bool:
    """Whole-word match of `word` in lower-cased text; a word ending in `*` is a stem."""
    if word.endswith("*"):
        return regex.search(rf"(?<![a-z0-9]){re.escape(word[:-1])}", text) is not None
    return regex.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", text) is not None


# Inside a phrase that names a quantity, only these kinds are named by their words ("how
# much they spent" is money, not a breakdown; "points balance" a count, not a profile)...
NAMED_IN_QUANTITIES = {"map", "photo", "poll", "cta", "badge", "brand"}
# ...and a comparison by these words, unless the phrase is the recipient's rank ("how you
# compare to other viewers").
COMPARING = ("compare", "compared", "compares", "comparing", "comparison", "versus", "vs",
             "against", "benchmark")  # fmt: skip
# Use cases that only say what kind of message it is; a more specific one wins over them.
GENERIC_USE_CASES = {"business review", "thank you"}
# Where a prompt says what the call to action does ("a button to leave a review"): its words
# say nothing of the video's use case.
CTA_PHRASE = re.compile(r"\b(?:button|link|call|cta|invitation|invite)s? (?:to|for)\b[^,;:.]*")


# A kind's words that name it at the end of a compound word ("astrophoto", "microphotographs").
COMPOUNDED = {"photo", "photos", "photograph", "photographs"}


# Nouns a kind's word can stand before as a modifier: then it names that noun's scene only.
HEADS = {"photo", "photos", "picture", "pictures", "image", "images", "map", "logo", "poll",
         "badge", "button", "link"}  # fmt: skip


# Words that name no scene after these ("a cold snap", "ginger snaps": no photo).
NOT_AFTER = {"snap": ("cold", "ginger", "brandy"), "snaps": ("cold", "ginger", "brandy"),
             # where, a city ("our harbour in Split"): no breakdown
             "split": ("in", "at", "near", "from", "around", "outside")}  # fmt: skip
# A quote for work, a price ("the total quote in kroner", "the date the quote expires", "accept
# the quote"): no one's words.
PRICE_QUOTE = re.compile(
    r"\bquotes? (?:in|of) (?:[a-z]+ ){0,2}(?:[a-z]+s|[€£$¥₹]|\d)|\bquotes? (?:expires?|expiry"
    r"|is valid|valid until|total|amount|price)\b|\b(?:accept|approve) (?:the |our |your |their )?"
    r"quote\b|\b(?:price|free|total|written|repair|building|roofing) quotes?\b"
)
# A survey of a building or land is an inspection, not a poll ("a roof survey").
SURVEYED = re.compile(
    r"\b(?:roof|site|building|property|land|structural|home|house|homebuyer|damp|drone"
    r"|boundary|condition|asbestos|measured|topographic(?:al)?|valuation) surveys?\b"
)
# A shot is a picture where a determiner leads it, with at most two words between that say
# what or how ("a group shot", "their summit shot", "a shot of them at the top"); not a drink,
# a jab or a stroke ("a tequila shot", "a flu shot", "a jump shot"), a chance ("a shot at the
# title", "their best shot at a medal"), the shot put, nor what someone shot ("the arrows
# they shot").
SHOT_LED = re.compile(r"\b(?:a|an|the|their|your|our|his|her|my|one)((?: [a-z-]+){0,2}) $")
NOT_PICTURED = {"flu", "booster", "vaccine", "covid", "tetanus", "allergy", "insulin", "jab",
                "tequila", "vodka", "whisky", "whiskey", "rum", "gin", "espresso", "coffee",
                "jello", "wheatgrass", "ginger", "jump", "slap", "drop", "penalty", "free",
                "hook", "bank", "trick", "putt", "tee", "chip", "approach", "parting",
                "warning", "mug", "moon", "big", "long", "cheap", "they", "you", "we", "he",
                "she", "i", "it", "who"}  # fmt: skip
CHANCE = {"best", "good", "fair", "real", "fighting", "decent", "only", "last", "first",
          "second", "another"}  # fmt: skip


def _named_otherwise(word: str, text: str, start: int, end: int) -> bool:
    """Whether a kind's word at start:end names something else ("a cold snap", "a flu
    shot")."""
    before = regex.search(r"([a-z]+)\s+$", text[:start])
    if before and before.group(1) in NOT_AFTER.get(word, ()):
        return True
    if word in ("quote", "quotes") and PRICE_QUOTE.search(text):
        # a price quote named anywhere is what "quote" says, unless someone's words follow
        return not regex.match(r"\s+(?:from|by)\b", text[end:])
    if word in ("survey", "surveys") and SURVEYED.search(text):
        return True  # "a roof survey" is an inspection, and "the survey" then is that one
    if word != "shot":
        return False
    led = SHOT_LED.search(text[max(0, start - 40) : start])
    between = set(led.group(1).split()) if led else set()
    after = text[end : end + 5]
    chance = after.startswith(" at ") and between <= CHANCE
    return not led or bool(between & NOT_PICTURED) or after.startswith(" put") or chance


# Who may speak in a quote ("a message from the team", "people helped" say it)...
WHO = {"team", "people"}
# ...unless it is whose something is or who sends the video.
OWNED = re.compile(r"\b(?:our|my|your|their|his|her|its|every|each)(?: [a-z0-9-]+){0,2} $")


def _whose(text: str, start: int, end: int) -> bool:
    """Whether the words at start:end are the sender's or the recipient's ("our esports team")
    or own what follows ("the team's win rate")."""
    return bool(OWNED.search(text[max(0, start - 40) : start])) or text[end:].startswith("'s")


# "we run the city bike share in Oslo", "we're a small pottery studio": who sends the video.
SENDER_RUNS = re.compile(
    r"\bwe(?: run| operate| own| manage| are|'re| have| started)(?: been)? (?:a|an|the)"
    r" [^,.;:!?()\n]*?(?= in | for | and | that | who | which | where | with |[,.;:!?()\n]|$)"
)
# The sender's own product or business named by what it deals in ("our stock photo site",
# "my travel booking app"): up to the noun it names, whose words name no scene.
OWN_PRODUCT = re.compile(
    r"\b(?:our|my) (?:[a-z-]+ ){1,3}(?=(?:site|website|app|platform|marketplace|shop|store"
    r"|company|business|service|agency|network|line|studio|startup)\b)"
)
# What kind of message the video is ("a travel summary", "a world recap", "a milestone
# video"): the word before it says what about, it names no scene.
GENRE_NOUNS = {"summary", "recap", "report", "review", "statement", "update", "newsletter",
               "wrap", "wrapup", "letter", "video", "videos", "vid", "vids", "clip"}  # fmt: skip
# What a saving is measured against when it is no period ("saved vs taking the bus"; "saved
# versus last spring" compares periods).
PERIOD = re.compile(r"\s+(?:to |with )?(?:the |their |its )?(?:last|previous|prior|this|that"
                    r"|same|first|before|earlier|a year|\d{4})\b")  # fmt: skip


POLL_ASKS = re.compile(r"(\bpolls?\b)([^.!?\n]*)")


def _saved_against(text: str, spans: tuple[tuple[int, int, bool], ...], at: int,
                   end: int) -> bool:  # fmt: skip
    """Whether a comparing word at `at` names what a saving named in a quantity phrase is
    measured against, not a period ("how much they saved compared with taking a taxi")."""
    phrase = next((text[a:at] for a, b, _ in spans if a <= at < b), "")
    saving = regex.search(r"\bsav(?:e|ed|es|ing|ings)\b", phrase)
    return bool(saving) and not PERIOD.match(text, end)


# A breakdown's words: "vs" after one joins its categories ("a breakdown of colour vs black &
# white rolls"), it compares nothing.
SPLIT_OF = re.compile(
    r"\b(?:breakdown|split|mix)\b(?:(?!\b(?:and|plus|then|with)\b)[^,;:.!?\n()])*$"
)


def mentions(text: str, kind: Kind, spans: tuple[tuple[int, int, bool], ...] = ()) -> int:
    """Where `kind` is first mentioned in text (-1 when it is not); `spans` are the quantity
    phrases (start, end, names a rank) in which a kind's words do not count unless they
    name a map, photo, poll, call to action, badge or logo, or a comparison, and not at all
    in a rank's phrase."""
    best = -1
    # What the call to action does names no other scene ("a link to upgrade their plan").
    cta = [] if kind.name == "cta" else [m.span() for m in CTA_PHRASE.finditer(text)]
    # What the sender runs names no scene ("we run the city bike share": no breakdown).
    sender = [m.span() for m in SENDER_RUNS.finditer(text)]
    sender += [m.span() for m in OWN_PRODUCT.finditer(text)]
    for word in kind.words:
        # a word of a compound names nothing ("ride-share" is no breakdown), nor a verb made
        # of it ("the guests who have RSVP'd" ask for no RSVP button)
        pattern = rf"(?<![a-z0-9-]){re.escape(word)}(?![a-z0-9]|'d\b)"
        if word in COMPOUNDED:  # "their best astrophoto", "an aerial photograph"
            pattern = rf"(?<![a-z0-9-])(?:[a-z]{{3,}})?{re.escape(word)}(?![a-z0-9]|'d\b)"
        if word.endswith("%"):
            pattern = re.escape(word)
        for match in regex.finditer(pattern, text):
            inside = [rank for start, end, rank in spans if start <= match.start() < end]
            counts = kind.name in NAMED_IN_QUANTITIES or (
                kind.name == "comparison" and word in COMPARING and not any(inside)
                and not _saved_against(text, spans, match.start(), match.end())
            )  # fmt: skip
            if kind.name == "comparison" and SPLIT_OF.search(text[: match.start()]):
                continue
            # what a rank is in names no scene ("where they placed in the audience vote")
            if inside and (not counts or any(inside)):
                continue
            if any(a < match.start() < b for a, b in cta + sender):
                continue
            if _named_otherwise(word, text, match.start(), match.end()):
                continue
            if word in WHO and _whose(text, match.start(), match.end()):
                continue  # "our esports team", "the team's win rate" say whose, not who spoke
            head = regex.match(r"\s+([a-z]+)", text[match.end() :])
            if head and head.group(1) in HEADS | GENRE_NOUNS and head.group(1) not in kind.words:
                continue  # a word naming another scene's thing ("a team photo") names no quote
            if best < 0 or match.start() < best:
                best = match.start()
            break
    return best


def detect_tone(text: str) -> Tone | None:
    for tone, words in TONE_WORDS:
        if any(has(text, w) for w in words):
            return tone
    return None


def _first(text: str, word: str) -> int:
    if word.endswith("*"):
        match = regex.search(rf"(?<![a-z0-9]){re.escape(word[:-1])}", text)
    else:
        match = regex.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", text)
    return match.start() if match else -1


# Who sends the video, named by what they run ("our holiday rental platform", "my travel
# agency"): its words say what the sender does, not what the video is.
SENDER = re.compile(
    r"\b(?:our|my|we're an?|we are an?|we run an?) (?:[a-z'-]+ ){0,3}?(?:platform|app|company"
    r"|business|agency|shop|store|service|site|website|marketplace|network|firm|startup"
    r"|brand)s?\b"
)


def detect_use_case(
    text: str, spans: tuple[tuple[int, int], ...] = ()
) -> tuple[str, tuple[str, ...], Tone] | None:
    """The use case the prompt names first (a specific one before a generic "review" or
    "thank you"), not counting what its call to action does, the words of a quantity it
    names (`spans`: "shopping trips" is a count, "the renewal date" a date), what the sender
    runs, what a poll asks or a survey of a building."""
    text = CTA_PHRASE.sub(lambda m: " " * len(m.group(0)), text)
    text = SENDER.sub(lambda m: " " * len(m.group(0)), text)
    text = SENDER_RUNS.sub(lambda m: " " * len(m.group(0)), text)
    # What a poll asks names no use case ("a poll: which course should we add next?").
    text = POLL_ASKS.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    if SURVEYED.search(text):  # "a roof survey", "the survey" then: an inspection, no poll
        text = regex.sub(r"\bsurveys?\b", lambda m: " " * len(m.group(0)), text)
    best: tuple[bool, int, int] | None = None
    for order, (name, words, _, _) in enumerate(USE_CASES):
        found = [at for at in (_first(text, w) for w in words) if at >= 0]
        if found:
            rank = (name in GENERIC_USE_CASES, min(found), order)
            best = rank if best is None or rank < best else best
    if best is None:
        return None
    name, _, kinds, tone = USE_CASES[best[2]]
    return name, kinds, tone


def detect_seconds(text: str) -> int | None:
    """A length the prompt asks for: "30 seconds", "45s", "1 minute", "a 2-minute video"."""
    m = regex.search(r"(\d+(?:\.\d+)?)\s*-?\s*(seconds?|secs?|s)\b", text)
    if m:
        return max(5, round(float(m.group(1))))
    m = regex.search(r"(\d+(?:\.\d+)?|a|one|two)\s*-?\s*(minutes?|mins?)\b", text)
    if m:
        count = {"a": 1.0, "one": 1.0, "two": 2.0}.get(m.group(1)) or float(m.group(1))
        return round(count * 60)
    return None
