"""The dashboard's templates pages: the gallery (built-in and own templates, fork) and the
editor of a custom template.

The editor is one page whose script (static/dashboard/templates.js) keeps the template document
in memory; it saves and asks the AI services through the JSON actions below, which call the
same services as the API (app/templates/service.py, app/ai/service.py). Its live preview is
the draft preview page (POST /preview/templates/form) in an iframe. Pages, not the API: every
route is hidden from the OpenAPI contract.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError
from quart import Blueprint, Response, request
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.ai import service as ai
from app.ai.errors import (
    BadSceneIndex,
    DailyLimitReached,
    SceneIndexesMismatch,
    UnknownLanguage,
    UnsupportedPair,
    UpstreamFailed,
)
from app.ai.providers import provider
from app.ai.schemas import TONES, PromptBuilderRequest, ScriptRequest, TranslateRequest
from app.config import ROOT
from app.dashboard import web
from app.dashboard.web import action, page, render, see_other
from app.errors import summarize, validation_details
from app.limits import Allowance, LimitExceeded, allowance, check_template
from app.offload import off_loop
from app.primitives.catalog import list_primitives
from app.projects.service import ProjectNotFound
from app.spec import (
    ASPECT_RATIOS,
    FPS_VALUES,
    LANGUAGES,
    RESOLUTIONS,
    TRANSITIONS,
    VOICES,
    SlotType,
    Visibility,
    layout_size,
)
from app.state import get_db, get_redis, get_settings
from app.templates import service
from app.templates.errors import BuiltinLocked, NotOwner, TemplateError, TemplateNotFound
from app.templates.schemas import CreateTemplate, TemplateView, UpdateTemplate
from app.templates.validation import document_problems, poster_at_problems

bp = Blueprint("dashboard_templates", __name__, url_prefix=web.PREFIX)
bp.after_request(web.add_headers)

# Own templates per gallery page: every page is bounded however many the account holds.
PAGE_SIZE = 24
POSTERS = ROOT / "static" / "dashboard" / "posters"
THUMBS = ROOT / "static" / "dashboard" / "primitives"

# Writes the editor's "Save" (PATCH) and "Publish new version" (PUT) run.
Write = Callable[[AsyncSession, str, str, UpdateTemplate, Allowance], Awaitable[TemplateView]]


def _static_url(folder: Path, name: str) -> str | None:
    """/static/... of a generated image (posters, primitive thumbnails), None when absent."""
    path = folder / f"{name}.jpg"
    return "/static/" + path.relative_to(ROOT / "static").as_posix() if path.exists() else None


def poster(view: TemplateView) -> str | None:
    """A template's poster frame: its built-in's (a fork shows the one it came from)."""
    root = view.id if view.isBuiltIn else view.rootBuiltin
    return _static_url(POSTERS, root) if root else None


def shape_posters(view: TemplateView) -> list[tuple[str, str]]:
    """(shape, url) of the built-in's poster frame in the other shapes (9:16, 1:1, 4:5)."""
    root = view.id if view.isBuiltIn else view.rootBuiltin
    found: list[tuple[str, str]] = []
    for shape in ASPECT_RATIOS[1:]:
        width, height = layout_size(shape)
        url = _static_url(POSTERS, f"{root}-{width}x{height}") if root else None
        if url:
            found.append((shape, url))
    return found


def _allowance(account: Account) -> Allowance:
    return allowance(get_settings(), account.tier)


def _json(payload: Any, status: int = 200) -> Response:
    return Response(json.dumps(payload), status, content_type="application/json")


def _problem(status: int, message: str, details: list[dict[str, Any]] | None = None) -> Response:
    """An error the editor shows: `details` carry field paths (`loc`) it maps to its inputs."""
    return _json({"error": message, "message": message, "details": details or []}, status)


async def _not_found_page() -> Response:
    return await render(
        "error.html",
        status=404,
        heading="Template not found",
        message="This template does not exist or is not one of yours.",
    )


def _page_number() -> int:
    raw = request.args.get("page", "1")
    return max(int(raw), 1) if raw.isdigit() else 1


# ---- the gallery ----


