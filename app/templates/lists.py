"""List slots: what the items of a template's array slots hold, and the checks of list data that
the render would otherwise only find while rendering (an empty `keyStats`, a stat without a
value).

A list slot's item schema comes from the primitives it feeds (their `items.json`,
app/primitives/items.py): a sceneData value that is exactly `[key]` for a list prop, a
`{"$each": key, "as": {...}}` renaming (the item fields are the renamed ones), or a `name[]`
data input filled straight from the data. A slot feeding several primitives (pulse's
`categories`: bars and comparison rows) takes every field any of them reads; a field is
required when one of them requires it.

`data_problems` is the one check of a recipient's data against a template (POST /api/render,
each batch row, the dashboard forms, trigger events): `check_data`'s required slots and types,
the list items, and each playing scene's `dataRequired` (a `name[]` must be a non-empty
list), as the worker reads them. Problems are `{"field", "problem"}` with the field's path
(`keyStats[1].value`); the API's message is `data.<field> <problem>`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.composition.timeline import scene_dict, should_skip
from app.composition.variables import VARIABLE, lookup, present
from app.primitives.catalog import get_primitive
from app.primitives.items import ItemField, ListSchema, list_schemas
from app.templates.binding import prepare_data
from app.templates.slots import Slot, check_data, is_missing, type_error

_NUMERIC = re.compile(r"^\s*[-+]?(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d+)?\s*$")


@dataclass
class SlotList:
    """The items of one list slot: merged from every list input it feeds."""

    key: str
    label: str = "Item"
    min: int = 1
    max: int | None = None
    scalar: str | None = None
    fields: list[ItemField] = field(default_factory=list)
    feeds: list[str] = field(default_factory=list)  # "stat-counters.stats"

    def merge(self, schema: ListSchema, renamed: Mapping[str, str] | None, where: str) -> None:
        first = not self.feeds
        self.feeds.append(where)
        if first:
            self.label, self.scalar = schema.label, schema.scalar
        elif schema.scalar != self.scalar:
            self.scalar = None  # a bare item only when every primitive takes one
        self.min = max(self.min, schema.min) if not first else schema.min
        if schema.max is not None:
            self.max = schema.max if self.max is None else min(self.max, schema.max)
        for item in schema.fields:
            if renamed is not None:  # $each: only the renamed fields reach the primitive
                source = next((src for out, src in renamed.items() if out == item.key), None)
                if source is None:
                    continue
                item = item.model_copy(update={"key": source, "aliases": ()})
            known = next((i for i, f in enumerate(self.fields) if f.key == item.key), None)
            if known is None:
                self.fields.append(item)
            elif item.required and not self.fields[known].required:
                self.fields[known] = self.fields[known].model_copy(update={"required": True})

    def as_dict(self) -> dict[str, Any]:
        """For the dashboard's list editor (JSON in the page)."""
        return {
            "key": self.key,
            "label": self.label,
            "min": self.min,
            "max": self.max,
            "scalar": self.scalar,
            "fields": [f.model_dump(mode="json") for f in self.fields],
        }


def _binding(value: Any) -> tuple[str, Mapping[str, str] | None] | None:
    """The slot key a sceneData list prop is filled from, with the $each renaming if any."""
    if isinstance(value, str):
        whole = VARIABLE.fullmatch(value.strip())
        if whole and "." not in whole.group(1):
            return whole.group(1), None
        return None
    if isinstance(value, Mapping) and isinstance(value.get("$each"), str):
        renamed = value.get("as")
        return str(value["$each"]), dict(renamed) if isinstance(renamed, Mapping) else {}
    return None


def slot_lists(scenes: Sequence[Any], slots: Sequence[Slot]) -> dict[str, SlotList]:
    """The item schema of each array slot that feeds a primitive's list input."""
    arrays = {s.key for s in slots if s.type == "array"}
    found: dict[str, SlotList] = {}
    for raw in scenes:
        scene = scene_dict(raw)
        primitive_id = str(scene.get("primitiveId", ""))
        info = get_primitive(primitive_id)
        if info is None:
            continue
        scene_data = scene.get("sceneData") or {}
        if not isinstance(scene_data, Mapping):
            scene_data = {}
        for prop, schema in list_schemas(primitive_id).items():
            if prop in scene_data:
                bound = _binding(scene_data[prop])
            elif f"{prop}[]" in info.dataInputs:
                bound = (prop, None)
            else:
                bound = None
            if bound is None or bound[0] not in arrays:
                continue
            key, renamed = bound
            found.setdefault(key, SlotList(key)).merge(schema, renamed, f"{primitive_id}.{prop}")
    return found


