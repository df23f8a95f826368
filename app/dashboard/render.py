"""Render one video: the template picker, a form generated from the template's data slots
(with brand, audio and output options within the tier), and the job page with live progress
and then the player. Creating calls app.renders.create.create_render, as POST /api/render does.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from quart import Blueprint, Response, jsonify, request
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.accounts.service import InsufficientCredits
from app.dashboard import web
from app.dashboard.lists import ITEM_INPUTS, ListEditor, editors_for, form_errors, read_list
from app.dashboard.web import action, page, render, see_other
from app.limits import LimitExceeded
from app.media.storage import get_storage
from app.projects.service import ProjectNotFound
from app.renders import create, queue, read
from app.renders.errors import InvalidRenderRequest, JobNotFound
from app.renders.mapping import CellError, convert_cell
from app.renders.read import job_fields
from app.renders.schemas import RenderBody
from app.renders.states import FINISHED
from app.spec import TIER_RANK, VOICES
from app.state import get_arq, get_db, get_settings
from app.templates.errors import TemplateNotFound
from app.templates.service import template_choices
from app.templates.slots import Slot
from app.voices.errors import AudioRefused
from app.voices.music import tracks

log = logging.getLogger(__name__)
bp = Blueprint("dashboard_render", __name__, url_prefix=web.PREFIX)
bp.after_request(web.add_headers)

FORM_ERROR = "form"
# Slot type -> the <input type> that edits it (a list slot: rows, app/dashboard/lists.py; an
# object, or a list no primitive describes: a JSON textarea).
INPUT_TYPES = {
    "text": "text",
    "number": "number",
    "email": "email",
    "date": "date",
    "url": "url",
    "country_code": "text",
}


@dataclass
class Choices:
    """What the account's tier lets a render choose."""

    resolutions: list[str]
    fps: list[int]
    voices: list[str]
    music: list[tuple[str, str]]


def choices(account: Account) -> Choices:
    settings = get_settings()
    limits = settings.tiers.get(account.tier) or settings.tiers["free"]
    rank = TIER_RANK.get(account.tier, 0)
    voices = [v for v, tier in VOICES.items() if TIER_RANK.get(tier, 0) <= rank]
    music = [(t.id, f"{t.name} ({t.mood})") for t in tracks().values()]
    return Choices(list(limits.resolutions), list(limits.fps), voices, music)


def error_fields(exc: Exception) -> dict[str, str]:
    """A domain error as messages by form field (`data.<key>`, `audio.voiceId`, ...), with the
    whole message under FORM_ERROR."""
    if isinstance(exc, InsufficientCredits):
        return {
            FORM_ERROR: f"Not enough credits: this needs {exc.needed} and the balance is "
            f"{exc.balance}. Buy credits or upgrade on the billing page."
        }
    if isinstance(exc, InvalidRenderRequest):
        errors = {FORM_ERROR: exc.message}
        for detail in exc.details:
            loc = detail.get("loc")
            if isinstance(loc, list) and loc and "msg" in detail:
                errors.setdefault(".".join(str(p) for p in loc), str(detail["msg"]))
        return errors
    if isinstance(exc, LimitExceeded):
        return {FORM_ERROR: exc.message, exc.field: exc.message}
    if isinstance(exc, TemplateNotFound):
        return {FORM_ERROR: f"Template '{exc.template_id}' does not exist or is not yours."}
    if isinstance(exc, ProjectNotFound):
        return {FORM_ERROR: f"Project '{exc.project_id}' not found"}
    if isinstance(exc, AudioRefused):  # request-time audio checks (app.voices.service)
        message = str(exc)
        field = message.split(":", 1)[0] if ":" in message else FORM_ERROR
        return {FORM_ERROR: message, field: message}
    raise exc


DOMAIN_ERRORS = (
    InvalidRenderRequest,
    InsufficientCredits,
    LimitExceeded,
    TemplateNotFound,
    ProjectNotFound,
    AudioRefused,
)


async def dispatch() -> None:
    """Hand new jobs to the workers now, as the API does after creating (the sweep enqueues
    whatever this misses)."""
    try:
        await queue.dispatch(get_db(), await get_arq(), get_settings())
    except Exception:
        log.exception("dispatch after create failed")


async def not_found(what: str) -> Response:
    return await render(
        "error.html",
        status=404,
        heading="Not found",
        message=f"There is no {what} with this address in your account.",
    )


def slot_values(
    slots: list[Slot], form: Any, editors: dict[str, ListEditor] | None = None
) -> tuple[dict[str, Any], dict[str, str]]:
    """The posted data fields converted to their slot types (the CSV cell conversion; a list
    slot with an editor from its rows), and the fields that could not be converted."""
    data: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for slot in slots:
        editor = (editors or {}).get(slot.key)
        if editor is not None:
            items, problems, _ = read_list(form, editor)
            errors.update(problems)
            if items is not None:
                data[slot.key] = items
            continue
        raw = form.get(f"data.{slot.key}", "")
        try:
            value = convert_cell(raw, slot.type)
        except CellError as exc:
            errors[f"data.{slot.key}"] = str(exc)
            continue
        if value is not None:
            data[slot.key] = value
    return data, errors


