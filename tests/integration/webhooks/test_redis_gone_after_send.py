"""Redis going away between sending an attempt and recording it: the endpoint's slot cannot
be freed, but the attempt is still recorded at once (found by the Redis-restart fault test: the
failed slot release skipped the recording and the receiver got the webhook twice)."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.exceptions import ConnectionError as RedisConnectionError

from tests.integration.webhooks.test_delivery import register
from tests.support.webhooks import (
    Receiver,
    attempts,
    deliveries,
    deliveries_worker,
    finish,
    new_job,
    wait_for,
)


async def test_an_attempt_sent_as_redis_goes_away_is_recorded_once(
    app, client, make_user, settings, redis, appdb, monkeypatch, caplog
):
    user = await make_user()
    real_delete = Redis.delete
    refused: list[str] = []

    async def down(names: tuple[Any, ...]) -> Any:
        refused.append(str(names[0]))
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379.")

    def delete_while_redis_is_down(self: Redis, *names: Any) -> Any:
        slot = any(b"webhook-slot" in (n if isinstance(n, bytes) else n.encode()) for n in names)
        if slot and not isinstance(self, Pipeline):  # arq's pipelines queue theirs
            return down(names)
        return real_delete(self, *names)

    monkeypatch.setattr(Redis, "delete", delete_while_redis_is_down)
    with Receiver() as receiver:
        await register(client, user, receiver.url, ["render.complete"])
        async with deliveries_worker(settings):
            job_id = await new_job(appdb, user.account.id)
            await finish(appdb, redis, settings, job_id, ok=True)

            async def recorded() -> Any:
                rows = await deliveries(appdb)
                return rows and rows[0].status == "delivered" and rows

            rows = await wait_for(recorded, 10, "the attempt recorded as delivered")
    assert refused, "the slot release never met the outage"
    assert len(receiver.received) == 1
    tries = await attempts(appdb, rows[0].id)
    assert [(a.number, a.status_code) for a in tries] == [(1, 200)]
    assert "not freed" in caplog.text
