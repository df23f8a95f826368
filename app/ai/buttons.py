"""The call to action's button as the prompt names it: by what it does ("a button to renew":
"Renew now"; "a link to the member portal": "Visit the member portal"), by what it holds ("a
button with a code for 10% off": "Claim your code") or by its own words ("a Book now button"),
said to the recipient and never echoing the prompt."""

from __future__ import annotations

import re

from app.ai.onscreen import echoes

# Verbs a button's words start with ("Renew now", "Upgrade to Platinum", "Invite a friend").
ACTIONS = {"renew", "book", "upgrade", "buy", "shop", "order", "donate", "register", "sign",
           "join", "subscribe", "download", "claim", "redeem", "reserve", "start", "try",
           "learn", "get", "apply", "pay", "update", "invite", "share", "vote", "rsvp",
           "contact", "visit", "watch", "listen", "play", "explore", "discover", "see", "give",
           "refer", "rate", "review", "leave", "schedule", "reschedule", "enrol", "enroll",
           "confirm", "activate", "install", "open", "continue", "reorder", "refill",
           "top", "extend", "manage", "view", "check", "plan", "tip", "support",
           "follow"}  # fmt: skip
# "a Renew now button", "book now btn"; "a button to update their calendar".
BUTTON_BEFORE = re.compile(
    r"(?:^|[,;:.!?(]\s*|\b(?:an?|the|add|with|plus)\s+)"
    r"((?:(?!(?:and|or|an?|the|with|plus)\b)[A-Za-z][\w'-]* ){1,3})(?:button|btn)\b"
)
BUTTON_TO = re.compile(
    r"\b(?:button|btn|link|cta) (?:to|that lets them|so they can) "
    r"([a-z][\w' -]*?)(?=[,;:.!?\n]|$| and | at | on | in the | with | for | would | will "
    r"| could | should | please | if | so | that )"
)
# What a button holds for the recipient to claim ("a button with a code for 10% off": "Claim
# your code").
BUTTON_WITH = re.compile(
    r"\b(?:button|btn|link|cta) with (?:an? |the |their |your )?(?:[a-z%0-9-]+ )?"
    r"(code|voucher|coupon|discount|offer|deal|reward|promo|gift card)\b",
    re.IGNORECASE,
)
# Whose it is, said to the recipient ("their calendar": "your calendar"; "our alumni Slack":
# "the alumni Slack", the sender's words not echoed).
WHOSE = {"their": "your", "they": "you", "them": "you", "his": "your", "her": "your",
         "our": "the"}  # fmt: skip


# The sender's own words said in full, so a button is not their phrase ("we're": "we are").
CONTRACTED = {"we're": "we are", "we've": "we have", "we'll": "we will", "they're": "you are",
              "they've": "you have", "they'll": "you will"}  # fmt: skip
# When, at the end of what a button does ("... where we're parked today").
WHEN_AT_END = re.compile(
    r"(?i)(?<=\w)\s+(?:today|tonight|tomorrow|soon|(?:this|next) "
    r"(?:week|weekend|month|morning|afternoon|evening))$"
)
# Words for a place a link opens ("a link to the member portal": "Visit the member portal").
OPENED = {"the", "our", "their", "your"}


def _to_words(found: str) -> list[str]:
    """What a button "to" something says: its own verb phrase ("a button to find where we're
    parked": "Find where we are parked"), or a visit to what a link opens ("a link to the
    member portal", named by its last two words); when it is done is left off ("today")."""
    found = WHEN_AT_END.sub("", found)
    words = " ".join(CONTRACTED.get(w.lower(), w) for w in found.split()).split()
    if words and words[0].lower() in OPENED:  # "the plot booking page": "the booking page"
        return ["visit", words[0], *words[1:][-2:]]
    return words if words and words[0].lower() not in ("a", "an") else []


# Words after which what a button does goes on about what it is done with ("order prints of
# their favourite shot": "Order prints").
OF_WHAT = {"of", "from", "for", "about", "with", "to", "on", "in", "at"}


