"""Trigger messages on the deliveries queue (never the render queue): the relay cron hands
due executions to arq and gives up on sends whose worker died; the task sends one attempt.
The execution row is the truth (app/triggers/attempts.py states the at-most-once guarantee)."""

from __future__ import annotations

import logging
from typing import Any

from arq import cron, func

from app.channels import sms
from app.channels.errors import PermanentFailure, TransientFailure
from app.config import Settings
from app.db import Database
from app.triggers import attempts, messages, states

log = logging.getLogger("reelsmith.triggers")

TASK_NAME = "deliver_trigger"


def arq_job_id(settings: Settings, execution_id: str, attempt: int) -> str:
    return f"{settings.redis_prefix}:trigger:{execution_id}:{attempt}"


async def deliver_trigger(ctx: dict[str, Any], execution_id: str, attempt: int = 1) -> str:
    """Claim the execution's delivery (committed before sending), send it, record it."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    async with db.session() as session:
        claimed = await attempts.claim(session, execution_id)
    if claimed is None:
        return "skipped: not due or held elsewhere"
    channel = claimed.rule.channel
    try:
        if channel == "email":
            await messages.send_email(settings, claimed)
        elif channel == "sms":
            provider: sms.SmsProvider = ctx.get("sms_provider") or sms.TwilioSms(settings)
            await messages.send_sms(settings, claimed, provider)
        elif not await messages.send_webhook(db, settings, claimed):
            raise PermanentFailure("the rule's webhook endpoint is gone or disabled")
        else:
            return f"delivered: {channel}"
    except TransientFailure as exc:
        async with db.session() as session:
            status = await attempts.retry_later(
                session, claimed.execution, str(exc), settings.trigger_retry_scale
            )
        log.info("trigger delivery %s attempt failed: %s", execution_id, exc)
        return f"{status}: {exc}"
    except PermanentFailure as exc:
        async with db.session() as session:
            await attempts.finish(session, claimed.execution, states.DELIVERY_FAILED, str(exc))
        return f"{states.DELIVERY_FAILED}: {exc}"
    async with db.session() as session:
        await attempts.finish(session, claimed.execution, states.DELIVERED, None)
    return f"delivered: {channel}"


async def relay_triggers(ctx: dict[str, Any]) -> int:
    """Hand every due delivery to arq (arq ignores one it already holds) and fail the sends
    whose worker died."""
    settings: Settings = ctx["settings"]
    async with ctx["db"].session() as session:
        stuck = await attempts.abandon_stuck(session)
        due = await attempts.due(session)
    if stuck:
        log.warning("%d trigger deliveries stopped mid-send: not sent again", stuck)
    for execution_id, made in due:
        await ctx["redis"].enqueue_job(
            TASK_NAME,
            execution_id,
            made + 1,
            _job_id=arq_job_id(settings, execution_id, made + 1),
            _queue_name=settings.webhook_queue_name,
        )
    return len(due)


def functions() -> list[Any]:
    return [func(deliver_trigger, name=TASK_NAME, keep_result=0, max_tries=1, timeout=120)]


def cron_jobs(settings: Settings) -> list[Any]:
    return [
        cron(
            relay_triggers,
            name=f"{settings.redis_prefix}:trigger-relay",
            second=set(range(60)),
            keep_result=0,
            run_at_startup=True,
        )
    ]
