"""`[variable]` substitution in voiceover scripts (delegated to the composition engine) and the
request-time unknown-variable check."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

VARIABLE = re.compile(r"\[([A-Za-z_][A-Za-z0-9_\-]*(?:\.[A-Za-z0-9_\-]+)*)\]")


def _field(obj: Any, *names: str, default: Any = None) -> Any:
    """Read a field from a dict or a model, trying the SPEC name and its snake_case twin."""
    for name in names:
        if isinstance(obj, Mapping):
            if name in obj:
                return obj[name]
        elif hasattr(obj, name):
            return getattr(obj, name)
    return default


def lookup(data: Mapping[str, Any], name: str) -> tuple[bool, Any]:
    """Resolve `key` or `key.sub` in the data; (found, value)."""
    value: Any = data
    for part in name.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        else:
            return False, None
    return True, value


def substitute(text: str, data: Mapping[str, Any]) -> str:
    """Replace each `[key]` with its value from the data (the composition engine's rules)."""
    from app.composition.timeline import substitute as compose_substitute

    return compose_substitute(text, data).text


def variables_in(text: str | None) -> list[str]:
    return VARIABLE.findall(text or "")


def unknown_variables(
    scenes: Iterable[Any], data_slots: Iterable[Any], data: Mapping[str, Any] | None = None
) -> list[str]:
    """Variables referenced by enabled scenes' `voScript` that are neither a data slot key nor
    a key of the data, in order of first use (the render API answers 400 naming them)."""
    known = {str(_field(slot, "key")) for slot in data_slots}
    data = data or {}
    unknown: list[str] = []
    for scene in scenes:
        if _field(scene, "enabled", default=True) is False:
            continue
        for name in variables_in(_field(scene, "voScript", "vo_script")):
            root = name.split(".")[0]
            if root in known or lookup(data, name)[0] or name in unknown:
                continue
            unknown.append(name)
    return unknown
