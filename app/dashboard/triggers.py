"""Triggers in the dashboard: rules (create, edit, enable/disable, delete) with their recent
executions, and a dry run of a pasted event that changes nothing."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError
from quart import Blueprint, Response, request

from app.dashboard import web
from app.dashboard.web import action, page, render, see_other
from app.state import get_db, get_settings
from app.templates.service import template_choices
from app.triggers import ingest, service
from app.triggers.models import TriggerRule
from app.triggers.schemas import MAX_EVENTS, IngestBody, RuleBody, RulePatch
from app.webhooks.service import list_endpoints

bp = Blueprint("dashboard_triggers", __name__, url_prefix=web.PREFIX)
bp.after_request(web.add_headers)

EVENT_TYPES = ("milestone", "date", "threshold", "segment")
CHANNELS = ("email", "sms", "webhook")
PASTE_MAX_CHARS = 200_000
EXAMPLE_CONDITION = '{"field": "workouts", "op": ">=", "value": 100}'


def _form_from_rule(rule: TriggerRule | None) -> dict[str, Any]:
    """The form's fields (strings, as the inputs hold them) for a rule, or a new one."""
    if rule is None:
        return {
            "name": "",
            "eventType": "milestone",
            "condition": EXAMPLE_CONDITION,
            "templateId": "",
            "channel": "email",
            "throttleDays": "30",
            "render": "now",
            "campaignId": "",
            "enabled": True,
            "dataMapping": "{}",
            "email_subject": "[name], your video is ready",
            "email_body": "Hi [name],\n\nWe made this video for you: [playerUrl]",
            "sms_text": "[name], your video is ready: [playerUrl]",
            "webhook_endpoint": "",
        }
    settings = rule.channel_settings
    return {
        "name": rule.name,
        "eventType": rule.event_type,
        "condition": json.dumps(rule.condition, indent=1),
        "templateId": rule.template_id,
        "channel": rule.channel,
        "throttleDays": str(rule.throttle_days),
        "render": rule.render_on,
        "campaignId": rule.campaign_id or "",
        "enabled": rule.enabled,
        "dataMapping": json.dumps(rule.data_mapping, indent=1),
        "email_subject": settings.get("subject", "") if rule.channel == "email" else "",
        "email_body": settings.get("body", "") if rule.channel == "email" else "",
        "sms_text": settings.get("text", "") if rule.channel == "sms" else "",
        "webhook_endpoint": settings.get("endpointId", "") if rule.channel == "webhook" else "",
    }


def _json_field(form: dict[str, Any], name: str, errors: dict[str, str]) -> Any:
    try:
        return json.loads(form.get(name) or "{}")
    except json.JSONDecodeError as exc:
        errors[name] = f"Not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."
        return None


