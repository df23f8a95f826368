"""A worker SIGKILLed between attempts (and arq's state gone with Redis) loses no delivery:
the outbox row is the truth and the next worker's relay hands the due attempt to arq again."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any

from redis.asyncio import Redis

from tests.support.webhooks import (
    Receiver,
    Reply,
    attempts,
    deliveries,
    finish,
    new_job,
    wait_for,
    worker_process,
)


async def test_sigkill_between_attempts_loses_nothing(
    app, client, make_user, settings, appdb, tmp_path: Path
):
    # Attempt 2 comes 1 min x 0.05 = 3 s after attempt 1: time to kill the worker in between.
    slow = settings.model_copy(update={"webhook_retry_scale": 0.05})
    user = await make_user()
    log = tmp_path / "worker.log"
    with Receiver([Reply(500)]) as receiver:
        response = await client.post(
            "/api/webhooks", json={"url": receiver.url, "events": ["*"]}, headers=user.headers
        )
        hook = (await response.get_json())["webhook"]
        await finish(appdb, None, settings, await new_job(appdb, user.account.id), ok=True)
        first = worker_process(slow, log)
        try:

            async def first_attempt_recorded() -> Any:
                rows = await deliveries(appdb, hook["id"])
                return rows[0] if rows and rows[0].attempts_made == 1 else None

            delivery = await wait_for(first_attempt_recorded, 30, "attempt 1")
            assert delivery.status == "retrying"
        finally:
            first.send_signal(signal.SIGKILL)
            await asyncio.to_thread(first.wait, 10)
        # Redis forgets too: arq's deferred attempt 2 and its queue are gone.
        redis = Redis.from_url(settings.redis_url)
        try:
            for pattern in (f"{settings.redis_prefix}*", f"arq:*:{settings.redis_prefix}:*"):
                keys = [k async for k in redis.scan_iter(match=pattern)]
                if keys:
                    await redis.delete(*keys)
        finally:
            await redis.aclose()
        assert len(receiver.received) == 1
        second = worker_process(slow, log)
        try:

            async def delivered() -> Any:
                rows = await deliveries(appdb, hook["id"])
                return rows[0] if rows[0].status == "delivered" else None

            done = await wait_for(delivered, 30, "attempt 2 by the next worker")
        finally:
            second.send_signal(signal.SIGTERM)
            await asyncio.to_thread(second.wait, 30)
    assert [a.number for a in await attempts(appdb, done.id)] == [1, 2]
    assert len(receiver.received) == 2, log.read_text()[-2000:]
    assert {r.headers["webhook-id"] for r in receiver.received} == {done.message_id}
    gap = receiver.received[1].at - receiver.received[0].at
    assert gap >= 3.0 - 0.05  # attempt 2 still waited for its turn in the schedule
