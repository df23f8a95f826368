"""How the held-out sets' unit tests read a prompt's quantities (tests/unit/ai/test_*_readings.py):
each file compares a few of every quantity's fields, and these are the shapes they use."""

from __future__ import annotations

from app.ai.compose import create
from app.ai.quantities import quantities
from app.ai.quantity import Quantity
from app.ai.schemas import TemplateState
from app.ai.spelling import spelled_out


def sign(q: Quantity) -> str:
    """The unit shown beside the figure: its prefix (a currency sign), else its suffix."""
    return q.prefix or q.suffix.strip()


def kind_label_sign(prompt: str) -> list[tuple[str, str, str]]:
    return [(q.kind, q.label, sign(q)) for q in quantities(prompt)]


def kind_label_unit(prompt: str) -> list[tuple[str, str, str]]:
    """As kind_label_sign, a prefix or suffix stripped of its spaces either way."""
    return [(q.kind, q.label, (q.prefix or q.suffix).strip()) for q in quantities(prompt)]


def kind_key_label_prefix(prompt: str) -> list[tuple[str, str, str, str]]:
    return [(q.kind, q.key, q.label, q.prefix) for q in quantities(prompt)]


def kind_key_suffix(prompt: str) -> list[tuple[str, str, str]]:
    return [(q.kind, q.key, q.suffix) for q in quantities(prompt)]


def kind_key_label_spelled(prompt: str) -> list[tuple[str, str, str]]:
    """Numbers written as words in the prompt read as the composer reads them."""
    return [(q.kind, q.key, q.label) for q in quantities(spelled_out(prompt))]


def scene_kinds(prompt: str) -> list[str]:
    """The primitives of the scenes the composer makes of the prompt, in order."""
    return [s.primitiveId for s in create(prompt, TemplateState()).scenes]
