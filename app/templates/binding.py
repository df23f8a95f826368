"""Binding recipient data into a template's scenes: slot defaults, data-source overrides,
`$each` lists, preview sample data.

`prepare_render` is the one place slot defaults are applied (renders, previews, the worker and
`reelsmith render` all go through it); `app.templates.slots.check_data` only checks. The
composition resolves the remaining `[key]` references itself
(app.composition.timeline.resolve_value, grammar in app.composition.variables).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.templates.builtins import DataSource, builtin_data_source, builtins
from app.templates.schemas import DataSlot, SceneConfig, TemplateView
from app.templates.slots import COUNTRY_RE, is_missing

SlotLike = DataSlot | Mapping[str, Any]


def _each(spec: dict[str, Any], data: dict[str, Any]) -> list[dict[str, Any]] | None:
    """`{"$each": "books", "as": {"label": "title"}}`: one object per item of data["books"],
    each output field taken from the named item field (renames a list for a primitive)."""
    items = data.get(str(spec["$each"]))
    if not isinstance(items, list):
        return None
    fields: dict[str, str] = spec.get("as") or {}
    out = []
    for item in items:
        if isinstance(item, dict):
            out.append({k: item.get(src) for k, src in fields.items() if item.get(src) is not None})
    return out


def _raw(slot: SlotLike) -> dict[str, Any]:
    return slot.model_dump() if isinstance(slot, DataSlot) else dict(slot)


def prepare_data(
    data_slots: Sequence[SlotLike],
    data: Mapping[str, Any],
    data_source: DataSource | Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The data a render uses: each missing (None or blank) slot filled from its
    `defaultValue`, valid country codes upper-cased, and a data source's overrides applied
    (institutionOverride wins over the fetched institution)."""
    filled = dict(data)
    for slot in map(_raw, data_slots):
        key = str(slot.get("key") or "")
        if not key:
            continue
        value = filled.get(key)
        if is_missing(value):
            if slot.get("defaultValue") is not None:
                filled[key] = slot["defaultValue"]
        elif (
            slot.get("type") == "country_code"
            and isinstance(value, str)
            and COUNTRY_RE.match(value.strip())
        ):
            filled[key] = value.strip().upper()
    source = data_source.model_dump() if isinstance(data_source, DataSource) else data_source
    for fetched, given in ((source or {}).get("overrides") or {}).items():
        if filled.get(given) not in (None, ""):
            filled[fetched] = filled[given]
    return filled


def expand_scene(scene: SceneConfig | Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """A scene as a plain dict with every `$each` list in its sceneData built from the data
    (the composition resolves the remaining `[key]` references itself)."""

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            if "$each" in value:
                return _each(value, dict(data))
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    out = scene.model_dump(mode="json") if isinstance(scene, SceneConfig) else dict(scene)
    out["sceneData"] = walk(out.get("sceneData") or {})
    return out


def prepare_render(
    scenes: Sequence[SceneConfig | Mapping[str, Any]],
    data_slots: Sequence[SlotLike],
    data: Mapping[str, Any],
    data_source: DataSource | Mapping[str, Any] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Scenes and data ready for `build_timeline(scenes, data)` and
    `render_composition(..., data=data)`: the data bound (`prepare_data`: slot defaults, country
    codes, data-source overrides) and `$each` lists in sceneData built. Plain dicts in, plain
    dicts out (worker-friendly)."""
    filled = prepare_data(data_slots, data, data_source)
    return [expand_scene(scene, filled) for scene in scenes], filled


def render_inputs(view: TemplateView, data: Mapping[str, Any]) -> tuple[list[dict[str, Any]], dict]:
    """prepare_render for a template view: the root built-in's data source overrides apply to
    the built-in and every fork of it, as in the render pipeline."""
    source = builtin_data_source(view.rootBuiltin) if view.rootBuiltin else None
    return prepare_render(view.scenes, view.dataSlots, data, source)


def _placeholder(slot: DataSlot) -> Any:
    return {
        "text": slot.label or slot.key.replace("_", " ").title(),
        "number": 42,
        "email": "alex@example.com",
        "date": "2026-01-15",
        "url": "https://example.com",
        "country_code": "GB",
        "array": [],
        "object": {},
    }[slot.type]


def sample_data(view: TemplateView, builtin_id: str | None = None) -> dict[str, Any]:
    """Preview data for a template: a slot's defaultValue, else the built-in sample for that
    key (from the template's own built-in ancestor first), else a placeholder by type."""
    samples: dict[str, Any] = {}
    for item in builtins().values():
        samples.update({k: v for k, v in item.sampleData.items() if k not in samples})
    if builtin_id:
        samples.update(builtins()[builtin_id].sampleData)
    out: dict[str, Any] = {}
    for slot in view.dataSlots:
        if slot.defaultValue is not None:
            out[slot.key] = slot.defaultValue
        elif slot.key in samples:
            out[slot.key] = samples[slot.key]
        elif slot.required:
            out[slot.key] = _placeholder(slot)
    if builtin_id:  # values a data source would fetch at render time
        source = builtins()[builtin_id].sampleData
        out.update({k: v for k, v in source.items() if k not in out})
    return out
