"""Batches: upload or paste a CSV, confirm the column -> data slot mapping (the API's fuzzy
matching, editable), see each bad row before anything is charged, the cost and the balance,
optional A/B variants, start; then the batch page with live progress, retry of failed rows
and a results CSV. Creating calls app.renders.create.create_batch, as POST /api/render/batch.
"""

from __future__ import annotations

import io
import json
from typing import Any

from pydantic import ValidationError
from quart import Blueprint, Response, jsonify, request

from app import csvcells
from app.analytics.audience import recipient_name
from app.csvcells import safe_cell
from app.dashboard import web
from app.dashboard.batch_draft import (
    IGNORE,
    KEEP,
    MAX_CSV_BYTES,
    CsvProblem,
    Draft,
    apply_fix,
    dry_run_notes,
    fix_field_errors,
    fix_forms,
    parse_csv,
)
from app.dashboard.lists import (
    CELL_INPUTS,
)
from app.dashboard.render import (
    DOMAIN_ERRORS,
    FORM_ERROR,
    choices,
    dispatch,
    error_fields,
    not_found,
    options,
    validation_errors,
)
from app.dashboard.web import action, page, render, see_other
from app.media.storage import get_storage
from app.renders import create, read, retry
from app.renders.dryrun import dry_run_batch
from app.renders.errors import BatchNotFound, InvalidRenderRequest
from app.renders.mapping import map_headers
from app.renders.models import RenderJob
from app.renders.read import output_url
from app.renders.schemas import BatchRequest
from app.renders.states import FINISHED, JobStatus
from app.state import get_db, get_settings
from app.templates.errors import TemplateNotFound
from app.templates.service import get_template, template_choices
from app.templates.slots import Slot

bp = Blueprint("dashboard_batches", __name__, url_prefix=web.PREFIX)
bp.after_request(web.add_headers)

RESULT_COLUMNS = ("row", "recipient", "status", "player_url", "video_url", "job_id", "error")


async def _csv_text(form: Any) -> str:
    files = await request.files
    upload = files.get("csvFile")
    if upload is not None and upload.filename:
        raw = upload.read(MAX_CSV_BYTES + 1)
        if len(raw) > MAX_CSV_BYTES:
            raise CsvProblem(f"The file is larger than {MAX_CSV_BYTES // 1024 // 1024} MB.")
        try:
            return str(raw.decode("utf-8-sig"))
        except UnicodeDecodeError as exc:
            raise CsvProblem("The file is not UTF-8 text; save it as CSV UTF-8.") from exc
    return str(form.get("csvText", ""))


def chosen_mapping(draft: Draft, form: Any, slots: list[Slot]) -> list[str]:
    """Per column: the user's choice when the form shows the same columns, else the API's
    mapping (map_headers)."""
    draft.auto = map_headers(draft.headers, slots)
    auto = [draft.auto.get(h) or KEEP for h in draft.headers]
    try:
        shown = json.loads(form.get("mappedHeaders") or "null")
    except ValueError:
        shown = None
    if shown != draft.headers:
        return auto
    allowed = {s.key for s in slots} | {KEEP, IGNORE}
    picked = [form.get(f"map.{i}", "") for i in range(len(draft.headers))]
    return [p if p in allowed else a for p, a in zip(picked, auto, strict=True)]


def request_columns(draft: Draft) -> tuple[list[str], list[list[str]]]:
    """Headers and rows as the API gets them: a mapped column under its slot key (so the
    API's mapping takes it exactly), a kept one under its own name, an ignored one left out."""
    keep = [i for i, m in enumerate(draft.mapping) if m != IGNORE]
    headers = [draft.headers[i] if draft.mapping[i] == KEEP else draft.mapping[i] for i in keep]
    rows = [[row[i] if i < len(row) else "" for i in keep] for row in draft.rows]
    return headers, rows


def check_mapping(draft: Draft, headers: list[str], slots: list[Slot]) -> None:
    """Errors for a mapping the API would read differently (two columns on one slot, a kept
    column that fuzzy-matches a slot)."""
    if len(set(headers)) != len(headers):
        draft.errors["mapping"] = "Two columns are mapped to the same data field."
        return
    read_as = map_headers(headers, slots)
    for header, mapped in zip(draft.headers, draft.mapping, strict=True):
        if mapped == KEEP and read_as.get(header):
            draft.errors["mapping"] = (
                f"Column '{header}' would be read as the data field '{read_as[header]}': "
                "choose that field or ignore the column."
            )


