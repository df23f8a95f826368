"""Trigger ingestion: events matched against the account's rules, throttled, turned into renders;
and recipients' unsubscribes. No HTTP here: domain errors (app/errors.py answers them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.accounts.service import InsufficientCredits
from app.composition.variables import MISSING, lookup
from app.config import Settings
from app.db import Database, upsert_insert, utcnow
from app.projects.service import ProjectNotFound
from app.renders.create import create_render, load_template, template_slots
from app.renders.errors import InvalidRenderRequest
from app.renders.mapping import map_headers, row_to_data
from app.renders.schemas import RenderBody
from app.renders.states import RenderOn
from app.templates.errors import TemplateNotFound
from app.triggers import conditions, outbox, states
from app.triggers.models import TriggerExecution, TriggerRule, TriggerThrottle, TriggerUnsubscribe
from app.triggers.schemas import (
    EventOutcome,
    RuleOutcome,
)
from app.triggers.service import EMAIL, PHONE


@dataclass
class IngestResult:
    processed: int = 0
    triggered: int = 0
    throttled: int = 0
    errors: int = 0
    duplicates: int = 0
    results: list[EventOutcome] = field(default_factory=list)
    # jobs created `on_view`: their posters are asked of a worker once this is committed
    on_view_jobs: list[str] = field(default_factory=list)

    def count(self, rule: TriggerRule, ruled: RuleOutcome) -> None:
        if ruled.outcome == "triggered":
            self.triggered += 1
            if rule.render_on == RenderOn.ON_VIEW and ruled.jobId:
                self.on_view_jobs.append(ruled.jobId)
        elif ruled.outcome == states.THROTTLED:
            self.throttled += 1
        elif ruled.outcome == states.ERROR:
            self.errors += 1
        elif ruled.outcome == "duplicate":
            self.duplicates += 1


def template_data(
    rule: TriggerRule, template: dict[str, Any], data: dict[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """Event data -> the template's data: top-level keys matched to slots by key and alias
    (as batch headers are, app.renders.mapping), then the rule's dataMapping paths; keys that
    match no slot are kept under their own name. Returns the data and conversion problems."""
    slots = template_slots(template)
    keys = list(data)
    mapping = map_headers(keys, slots)
    mapped, problems = row_to_data(keys, mapping, [data[k] for k in keys], slots)
    for slot_key, path in rule.data_mapping.items():
        value = lookup(data, path)
        if value is not MISSING and value is not None:
            mapped[slot_key] = value
    return mapped, [f"{p['field']} ({p['column']}) {p['problem']}" for p in problems]


async def _take_throttle(
    session: AsyncSession, rule: TriggerRule, recipient_id: str, dialect: str
) -> bool:
    """Take the (rule, recipient) window: one INSERT .. ON CONFLICT DO UPDATE .. WHERE the old
    window has ended, RETURNING the row only when taken. Concurrent takers serialize on the
    row (PostgreSQL row lock; SQLite's single writer), so exactly one wins."""
    now = utcnow()
    until = now + timedelta(days=rule.throttle_days)
    values = upsert_insert(dialect)(TriggerThrottle).values(
        rule_id=rule.id, recipient_id=recipient_id, until=until
    )
    stmt = values.on_conflict_do_update(
        index_elements=[TriggerThrottle.rule_id, TriggerThrottle.recipient_id],
        set_={"until": until},
        where=TriggerThrottle.until <= now,
    ).returning(TriggerThrottle.rule_id)
    return (await session.execute(stmt)).first() is not None


def _event_problem(event: Any) -> str | None:
    if not isinstance(event, dict):
        return "the event is not an object"
    recipient = event.get("recipientId")
    if not isinstance(recipient, str) or not recipient.strip():
        return "recipientId is missing (a non-empty string is required)"
    if len(recipient) > 255:
        return "recipientId is longer than 255 characters"
    if not isinstance(event.get("data"), dict):
        return "data is missing or not an object"
    email = event.get("recipientEmail")
    if email is not None and (
        not isinstance(email, str) or len(email) > 320 or not EMAIL.fullmatch(email)
    ):
        return f"recipientEmail {str(email)[:80]!r} is not an email address"
    phone = event.get("recipientPhone")
    if phone is not None and (not isinstance(phone, str) or not PHONE.fullmatch(phone)):
        return f"recipientPhone {str(phone)[:40]!r} is not a phone number (E.164: +15551234567)"
    event_id = event.get("eventId")
    if event_id is not None and (not isinstance(event_id, str) or not 0 < len(event_id) <= 255):
        return "eventId must be a string of 1 to 255 characters"
    return None


def _channel_problem(rule: TriggerRule, event: dict[str, Any]) -> str | None:
    if rule.channel == "email" and not event.get("recipientEmail"):
        return "recipientEmail is required for an email rule"
    if rule.channel == "sms" and not event.get("recipientPhone"):
        return "recipientPhone is required for an SMS rule"
    return None


async def ingest(
    session: AsyncSession,
    settings: Settings,
    account: Account,
    events: list[Any],
    dry_run: bool = False,
) -> IngestResult:
    """Check each event against every enabled rule of the account, in this transaction.

    Per (event, matching rule): a recorded execution and one of triggered (1 credit, a render
    job through app.renders.create), throttled, error (the reason recorded) or unsubscribed;
    an event whose eventId this rule already saw is a duplicate (nothing happens again).
    Each (event, rule) runs in a savepoint, so a failure (insufficient credits, data the
    template rejects) undoes its own throttle and charge only. The caller rolls the whole
    transaction back for a dry run."""
    result = IngestResult()
    rules = list(
        (
            await session.execute(
                select(TriggerRule)
                .where(TriggerRule.account_id == account.id, TriggerRule.enabled.is_(True))
                .order_by(TriggerRule.created_at, TriggerRule.id)
            )
        ).scalars()
    )
    dialect = session.get_bind().dialect.name
    unsubscribed = set(
        (
            await session.execute(
                select(TriggerUnsubscribe.recipient_id).where(
                    TriggerUnsubscribe.account_id == account.id
                )
            )
        ).scalars()
    )
    templates: dict[str, dict[str, Any] | None] = {}
    for index, event in enumerate(events):
        result.processed += 1
        problem = _event_problem(event)
        recipient = event.get("recipientId") if isinstance(event, dict) else None
        outcome = EventOutcome(
            index=index, recipientId=recipient if isinstance(recipient, str) else None
        )
        result.results.append(outcome)
        if problem is not None:
            result.errors += 1
            outcome.outcome, outcome.reason = states.ERROR, problem
            continue
        for rule in rules:
            try:
                matched = conditions.holds(rule.condition, event["data"])
            except (ValueError, TypeError) as exc:
                matched, reason = False, f"condition could not be evaluated: {exc}"
                result.errors += 1
                outcome.rules.append(RuleOutcome(ruleId=rule.id, outcome="error", reason=reason))
                continue
            if not matched:
                continue
            if rule.template_id not in templates:
                try:
                    templates[rule.template_id] = await load_template(
                        session, rule.template_id, account.id
                    )
                except TemplateNotFound:
                    templates[rule.template_id] = None
            ruled = await _one(
                session,
                settings,
                account,
                rule,
                event,
                templates[rule.template_id],
                dialect,
                recipient in unsubscribed,
            )
            outcome.rules.append(ruled)
            result.count(rule, ruled)
    return result


def _refusal(
    rule: TriggerRule, event: dict[str, Any], template: dict[str, Any] | None, unsubscribed: bool
) -> tuple[str, str] | None:
    """Why a matching event cannot be rendered for this rule (status, reason), if it cannot."""
    problem = _channel_problem(rule, event)
    if problem is not None:
        return states.ERROR, problem
    if template is None:
        return states.ERROR, f"template '{rule.template_id}' no longer exists or is not yours"
    if unsubscribed and rule.channel != "webhook":
        return states.UNSUBSCRIBED, "the recipient unsubscribed"
    return None


async def _one(
    session: AsyncSession,
    settings: Settings,
    account: Account,
    rule: TriggerRule,
    event: dict[str, Any],
    template: dict[str, Any] | None,
    dialect: str,
    unsubscribed: bool,
) -> RuleOutcome:
    """One matching (event, rule) in a savepoint: the execution row first (its unique
    (rule, eventId) makes a replay a duplicate), then the throttle, then the render."""
    recipient: str = event["recipientId"]
    event_id = event.get("eventId")
    execution = TriggerExecution(
        rule_id=rule.id,
        account_id=account.id,
        event_id=event_id,
        recipient_id=recipient,
        recipient_email=event.get("recipientEmail"),
        recipient_phone=event.get("recipientPhone"),
        status=states.MATCHED,
    )
    if event_id is not None:
        seen = await session.scalar(
            select(func.count())
            .select_from(TriggerExecution)
            .where(TriggerExecution.rule_id == rule.id, TriggerExecution.event_id == event_id)
        )
        if seen:
            return RuleOutcome(ruleId=rule.id, outcome="duplicate", reason="eventId seen before")

    async def record(status: str, reason: str | None) -> RuleOutcome:
        execution.status, execution.reason = status, reason
        try:
            async with session.begin_nested():
                session.add(execution)
        except IntegrityError:  # a concurrent ingest recorded this eventId first
            return RuleOutcome(ruleId=rule.id, outcome="duplicate", reason="eventId seen before")
        return RuleOutcome(ruleId=rule.id, outcome=status, reason=reason)

    refused = _refusal(rule, event, template, unsubscribed)
    if refused is not None:
        return await record(*refused)
    assert template is not None  # _refusal refuses a missing template
    data, problems = template_data(rule, template, event["data"])
    if problems:
        return await record(states.ERROR, "data: " + "; ".join(problems))
    try:
        async with session.begin_nested():
            session.add(execution)
            await session.flush()
            if not await _take_throttle(session, rule, recipient, dialect):
                execution.status = states.THROTTLED
                execution.reason = (
                    f"already triggered for this recipient within {rule.throttle_days} days"
                )
                await session.flush()
                return RuleOutcome(
                    ruleId=rule.id, outcome=states.THROTTLED, reason=execution.reason
                )
            await _render(session, settings, account, rule, data, execution)
    except IntegrityError:
        return RuleOutcome(ruleId=rule.id, outcome="duplicate", reason="eventId seen before")
    except InsufficientCredits as exc:
        return await record(
            states.ERROR,
            f"insufficient credits: a render needs {exc.needed}, the balance is {exc.balance}",
        )
    except InvalidRenderRequest as exc:
        return await record(states.ERROR, f"the template rejected the data: {exc.message}")
    except (TemplateNotFound, ProjectNotFound) as exc:
        return await record(states.ERROR, str(exc))
    return RuleOutcome(ruleId=rule.id, outcome="triggered", jobId=execution.job_id)


async def _render(
    session: AsyncSession,
    settings: Settings,
    account: Account,
    rule: TriggerRule,
    data: dict[str, Any],
    execution: TriggerExecution,
) -> None:
    """The execution's render job (charged now, or on its first view for an on-view rule)."""
    created = await create_render(
        session,
        settings,
        account,
        RenderBody(templateId=rule.template_id, data=data, render=rule.render_on),
        campaign_id=rule.campaign_id,
    )
    execution.job_id = created.job_id
    if created.on_view:  # its message goes out with the poster, before any render
        execution.status = states.RENDERED
        execution.next_attempt_at = outbox.on_view_due_at(utcnow())
    execution.recipient_name = (created.display_name or None) and created.display_name[:200]
    await session.flush()


# --- unsubscribes ---------------------------------------------------------------------------


async def unsubscribe(session: AsyncSession, account_id: str, recipient_id: str) -> None:
    """Record the unsubscribe (idempotent)."""
    exists = await session.get(TriggerUnsubscribe, (account_id, recipient_id))
    if exists is None:
        try:
            async with session.begin_nested():
                session.add(TriggerUnsubscribe(account_id=account_id, recipient_id=recipient_id))
        except IntegrityError:
            pass


class _RollBack(Exception):
    """Ends a dry run's transaction, undoing everything it did."""


async def dry_run(
    db: Database, settings: Settings, account: Account, events: list[Any]
) -> IngestResult:
    """What ingesting `events` would do now (per event and rule: triggered, throttled,
    error, duplicate), with nothing kept: no execution, throttle, charge or job."""
    result = IngestResult()
    try:
        async with db.session() as session:
            result = await ingest(session, settings, account, events, dry_run=True)
            raise _RollBack
    except _RollBack:
        pass
    return result
