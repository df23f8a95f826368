"""Chat spelling read as the words it stands for, outside the prompt's quoted copy: "btn" is a
button, "hrs" hours, "diff" different, "ur" your, "w/" with, "1yr" one year; "lol" nothing.
The composer reads the spelled-out prompt; the echo guard still holds the prompt as
written."""

from __future__ import annotations

import re

from app.ai.phrases import QUOTED

# Abbreviation -> the word it stands for (lower case; matched as a whole word, any case).
SPELLED = {
    "btn": "button", "btns": "buttons", "hr": "hour", "hrs": "hours", "mins": "minutes",
    "secs": "seconds", "sec": "second", "wk": "week", "wks": "weeks", "yr": "year",
    "yrs": "years", "mo": "month", "mos": "months", "mth": "month", "mths": "months",
    "diff": "different", "fav": "favourite", "fave": "favourite", "favs": "favourites",
    "faves": "favourites", "appt": "appointment", "appts": "appointments", "u": "you",
    "ur": "your", "thx": "thanks", "thnx": "thanks", "pls": "please", "plz": "please",
    "vid": "video", "vids": "videos", "bday": "birthday", "approx": "approximately",
    "msg": "message", "msgs": "messages", "avg": "average", "amt": "amount", "pct": "percent",
    "pix": "pictures", "tix": "tickets", "pts": "points", "info": "information",
    "thru": "through", "b4": "before", "bc": "because", "cuz": "because", "nxt": "next",
    "pic": "picture", "pics": "pictures", "recs": "recommendations", "mgr": "manager",
}  # fmt: skip
WORD = re.compile(
    r"(?<![\w'/$.])(\d+)?(" + "|".join(SPELLED) + r")(?![\w'])(?!\.\w)", re.IGNORECASE
)
# "w/" is "with", "w/o" "without"; "# of" is "number of"; laughter ("lol", "haha") says
# nothing about what is named before it ("crashes lol" names crashes).
SIGNS = ((re.compile(r"(?<!\w)w/o(?!\w)", re.I), "without"),
         (re.compile(r"(?<!\w)w/(?=\s)", re.I), "with"),
         (re.compile(r"(?<!\S)#\s?of\b", re.I), "number of"),
         (re.compile(r"\s*(?<![\w'])(?:lol|lmao|rofl|ha(?:ha)+|he(?:he)+)(?![\w'])", re.I),
          ""))  # fmt: skip


# A formula's subscript digits written as digits ("kg of CO₂ avoided": "CO2"), one for one.
SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def _spell(text: str) -> str:
    text = text.translate(SUBSCRIPTS)
    for pattern, word in SIGNS:
        text = pattern.sub(word, text)

    def one(m: re.Match[str]) -> str:
        written = m.group(2)
        if len(written) > 1 and written.isupper():
            return m.group(0)  # an acronym ("an HR client")
        word = SPELLED[written.lower()]
        if m.group(1):  # "1yr" -> "1 year"
            return f"{m.group(1)} {word}"
        return word

    return WORD.sub(one, text)


def spelled_out(prompt: str) -> str:
    """The prompt with chat spelling outside its quotes written out in full."""
    out, start = [], 0
    for m in QUOTED.finditer(prompt):
        out += [_spell(prompt[start : m.start()]), m.group(0)]
        start = m.end()
    return "".join([*out, _spell(prompt[start:])])
