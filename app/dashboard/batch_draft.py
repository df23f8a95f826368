"""A batch being prepared on the dashboard's batch page: the CSV read into a Draft, and the
fix form of a bad row (a field per data slot, list slots as rows) written back into its cells;
the dry run's findings by row. app/dashboard/batches.py serves the page."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from typing import Any

from app.dashboard.lists import ListEditor, cell_of, editors_for, form_name, read_list, rows_of
from app.renders import create
from app.renders.errors import InvalidRenderRequest
from app.templates.slots import Slot

MAX_CSV_BYTES = 2 * 1024 * 1024
# The mapping select's values besides slot keys.
KEEP = "__keep__"  # not a slot: kept as extra data under the column's own name (as the API)
IGNORE = "__ignore__"  # not sent at all
MAX_FIX_FORMS = 10  # fix forms shown at once (the first bad rows)


class CsvProblem(ValueError):
    """The pasted or uploaded CSV cannot be read."""


def parse_csv(text: str) -> tuple[list[str], list[list[str]]]:
    """Headers and rows of a CSV (blank lines skipped); CsvProblem when there is nothing."""
    if len(text.encode()) > MAX_CSV_BYTES:
        raise CsvProblem(f"The CSV is larger than {MAX_CSV_BYTES // 1024 // 1024} MB.")
    try:
        lines = [r for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
    except csv.Error as exc:
        raise CsvProblem(f"The CSV cannot be read: {exc}") from exc
    if len(lines) < 2:
        raise CsvProblem("The CSV needs a header line and at least one row.")
    return [h.strip() for h in lines[0]], lines[1:]


@dataclass
class Draft:
    """A batch being prepared: what the form posted and what the server found in it."""

    template_id: str = ""
    csv_text: str = ""
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    mapping: list[str] = field(default_factory=list)  # per column: slot key, KEEP or IGNORE
    auto: dict[str, str | None] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    row_errors: dict[int, list[str]] = field(default_factory=dict)
    # What the dry run found that does not stop the batch (glyphs, text fit), per row.
    row_warnings: dict[int, list[str]] = field(default_factory=dict)
    # Messages beside the fields of the bad rows' fix forms (`fix.<row>.<field>`).
    fix_errors: dict[str, str] = field(default_factory=dict)
    dry: dict[str, Any] | None = None  # the dry run's answer (app/renders/dryrun.py)
    checked: bool = False


def fix_field_errors(exc: InvalidRenderRequest) -> dict[str, str]:
    """The batch error's per-row problems beside the fix form's fields."""
    found: dict[str, str] = {}
    for p in exc.details:
        if isinstance(p.get("row"), int) and p.get("field"):
            name = form_name(f"fix.{p['row']}", str(p["field"]))
            found.setdefault(name, str(p.get("problem", "")))
    return found


@dataclass
class FixForm:
    """The fix form of one bad row: a field per data slot (a list slot as rows)."""

    row: int
    problems: list[str]
    values: dict[str, str]  # scalar slot key -> the row's cell
    editors: dict[str, ListEditor]


def _cell(draft: Draft, row: list[str], key: str) -> str:
    """The row's cell for a slot (its first column mapped to it), or ''."""
    for index, mapped in enumerate(draft.mapping):
        if mapped == key and index < len(row):
            return row[index]
    return ""


def fix_forms(draft: Draft, template: Any, slots: list[Slot]) -> list[FixForm]:
    """A fix form for each of the first bad rows, filled from its cells."""
    if not draft.row_errors or not draft.mapping:
        return []
    document = template.model_dump(mode="json")
    forms = []
    for number in sorted(draft.row_errors)[:MAX_FIX_FORMS]:
        if not 0 < number <= len(draft.rows):
            continue
        row = draft.rows[number - 1]
        editors = editors_for(document, slots, f"fix.{number}")
        values = {}
        for slot in slots:
            cell = _cell(draft, row, slot.key)
            editor = editors.get(slot.key)
            if editor is None:
                values[slot.key] = cell
                continue
            try:
                parsed = json.loads(cell) if cell.strip() else []
            except ValueError:
                parsed = []
            editor.rows = rows_of(parsed, editor.schema)
        forms.append(FixForm(number, draft.row_errors[number], values, editors))
    return forms


def apply_fix(draft: Draft, form: Any, number: int, template: dict[str, Any]) -> None:
    """Write row `number`'s fix form into its cells (a slot without a column gets one, under
    its key) and the CSV text; conversion problems go to draft.fix_errors."""
    if not 0 < number <= len(draft.rows):
        return
    slots = create.template_slots(template)
    editors = editors_for(template, slots, f"fix.{number}")
    row = list(draft.rows[number - 1]) + [""] * (len(draft.headers) - len(draft.rows[number - 1]))
    for slot in slots:
        editor = editors.get(slot.key)
        if editor is not None:
            items, problems, _ = read_list(form, editor)
            draft.fix_errors.update(problems)
            value = cell_of(items)
        else:
            value = str(form.get(f"fix.{number}.{slot.key}", "")).strip()
        column = next((i for i, m in enumerate(draft.mapping) if m == slot.key), None)
        if column is None:
            if not value:
                continue
            draft.headers.append(slot.key)
            draft.mapping.append(slot.key)
            draft.rows = [r + [""] for r in draft.rows]
            row.append("")
            column = len(draft.headers) - 1
        row[column] = value
    draft.rows[number - 1] = row
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(draft.headers)
    writer.writerows(draft.rows)
    draft.csv_text = out.getvalue()


def dry_run_notes(draft: Draft, answer: dict[str, Any]) -> None:
    """The dry run's findings by row: a row the batch would refuse that the row checks did
    not name (the tier's limits) is an error; glyph and fit warnings are notes."""
    for result in answer["results"]:
        number = result["row"]
        for warning in result["warnings"]:
            if warning["kind"] in ("glyphs", "text_fit"):
                draft.row_warnings.setdefault(number, []).append(warning["message"])
            elif number not in draft.row_errors or warning["kind"] == "limits":
                draft.row_errors.setdefault(number, []).append(warning["message"])
    draft.dry = answer