def options(form: Any) -> dict[str, Any]:
    """The brand, audio and output options of a posted form, as the API body has them."""
    fps = form.get("fps", "")
    return {
        "brand": {"accentColor": form.get("accentColor") or None},
        "audio": {
            "includeVoiceover": "includeVoiceover" in form,
            "voiceId": form.get("voiceId") or None,
            "musicTrack": form.get("musicTrack") or None,
        },
        "output": {
            "resolution": form.get("resolution") or None,
            "fps": int(fps) if fps.isdigit() else None,
        },
    }


def render_body(template_id: str, data: dict[str, Any], form: Any) -> RenderBody:
    """The POST /api/render body; pydantic's ValidationError for a value it refuses."""
    return RenderBody.model_validate({"templateId": template_id, "data": data, **options(form)})


def validation_errors(exc: ValidationError) -> dict[str, str]:
    """Pydantic's complaints by field (`output.fps`), the first few under FORM_ERROR too."""
    errors = {".".join(str(p) for p in e["loc"]): e["msg"] for e in exc.errors()}
    errors[FORM_ERROR] = "; ".join(f"{k}: {v}" for k, v in list(errors.items())[:5])
    return errors


async def _form_page(
    session: AsyncSession,
    template_id: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: Any = None,
    editors: dict[str, ListEditor] | None = None,
) -> Response:
    account = web.account()
    try:
        template = await create.load_template(session, template_id, account.id)
    except TemplateNotFound:
        return await not_found("template")
    slots = create.template_slots(template)
    return await render(
        "render/form.html",
        status=status,
        tpl=template,
        slots=slots,
        editors=editors if editors is not None else editors_for(template, slots, "data"),
        input_types=INPUT_TYPES,
        item_inputs=ITEM_INPUTS,
        choices=choices(account),
        defaults=template.get("defaults") or {},
        errors=errors or {},
        values=values,
    )


@bp.get("/render")
@page
async def render_page() -> Response:
    template_id = request.args.get("template", "").strip()
    async with get_db().session() as session:
        if template_id:
            return await _form_page(session, template_id)
        templates = await template_choices(session, web.account().id)
    return await render("render/pick.html", templates=templates)


@bp.post("/render")
@action
async def render_create() -> Response:
    account = web.account()
    form = await request.form
    template_id = form.get("templateId", "").strip()
    async with get_db().session() as session:
        try:
            template = await create.load_template(session, template_id, account.id)
        except TemplateNotFound:
            return await not_found("template")
    slots = create.template_slots(template)
    editors = editors_for(template, slots, "data")
    data, errors = slot_values(slots, form, editors)
    if not errors:
        try:
            async with get_db().session() as session:
                created = await create.create_render(
                    session, get_settings(), account, render_body(template_id, data, form)
                )
            await dispatch()
            return see_other(web.app_url(f"/renders/{created.job_id}"), "Render queued.")
        except ValidationError as exc:
            errors = validation_errors(exc)
        except DOMAIN_ERRORS as exc:
            errors = form_errors(error_fields(exc), "data")
    errors.setdefault(FORM_ERROR, "Some fields need attention; see the messages beside them.")
    async with get_db().session() as session:
        return await _form_page(
            session, template_id, status=400, errors=errors, values=form, editors=editors
        )


def job_view(fields: dict[str, Any]) -> dict[str, Any]:
    """What the job page and its script show (the API's job fields, finished or not)."""
    keys = ("id", "status", "stage", "progress", "error", "outputUrl", "playerUrl")
    view = {k: fields[k] for k in keys}
    view["thumbnailUrl"] = fields["thumbnailUrl"]
    view["finished"] = fields["status"] in FINISHED
    return view


async def _job_fields(job_id: str) -> dict[str, Any] | None:
    settings = get_settings()
    try:
        async with get_db().session() as session:
            job = await read.owned_job(session, web.account().id, job_id)
    except JobNotFound:
        return None
    return job_fields(job, get_storage(settings), settings)


@bp.get("/renders/<job_id>")
@page
async def job_page(job_id: str) -> Response:
    fields = await _job_fields(job_id)
    if fields is None:
        return await not_found("render")
    return await render("render/job.html", job=job_view(fields), fields=fields)


@bp.get("/renders/<job_id>/status")
@page
async def job_status(job_id: str) -> Response:
    fields = await _job_fields(job_id)
    if fields is None:
        return Response('{"error":"not found"}', 404, content_type="application/json")
    return jsonify(job_view(fields))
