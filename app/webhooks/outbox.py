"""Writing deliveries into the outbox, inside the caller's transaction: an event is recorded
if and only if the state change that causes it commits. `emit` is the one way in; the domains
that cause events (renders' outcomes, viewers, triggers) build their payloads and call it."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import new_id, utcnow
from app.pointtx import PointTx
from app.pointwrite import PointWrite
from app.webhooks import events
from app.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint

_ACTIVE = PointWrite(
    select(WebhookEndpoint.id, WebhookEndpoint.account_id, WebhookEndpoint.events).where(
        WebhookEndpoint.account_id == bindparam("account"), WebhookEndpoint.active.is_(True)
    )
)
_DELIVERY_KEYS = ["id", "endpoint_id", "account_id", "event", "message_id", "body", "status",
                  "attempts_made", "next_attempt_at", "redelivery_of"]  # fmt: skip
_NEW_DELIVERY = PointWrite(insert(WebhookDelivery.__table__), keys=_DELIVERY_KEYS)


async def emit(
    session: AsyncSession | PointTx, account_id: str, event: str, data: dict[str, Any]
) -> list[WebhookDelivery]:
    """One delivery per active endpoint of the account subscribed to `event` (in a point
    transaction, app/pointtx.py, written by point writes: the same rows)."""
    if isinstance(session, PointTx):
        return await _emit_points(session, account_id, event, data)
    endpoints = (
        await session.execute(
            select(WebhookEndpoint).where(
                WebhookEndpoint.account_id == account_id, WebhookEndpoint.active.is_(True)
            )
        )
    ).scalars()
    now = utcnow()
    deliveries = [
        new_delivery(endpoint, event, events.body(event, now, data), now)
        for endpoint in endpoints
        if events.subscribed(endpoint.events, event)
    ]
    session.add_all(deliveries)
    await session.flush()
    return deliveries


async def _emit_points(
    tx: PointTx, account_id: str, event: str, data: dict[str, Any]
) -> list[WebhookDelivery]:
    now = utcnow()
    deliveries = [
        new_delivery(endpoint, event, events.body(event, now, data), now)
        for endpoint in await _ACTIVE.rows(tx, account=account_id)
        if events.subscribed(endpoint.events, event)
    ]
    for delivery in deliveries:
        await _NEW_DELIVERY.run(tx, **{key: getattr(delivery, key) for key in _DELIVERY_KEYS})
    return deliveries


def new_delivery(
    endpoint: Any,
    event: str,
    body: str,
    now: datetime,
    message_id: str | None = None,
    redelivery_of: str | None = None,
) -> WebhookDelivery:
    return WebhookDelivery(
        id=new_id(),
        endpoint_id=endpoint.id,
        account_id=endpoint.account_id,
        event=event,
        message_id=message_id or f"msg_{new_id().replace('-', '')}",
        body=body,
        status="pending",
        attempts_made=0,
        next_attempt_at=now,
        redelivery_of=redelivery_of,
    )


FINISHED = ("delivered", "failed")


async def purge_finished(session: AsyncSession, retention_days: int) -> int:
    """Delete deliveries finished (delivered or failed) more than `retention_days` ago, and
    their attempts; pending and retrying ones stay whatever their age."""
    cutoff = utcnow() - timedelta(days=retention_days)
    old = select(WebhookDelivery.id).where(
        WebhookDelivery.status.in_(FINISHED), WebhookDelivery.updated_at < cutoff
    )
    await session.execute(delete(WebhookAttempt).where(WebhookAttempt.delivery_id.in_(old)))
    result = await session.execute(delete(WebhookDelivery).where(WebhookDelivery.id.in_(old)))
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
