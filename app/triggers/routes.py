"""/api/triggers (rules and their recent executions), POST /api/events/ingest (SPEC 4.7) and
the public unsubscribe link /u/{token}."""

from __future__ import annotations

import logging
from typing import Any

from quart import Blueprint, Response, request
from quart_schema import hide, tag, validate_querystring, validate_request, validate_response
from sqlalchemy.ext.asyncio import AsyncSession

from app import idempotency
from app.accounts.current import current_account
from app.auth import require_auth
from app.renders import onview, queue
from app.state import get_arq, get_db, get_settings
from app.triggers import ingest, links, service
from app.triggers.models import TriggerExecution, TriggerRule
from app.triggers.schemas import (
    Execution,
    IngestBody,
    IngestQuery,
    IngestResponse,
    Rule,
    RuleBody,
    RuleDeleted,
    RulePatch,
    RuleResponse,
    RulesResponse,
)

log = logging.getLogger(__name__)
bp = Blueprint("triggers", __name__)

INGEST_ENDPOINT = "POST /api/events/ingest"


def execution_out(execution: TriggerExecution) -> Execution:
    return Execution(
        id=execution.id,
        eventId=execution.event_id,
        recipientId=execution.recipient_id,
        status=execution.status,
        jobId=execution.job_id,
        reason=execution.reason,
        deliveryAttempts=execution.delivery_attempts,
        createdAt=execution.created_at,
        updatedAt=execution.updated_at,
        renderedAt=execution.rendered_at,
        deliveredAt=execution.delivered_at,
    )


def rule_out(rule: TriggerRule, executions: list[TriggerExecution] | None = None) -> Rule:
    return Rule(
        id=rule.id,
        name=rule.name,
        eventType=rule.event_type,  # type: ignore[arg-type]
        condition=rule.condition,
        templateId=rule.template_id,
        channel=rule.channel,  # type: ignore[arg-type]
        throttleDays=rule.throttle_days,
        campaignId=rule.campaign_id,
        render=rule.render_on,  # type: ignore[arg-type]
        enabled=rule.enabled,
        dataMapping=rule.data_mapping,
        createdAt=rule.created_at,
        updatedAt=rule.updated_at,
        recentExecutions=[execution_out(e) for e in executions or []],
        **{rule.channel: rule.channel_settings},
    )


@bp.get("/api/triggers")
@tag(["Triggers"])
@require_auth
@validate_response(RulesResponse, 200)
async def list_triggers() -> RulesResponse:
    """The account's trigger rules, newest first, each with its 20 most recent executions
    (per matched event: status, job id, reason, times)."""
    async with get_db().session() as session:
        rows = await service.list_rules(session, current_account().id)
    return RulesResponse(rules=[rule_out(rule, executions) for rule, executions in rows])


@bp.post("/api/triggers")
@tag(["Triggers"])
@require_auth
@validate_request(RuleBody)
@validate_response(RuleResponse, 201)
async def create_trigger(data: RuleBody) -> tuple[RuleResponse, int]:
    """Create a trigger rule, checked against its template (400 naming what is missing)."""
    async with get_db().session() as session:
        rule = await service.create_rule(session, current_account().id, data)
    return RuleResponse(rule=rule_out(rule)), 201


@bp.get("/api/triggers/<rule_id>")
@tag(["Triggers"])
@require_auth
@validate_response(RuleResponse, 200)
async def get_trigger(rule_id: str) -> RuleResponse:
    """One rule with its recent executions."""
    async with get_db().session() as session:
        rule = await service.get_rule(session, current_account().id, rule_id)
        executions = await service.recent_executions(session, rule.id)
    return RuleResponse(rule=rule_out(rule, executions))


@bp.patch("/api/triggers/<rule_id>")
@tag(["Triggers"])
@require_auth
@validate_request(RulePatch)
@validate_response(RuleResponse, 200)
async def update_trigger(rule_id: str, data: RulePatch) -> RuleResponse:
    """Change a rule (e.g. `enabled: false`); checked against its template again."""
    async with get_db().session() as session:
        rule = await service.update_rule(session, current_account().id, rule_id, data)
    return RuleResponse(rule=rule_out(rule))


@bp.delete("/api/triggers/<rule_id>")
@tag(["Triggers"])
@require_auth
@validate_response(RuleDeleted, 200)
async def delete_trigger(rule_id: str) -> RuleDeleted:
    """Delete a rule with its executions and throttle windows; renders already made stay."""
    async with get_db().session() as session:
        await service.delete_rule(session, current_account().id, rule_id)
    return RuleDeleted(message=f"Trigger rule {rule_id} deleted")