def _body(form: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The rule body the API would take, and per-field errors of the form's own checks."""
    errors: dict[str, str] = {}
    channel = form.get("channel", "")
    body: dict[str, Any] = {
        "name": form.get("name", "").strip(),
        "eventType": form.get("eventType", ""),
        "condition": _json_field(form, "condition", errors),
        "templateId": form.get("templateId", ""),
        "channel": channel,
        "throttleDays": form.get("throttleDays") or 0,
        "render": form.get("render") or "now",
        "campaignId": form.get("campaignId", "").strip() or None,
        "enabled": form.get("enabled") == "on",
        "dataMapping": _json_field(form, "dataMapping", errors),
    }
    if channel == "email":
        body["email"] = {
            "subject": form.get("email_subject", ""),
            "body": form.get("email_body", ""),
        }
    elif channel == "sms":
        body["sms"] = {"text": form.get("sms_text", "")}
    elif channel == "webhook":
        body["webhook"] = {"endpointId": form.get("webhook_endpoint", "")}
    return body, errors


def _pydantic_errors(exc: ValidationError) -> dict[str, str]:
    fields = {"email": "email_body", "sms": "sms_text", "webhook": "webhook_endpoint"}
    out: dict[str, str] = {}
    for err in exc.errors():
        loc = [str(part) for part in err["loc"]]
        name = fields.get(loc[0], loc[0]) if loc else "form"
        if loc[:2] == ["email", "subject"]:
            name = "email_subject"
        where = ".".join(loc[1:]) if loc and loc[0] in ("condition", "dataMapping") else ""
        out.setdefault(name, f"{err['msg']}{f' (at {where})' if where else ''}")
    return out


async def _choices() -> dict[str, Any]:
    account_id = web.account().id
    async with get_db().session() as session:
        templates = await template_choices(session, account_id)
        endpoints = await list_endpoints(session, account_id)
    return {
        "templates": [(t.id, t.name) for t in templates],
        "endpoints": [(e.id, e.url) for e in endpoints],
        "event_types": EVENT_TYPES,
        "channels": CHANNELS,
    }


async def _list_page(status: int = 200, **context: Any) -> Response:
    async with get_db().session() as session:
        rules = await service.list_rules(session, web.account().id)
    context.setdefault("form", _form_from_rule(None))
    context.setdefault("errors", {})
    context.setdefault("paste", "")
    return await render(
        "triggers/list.html", status=status, rules=rules, **(await _choices()), **context
    )


@bp.get("/triggers")
@page
async def triggers() -> Response:
    return await _list_page()


@bp.post("/triggers")
@action
async def create_rule() -> Response:
    form = dict((await request.form).items())
    body, errors = _body(form)
    if not errors:
        try:
            async with get_db().session() as session:
                rule = await service.create_rule(
                    session, web.account().id, RuleBody.model_validate(body)
                )
            return see_other(f"{web.PREFIX}/triggers/{rule.id}", "Rule created.")
        except ValidationError as exc:
            errors = _pydantic_errors(exc)
        except service.InvalidRule as exc:
            errors = {exc.field: exc.message}
    return await _list_page(
        400, form=form | {"enabled": form.get("enabled") == "on"}, errors=errors
    )


async def _rule_page(rule_id: str, status: int = 200, **context: Any) -> Response:
    try:
        async with get_db().session() as session:
            rule = await service.get_rule(session, web.account().id, rule_id)
            executions = await service.recent_executions(session, rule.id)
    except service.RuleNotFound:
        return await web.not_found_page("Trigger rule")
    context.setdefault("form", _form_from_rule(rule))
    context.setdefault("errors", {})
    return await render(
        "triggers/rule.html",
        status=status,
        rule=rule,
        executions=executions,
        **(await _choices()),
        **context,
    )


@bp.get("/triggers/<rule_id>")
@page
async def rule_page(rule_id: str) -> Response:
    return await _rule_page(rule_id)


@bp.post("/triggers/<rule_id>")
@action
async def update_rule(rule_id: str) -> Response:
    form = dict((await request.form).items())
    if set(form) <= {"csrf_token", "enabled_only"}:  # the enable/disable button
        patch: dict[str, Any] = {"enabled": form.get("enabled_only") == "true"}
        errors: dict[str, str] = {}
    else:
        patch, errors = _body(form)
    if not errors:
        try:
            async with get_db().session() as session:
                await service.update_rule(
                    session, web.account().id, rule_id, RulePatch.model_validate(patch)
                )
            return see_other(f"{web.PREFIX}/triggers/{rule_id}", "Rule saved.")
        except service.RuleNotFound:
            return await web.not_found_page("Trigger rule")
        except ValidationError as exc:
            errors = _pydantic_errors(exc)
        except service.InvalidRule as exc:
            errors = {exc.field: exc.message}
    shown = form | {"enabled": form.get("enabled") == "on"}
    return await _rule_page(rule_id, 400, form=shown, errors=errors)


@bp.post("/triggers/<rule_id>/delete")
@action
async def delete_rule(rule_id: str) -> Response:
    try:
        async with get_db().session() as session:
            await service.delete_rule(session, web.account().id, rule_id)
    except service.RuleNotFound:
        return await web.not_found_page("Trigger rule")
    return see_other(f"{web.PREFIX}/triggers", "Rule deleted.")


def _pasted_events(text: str) -> list[dict[str, Any]]:
    """One event, a list of events, or the ingest body {"events": [...]} (ValueError)."""
    if len(text) > PASTE_MAX_CHARS:
        raise ValueError(f"Paste at most {PASTE_MAX_CHARS:,} characters.")
    parsed = json.loads(text)
    if isinstance(parsed, dict) and "events" not in parsed:
        parsed = [parsed]
    if isinstance(parsed, list):
        parsed = {"events": parsed}
    try:
        return IngestBody.model_validate(parsed).events
    except ValidationError as exc:
        raise ValueError(
            f"Paste one event object, a list of at most {MAX_EVENTS} events, or "
            f'{{"events": [...]}} ({exc.errors()[0]["msg"]}).'
        ) from exc


@bp.post("/triggers/dry-run")
@action
async def dry_run() -> Response:
    paste = (await request.form).get("events", "")
    try:
        events = _pasted_events(paste)
    except ValueError as exc:
        return await _list_page(400, paste=paste, errors={"events": str(exc)})
    try:
        result = await ingest.dry_run(get_db(), get_settings(), web.account(), events)
    except service.InvalidRule as exc:
        return await _list_page(400, paste=paste, errors={"events": exc.message})
    return await _list_page(paste=paste, dry=result)