def _short(words: list[str]) -> list[str]:
    """What a button "to" something does, its verb and what it is done to when it says more
    than five words ("order prints of their favourite shot": "order prints")."""
    if len(words) <= 5:
        return words
    at = next((i for i, w in enumerate(words) if i >= 2 and w.lower() in OF_WHAT), len(words))
    return words[:at]


# Verbs whose "in" belongs to them ("fill in the health form", "check in at the desk").
PHRASAL_IN = re.compile(r"(?:fill|check|log|sign|hand|send|turn|type|write|opt) in ", re.I)
TO_END = re.compile(r"[^,;:.!?\n]*?(?=[,;:.!?\n]|$| and | with | for | please | if | so that )")


def _phrasal(prompt: str, found: re.Match[str]) -> str:
    """What a button "to" something does, read past the "in" of a phrasal verb."""
    rest = prompt[found.start(1) :]
    if PHRASAL_IN.match(rest) and (whole := TO_END.match(rest)):
        return whole.group(0)
    return found.group(1)


def asked_button(prompt: str) -> str | None:
    """The button the prompt names by what it does or holds, in at most four words ("Renew
    now", "Update your calendar", "Claim your code"; five for what a button "to" something
    does), None when it names none."""
    found = [(_short(_to_words(_phrasal(prompt, m))), 5)
             for m in BUTTON_TO.finditer(prompt, re.IGNORECASE)]  # fmt: skip
    found += [(["claim", "your", *m.group(1).lower().split()], 4)
              for m in BUTTON_WITH.finditer(prompt)]  # fmt: skip
    found += [(m.group(1).split(), 4) for m in BUTTON_BEFORE.finditer(prompt)]
    for words, most in found:
        while words and words[0].lower() in ("a", "an", "the", "and", "with", "plus"):
            words = words[1:]
        now = len(words) > 1 and words[1].lower() in ("now", "today", "again")
        verb = most == 5 or words and words[0].lower() in ACTIONS or now
        if words and verb and len(words) <= most:
            shown = " ".join(WHOSE.get(w.lower(), w) for w in words)
            shown = shown[:1].upper() + shown[1:] + (" now" if len(words) == 1 else "")
            # its own words would echo the prompt: what it is done to is the recipient's
            # ("book a sunset flight": "Book your sunset flight"; "book next year's party":
            # "Book your party")
            lead = 2 if len(words) > 2 and PHRASAL_IN.match(" ".join(words[:2]) + " ") else 1
            owner = _owner_words(words, lead)
            if echoes(shown, prompt) and lead < owner < len(words):
                shown = " ".join([*shown.split(" ")[:lead], "your", *words[owner:]])
            if echoes(shown, prompt) and (cut := _where_to(words)):
                # ...or where it is done is the prompt's ("cash out to M-Pesa": "Cash out")
                shown = " ".join(shown.split(" ")[:cut]) + (" now" if cut == 1 else "")
            if not echoes(shown, prompt):
                return shown
    return None


def _where_to(words: list[str]) -> int:
    """How many words a button's verb and its particle take before where or with what it is
    done ("cash out to M-Pesa": 2), 0 when nothing follows them."""
    return next((i for i, w in enumerate(words) if i and w.lower() in OF_WHAT), 0)


ARTICLES = {"a", "an", "the", "some", "another"}
# Words that say whose or which one a button's thing is ("next year's", "their", "this").
OWNERS = {*ARTICLES, "their", "our", "his", "her"}


def _owner_words(words: list[str], lead: int = 1) -> int:
    """Where what a button is done to starts, after its verb's `lead` words and the words that
    say whose or which it is ("book next year's party": 3; not "order your next one"; "fill in
    the health form": 3); `lead` when none does."""
    low = [w.lower() for w in words]
    at = lead
    while at < len(low) and (low[at] in OWNERS or low[at].endswith("'s")
                             or low[at] in ("next", "this", "last")
                             and low[at + 1 : at + 2] and low[at + 1].endswith("'s")):  # fmt: skip
        at += 1
    return at
