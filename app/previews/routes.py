"""Preview and embed pages (HTML, not part of the JSON API; hidden from OpenAPI).

GET  /preview/templates/<id>               player + scene list + data form + resolution switch
GET  /embed/templates/<id>                 the player only, for an iframe
GET  /preview/templates/<id>/composition   the bare composition page with sample data
POST /preview/templates                    preview an unsaved template document (JSON body)
POST /preview/templates/form               the same from an HTML form (`template`: the JSON
                                           document), so a page can target an iframe at it
POST /preview/render                       composition HTML for a template or draft + data
"""

from __future__ import annotations

from typing import Any

from markupsafe import escape
from pydantic import ValidationError
from quart import Blueprint, Response, render_template, request
from quart_schema import RequestSchemaValidationError, hide

from app.auth import authenticate, session_account
from app.errors import (
    ApiError,
    DomainError,
    bad_request,
    error_response,
    summarize,
    validation_details,
)
from app.offload import off_loop, validate_request_off_loop
from app.previews import service
from app.spec import ASPECT_RATIOS
from app.state import get_db, get_settings
from app.templates.routes import check_read_scope
from app.templates.schemas import TemplateView

bp = Blueprint("previews", __name__)

NOT_FOUND = "Template {!r} not found (private templates need the owner's session or key)"


async def viewer_id() -> str | None:
    """The viewing account from an API key (must be valid and carry templates:read, as on
    GET /api/templates/{id}) or a session cookie, else None."""
    account = await authenticate(required=False)
    if account is not None:
        check_read_scope()
        return account.id
    account = await session_account()
    return account.id if account else None


async def _viewable(template_id: str, account_id: str | None) -> tuple[TemplateView, dict]:
    async with get_db().session() as session:
        found = await service.preview_template(session, template_id, account_id)
    if found is None:
        raise ApiError(404, NOT_FOUND.format(template_id))
    return found


@bp.errorhandler(RequestSchemaValidationError)
async def _invalid_body(err: RequestSchemaValidationError) -> Response:
    """The preview routes' own 400 bodies for a body that is not a JSON object or does not fit
    its model (the rest of the app says "Invalid request body")."""
    cause = err.validation_error
    details = validation_details(cause) if isinstance(cause, ValidationError) else []
    if not details or any(not d["loc"] for d in details):
        return error_response(bad_request("Send a JSON object body"))
    message = "Invalid preview request: " + summarize(details)
    return error_response(bad_request(message, details))


async def _draft_view(draft: service.DraftTemplate) -> TemplateView:
    """The draft after the checks a save runs, off the event loop (a large document takes
    CPU time that would stall every other request)."""
    return await off_loop(service.draft_view, draft)


async def _composition(
    view: TemplateView, data: dict[str, Any], aspect_ratio: str | None = None
) -> Response:
    """The composition page in a shape, built off the event loop (CPU time grows with the
    document)."""
    return html(await off_loop(service.composition_html, view, data, "/static", aspect_ratio))


def html(body: str, status: int = 200) -> Response:
    resp = Response(body, status=status, content_type="text/html; charset=utf-8")
    resp.headers["Cache-Control"] = "no-store"
    return resp


def html_error(err: DomainError) -> Response:
    """A person-facing page for errors on the GET page routes (preview, embed, composition);
    the POST routes, called by scripts, keep JSON errors like the API."""
    page = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>reelsmith</title>'
        '<link rel="stylesheet" href="/static/preview/preview.css"></head>'
        f'<body class="rp-preview"><main class="rp-message"><h1>{err.status}</h1>'
        f"<p>{escape(err.message)}</p></main></body></html>"
    )
    return html(page, err.status)


async def _page(page: str, view: TemplateView, data: dict, token: str | None, draft: bool) -> str:
    config = await off_loop(service.page_config, view, data, token, draft)  # dumps a draft
    return await render_template(page, config=config, name=view.name)


async def _saved_page(page: str, template_id: str) -> Response:
    try:
        account_id = await viewer_id()
        view, data = await _viewable(template_id, account_id)
    except DomainError as err:
        return html_error(err)
    token = service.preview_token(get_settings(), template_id, account_id)
    return html(await _page(page, view, data, token, draft=False))


@bp.get("/preview/templates/<template_id>")
@hide
async def preview_page(template_id: str) -> Response:
    """The live preview of a saved template (built-in, own, unlisted or public)."""
    return await _saved_page("preview.html", template_id)


@bp.get("/embed/templates/<template_id>")
@hide
async def embed_page(template_id: str) -> Response:
    """The player alone (stage, play/pause, scrubber) for embedding in an iframe."""
    return await _saved_page("embed.html", template_id)


@bp.get("/preview/templates/<template_id>/composition")
@hide
async def composition_page(template_id: str) -> Response:
    """The bare composition page (what the renderer captures) with the sample data;
    `?aspectRatio=9:16` lays it out in another shape (an unknown one: 16:9)."""
    shape = request.args.get("aspectRatio")
    try:
        view, data = await _viewable(template_id, await viewer_id())
        return await _composition(view, data, shape if shape in ASPECT_RATIOS else None)
    except DomainError as err:
        return html_error(err)


@bp.post("/preview/templates")
@hide
@validate_request_off_loop(service.DraftTemplate)
async def preview_draft(data: service.DraftTemplate) -> Response:
    """Preview an unsaved template document; nothing is stored."""
    view = await _draft_view(data)
    sample = service.sample_data(view)
    return html(await _page("preview.html", view, sample, None, draft=True))


@bp.post("/preview/templates/form")
@hide
async def preview_draft_form() -> Response:
    """The draft preview for a form post whose `template` field holds the JSON document (the
    dashboard's editor targets its preview iframe at it); nothing is stored. Errors are pages."""
    form = await request.form
    try:
        draft = await off_loop(service.DraftTemplate.model_validate_json, form.get("template", ""))
    except ValidationError as exc:
        details = validation_details(exc)
        return html_error(bad_request("Invalid preview request: " + summarize(details), details))
    try:
        view = await _draft_view(draft)
    except DomainError as err:
        return html_error(err)
    sample = service.sample_data(view)
    return html(await _page("preview.html", view, sample, None, draft=True))


@bp.post("/preview/render")
@hide
@validate_request_off_loop(service.PreviewBody)
async def render_preview(data: service.PreviewBody) -> Response:
    """The composition HTML for a saved template (id + token or session/key) or a draft,
    with the given data (the template's sample data when none is given)."""
    if data.template is not None:
        view = await _draft_view(data.template)
        sample = service.sample_data(view)
    elif data.templateId:
        account_id = service.token_account(get_settings(), data.token, data.templateId)
        view, sample = await _viewable(data.templateId, account_id or await viewer_id())
    else:
        raise bad_request("Give templateId (a saved template) or template (a draft document)")
    return await _composition(
        view, data.data if data.data is not None else sample, data.aspectRatio
    )