def counts(result: ingest.IngestResult) -> dict[str, Any]:
    return {
        "processed": result.processed,
        "triggered": result.triggered,
        "throttled": result.throttled,
        "errors": result.errors,
        "duplicates": result.duplicates,
    }


def dry_run_fields(result: ingest.IngestResult) -> dict[str, Any]:
    return {
        "dryRun": True,
        "creditsNeeded": result.triggered,  # on-view matches too: the most it can cost
        "results": [r.model_dump(mode="json") for r in result.results],
    }


@bp.post("/api/events/ingest")
@tag(["Triggers"])
@require_auth
@validate_request(IngestBody)
@validate_querystring(IngestQuery)
@validate_response(IngestResponse, 200)
async def ingest_events(
    data: IngestBody, query_args: IngestQuery
) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Check up to 100 events against every enabled rule; each match charges 1 credit and
    queues a render. Per-event problems are counted in `errors` (and recorded on the
    execution), never a failed call. `eventId` per event and the `Idempotency-Key` header
    make a retried call render and charge nothing twice; `?dryRun=true` answers per event
    what would happen and changes nothing."""
    account, settings = current_account(), get_settings()
    if query_args.dryRun:
        result = await ingest.dry_run(get_db(), settings, account, data.events)
        return {**counts(result), **dry_run_fields(result)}, 200, {}

    on_view: list[str] = []

    async def make(session: AsyncSession) -> dict[str, Any]:
        result = await ingest.ingest(session, settings, account, data.events)
        on_view[:] = result.on_view_jobs
        return counts(result)

    done = await idempotency.create_once(
        get_db(),
        account.id,
        request.headers.get(idempotency.HEADER),
        INGEST_ENDPOINT,
        lambda: data.model_dump(mode="json"),
        make,
    )
    if done.replayed:
        return done.body, 200, {"Idempotent-Replayed": "true"}
    if done.body.get("triggered", 0) > len(on_view):
        try:
            await queue.dispatch(get_db(), await get_arq(), settings)
        except Exception:  # the sweep enqueues what is left; the answer stands
            log.exception("dispatch after ingest failed")
    if on_view:  # their messages wait for these (at most ON_VIEW_POSTER_WAIT_S)
        await onview.enqueue_posters(get_arq, settings, on_view)
    return done.body, 200, {}


PAGE = (
    "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
    "<meta name='viewport' content='width=device-width, initial-scale=1'>"
    "<meta name='robots' content='noindex'><title>{title}</title>"
    "<style>body{{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;"
    "padding:0 1rem;color:#1f2937}}button{{font:inherit;padding:.6rem 1.2rem;"
    "border-radius:.4rem;border:0;background:#4f46e5;color:#fff;cursor:pointer}}</style>"
    "</head><body><h1>{title}</h1>{body}</body></html>"
)
CONFIRM_BODY = (
    "<p>Stop receiving these videos? Nothing changes until you confirm.</p>"
    "<form method='post'><input type='hidden' name='List-Unsubscribe' value='One-Click'>"
    "<button type='submit'>Unsubscribe</button></form>"
)
DONE_BODY = "<p>You are unsubscribed: you will not receive these videos any more.</p>"


def _page(title: str, body: str, status: int = 200) -> Response:
    resp = Response(PAGE.format(title=title, body=body), status, mimetype="text/html")
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["Referrer-Policy"] = "no-referrer"
    resp.headers["X-Robots-Tag"] = "noindex"
    resp.headers["Content-Security-Policy"] = (
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"
    )
    return resp


@hide  # a page for people (like the player and preview pages), not part of the JSON API
@bp.route("/u/<token>", methods=["GET", "POST"])
async def unsubscribe(token: str) -> Response:
    """The per-recipient unsubscribe link (List-Unsubscribe). GET (and HEAD: mail scanners
    fetch links) only shows a confirmation form and changes nothing; POST records it — the
    form's button, or a mail client's RFC 8058 one-click POST (List-Unsubscribe-Post). Later
    triggers of the account skip the recipient."""
    found = links.read_unsubscribe_token(get_settings(), token)
    if found is None:
        return _page("Link not valid", "<p>This unsubscribe link is not valid.</p>", 404)
    if request.method != "POST":
        return _page("Unsubscribe", CONFIRM_BODY)
    async with get_db().session() as session:
        await ingest.unsubscribe(session, *found)
    return _page("Unsubscribed", DONE_BODY)
