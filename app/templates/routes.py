"""Templates API (SPEC 4.1): list, get, create/fork, PATCH, PUT, DELETE."""

from __future__ import annotations

from quart import Blueprint, g
from quart_schema import tag, validate_querystring, validate_request, validate_response

from app.accounts.current import current_account, maybe_account
from app.auth import key_allows, needed_scope, optional_auth, require_auth
from app.errors import ApiError, ErrorBody
from app.limits import Allowance, allowance
from app.scopes import ENDPOINT_SCOPES
from app.state import get_db, get_settings
from app.templates import service
from app.templates.errors import TemplateNotFound
from app.templates.schemas import (
    CreateTemplate,
    MessageResponse,
    TemplateCreatedResponse,
    TemplateListResponse,
    TemplateResponse,
    TemplatesQuery,
    TemplateView,
    UpdateTemplate,
)

bp = Blueprint("templates", __name__)


# The scope a key needs to read a template anywhere (API, preview and embed pages).
READ_SCOPE = ENDPOINT_SCOPES[("GET", "/api/templates/<template_id>")]


def check_read_scope(scope: str | None = READ_SCOPE) -> None:
    """403 when a key was presented (g.api_key) without `scope`; no key: nothing to check."""
    key = g.get("api_key")
    if key is None:
        return
    if not key_allows(key, scope):
        raise ApiError(403, f"This API key lacks the '{scope}' scope needed to read templates")


def reader_id() -> str | None:
    """The account reading templates: None when anonymous; a presented key must carry the
    scope ENDPOINT_SCOPES names for this route (templates:read), else 403."""
    account = maybe_account()
    if account is None:
        return None
    check_read_scope(needed_scope())
    return account.id


def tier_allowance() -> Allowance:
    """The caller's tier limits, checked when a template is saved."""
    return allowance(get_settings(), current_account().tier)


def fork_message(base: TemplateView | None, name: str) -> str:
    if base is None:
        return f"Template '{name}' created"
    kind = "built-in template" if base.isBuiltIn else "template"
    return f"Template created as a fork of {kind} '{base.name}' ({base.id})"


@bp.get("/api/templates")
@tag(["Templates"])
@optional_auth
@validate_querystring(TemplatesQuery)
@validate_response(TemplateListResponse, 200)
@validate_response(ErrorBody, 403)
async def list_templates(query_args: TemplatesQuery) -> TemplateListResponse:
    """Built-in templates (unless `builtIn=false`) followed by the caller's own templates.

    No key: built-ins only. With a key (templates:read): also the account's custom templates,
    newest first. Other accounts' public or unlisted templates are read by id, not listed.
    """
    account_id = reader_id()
    include_builtin = query_args.builtIn == "true"
    if not include_builtin and account_id is None:
        raise ApiError(
            401, "Listing custom templates (builtIn=false) needs an API key with templates:read"
        )
    views = await service.list_templates(get_db(), account_id, include_builtin)
    return TemplateListResponse(templates=views, total=len(views))


@bp.get("/api/templates/<template_id>")
@tag(["Templates"])
@optional_auth
@validate_response(TemplateResponse, 200)
@validate_response(ErrorBody, 403)
@validate_response(ErrorBody, 404)
async def get_template(template_id: str) -> TemplateResponse:
    """One template. Private templates are visible only to their owner (404 to anyone else)."""
    account_id = reader_id()
    async with get_db().session() as session:
        view = await service.get_template(session, template_id, account_id)
    if view is None:
        raise TemplateNotFound(template_id)
    return TemplateResponse(template=view)


@bp.post("/api/templates")
@tag(["Templates"])
@require_auth
@validate_request(CreateTemplate)
@validate_response(TemplateCreatedResponse, 201)
@validate_response(ErrorBody, 404)
async def create_template(data: CreateTemplate) -> tuple[TemplateCreatedResponse, int]:
    """Create a custom template; `forkFrom` copies scenes, data slots, defaults and tags
    (unless given) from a built-in slug or a template id the caller can read."""
    async with get_db().session() as session:
        view, base = await service.create_template(
            session, current_account().id, data, tier_allowance()
        )
    message = fork_message(base, view.name)
    return TemplateCreatedResponse(template=view, message=message), 201


@bp.patch("/api/templates/<template_id>")
@tag(["Templates"])
@require_auth
@validate_request(UpdateTemplate)
@validate_response(TemplateResponse, 200)
@validate_response(ErrorBody, 404)
async def patch_template(template_id: str, data: UpdateTemplate) -> TemplateResponse:
    """Partial update: only the fields in the body change; `version` is not incremented."""
    async with get_db().session() as session:
        view = await service.patch_template(
            session, template_id, current_account().id, data, tier_allowance()
        )
    return TemplateResponse(template=view)


@bp.put("/api/templates/<template_id>")
@tag(["Templates"])
@require_auth
@validate_request(UpdateTemplate)
@validate_response(TemplateResponse, 200)
@validate_response(ErrorBody, 404)
async def put_template(template_id: str, data: UpdateTemplate) -> TemplateResponse:
    """Full update of SPEC's UpdateTemplate fields: `name` (required), `description`,
    `visibility`, `scenes` are replaced (omitted: reset, visibility to private); `dataSlots`,
    `defaults`, `tags`, `projectId` change only when given. `version` goes up by one."""
    async with get_db().session() as session:
        view = await service.replace_template(
            session, template_id, current_account().id, data, tier_allowance()
        )
    return TemplateResponse(template=view)


@bp.delete("/api/templates/<template_id>")
@tag(["Templates"])
@require_auth
@validate_response(MessageResponse, 200)
@validate_response(ErrorBody, 404)
async def delete_template(template_id: str) -> MessageResponse:
    """Delete one of the caller's templates. Built-ins cannot be deleted (403)."""
    async with get_db().session() as session:
        name = await service.delete_template(session, template_id, current_account().id)
    return MessageResponse(message=f"Template '{name}' ({template_id}) deleted")