@bp.get("/templates")
@page
async def gallery() -> Response:
    account = web.account()
    number = _page_number()
    built = await service.list_templates(get_db(), None, include_builtin=True)
    async with get_db().session() as session:
        own, total = await service.list_own_page(
            session, account.id, (number - 1) * PAGE_SIZE, PAGE_SIZE
        )
    pages = max((total + PAGE_SIZE - 1) // PAGE_SIZE, 1)
    return await render(
        "templates/gallery.html",
        builtins=[(view, poster(view)) for view in built],
        shapes={view.id: shape_posters(view) for view in built},
        own=[(view, poster(view)) for view in own],
        total=total,
        page_number=number,
        pages=pages,
    )


@bp.post("/templates/fork")
@action
async def fork() -> Response:
    """Fork a built-in or own template: the copy opens in the editor."""
    form = await request.form
    source = form.get("source", "")
    account = web.account()
    try:
        async with get_db().session() as session:
            base = await service.get_template(session, source, account.id)
            if base is None or not (base.isBuiltIn or base.ownerId == account.id):
                return await _not_found_page()
            body = CreateTemplate(name=f"{base.name} (copy)"[:200], forkFrom=source)
            view, _ = await service.create_template(session, account.id, body, _allowance(account))
    except (TemplateError, LimitExceeded) as exc:
        return see_other(web.app_url("/templates"), f"Could not fork: {exc}", "error")
    return see_other(web.app_url(f"/templates/{view.id}"), f"Forked '{base.name}'.")


# ---- the editor ----


async def _own(template_id: str) -> TemplateView | None:
    """The signed-in account's own custom template, else None (built-ins, others', missing)."""
    account_id = web.account().id
    async with get_db().session() as session:
        view = await service.get_template(session, template_id, account_id)
    if view is None or view.isBuiltIn or view.ownerId != account_id:
        return None
    return view


def _catalog() -> list[dict[str, Any]]:
    return [
        {**item.model_dump(mode="json"), "thumbnail": _static_url(THUMBS, item.id)}
        for item in list_primitives(status="all")
    ]


def editor_config(view: TemplateView) -> dict[str, Any]:
    """What the editor's script starts from: the document, the catalog and the choices."""
    base = web.app_url(f"/templates/{view.id}")
    return {
        "template": view.model_dump(mode="json"),
        "primitives": _catalog(),
        "transitions": list(TRANSITIONS),
        "voices": list(VOICES),
        "resolutions": list(RESOLUTIONS),
        "fps": list(FPS_VALUES),
        "slotTypes": list(get_args(SlotType)),
        "visibilities": list(get_args(Visibility)),
        "languages": LANGUAGES,
        "tones": list(TONES),
        "urls": {
            "save": base,
            "check": base + "/check",
            "prompt": base + "/prompt",
            "scripts": base + "/scripts",
            "translate": base + "/translate",
            "preview": "/preview/templates/form",
            "saved": f"/preview/templates/{view.id}",
        },
    }


@bp.get("/templates/<template_id>")
@page
async def editor(template_id: str) -> Response:
    view = await _own(template_id)
    if view is None:
        return await _not_found_page()
    return await render("templates/editor.html", tpl=view, config=editor_config(view))


async def _body(model: type[BaseModel]) -> Any:
    """The request's JSON body as `model`, or the 400 answer naming each bad field."""
    raw = await request.get_json(force=True, silent=True)
    if not isinstance(raw, dict):
        return _problem(400, "Send a JSON object body")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        details = validation_details(exc)
        return _problem(400, "Invalid: " + summarize(details), details)


def _template_problem(exc: TemplateError | ProjectNotFound) -> Response:
    if isinstance(exc, TemplateNotFound | NotOwner | BuiltinLocked):
        return _problem(404, "Template not found")
    return _problem(exc.status, exc.message, exc.details)  # the API's answer


async def _update(template_id: str, write: Write, done: str) -> Response:
    body = await _body(UpdateTemplate)
    if isinstance(body, Response):
        return body
    account = web.account()
    try:
        async with get_db().session() as session:
            view = await write(session, template_id, account.id, body, _allowance(account))
    except (TemplateError, ProjectNotFound) as exc:
        return _template_problem(exc)
    except LimitExceeded as exc:
        return _problem(400, exc.message, [exc.detail])
    return _json({"template": view.model_dump(mode="json"), "message": f"{done} {view.version}"})


@bp.patch("/templates/<template_id>")
@action
async def save(template_id: str) -> Response:
    """Save (PATCH semantics): the fields sent change, the version stays."""
    return await _update(template_id, service.patch_template, "Saved; version")


@bp.put("/templates/<template_id>")
@action
async def publish(template_id: str) -> Response:
    """Publish a new version (PUT semantics): the document is replaced, the version goes up."""
    return await _update(template_id, service.replace_template, "Published version")


# A check lists at most this many problems (as the API's 400 does).
MAX_PROBLEMS = 100


def document_check(raw: dict[str, Any], allow: Allowance) -> list[dict[str, Any]]:
    """What a save of this document would refuse, with field paths: the body's shape, the
    templates service's document rules, then the tier limits (the same functions, in the same
    order, as a save)."""
    try:
        body = UpdateTemplate.model_validate(raw)
    except ValidationError as exc:
        return validation_details(exc)
    scenes, slots = body.scenes or [], body.dataSlots or []
    problems = document_problems(scenes, slots) + poster_at_problems(scenes, body.posterAt)
    if not problems:
        try:
            check_template(scenes, slots, allow)
        except LimitExceeded as exc:
            problems = [exc.detail]
    return problems


@bp.post("/templates/<template_id>/check")
@action
async def check(template_id: str) -> Response:
    """The editor's check as the author types and before a save: 200 with `problems` (empty
    when the document would save), so expected mistakes are shown, not failed requests.
    Fields not sent keep their saved values (PATCH semantics)."""
    view = await _own(template_id)
    if view is None:
        return _problem(404, "Template not found")
    raw = await request.get_json(force=True, silent=True)
    if not isinstance(raw, dict):
        return _problem(400, "Send a JSON object body")
    # As a PATCH would: the fields not sent keep their saved values.
    saved = view.model_dump(mode="json", include={"scenes", "dataSlots", "posterAt"})
    document = {**saved, **raw}
    problems = await off_loop(document_check, document, _allowance(web.account()))
    return _json({"problems": problems[:MAX_PROBLEMS], "count": len(problems)})


@bp.post("/templates/<template_id>/prompt")
@action
async def prompt_builder(template_id: str) -> Response:
    """The prompt builder (create or edit), counted against the tier's daily allowance."""
    if await _own(template_id) is None:
        return _problem(404, "Template not found")
    body = await _body(PromptBuilderRequest)
    if isinstance(body, Response):
        return body
    settings, account = get_settings(), web.account()
    allow = _allowance(account)
    try:
        await ai.count_daily_call(get_redis(), settings.redis_prefix, account.id, allow)
        result = await ai.compose(
            provider(settings), body.prompt, body.mode, body.currentState, allow
        )
    except DailyLimitReached as exc:
        return _problem(429, str(exc))
    except UpstreamFailed as exc:
        return _problem(502, str(exc))
    return _json(result.model_dump(mode="json"))


@bp.post("/templates/<template_id>/scripts")
@action
async def write_scripts(template_id: str) -> Response:
    """Voiceover scripts in a tone for the scenes sent (generate-script)."""
    if await _own(template_id) is None:
        return _problem(404, "Template not found")
    body = await _body(ScriptRequest)
    if isinstance(body, Response):
        return body
    try:
        scripts = await ai.scripts(
            provider(get_settings()),
            body.scenes,
            body.inputData,
            body.tone,
            body.sceneIndex,
            body.templateName,
        )
    except BadSceneIndex as exc:
        return _problem(400, str(exc), [{"loc": [exc.field], "msg": str(exc), "type": "range"}])
    except UpstreamFailed as exc:
        return _problem(502, str(exc))
    return _json({"scripts": [item.model_dump(mode="json") for item in scripts]})


@bp.post("/templates/<template_id>/translate")
@action
async def translate(template_id: str) -> Response:
    """Translate the scripts sent, keeping every [variable] (cached per template and scene)."""
    if await _own(template_id) is None:
        return _problem(404, "Template not found")
    body = await _body(TranslateRequest)
    if isinstance(body, Response):
        return body
    try:
        done = await ai.translate(
            get_db(),
            get_settings(),
            body.texts,
            body.sourceLanguage,
            body.targetLanguage,
            template_id,
            body.sceneIndexes,
        )
    except UnknownLanguage as exc:
        return _problem(400, str(exc), [{"loc": [exc.field], "msg": str(exc), "type": "enum"}])
    except (SceneIndexesMismatch, UnsupportedPair) as exc:
        detail = {"loc": ["targetLanguage"], "msg": str(exc), "type": "unsupported"}
        return _problem(400, str(exc), [detail])
    except UpstreamFailed as exc:
        return _problem(502, str(exc))
    return _json({"translations": done.translations})
