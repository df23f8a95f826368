"""Delivery after the render: email to a real SMTP server, SMS to a Twilio-format API, and
trigger.delivered through the webhooks outbox; retries, failures, at most once."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update

from app import viewsessions
from app.db import utcnow
from app.triggers.models import TriggerExecution
from app.webhooks.models import WebhookDelivery
from tests.support.triggers import (
    SMS_SID,
    SMS_TOKEN,
    SmtpServer,
    TwilioServer,
    deliver_due,
    event,
    executions,
    rule_body,
)
from tests.support.webhooks import Receiver, deliveries_worker, finish, wait_for


async def triggered(client: Any, user: Any, rule: dict[str, Any], ev: dict[str, Any]) -> str:
    response = await client.post("/api/triggers", json=rule, headers=user.headers)
    assert response.status_code == 201, await response.get_data()
    response = await client.post("/api/events/ingest", json={"events": [ev]}, headers=user.headers)
    body = await response.get_json()
    assert body["triggered"] == 1, body
    rule_id = (await (await client.get("/api/triggers", headers=user.headers)).get_json())["rules"][
        0
    ]["id"]
    return rule_id


async def one_execution(db: Any) -> TriggerExecution:
    [execution] = await executions(db)
    return execution


async def test_email_is_delivered_with_headers_parts_links_and_pixel(
    client, make_user, appdb, settings, redis, smtp: SmtpServer
):
    user = await make_user()
    await triggered(client, user, rule_body(), event("priya"))
    execution = await one_execution(appdb)
    assert execution.status == "matched" and await deliver_due(appdb, settings) == []
    await finish(appdb, redis, settings, execution.job_id, ok=True)
    assert (await one_execution(appdb)).status == "rendered"
    assert await deliver_due(appdb, settings) == ["delivered: email"]

    [(mail_from, rcpt_tos, message)] = smtp.received
    job = execution.job_id
    assert mail_from == "videos@reelsmith.test" and rcpt_tos == ["priya@example.com"]
    assert message["From"] == "Reelsmith <videos@reelsmith.test>"
    assert message["To"] == "Priya <priya@example.com>"
    assert message["Subject"] == "Priya, 100 workouts!"
    unsubscribe = message["List-Unsubscribe"]
    assert unsubscribe.startswith("<http://testserver/u/") and unsubscribe.endswith(">")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["Message-ID"]
    assert message.get_content_type() == "multipart/alternative"
    plain = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert "Hi Priya," in plain and "You did 100 workouts." in plain
    assert f"http://testserver/v/{job}" in plain
    assert f'href="http://testserver/v/{job}"' in html
    assert f'src="http://testserver/media/posters/{job}.1.gif"' in html
    pixel = re.search(r'src="http://testserver/t/o/([^"]+)\.gif\?s=([^"]+)"', html)
    assert pixel is not None and pixel[1] == job  # the open counts: a signed session
    assert viewsessions.verify(settings.session_secret, job, pixel[2])
    assert unsubscribe[1:-1] in html

    done = await one_execution(appdb)
    assert done.status == "delivered" and done.delivered_at and done.delivery_attempts == 1
    assert await deliver_due(appdb, settings) == []  # at most once
    assert len(smtp.received) == 1

    # the List-Unsubscribe link works, and later triggers honour it
    response = await client.post(unsubscribe[1:-1].removeprefix("http://testserver"))
    assert response.status_code == 200
    response = await client.post(
        "/api/events/ingest", json={"events": [event("priya", workouts=500)]}, headers=user.headers
    )
    assert (await response.get_json())["triggered"] == 0
    assert [e.status for e in await executions(appdb)] == ["delivered", "unsubscribed"]


async def test_a_temporary_smtp_failure_is_retried_with_backoff(
    client, make_user, appdb, settings, redis, smtp: SmtpServer
):
    user = await make_user()
    await triggered(client, user, rule_body(), event("priya"))
    execution = await one_execution(appdb)
    await finish(appdb, redis, settings, execution.job_id, ok=True)
    smtp.replies = ["451 4.3.0 Mailbox busy, try later"]
    [result] = await deliver_due(appdb, settings)
    assert result.startswith("rendered: SMTP 451")
    waiting = await one_execution(appdb)
    assert waiting.status == "rendered" and waiting.delivery_attempts == 1
    assert "attempt 1 failed: SMTP 451" in (waiting.reason or "")
    assert waiting.next_attempt_at is not None
    await asyncio.sleep(0.01)  # the backoff, scaled down
    assert await deliver_due(appdb, settings) == ["delivered: email"]
    assert len(smtp.received) == 1
    done = await one_execution(appdb)
    assert done.status == "delivered" and done.delivery_attempts == 2


async def test_a_permanent_smtp_failure_is_recorded_and_not_retried(
    client, make_user, appdb, settings, redis, smtp: SmtpServer
):
    user = await make_user()
    await triggered(client, user, rule_body(), event("priya"))
    execution = await one_execution(appdb)
    await finish(appdb, redis, settings, execution.job_id, ok=True)
    smtp.replies = ["550 5.1.1 No such user"]
    [result] = await deliver_due(appdb, settings)
    assert result.startswith("delivery_failed: SMTP 550")
    failed = await one_execution(appdb)
    assert failed.status == "delivery_failed" and "550" in (failed.reason or "")
    assert await deliver_due(appdb, settings) == [] and smtp.received == []


async def test_a_failed_render_is_recorded_and_nothing_is_sent(
    client, make_user, appdb, settings, redis, smtp: SmtpServer
):
    user = await make_user()
    await triggered(client, user, rule_body(), event("priya"))
    execution = await one_execution(appdb)
    await finish(appdb, redis, settings, execution.job_id, ok=False)
    failed = await one_execution(appdb)
    assert failed.status == "render_failed"
    assert "Data source unavailable" in (failed.reason or "")
    assert await deliver_due(appdb, settings) == [] and smtp.received == []


async def test_a_triggered_render_deleted_while_running_is_recorded_and_nothing_is_sent(
    client, make_user, appdb, settings, smtp: SmtpServer
):
    user = await make_user()
    await triggered(client, user, rule_body(), event("priya"))
    execution = await one_execution(appdb)
    response = await client.delete(f"/api/render/{execution.job_id}", headers=user.headers)
    assert response.status_code == 200
    cancelled = await one_execution(appdb)
    assert cancelled.status == "render_failed"
    assert "Cancelled" in (cancelled.reason or "")
    assert await deliver_due(appdb, settings) == [] and smtp.received == []


async def test_a_send_cut_off_by_a_dead_worker_is_never_sent_again(
    client, make_user, appdb, settings, redis, smtp: SmtpServer
):
    user = await make_user()
    await triggered(client, user, rule_body(), event("priya"))
    execution = await one_execution(appdb)
    await finish(appdb, redis, settings, execution.job_id, ok=True)
    async with appdb.session() as session:  # as a worker killed mid-send leaves it
        await session.execute(
            update(TriggerExecution)
            .where(TriggerExecution.id == execution.id)
            .values(status="sending", delivery_attempts=1, locked_until=utcnow() - timedelta(1))
        )
    assert await deliver_due(appdb, settings) == []
    gone = await one_execution(appdb)
    assert gone.status == "delivery_failed" and "outcome unknown" in (gone.reason or "")
    assert smtp.received == []


async def test_sms_is_sent_in_twilio_format_with_the_player_link(
    client, make_user, appdb, settings, redis, twilio: TwilioServer
):
    user = await make_user()
    rule = rule_body(channel="sms", email=None, sms={"text": "[name], your video: [playerUrl]"})
    await triggered(client, user, rule, event("priya", recipientPhone="+15557654321"))
    execution = await one_execution(appdb)
    await finish(appdb, redis, settings, execution.job_id, ok=True)
    twilio.statuses = [503]
    [result] = await deliver_due(appdb, settings)
    assert result.startswith("rendered: SMS API answered HTTP 503")
    await asyncio.sleep(0.01)
    assert await deliver_due(appdb, settings) == ["delivered: sms"]
    [sms] = twilio.received
    assert sms.path == f"/2010-04-01/Accounts/{SMS_SID}/Messages.json"
    assert sms.authorization == (SMS_SID, SMS_TOKEN)
    assert sms.form == {
        "To": "+15557654321",
        "From": "+15550001111",
        "Body": f"Priya, your video: http://testserver/v/{execution.job_id}",
    }
    assert (await one_execution(appdb)).delivery_attempts == 2


async def test_webhook_channel_sends_trigger_delivered_through_the_deliveries_worker(
    client, make_user, appdb, settings, redis
):
    user = await make_user()
    with Receiver() as receiver:
        response = await client.post(
            "/api/webhooks",
            json={"url": receiver.url, "events": ["trigger.delivered"]},
            headers=user.headers,
        )
        assert response.status_code == 201, await response.get_data()
        endpoint_id = (await response.get_json())["webhook"]["id"]
        rule = rule_body(
            channel="webhook", email=None, webhook={"endpointId": endpoint_id}, campaignId="c1"
        )
        rule_id = await triggered(client, user, rule, event("priya", eventId="evt-9"))
        execution = await one_execution(appdb)
        await finish(appdb, redis, settings, execution.job_id, ok=True)
        async with deliveries_worker(settings):  # the relay cron and both tasks, for real

            async def recorded() -> bool:
                async with appdb.session() as session:
                    status = await session.scalar(select(WebhookDelivery.status))
                return status == "delivered"

            await wait_for(recorded, 15, "the trigger.delivered webhook, recorded")
        [body] = [r.json for r in receiver.received]
    assert body["event"] == "trigger.delivered"
    data = body["data"]
    assert data["ruleId"] == rule_id and data["eventId"] == "evt-9"
    assert data["recipientId"] == "priya" and data["jobId"] == execution.job_id
    assert data["campaignId"] == "c1"
    assert data["playerUrl"] == f"http://testserver/v/{execution.job_id}"
    assert (await one_execution(appdb)).status == "delivered"
    async with appdb.session() as session:
        rows = list((await session.execute(select(WebhookDelivery))).scalars())
    assert [(d.event, d.status) for d in rows] == [("trigger.delivered", "delivered")]