def _variants(form: Any) -> list[dict[str, Any]] | None:
    """Two A/B arms (docs/api/ab-campaigns.md): A as the batch is, B with its own template
    and/or accent color when given."""
    if "abTest" not in form:
        return None
    split_a = form.get("splitA", "")
    split = int(split_a) if split_a.isdigit() else 50
    accent_b = form.get("accentB") or None
    return [
        {"id": "a", "label": form.get("labelA") or "A", "splitPercent": split},
        {
            "id": "b",
            "label": form.get("labelB") or "B",
            "splitPercent": 100 - split,
            "templateId": form.get("templateB") or None,
            "brand": {"accentColor": accent_b} if accent_b else None,
        },
    ]


def batch_body(draft: Draft, form: Any) -> BatchRequest:
    """The POST /api/render/batch body; pydantic's ValidationError for a value it refuses."""
    headers, rows = request_columns(draft)
    return BatchRequest.model_validate(
        {
            "templateId": draft.template_id,
            "headers": headers,
            "rows": rows,
            "variants": _variants(form),
            **options(form),
        }
    )


def row_problems(exc: InvalidRenderRequest, draft: Draft) -> dict[int, list[str]]:
    """The batch error's per-row problems by row number (1 = the first data row), naming
    the CSV's own column where the problem is a column's."""
    column_of = {
        (draft.headers[i] if m == KEEP else m): draft.headers[i]
        for i, m in enumerate(draft.mapping)
        if m != IGNORE
    }
    found: dict[int, list[str]] = {}
    for p in exc.details:
        if isinstance(p.get("row"), int):
            where = column_of.get(p.get("column") or p.get("field") or "", p.get("field") or "row")
            found.setdefault(p["row"], []).append(f"{where} {p.get('problem', '')}".strip())
    return found


async def _form_page(draft: Draft, form: Any, status: int = 200) -> Response:
    account = web.account()
    async with get_db().session() as session:
        templates = await template_choices(session, account.id)
        template = (
            await get_template(session, draft.template_id, account.id)
            if draft.template_id
            else None
        )
    slots = [Slot.from_dict(s.model_dump()) for s in template.dataSlots] if template else []
    fixes = fix_forms(draft, template, slots) if template else []
    return await render(
        "batches/new.html",
        status=status,
        draft=draft,
        templates=templates,
        tpl=template,
        slots=slots,
        choices=choices(account),
        defaults=template.defaults.model_dump() if template and template.defaults else {},
        values=form,
        keep=KEEP,
        ignore=IGNORE,
        cost=len(draft.rows),
        fixes=fixes,
        item_inputs=CELL_INPUTS,
        input_types=CELL_INPUTS,
    )


@bp.get("/batches")
@page
async def batches_page() -> Response:
    async with get_db().session() as session:
        batches = await read.recent_batches(session, web.account().id)
    return await render("batches/list.html", batches=batches)


@bp.get("/batches/new")
@page
async def new_batch_page() -> Response:
    draft = Draft(template_id=request.args.get("template", ""))
    return await _form_page(draft, None)


async def _prepare(draft: Draft, form: Any) -> BatchRequest | None:
    """Read the CSV, the mapping and the options into the batch request, checking the rows
    the way the API does (create.batch_rows), and the dry run's per-row warnings; None with
    draft.errors when something is off. A `fix:<row>` step first writes that row's fix form
    into the CSV."""
    account = web.account()
    try:
        draft.csv_text = await _csv_text(form)
        draft.headers, draft.rows = parse_csv(draft.csv_text)
    except CsvProblem as exc:
        draft.errors["csv"] = str(exc)
        return None
    try:
        async with get_db().session() as session:
            template = await create.load_template(session, draft.template_id, account.id)
    except TemplateNotFound:
        draft.errors["templateId"] = "Choose a template."
        return None
    slots = create.template_slots(template)
    draft.mapping = chosen_mapping(draft, form, slots)
    step = str(form.get("step", ""))
    if step.startswith("fix:") and step[4:].isdigit():
        apply_fix(draft, form, int(step[4:]), template)
    check_mapping(draft, request_columns(draft)[0], slots)
    if draft.errors:
        return None
    try:
        body = batch_body(draft, form)
    except ValidationError as exc:
        draft.errors.update(validation_errors(exc))
        return None
    try:
        create.batch_rows(template, body)
    except InvalidRenderRequest as exc:
        draft.row_errors = row_problems(exc, draft)
        draft.fix_errors = {**fix_field_errors(exc), **draft.fix_errors}
        draft.errors[FORM_ERROR] = exc.message
    try:
        async with get_db().read() as session:
            answer = await dry_run_batch(session, get_settings(), account, body)
    except DOMAIN_ERRORS as exc:
        draft.errors.update(error_fields(exc))
        return None
    dry_run_notes(draft, answer)
    if draft.row_errors:
        draft.errors.setdefault(
            FORM_ERROR,
            f"{len(draft.row_errors)} row(s) would make the batch fail, nothing was queued: "
            + "; ".join(
                f"row {n}: {'; '.join(m)}" for n, m in sorted(draft.row_errors.items())[:5]
            ),
        )
        return None
    draft.checked = True
    return body


