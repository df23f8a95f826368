"""A quantity a prompt names: its kind, the slot it proposes and how its stat card shows it
(read by app/ai/quantities.py and the readings it calls)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

QuantityKind = Literal["money", "count", "percent", "duration", "date", "rank", "top", "text"]


@dataclass(frozen=True)
class Quantity:
    kind: QuantityKind
    key: str  # the proposed slot's key
    label: str  # the stat card's label (at most three words)
    prefix: str = ""  # shown before the value ("$")
    suffix: str = ""  # shown after it ("%", " h")
    spoken: str = ""  # said after the value in a script ("dollars", "hours", "percent")
    top: int = 0  # how many a ranked list shows (top N)
    position: int = 0  # where the prompt names it
    end: int = 0  # where the phrase that names it ends
    # what a rank is within, said to the recipient, when a phrase names two ("overall", "in
    # your age group"); empty for a rank named alone
    within: str = ""

    @property
    def slot_type(self) -> str:
        return {"date": "date", "top": "array", "text": "text"}.get(self.kind, "number")


@dataclass(frozen=True)
class Currency:
    symbol: str
    spoken: str  # how a script names it after the amount ("dollars")