def _item_type_error(value: Any, kind: str) -> str | None:
    """Why a list item's value does not fit its field type (numbers may be numeric text, as
    the primitives read them)."""
    if kind == "number":
        if isinstance(value, bool):
            return "must be a number"
        if isinstance(value, int | float) or (isinstance(value, str) and _NUMERIC.match(value)):
            return None
        return "must be a number"
    if kind == "text":
        return (
            None
            if isinstance(value, str | int | float) and not isinstance(value, bool)
            else ("must be text")
        )
    return type_error(value, kind)


def list_problems(lists: Mapping[str, SlotList], data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The problems of the given list values: too few items, an item that is not an object
    (when the primitive takes none bare), a required field missing, a value of the wrong type."""
    problems: list[dict[str, Any]] = []
    for key, spec in lists.items():
        items = data.get(key)
        if not isinstance(items, list) or not items:
            continue  # missing: the required-slot and dataRequired checks say so
        if len(items) < spec.min:
            problems.append(
                {"field": key, "problem": f"needs at least {spec.min} items (has {len(items)})"}
            )
        names = ", ".join(f.key for f in spec.fields)
        for index, item in enumerate(items):
            where = f"{key}[{index}]"
            if not isinstance(item, Mapping):
                if spec.scalar is None:
                    problems.append({"field": where, "problem": f"must be an object ({names})"})
                elif _item_type_error(item, spec.scalar) is not None:
                    kind = "text" if spec.scalar == "text" else f"a {spec.scalar.replace('_', ' ')}"
                    problems.append(
                        {"field": where, "problem": f"must be {kind} or an object ({names})"}
                    )
                continue
            for item_field in spec.fields:
                value = item_field.value_in(dict(item))
                if is_missing(value):
                    if item_field.required:
                        problems.append(
                            {"field": f"{where}.{item_field.key}", "problem": "is required"}
                        )
                    continue
                why = _item_type_error(value, item_field.type)
                if why is not None:
                    problems.append({"field": f"{where}.{item_field.key}", "problem": why})
    return problems


def scene_requirements(
    scenes: Sequence[Any],
    data: Mapping[str, Any],
    provided: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """Each playing scene's `dataRequired` the data lacks (a `name[]` must be a non-empty
    list), as the worker reads them; keys a data source `provided` are fetched later."""
    problems: list[dict[str, Any]] = []
    seen: set[str] = set()
    for index, raw in enumerate(scenes):
        scene = scene_dict(raw)
        try:
            if should_skip(scene, data):
                continue
        except ValueError:
            continue  # a bad skipCondition is the template's problem, reported elsewhere
        for name in scene.get("dataRequired") or []:
            key = str(name).removesuffix("[]")
            if key in seen or key.split(".")[0] in provided:
                continue
            value = lookup(data, key)
            listed = str(name).endswith("[]")
            ok = isinstance(value, list) and bool(value) if listed else present(value)
            if not ok:
                seen.add(key)
                what = "a list with at least 1 item" if listed else "a value"
                label = scene.get("label") or scene.get("primitiveId")
                problems.append(
                    {"field": key, "problem": f"is required: scene {index} ({label}) needs {what}"}
                )
    return problems


def data_problems(
    template: Mapping[str, Any],
    data: Mapping[str, Any],
    scenes: Sequence[Any] | None = None,
) -> list[dict[str, Any]]:
    """Everything wrong with one recipient's data for a template document (its `dataSlots`,
    `scenes` unless the resolved `scenes` are given, `dataSource`): required slots and types,
    list items, and the data each playing scene requires."""
    raw_slots = [dict(s) for s in template.get("dataSlots") or []]
    slots = [Slot.from_dict(s) for s in raw_slots]
    scenes = list(template.get("scenes") or []) if scenes is None else list(scenes)
    problems = check_data(slots, dict(data))
    failed = {p["field"] for p in problems}
    lists = {k: v for k, v in slot_lists(scenes, slots).items() if k not in failed}
    problems += list_problems(lists, data)
    failed |= {p["field"].split("[")[0] for p in problems}
    source = template.get("dataSource") or {}
    provided = list(source.get("provides") or []) if isinstance(source, Mapping) else []
    if source:
        provided.append(str(source.get("key") or ""))
    prepared = prepare_data(raw_slots, data)
    problems += [
        p
        for p in scene_requirements(scenes, prepared, provided)
        if p["field"].split("[")[0].split(".")[0] not in failed
    ]
    return problems
