"""Deliveries to a real receiver on the loopback, sent by the deliveries worker."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from standardwebhooks.webhooks import Webhook

from app.webhooks.attempts import RETRY_DELAYS_S
from tests.support.webhooks import (
    QUALITY,
    SCALE,
    Receiver,
    Reply,
    attempts,
    deliveries,
    deliveries_worker,
    endpoint_row,
    finish,
    new_batch,
    new_job,
    wait_for,
)

SPEC_FIELDS = {
    "render.complete": {
        "jobId", "templateId", "status", "outputUrl", "displayName", "createdAt",
        "completedAt", "renderDurationMs",
        "quality",  # ours: the finished file's quality report
    },
    "render.failed": {"jobId", "templateId", "status", "error", "createdAt", "failedAt"},
    "batch.complete": {
        "batchId", "templateId", "totalJobs", "completed", "failed", "createdAt",
        "completedAt", "durationMs", "jobIds",
    },
    "batch.progress": {
        "batchId", "templateId", "milestone", "totalJobs", "completed", "failed", "percent",
    },
    "test.event": {"webhookId", "message"},
}  # fmt: skip


async def register(client: Any, user: Any, url: str, events: list[str] | None = None) -> dict:
    response = await client.post(
        "/api/webhooks", json={"url": url, "events": events or ["*"]}, headers=user.headers
    )
    assert response.status_code == 201, await response.get_data()
    return (await response.get_json())["webhook"]


def verify_both(received: Any, secret: str) -> None:
    expected = hmac.new(secret.encode(), received.body, hashlib.sha256).hexdigest()
    assert received.headers["x-service-signature"] == expected
    # Raises WebhookVerificationError on a bad signature or an old timestamp.
    Webhook(secret).verify(received.body, received.headers)


async def test_every_event_kind_is_delivered_with_the_spec_fields_and_both_signatures(
    app, client, make_user, settings, redis, appdb
):
    user = await make_user()
    with Receiver() as receiver:
        hook = await register(client, user, receiver.url)
        async with deliveries_worker(settings):
            single_ok = await new_job(appdb, user.account.id)
            single_failed = await new_job(appdb, user.account.id)
            batch_id, batch_jobs = await new_batch(appdb, user.account.id, 4)
            await finish(appdb, redis, settings, single_ok, ok=True)
            await finish(appdb, redis, settings, single_failed, ok=False)
            for i, job_id in enumerate(batch_jobs):
                await finish(appdb, redis, settings, job_id, ok=i != 1)
            test = await client.post(
                "/api/webhooks/test", json={"webhookId": hook["id"]}, headers=user.headers
            )
            answer = await test.get_json()
            assert answer["success"] is True and answer["statusCode"] == 200, answer

            async def all_in() -> bool:
                return len(receiver.received) >= 2 + 4 + 3 + 1 + 1

            await wait_for(all_in, 15, "every delivery")
    by_event: dict[str, list[dict]] = {}
    for received in receiver.received:
        verify_both(received, hook["secret"])
        body = received.json
        assert set(body) == {"event", "timestamp", "data"}
        by_event.setdefault(body["event"], []).append(body["data"])
    for event, datas in by_event.items():
        for data in datas:
            extra = {"batchId"} if event.startswith("render.") and "batchId" in data else set()
            assert set(data) == SPEC_FIELDS[event] | extra, (event, data)
    assert sorted(by_event) == sorted(SPEC_FIELDS)
    completes = {d["jobId"]: d for d in by_event["render.complete"]}
    assert completes[single_ok]["outputUrl"].endswith(f"/media/videos/{single_ok}.1.mp4")
    assert "batchId" not in completes[single_ok]
    assert completes[batch_jobs[0]]["batchId"] == batch_id
    assert isinstance(completes[single_ok]["renderDurationMs"], int)
    assert completes[single_ok]["quality"] == QUALITY
    assert [d["jobId"] for d in by_event["render.failed"]].count(single_failed) == 1
    assert by_event["render.failed"][0]["error"] == "Data source unavailable"
    assert sorted(d["milestone"] for d in by_event["batch.progress"]) == [25, 50, 75]
    (done,) = by_event["batch.complete"]
    assert (done["totalJobs"], done["completed"], done["failed"]) == (4, 3, 1)
    assert done["jobIds"] == batch_jobs


async def test_the_whole_retry_schedule_is_followed_then_the_delivery_fails(
    app, client, make_user, settings, appdb
):
    user = await make_user()
    with Receiver(default=Reply(500)) as receiver:
        hook = await register(client, user, receiver.url, ["render.failed"])
        async with deliveries_worker(settings):
            job_id = await new_job(appdb, user.account.id)
            await finish(appdb, None, settings, job_id, ok=False)

            async def failed() -> Any:
                rows = await deliveries(appdb, hook["id"])
                return rows if rows and rows[0].status == "failed" else None

            (delivery,) = await wait_for(failed, 30, "the delivery to fail")
    tries = await attempts(appdb, delivery.id)
    assert [a.number for a in tries] == [1, 2, 3, 4, 5, 6]
    assert all(a.status_code == 500 for a in tries)
    assert len(receiver.received) == 6
    ids = {r.headers["webhook-id"] for r in receiver.received}
    assert ids == {delivery.message_id}  # one stable id over every retry
    gaps = [b.at - a.at for a, b in zip(receiver.received, receiver.received[1:], strict=False)]
    # Never early; late only by the machine's load (2 shared cores).
    for gap, step in zip(gaps, RETRY_DELAYS_S, strict=True):
        assert step * SCALE - 0.05 <= gap <= step * SCALE + 2.5, (gaps, step)
    # The shape: the last wait (6 h) the longest, as the SPEC's steps grow.
    assert gaps[4] == max(gaps)
    # And the schedule as stored: each attempt started its step after the one before ended.
    for before, after, step in zip(tries, tries[1:], RETRY_DELAYS_S, strict=False):
        waited = (after.started_at - before.started_at).total_seconds() - before.latency_ms / 1000
        assert waited >= step * SCALE - 0.01, (before.number, waited, step)


async def test_retry_after_is_honoured_within_the_schedule(app, client, make_user, settings, appdb):
    user = await make_user()
    replies = [Reply(503, {"Retry-After": "2"})]
    with Receiver(replies) as receiver:
        hook = await register(client, user, receiver.url)
        async with deliveries_worker(settings):
            job_id = await new_job(appdb, user.account.id)
            await finish(appdb, None, settings, job_id, ok=True)

            async def delivered() -> Any:
                rows = await deliveries(appdb, hook["id"])
                return rows if rows and rows[0].status == "delivered" else None

            await wait_for(delivered, 15, "the delivery")
    first, second = receiver.received
    assert 2.0 - 0.05 <= second.at - first.at <= 3.5  # not the 12 ms step: the receiver's 2 s


async def test_410_disables_the_endpoint_and_says_why(app, client, make_user, settings, appdb):
    user = await make_user()
    with Receiver(default=Reply(410)) as receiver:
        hook = await register(client, user, receiver.url)
        async with deliveries_worker(settings):
            await finish(appdb, None, settings, await new_job(appdb, user.account.id), ok=True)

            async def disabled() -> bool:
                return not (await endpoint_row(appdb, hook["id"])).active

            await wait_for(disabled, 15, "the endpoint to be disabled")
        (delivery,) = await deliveries(appdb, hook["id"])
        assert delivery.status == "failed" and delivery.attempts_made == 1
        shown = await (
            await client.get(f"/api/webhooks/{hook['id']}", headers=user.headers)
        ).get_json()
        assert shown["webhook"]["active"] is False
        assert "410" in shown["webhook"]["disabledReason"]
        # A disabled endpoint is not sent further events.
        await finish(appdb, None, settings, await new_job(appdb, user.account.id), ok=True)
        assert len(await deliveries(appdb, hook["id"])) == 1
        assert len(receiver.received) == 1


async def test_a_hanging_receiver_is_cut_at_the_timeout_and_the_test_answer_says_so(
    app, client, make_user, settings
):
    user = await make_user()
    # The SPEC schedule unscaled: the retry is a minute away, so the answer cannot meet a
    # retry that already went through (12 ms away at the suite's scale, which a slow machine
    # let happen before the answer read the delivery).
    unscaled = settings.model_copy(update={"webhook_retry_scale": 1.0})
    with Receiver([Reply(200, delay_s=30)]) as receiver:
        hook = await register(client, user, receiver.url)
        async with deliveries_worker(unscaled):
            answer = await (
                await client.post(
                    "/api/webhooks/test", json={"webhookId": hook["id"]}, headers=user.headers
                )
            ).get_json()
    assert answer["success"] is False
    assert "timed out" in answer["error"]
    assert 5000 <= answer["latencyMs"] < 6500
    assert answer["delivery"]["status"] == "retrying"
    assert answer["delivery"]["nextRetryAt"] is not None
    assert len(receiver.received) == 1


async def test_an_endpoint_failing_for_the_whole_period_is_disabled_with_the_reason(
    app, client, make_user, settings, appdb
):
    user = await make_user()
    # Attempts at about 0, 0.03, 0.18, 1.1 and 4.7 s: the 5th is past the 3 s period. The
    # period is wide enough that a loaded machine's slow first attempt (up to 3 s from its
    # start to its record) still leaves room for a retry before the endpoint is disabled.
    strict = settings.model_copy(
        update={"webhook_disable_after_s": 3, "webhook_retry_scale": 0.0005}
    )
    with Receiver(default=Reply(500)) as receiver:
        hook = await register(client, user, receiver.url)
        async with deliveries_worker(strict):
            await finish(appdb, None, settings, await new_job(appdb, user.account.id), ok=True)

            async def disabled() -> bool:
                return not (await endpoint_row(appdb, hook["id"])).active

            await wait_for(disabled, 15, "the endpoint to be disabled")
    endpoint = await endpoint_row(appdb, hook["id"])
    assert "every delivery failed since" in (endpoint.disabled_reason or "")
    assert "HTTP 500" in (endpoint.disabled_reason or "")
    (delivery,) = await deliveries(appdb, hook["id"])
    assert delivery.status == "failed" and 2 <= delivery.attempts_made < 6
    assert len(receiver.received) == delivery.attempts_made


async def test_concurrency_per_endpoint_is_bounded(app, client, make_user, settings, appdb):
    user = await make_user()
    one_at_a_time = settings.model_copy(update={"webhook_endpoint_concurrency": 1})
    with Receiver(default=Reply(200, delay_s=0.4)) as receiver:
        hook = await register(client, user, receiver.url, ["render.complete"])
        for _ in range(4):
            await finish(appdb, None, settings, await new_job(appdb, user.account.id), ok=True)
        async with deliveries_worker(one_at_a_time):

            async def all_delivered() -> bool:
                rows = await deliveries(appdb, hook["id"])
                return all(r.status == "delivered" for r in rows)

            await wait_for(all_delivered, 20, "the four deliveries")
    assert len(receiver.received) == 4
    assert receiver.max_in_flight == 1