@bp.post("/batches/new")
@action
async def new_batch() -> Response:
    form = await request.form
    draft = Draft(template_id=form.get("templateId", "").strip())
    body = await _prepare(draft, form)
    starting = form.get("step") == "start"
    if body is None or not starting:
        # A check that finds problems did its job (200); starting with them is refused (400).
        return await _form_page(draft, form, status=400 if starting else 200)
    try:
        async with get_db().session() as session:
            created = await create.create_batch(session, get_settings(), web.account(), body)
    except DOMAIN_ERRORS as exc:
        draft.errors = error_fields(exc)
        if isinstance(exc, InvalidRenderRequest):
            draft.row_errors = row_problems(exc, draft)
        draft.checked = False
        return await _form_page(draft, form, status=400)
    await dispatch()
    return see_other(
        web.app_url(f"/batches/{created.batch_id}"),
        f"Batch of {len(created.job_ids)} videos started; {created.balance} credits left.",
    )


def _job_row(job: RenderJob, storage: Any) -> dict[str, Any]:
    return {
        "id": job.id,
        "row": job.row_number,
        "recipient": recipient_name(job),
        "variant": job.variant_id,
        "status": job.status,
        "progress": job.progress,
        "error": job.error,
        "videoUrl": output_url(job, storage),
        "playerUrl": read.viewer_urls(job, storage, get_settings())["playerUrl"],
    }


async def _batch_view(batch_id: str) -> dict[str, Any] | None:
    storage = get_storage(get_settings())
    try:
        async with get_db().session() as session:
            batch, jobs = await read.owned_batch(session, web.account().id, batch_id)
    except BatchNotFound:
        return None
    status = read.batch_state([j.status for j in jobs])
    return {
        "id": batch.id,
        "templateId": batch.template_id,
        "createdAt": batch.created_at,
        "variants": batch.variants,
        "status": status,
        "progress": read.batch_progress(jobs),
        "finished": all(j.status in FINISHED for j in jobs),
        "jobs": [_job_row(j, storage) for j in jobs],
    }


@bp.get("/batches/<batch_id>")
@page
async def batch_page(batch_id: str) -> Response:
    view = await _batch_view(batch_id)
    if view is None:
        return await not_found("batch")
    return await render("batches/batch.html", batch=view)


@bp.get("/batches/<batch_id>/status")
@page
async def batch_status(batch_id: str) -> Response:
    view = await _batch_view(batch_id)
    if view is None:
        return Response('{"error":"not found"}', 404, content_type="application/json")
    view.pop("createdAt")
    return jsonify(view)


@bp.post("/batches/<batch_id>/retry")
@action
async def retry_failed(batch_id: str) -> Response:
    """Render the failed rows again as a new batch (create_batch: checked and charged as any
    batch, 1 credit a row)."""
    account = web.account()
    try:
        async with get_db().session() as session:
            batch, jobs = await read.owned_batch(session, account.id, batch_id)
            failed = [j for j in jobs if j.status == JobStatus.FAILED]
            made = [
                await create.create_batch(session, get_settings(), account, body)
                for body in retry.retry_requests(batch, failed)
            ]  # one new batch per shape of the failed jobs (usually one)
            created = made[0]
    except BatchNotFound:
        return await not_found("batch")
    except DOMAIN_ERRORS as exc:
        message = error_fields(exc)[FORM_ERROR]
        return see_other(web.app_url(f"/batches/{batch_id}"), message, kind="error")
    await dispatch()
    return see_other(
        web.app_url(f"/batches/{created.batch_id}"),
        f"Retrying {sum(len(m.job_ids) for m in made)} failed row(s) as "
        + ("this new batch" if len(made) == 1 else f"{len(made)} new batches, one per shape")
        + f"; {made[-1].balance} credits left.",
    )


@bp.get("/batches/<batch_id>/results.csv")
@page
async def results_csv(batch_id: str) -> Response:
    view = await _batch_view(batch_id)
    if view is None:
        return await not_found("batch")
    out = io.StringIO()
    writer = csvcells.writer(out)
    writer.writerow(RESULT_COLUMNS)
    for job in view["jobs"]:
        writer.writerow(
            [
                safe_cell(v)
                for v in (
                    job["row"],
                    job["recipient"],
                    job["status"],
                    job["playerUrl"],
                    job["videoUrl"],
                    job["id"],
                    job["error"],
                )
            ]
        )
    return Response(
        out.getvalue(),
        200,
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="batch-{batch_id}-results.csv"'},
    )
