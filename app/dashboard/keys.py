"""API keys in the dashboard: list, create (preset or scopes; the value shown once), revoke."""

from __future__ import annotations

from quart import Blueprint, Response, request

from app.auth import forget_kept_keys
from app.dashboard import snippets, web
from app.dashboard.web import action, page, render, see_other
from app.keys import service
from app.scopes import PRESETS, SCOPES, TierTooLow, UnknownScope
from app.state import get_db, get_redis, get_settings

bp = Blueprint("dashboard_keys", __name__, url_prefix=web.PREFIX)
bp.after_request(web.add_headers)

NAME_MAX = 200


async def _page(status: int = 200, **context: object) -> Response:
    async with get_db().session() as session:
        keys = await service.list_keys(session, web.account().id)
    context.setdefault("errors", {})
    context.setdefault("form", {"name": "", "preset": "render-only", "scopes": []})
    return await render(
        "keys/list.html",
        status=status,
        keys=keys,
        presets=PRESETS,
        scopes=SCOPES,
        limit=get_settings().max_api_keys_per_account,
        **context,
    )


@bp.get("/keys")
@page
async def keys() -> Response:
    return await _page()


def _requested_scopes(form: dict[str, object], picked: list[str]) -> str:
    preset = str(form.get("preset") or "")
    return ",".join(picked) if preset == "custom" else preset


@bp.post("/keys")
@action
async def create_key() -> Response:
    form = await request.form
    name = form.get("name", "").strip()
    picked = form.getlist("scopes")
    shown = {"name": name, "preset": form.get("preset", ""), "scopes": picked}
    errors: dict[str, str] = {}
    if not name or len(name) > NAME_MAX:
        errors["name"] = f"Give the key a name (1 to {NAME_MAX} characters)."
    scopes = _requested_scopes(dict(form), picked)
    if not scopes:
        errors["scopes"] = "Choose a preset, or at least one scope."
    if errors:
        return await _page(400, errors=errors, form=shown)
    try:
        async with get_db().session() as session:
            key, raw = await service.create_key_for_account(
                session, web.account(), name, scopes, get_settings().max_api_keys_per_account
            )
    except (TierTooLow, service.TooManyKeys) as exc:
        return await _page(403, errors={"form": str(exc)}, form=shown)
    except UnknownScope as exc:
        return await _page(400, errors={"scopes": f"Unknown scope '{exc}'."}, form=shown)
    # The value is in this response only: it is not stored, so a reload cannot show it; so are
    # the snippets that carry it.
    examples = snippets.for_key(raw, key.scopes, get_settings().public_url)
    return await _page(201, created=key, raw=raw, snippets=examples)


@bp.post("/keys/<key_id>/revoke")
@action
async def revoke_key(key_id: str) -> Response:
    settings = get_settings()
    revoked = await service.revoke_and_announce(
        get_db(), get_redis(), settings.redis_prefix, web.account().id, key_id
    )
    forget_kept_keys()  # this process at once; the others within a second
    if not revoked:
        return await web.not_found_page("API key")
    return see_other(f"{web.PREFIX}/keys", "Key revoked: requests with it now fail with 401.")
