"""The message of one claimed trigger execution, sent through its rule's channel: email or
SMS (app/channels), or a trigger.delivered webhook event."""

from __future__ import annotations

from typing import Any

from app.channels import email, sms
from app.channels.errors import PermanentFailure
from app.composition.variables import substitute
from app.config import Settings
from app.db import Database, utcnow
from app.triggers import links, states
from app.triggers.attempts import Claimed, finish
from app.webhooks import events, outbox
from app.webhooks.models import WebhookEndpoint


def message_data(settings: Settings, claimed: Claimed) -> dict[str, Any]:
    """What a message's [variable]s read: the render's data, and the recipient's links."""
    execution, job = claimed.execution, claimed.job
    data = dict((job.request or {}).get("data") or {})
    name = execution.recipient_name or job.display_name or ""
    return {
        **data,
        "data": data,
        "name": name,
        "recipientId": execution.recipient_id,
        "jobId": job.id,
        "playerUrl": links.player_url(settings, job.id),
        "unsubscribeUrl": links.unsubscribe_url(
            settings, execution.account_id, execution.recipient_id
        ),
    }


def fill(text: str, data: dict[str, Any]) -> str:
    return substitute(text, data).text


async def send_email(settings: Settings, claimed: Claimed) -> None:
    execution, job = claimed.execution, claimed.job
    data = message_data(settings, claimed)
    options = claimed.rule.channel_settings
    if not execution.recipient_email:
        raise PermanentFailure("no recipientEmail")
    try:
        message = email.build_message(
            settings,
            email.VideoEmail(
                to=execution.recipient_email,
                name=data["name"],
                subject=fill(options.get("subject", ""), data),
                text=fill(options.get("body", ""), data),
                player_url=data["playerUrl"],
                gif_url=links.thumbnail_url(settings, job),
                pixel_url=links.pixel_url(settings, job.id, execution.id),
                unsubscribe_url=data["unsubscribeUrl"],
                message_id_key=f"trigger.{execution.id}",
            ),
        )
    except ValueError as exc:  # a header the data made impossible (a line break in it)
        raise PermanentFailure(f"the email could not be built: {exc}") from exc
    await email.send(settings, message)


async def send_sms(settings: Settings, claimed: Claimed, provider: sms.SmsProvider) -> None:
    execution = claimed.execution
    if not execution.recipient_phone:
        raise PermanentFailure("no recipientPhone")
    data = message_data(settings, claimed)
    text = fill(claimed.rule.channel_settings.get("text", ""), data)
    if data["playerUrl"] not in text:
        text = f"{text} {data['playerUrl']}".strip()
    await provider.send(execution.recipient_phone, text)


async def send_webhook(db: Database, settings: Settings, claimed: Claimed) -> bool:
    """A trigger.delivered delivery for the rule's endpoint, written into the webhooks outbox
    in the same transaction that marks the execution delivered. False when the endpoint is
    gone or disabled."""
    execution, job, rule = claimed.execution, claimed.job, claimed.rule
    async with db.session() as session:
        endpoint = await session.get(WebhookEndpoint, rule.channel_settings.get("endpointId"))
        if endpoint is None or not endpoint.active:
            return False
        now = utcnow()
        data = {
            "ruleId": rule.id,
            "executionId": execution.id,
            "eventId": execution.event_id,
            "recipientId": execution.recipient_id,
            "jobId": job.id,
            "templateId": job.template_id,
            "campaignId": rule.campaign_id,
            "playerUrl": links.player_url(settings, job.id),
            "outputUrl": settings.public(f"/media/{job.output_key}") if job.output_key else None,
            "deliveredAt": events.iso(now),
        }
        body = events.body(events.TRIGGER_DELIVERED, now, data)
        session.add(outbox.new_delivery(endpoint, events.TRIGGER_DELIVERED, body, now))
        await finish(session, execution, states.DELIVERED, None)
    return True
