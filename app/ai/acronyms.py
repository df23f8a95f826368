"""Words a prompt writes in capitals ("DNA", "RSVP'd", "CO2"), kept so in the labels the
composer makes of them (moved out of app/ai/quantities.py as it was)."""

from __future__ import annotations

import re

# A word the prompt writes in capitals ("DNA", "RSVP'd", "CO2").
ACRONYM = re.compile(r"(?<![\w'])[A-Z][A-Z0-9]+(?:'[a-z]+)?(?![\w'])")


def acronyms(label: str, text: str) -> str:
    """The label with the words the prompt writes in capitals written so ("how many DNA
    relatives": "DNA relatives matched", not "Dna"), unless the prompt is mostly capitals."""
    caps = {m.group(0).lower(): m.group(0) for m in ACRONYM.finditer(text)}
    if not caps or len(ACRONYM.findall(text)) * 2 > len(text.split()):
        return label
    return " ".join(caps.get(w.lower(), w) for w in label.split(" "))
