"""/api/webhooks: registration, validation, secrets, rotation, the delivery log, redeliver
and replay."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from standardwebhooks.webhooks import Webhook

from app.webhooks.signing import SHOWN_PREFIX_LENGTH
from tests.support.webhooks import (
    Receiver,
    Reply,
    deliveries,
    deliveries_worker,
    finish,
    new_job,
    wait_for,
)


async def create(client: Any, user: Any, **body: Any) -> Any:
    payload = {"url": "https://hooks.example.com/in", "events": ["render.complete"], **body}
    return await client.post("/api/webhooks", json=payload, headers=user.headers)


async def test_create_shows_the_secret_once_then_only_a_prefix(client, make_user):
    user = await make_user()
    response = await create(client, user, description="CRM")
    assert response.status_code == 201
    body = await response.get_json()
    hook = body["webhook"]
    assert body["success"] is True and body["message"]
    assert hook["secret"].startswith("whsec_") and hook["active"] is True
    assert {"id", "url", "events", "secret", "active", "createdAt"} <= set(hook)
    listed = await (await client.get("/api/webhooks", headers=user.headers)).get_json()
    (shown,) = listed["webhooks"]
    assert "secret" not in shown and shown["secretPrefix"] == hook["secret"][:SHOWN_PREFIX_LENGTH]
    one = await (await client.get(f"/api/webhooks/{hook['id']}", headers=user.headers)).get_json()
    assert "secret" not in one["webhook"] and one["webhook"]["description"] == "CRM"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"events": ["render.done"]}, "events"),
        ({"events": []}, "events"),
        ({"url": "not a url"}, "url"),
        ({"url": "ftp://example.com/x"}, "url"),
    ],
)
async def test_invalid_fields_are_400_naming_the_field(client, make_user, body, field):
    user = await make_user()
    response = await create(client, user, **body)
    assert response.status_code == 400
    error = await response.get_json()
    assert error["details"][0]["loc"] == [field], error


async def test_unknown_event_names_the_allowed_ones(client, make_user):
    user = await make_user()
    error = await (await create(client, user, events=["render.done"])).get_json()
    assert "render.done" in error["message"] and "batch.progress" in error["message"]


async def test_http_urls_are_refused_in_production(app, client, make_user, settings):
    user = await make_user()
    app.config["REELSMITH_SETTINGS"] = settings.model_copy(
        update={"env": "production", "secret_key": "k"}
    )
    response = await create(client, user, url="http://hooks.example.com/in")
    assert response.status_code == 400
    assert "https" in (await response.get_json())["message"]
    assert (await create(client, user)).status_code == 201


async def test_endpoints_per_account_are_limited(app, client, make_user, settings):
    user = await make_user()
    for _ in range(settings.webhook_max_endpoints):
        assert (await create(client, user)).status_code == 201
    response = await create(client, user)
    assert response.status_code == 400
    assert str(settings.webhook_max_endpoints) in (await response.get_json())["message"]


async def test_other_accounts_cannot_see_or_change_an_endpoint(client, make_user):
    owner, other = await make_user(), await make_user()
    hook = (await (await create(client, owner)).get_json())["webhook"]
    for method, path in [
        ("GET", f"/api/webhooks/{hook['id']}"),
        ("DELETE", f"/api/webhooks/{hook['id']}"),
        ("POST", f"/api/webhooks/{hook['id']}/rotate-secret"),
        ("GET", f"/api/webhooks/{hook['id']}/deliveries"),
    ]:
        response = await client.open(path, method=method, headers=other.headers)
        assert response.status_code == 404, (method, path)


async def test_webhooks_need_the_webhooks_manage_scope(client, make_user):
    user = await make_user(scopes="render-only")
    response = await client.get("/api/webhooks", headers=user.headers)
    assert response.status_code == 403
    assert "webhooks:manage" in (await response.get_json())["message"]


async def test_patch_changes_fields_and_reenabling_clears_the_reason(client, make_user):
    user = await make_user()
    hook = (await (await create(client, user)).get_json())["webhook"]
    path = f"/api/webhooks/{hook['id']}"
    off = await (await client.patch(path, json={"active": False}, headers=user.headers)).get_json()
    assert off["webhook"]["active"] is False and off["webhook"]["disabledReason"]
    on = await (
        await client.patch(path, json={"active": True, "events": ["*"]}, headers=user.headers)
    ).get_json()
    assert on["webhook"]["active"] is True and on["webhook"]["disabledReason"] is None
    assert on["webhook"]["events"] == ["*"]
    bad = await client.patch(path, json={"events": ["nope"]}, headers=user.headers)
    assert bad.status_code == 400
    gone = await client.delete(path, headers=user.headers)
    assert gone.status_code == 200
    assert (await client.get(path, headers=user.headers)).status_code == 404


async def test_rotation_signs_with_both_secrets_for_a_while(
    app, client, make_user, settings, appdb
):
    user = await make_user()
    with Receiver() as receiver:
        hook = (await (await create(client, user, url=receiver.url, events=["*"])).get_json())[
            "webhook"
        ]
        rotated = await (
            await client.post(f"/api/webhooks/{hook['id']}/rotate-secret", headers=user.headers)
        ).get_json()
        new_secret = rotated["webhook"]["secret"]
        assert new_secret != hook["secret"]
        expires = datetime.fromisoformat(rotated["previousSecretExpiresAt"])
        assert timedelta(hours=23) < expires - datetime.now(UTC) <= timedelta(hours=24)
        async with deliveries_worker(settings):
            answer = await (
                await client.post(
                    "/api/webhooks/test", json={"webhookId": hook["id"]}, headers=user.headers
                )
            ).get_json()
        assert answer["success"] is True, answer
    (received,) = receiver.received
    Webhook(new_secret).verify(received.body, received.headers)
    Webhook(hook["secret"]).verify(received.body, received.headers)  # the old one, too


async def test_delivery_log_redeliver_and_replay(app, client, make_user, settings, appdb):
    user = await make_user()
    # Six failures (the whole short schedule), then the receiver accepts.
    with Receiver([Reply(500)] * 6) as receiver:
        hook = (await (await create(client, user, url=receiver.url, events=["*"])).get_json())[
            "webhook"
        ]
        async with deliveries_worker(settings):
            await finish(appdb, None, settings, await new_job(appdb, user.account.id), ok=True)

            async def failed() -> Any:
                rows = await deliveries(appdb, hook["id"])
                return rows if rows and rows[0].status == "failed" else None

            (original,) = await wait_for(failed, 30, "the delivery to fail")
            log = await (
                await client.get(
                    f"/api/webhooks/{hook['id']}/deliveries?limit=5", headers=user.headers
                )
            ).get_json()
            (entry,) = log["deliveries"]
            assert entry["status"] == "failed" and entry["event"] == "render.complete"
            assert [a["number"] for a in entry["attempts"]] == [1, 2, 3, 4, 5, 6]
            assert all(a["statusCode"] == 500 for a in entry["attempts"])
            assert entry["nextRetryAt"] is None and entry["payloadId"] == original.message_id

            again = await client.post(
                f"/api/webhooks/deliveries/{original.id}/redeliver", headers=user.headers
            )
            assert again.status_code == 202
            redelivered = (await again.get_json())["delivery"]

            async def arrived() -> bool:
                return len(receiver.received) == 7

            await wait_for(arrived, 10, "the redelivery")
            assert receiver.received[-1].headers["webhook-id"] == original.message_id
            assert receiver.received[-1].body == receiver.received[0].body

            since = (datetime.now(UTC) - timedelta(minutes=5)).isoformat()
            replay = await client.post(
                f"/api/webhooks/{hook['id']}/replay", json={"since": since}, headers=user.headers
            )
            assert replay.status_code == 202
            assert (await replay.get_json())["replayed"] == 1  # the one failed delivery

            async def replayed() -> bool:
                rows = await deliveries(appdb, hook["id"])
                return len(rows) == 3 and all(r.status == "delivered" for r in rows[1:])

            await wait_for(replayed, 10, "the replay")
        log = await (
            await client.get(f"/api/webhooks/{hook['id']}/deliveries", headers=user.headers)
        ).get_json()
        assert log["total"] == 3
        newest = log["deliveries"][0]
        assert newest["redeliveryOf"] == original.id and newest["status"] == "delivered"
        assert any(d["id"] == redelivered["id"] for d in log["deliveries"])
        page2 = await (
            await client.get(
                f"/api/webhooks/{hook['id']}/deliveries?limit=2&page=2", headers=user.headers
            )
        ).get_json()
        assert [d["id"] for d in page2["deliveries"]] == [original.id]


async def test_the_test_call_says_so_when_no_worker_sends_it(client, make_user):
    user = await make_user()
    hook = (await (await create(client, user)).get_json())["webhook"]
    response = await client.post(
        "/api/webhooks/test", json={"webhookId": hook["id"]}, headers=user.headers
    )
    answer = await response.get_json()
    assert response.status_code == 200 and answer["success"] is False
    assert "no delivery worker" in answer["error"]
    assert answer["delivery"]["status"] == "pending" and answer["delivery"]["attempts"] == []
