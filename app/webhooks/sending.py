"""Sending now, for the API and the dashboard: a test event whose first attempt's outcome the
caller waits for, and a redelivery. The deliveries worker does the sending (app/webhooks/queue)."""

from __future__ import annotations

import asyncio
import time

from app.state import get_arq, get_db, get_settings
from app.webhooks import queue, service
from app.webhooks.attempts import attempt_timeout
from app.webhooks.models import WebhookAttempt, WebhookDelivery

# How long a test send waits for a worker to pick the attempt up, beyond the attempt's own
# timeout.
TEST_PICKUP_S = 2.0


async def send_test(
    account_id: str, endpoint_id: str
) -> tuple[WebhookDelivery, list[WebhookAttempt]]:
    """Queue a `test.event` to the endpoint and wait (bounded by the attempt timeout) for its
    first attempt; returns the delivery and its attempts (none: no worker sent it in time).
    NotFound / Disabled as service.create_test_delivery."""
    async with get_db().session() as session:
        delivery = await service.create_test_delivery(session, account_id, endpoint_id)
    await queue.enqueue(await get_arq(), get_settings(), delivery.id, 1)
    deadline = time.monotonic() + attempt_timeout(1) + TEST_PICKUP_S
    while True:
        async with get_db().session() as session:
            current, attempts = await service.get_delivery(session, account_id, delivery.id)
        if attempts or time.monotonic() >= deadline:
            return current, attempts
        await asyncio.sleep(0.05)


async def redeliver(account_id: str, delivery_id: str) -> WebhookDelivery:
    """Send a delivery's message again (same body and webhook-id), attempts from 1."""
    async with get_db().session() as session:
        delivery = await service.redeliver(session, account_id, delivery_id)
    await queue.enqueue(await get_arq(), get_settings(), delivery.id, 1)
    return delivery
