"""Trigger rules: CRUD, each rule checked against its template and channel settings.
Event ingestion lives in app/triggers/ingest.py.

No HTTP here: domain errors are raised (app/errors.py answers them)."""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.composition.variables import variables_in
from app.db import utcnow
from app.errors import DomainError, Kind
from app.renders.create import load_template, template_slots
from app.templates.errors import TemplateNotFound
from app.triggers.models import TriggerExecution, TriggerRule
from app.triggers.schemas import (
    EmailSettings,
    RuleBody,
    RulePatch,
    SmsSettings,
)
from app.webhooks.models import WebhookEndpoint

RECENT_EXECUTIONS = 20
# Variables a message may use besides the template's slot keys; `data.<path>` reads the
# event's own data.
MESSAGE_VARIABLES = ("name", "recipientId", "playerUrl", "unsubscribeUrl", "jobId")
# Matched with fullmatch: `$` would also match before a trailing newline ("a@b.co\n").
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
PHONE = re.compile(r"\+?[0-9 ()\-]{6,20}")


class RuleNotFound(DomainError):
    """Unknown rule, or another account's (404)."""

    kind = Kind.NOT_FOUND

    def __init__(self, rule_id: str) -> None:
        super().__init__(f"Trigger rule '{rule_id}' not found")
        self.rule_id = rule_id


class InvalidRule(DomainError):
    """The rule cannot be stored as given (400); `message` names the field and what is
    allowed."""

    kind = Kind.INVALID

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message, details=[{"loc": [field], "msg": message, "type": "value"}])
        self.field = field


# --- rules ----------------------------------------------------------------------------------


def _channel_settings(channel: str, body: RuleBody | RulePatch, old: dict[str, Any]) -> dict:
    given = getattr(body, channel, None)
    if given is not None:
        return dict(given.model_dump(mode="json"))
    if channel == "email":
        return old or EmailSettings().model_dump()
    if channel == "sms":
        return old or SmsSettings().model_dump()
    if not old:
        raise InvalidRule(
            "webhook.endpointId is required for channel 'webhook': the id of one of your "
            "webhook endpoints (GET /api/webhooks)",
            "webhook.endpointId",
        )
    return old


async def _check_rule(session: AsyncSession, account_id: str, rule: TriggerRule) -> None:
    """The rule against its template and account: 400-worthy InvalidRule naming what is
    missing."""
    try:
        template = await load_template(session, rule.template_id, account_id)
    except TemplateNotFound as exc:
        raise InvalidRule(
            f"templateId: template '{rule.template_id}' does not exist or is not yours",
            "templateId",
        ) from exc
    slots = {s.key for s in template_slots(template)}
    unknown = sorted(set(rule.data_mapping) - slots)
    if unknown:
        raise InvalidRule(
            f"dataMapping: {', '.join(unknown)} is not a data slot of template "
            f"'{rule.template_id}'; its slots are {', '.join(sorted(slots)) or 'none'}",
            "dataMapping",
        )
    texts = {
        "email": ("subject", "body"),
        "sms": ("text",),
        "webhook": (),
    }[rule.channel]
    for name in texts:
        text = rule.channel_settings.get(name, "")
        for variable in variables_in(text):
            root = variable.split(".", 1)[0]
            if root not in slots and root not in MESSAGE_VARIABLES and root != "data":
                raise InvalidRule(
                    f"{rule.channel}.{name}: [{variable}] is not a data slot of template "
                    f"'{rule.template_id}' ({', '.join(sorted(slots))}) nor one of "
                    f"{', '.join(MESSAGE_VARIABLES)} or data.<field>",
                    f"{rule.channel}.{name}",
                )
    if rule.channel == "webhook":
        endpoint_id = rule.channel_settings.get("endpointId")
        endpoint = await session.get(WebhookEndpoint, endpoint_id)
        if endpoint is None or endpoint.account_id != account_id:
            raise InvalidRule(
                f"webhook.endpointId: webhook endpoint '{endpoint_id}' does not exist or is "
                "not yours",
                "webhook.endpointId",
            )


async def create_rule(session: AsyncSession, account_id: str, body: RuleBody) -> TriggerRule:
    rule = TriggerRule(
        account_id=account_id,
        name=body.name,
        event_type=body.eventType,
        condition=body.condition.stored(),
        template_id=body.templateId,
        channel=body.channel,
        channel_settings=_channel_settings(body.channel, body, {}),
        data_mapping=dict(body.dataMapping),
        throttle_days=body.throttleDays,
        campaign_id=body.campaignId,
        render_on=body.render.value,
        enabled=body.enabled,
    )
    await _check_rule(session, account_id, rule)
    session.add(rule)
    await session.flush()
    return rule


async def get_rule(session: AsyncSession, account_id: str, rule_id: str) -> TriggerRule:
    rule = await session.get(TriggerRule, rule_id)
    if rule is None or rule.account_id != account_id:
        raise RuleNotFound(rule_id)
    return rule


async def update_rule(
    session: AsyncSession, account_id: str, rule_id: str, patch: RulePatch
) -> TriggerRule:
    rule = await get_rule(session, account_id, rule_id)
    given = patch.model_fields_set
    simple = {
        "name": "name",
        "eventType": "event_type",
        "templateId": "template_id",
        "throttleDays": "throttle_days",
        "campaignId": "campaign_id",
        "render": "render_on",
        "enabled": "enabled",
    }
    for name, column in simple.items():
        if name in given and (getattr(patch, name) is not None or name == "campaignId"):
            setattr(rule, column, getattr(patch, name))
    if "condition" in given and patch.condition is not None:
        rule.condition = patch.condition.stored()
    if "dataMapping" in given and patch.dataMapping is not None:
        rule.data_mapping = dict(patch.dataMapping)
    channel = patch.channel or rule.channel
    old = rule.channel_settings if channel == rule.channel else {}
    rule.channel = channel
    rule.channel_settings = _channel_settings(channel, patch, old)
    await _check_rule(session, account_id, rule)
    rule.updated_at = utcnow()
    await session.flush()
    return rule


async def delete_rule(session: AsyncSession, account_id: str, rule_id: str) -> None:
    rule = await get_rule(session, account_id, rule_id)
    await session.delete(rule)
    await session.flush()


async def list_rules(
    session: AsyncSession, account_id: str
) -> list[tuple[TriggerRule, list[TriggerExecution]]]:
    """The account's rules, newest first, each with its most recent executions."""
    rules = list(
        (
            await session.execute(
                select(TriggerRule)
                .where(TriggerRule.account_id == account_id)
                .order_by(TriggerRule.created_at.desc(), TriggerRule.id)
            )
        ).scalars()
    )
    return [(rule, await recent_executions(session, rule.id)) for rule in rules]


async def recent_executions(session: AsyncSession, rule_id: str) -> list[TriggerExecution]:
    rows = await session.execute(
        select(TriggerExecution)
        .where(TriggerExecution.rule_id == rule_id)
        .order_by(TriggerExecution.created_at.desc(), TriggerExecution.id)
        .limit(RECENT_EXECUTIONS)
    )
    return list(rows.scalars())
