"""What a poll asks, read from the prompt and put to the recipient ("a poll asking which
colour we should stock next": "Which colour should we stock next?"; "a poll about their
favourite snack": "Your favourite snack?"), shortened to what it asks about when the whole
question would echo four words of the prompt; None when the prompt says no question."""

from __future__ import annotations

import re

from app.ai import regex
from app.ai.onscreen import echoes

ASKED = re.compile(
    r"\bpolls? (?:(?:asking|to ask|that asks|which asks)|"
    r"(?P<on>on|about|for)) (?P<ask>[^,;:.!?\n()]+)",
    re.IGNORECASE,
)
WH = ("what", "which", "where", "who", "when", "how")
# Who the question is put to or who asks it, as the recipient reads it.
SAID_TO = {"they": "you", "their": "your", "them": "you", "themselves": "yourself", "he": "you",
           "she": "you", "his": "your", "her": "your", "our": "our", "we": "we"}  # fmt: skip
SUBJECTS = {"they", "we", "you", "he", "she", "i"}
MODALS = {"should", "would", "could", "will", "can", "might", "shall", "must"}
CONTRACTED = {"'d": "would", "'ll": "will"}
# Verbs that take "do" in a question ("which class they want to try": "do you want to").
WANTS = {"want", "like", "prefer", "need", "hope", "plan"}
MAX_WORDS = 9


def _ask_words(ask: str) -> list[str]:
    """The words of what a poll asks, up to the next thing the prompt lists ("their favourite
    snack and a photo": "their favourite snack"), without whom it asks ("members which …")."""
    out: list[str] = []
    for word in regex.split(r"\s+(?:and|plus|as well as|along with)\s+", ask)[0].split():
        short = next((c for c in CONTRACTED if word.lower().endswith(c)), None)
        out += [word[: -len(short)], CONTRACTED[short]] if short else [word]
    if len(out) > 1 and out[1].lower() in (*WH, "if", "whether"):
        out = out[1:]
    return out


def _said_to(words: list[str]) -> list[str]:
    return [SAID_TO.get(w.lower(), w) for w in words]


def _question(words: list[str]) -> list[list[str]]:
    """The questions a wh-clause makes, longest first: inverted at its modal ("which trip
    they would take" -> "which trip would you take"), then what it asks about ("which
    trip next", "which trip")."""
    verb = next((i for i, w in enumerate(words) if w.lower() in MODALS | WANTS and i > 0), None)
    subject = next((i for i, w in enumerate(words[1:verb], 1) if w.lower() in SUBJECTS), None)
    if verb is None:  # "which colour they liked": what it asks about ("which colour")
        named = len(words) > 1 and words[1].lower() not in SUBJECTS | set(SAID_TO)
        return [words[:2]] if named and words[0].lower() in ("which", "what") else []
    if subject is None:  # "where the next outing should go": the subject is what precedes it
        subject = 2 if words[0].lower() in ("which", "what") and verb > 2 else 1
    asked, who, rest = words[:subject], words[subject:verb], words[verb + 1 :]
    aux = [words[verb]] if words[verb].lower() in MODALS else ["do", words[verb]]
    out = [asked + aux[:1] + _said_to(who) + aux[1:] + _said_to(rest)]
    if len(asked) > 1 and "next" in (w.lower() for w in rest):
        out.append([*asked, "next"])
    if len(asked) > 1:
        out.append(asked)
    return out


def poll_question(prompt: str) -> str | None:
    """The question the prompt's poll asks, said to the recipient, or None."""
    found = ASKED.search(prompt)
    if not found:
        return None
    words = _ask_words(found.group("ask"))
    if found.group("on"):
        drop = 1 if words and words[0].lower() in ("the", "a", "an") else 0
        candidates = [_said_to(words[drop:])]
    elif words and words[0].lower() in WH:
        candidates = _question(words)
    elif words and words[0].lower() in ("if", "whether") and len(words) > 2:
        # a yes-or-no question by its modal only ("whether they'd come again")
        has_modal = words[2].lower() in MODALS and words[1].lower() in SUBJECTS
        candidates = [[words[2], *_said_to([words[1]]), *_said_to(words[3:])]] if has_modal else []
    else:
        candidates = []
    for words in candidates:
        text = " ".join(words)
        if words and len(words) <= MAX_WORDS and not echoes(text, prompt):
            return f"{text[:1].upper()}{text[1:]}?"
    return None
