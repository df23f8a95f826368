"""The request-time check of `[variable]`s in voiceover scripts (grammar and substitution:
app.composition.variables)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from app.composition import variables


def _field(obj: Any, *names: str, default: Any = None) -> Any:
    """Read a field from a dict or a model, trying the SPEC name and its snake_case twin."""
    for name in names:
        if isinstance(obj, Mapping):
            if name in obj:
                return obj[name]
        elif hasattr(obj, name):
            return getattr(obj, name)
    return default


def unknown_variables(
    scenes: Iterable[Any], data_slots: Iterable[Any], data: Mapping[str, Any] | None = None
) -> list[str]:
    """Variables in enabled scenes' `voScript` that cannot be filled, in order of first use:
    malformed ones (`[some-key]`) and those that are neither a data slot key nor a path in the
    data (the render API answers 400 naming them)."""
    scripts = [
        _field(scene, "voScript", "vo_script")
        for scene in scenes
        if _field(scene, "enabled", default=True) is not False
    ]
    keys = [str(_field(slot, "key")) for slot in data_slots]
    return variables.unknown_variables(scripts, keys, data or {})
