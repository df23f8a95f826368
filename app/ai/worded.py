"""More things about the recipient a prompt names in words (app/ai/attributes.py reads them
after its own): a thing named by its name with what was done with it ("the name of the
fabric they picked", "the name of the oldest ancestor we found", "the name of the locksmith
who helped them"), the one thing of theirs that stands out among others ("the most valuable
wine in their collection"), the one place among several where they did something ("which bay
they stopped in for lunch"), the thing we made for them ("the garment we stitched or altered
for them"), where they or their family come from ("the county their family came from") and
their best win. Each is one thing, said in words; the words returned name it."""

from __future__ import annotations

import re

# "the name of the fabric they picked", "the name of the oldest ancestor we found", "the name
# of the locksmith who helped them": the thing or person named (at most two words), whatever
# was done with it after.
NAME_OF_THE = re.compile(r"^the name of (?:the|our) ([a-z' -]+)$")
# Words that start what was done with the thing named, after it.
DONE_AFTER = {"who", "that", "which", "we", "we've", "they", "they've", "you", "he", "she", "it"}
# "the most valuable wine in their collection", "the oldest bottle in their cellar": the one
# that stands out among theirs, named by what makes it so.
STANDS_OUT = re.compile(
    r"^the (most [a-z]+|best|oldest|rarest|finest|priciest|dearest) ([a-z-]+)"
    r" (?:in|of|from|among) (?:their|your|his|her) [a-z-]+(?: [a-z-]+)?$"
)
# "which bay they stopped in for lunch", "which hut they slept in": the one place of several.
WHICH_ONE = re.compile(
    r"^which ([a-z-]+) (?:we|they|you)(?:'ve| have)? [a-z]+ (?:in|at|on|by|near)"
    r"(?: for [a-z]+)?$"
)
# "the garment we stitched or altered for them", "the ring we made for you": made for them.
MADE_FOR = re.compile(
    r"^the ([a-z-]+) (?:(?:that|which) )?(?:we|we've|we have|our [a-z-]+) [a-z]+"
    r"(?: (?:or|and) [a-z]+)? for (?:them|you|him|her)$"
)
# "the county their family came from", "the town they come from": where they are from.
ORIGIN = re.compile(
    r"^the (county|country|town|village|city|region|island|parish|province|state|valley)"
    r" (?:that )?(?:they|you|he|she|(?:their|your|his|her) [a-z]+)"
    r" (?:originally )?(?:came|come|comes|hail|hails|hailed) from$"
)
# Wins, the one they are proudest of ("their best win", "their biggest victory"): a win is
# against someone, said in words, not counted.
BEST = {"best", "biggest", "greatest", "proudest"}
WINS = {"win", "victory", "upset"}


def best_win(words: list[str]) -> bool:
    """Whether a thing of theirs is their best win ("their best win"), one said in words."""
    return len(words) == 2 and words[0] in BEST and words[1] in WINS


def worded(text: str) -> list[str]:
    """The words naming one such thing ("the name of the fabric they picked": fabric; "the
    most valuable wine in their collection": most valuable wine; "which bay they stopped in
    for lunch": bay; "the county their family came from": county of origin), none for any
    other phrase."""
    if found := NAME_OF_THE.match(text):
        said = found.group(1).split()
        at = next((i for i, w in enumerate(said) if w in DONE_AFTER), len(said))
        return said[:at] if 1 <= at <= 2 else []
    if found := STANDS_OUT.match(text):
        return [*found.group(1).split(), found.group(2)]
    found = WHICH_ONE.match(text) or MADE_FOR.match(text)
    if found and not found.group(1).endswith("s"):  # one ("which huts" are several)
        return [found.group(1)]
    if found := ORIGIN.match(text):
        return [found.group(1), "of", "origin"]
    return []
