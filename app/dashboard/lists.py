"""List slots in the dashboard's forms (the render form, a batch's fix of a bad row): one row
per item with add and remove buttons and a typed field per item field, from the slot's item
schema (app/templates/lists.py); a list slot without one keeps its JSON box.

Form names: `<prefix>.<key>.<n>.<field>` (`data.keyStats.0.value`, `fix.3.keyStats.1.label`);
`n` is the row's place in the form, rows left blank are dropped. The data checks name an item
by its place in the list (`keyStats[1].value`): `form_errors` puts each message beside its
field, whatever rows were dropped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.renders.mapping import CellError, convert_cell
from app.templates.lists import SlotList, slot_lists
from app.templates.slots import Slot, is_missing

# Item field type -> the <input type> that edits it.
ITEM_INPUTS = {
    "text": "text",
    "number": "number",
    "email": "email",
    "date": "date",
    "url": "url",
    "country_code": "text",
}
# The same in a batch row's fix form: a cell's own text is kept as written ("1,204",
# "03/15/2024"), which a number or date input would throw away.
CELL_INPUTS = {**ITEM_INPUTS, "number": "text", "date": "text"}
_PATH = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?(?:\.(.+))?$")


@dataclass
class ListEditor:
    """One list slot's rows in a form: its schema, the rows' raw values (strings by field
    key) and what each row's form index is."""

    slot: Slot
    prefix: str  # "data" or "fix.3"
    schema: SlotList
    rows: list[dict[str, str]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.prefix}.{self.slot.key}"

    @property
    def item(self) -> str:
        """What one row is called: the slot's label made singular ("Key stats" -> "Key
        stat", "Categories" -> "Category"), else the primitive's name for an item."""
        label = self.slot.label.strip()
        if re.search(r"[^aeiou]ies$", label):
            return label[:-3] + "y"
        if re.search(r"[^s]s$", label) and " " not in label[-3:]:
            return label[:-1]
        return self.schema.label

    @property
    def fid(self) -> str:
        return self.name.replace(".", "-")

    def as_dict(self) -> dict[str, Any]:
        return {**self.schema.as_dict(), "name": self.name}


def list_schemas_of(template: Mapping[str, Any], slots: list[Slot]) -> dict[str, SlotList]:
    """The item schema of each list slot the template's scenes read."""
    return slot_lists(template.get("scenes") or [], slots)


def _raw(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return "" if value is None else ("true" if value else "false")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value if isinstance(value, str) else json.dumps(value)


def rows_of(value: Any, schema: SlotList) -> list[dict[str, str]]:
    """A list value (a default, a batch cell's items) as editor rows of raw strings."""
    if not isinstance(value, list):
        return []
    rows = []
    first = schema.fields[0].key if schema.fields else "value"
    for item in value:
        if isinstance(item, Mapping):
            rows.append({f.key: _raw(f.value_in(dict(item))) for f in schema.fields})
        else:  # a bare item (a country code): its first field
            rows.append({first: _raw(item)})
    return rows


def posted_rows(form: Any, name: str, schema: SlotList) -> list[tuple[int, dict[str, str]]]:
    """(form index, raw values) of each row posted under `name`, in form order."""
    found: dict[int, dict[str, str]] = {}
    start = name + "."
    keys = {f.key for f in schema.fields}
    for key in form:
        if not key.startswith(start):
            continue
        index, _, field_key = key[len(start) :].partition(".")
        if index.isdigit() and field_key in keys:
            found.setdefault(int(index), {})[field_key] = str(form.get(key, ""))
    return sorted(found.items())


def read_list(
    form: Any, editor: ListEditor
) -> tuple[list[dict[str, Any]] | None, dict[str, str], list[int]]:
    """The list a form posted for one editor: (items or None when every row is blank,
    conversion errors by form name, the form index of each kept item). Rows are kept in
    `editor.rows` (raw) to show them again."""
    items: list[dict[str, Any]] = []
    errors: dict[str, str] = {}
    kept: list[int] = []
    editor.rows = []
    for index, raw in posted_rows(form, editor.name, editor.schema):
        if all(not v.strip() for v in raw.values()):
            continue
        position = len(editor.rows)
        editor.rows.append(raw)
        item: dict[str, Any] = {}
        for item_field in editor.schema.fields:
            text = raw.get(item_field.key, "")
            try:
                value = convert_cell(text, item_field.type)
            except CellError as exc:
                errors[f"{editor.name}.{position}.{item_field.key}"] = str(exc)
                continue
            if value is not None:
                item[item_field.key] = value
        items.append(item)
        kept.append(index)
    return (items or None), errors, kept


def form_name(prefix: str, path: str) -> str:
    """A data problem's field path as the form field it is about: `keyStats[1].value` ->
    `<prefix>.keyStats.1.value` (rows are numbered in the order shown, blanks dropped)."""
    match = _PATH.match(path)
    if not match:
        return f"{prefix}.{path}"
    key, index, rest = match.groups()
    name = f"{prefix}.{key}"
    if index is not None:
        name += f".{index}"
        if rest:
            name += f".{rest.split('.')[0]}"
    return name


def form_errors(errors: Mapping[str, str], prefix: str) -> dict[str, str]:
    """Errors keyed `data.keyStats[0].value` (the API's details) re-keyed by form name."""
    out: dict[str, str] = {}
    for key, message in errors.items():
        if key.startswith(prefix + ".") and ("[" in key):
            out.setdefault(form_name(prefix, key[len(prefix) + 1 :]), message)
        else:
            out.setdefault(key, message)
    return out


def editors_for(
    template: Mapping[str, Any], slots: list[Slot], prefix: str
) -> dict[str, ListEditor]:
    """An editor per list slot with an item schema, rows from the slot's default (or one
    blank row)."""
    editors = {}
    for key, schema in list_schemas_of(template, slots).items():
        slot = next(s for s in slots if s.key == key)
        editor = ListEditor(slot, prefix, schema)
        editor.rows = rows_of(slot.default, schema) if slot.has_default else []
        editors[key] = editor
    return editors


def cell_of(items: list[dict[str, Any]] | None) -> str:
    """A list as the CSV cell that carries it (JSON; empty for none)."""
    return "" if not items else json.dumps(items, ensure_ascii=False)


def value_present(raw: Any) -> bool:
    return not is_missing(raw)
