"""Webhooks in the dashboard: register (secret shown once), errors beside the field, a test
send answered with the receiver's status, the delivery log and redeliver, rotation, disable,
delete; another account's endpoint by URL; CSRF."""

from __future__ import annotations

import asyncio
import re
from urllib.parse import urlencode

import pytest

from tests.support.dashboard import post_form, sign_in
from tests.support.webhooks import SCALE, Receiver, Reply, deliveries_worker

SECRET = re.compile(r'data-testid="secret">(whsec_[^<]+)<')
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture
def settings(settings_factory):
    return settings_factory(allow_private_urls=True, webhook_retry_scale=SCALE)


async def register(client, token: str, url: str, events: list[str]):
    body = urlencode({"csrf_token": token, "url": url, "events": events}, doseq=True)
    return await client.post("/app/webhooks", data=body, headers=FORM)


async def test_register_test_send_log_redeliver_rotate(client, make_user, settings) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    bad = await register(client, token, "not a url", ["render.complete"])
    assert bad.status_code == 400
    assert 'id="url-error"' in await bad.get_data(as_text=True)
    with Receiver([Reply(201), Reply(503)]) as receiver:
        created = await register(client, token, receiver.url, ["render.complete", "test.event"])
        html = await created.get_data(as_text=True)
        assert created.status_code == 201
        secret = SECRET.search(html).group(1)
        endpoint_id = re.search(r'/app/webhooks/([^/"]+)/test"', html).group(1)
        page = await (await client.get(f"/app/webhooks/{endpoint_id}")).get_data(as_text=True)
        assert secret not in page  # shown once
        async with deliveries_worker(settings):
            sent = await post_form(client, f"/app/webhooks/{endpoint_id}/test", token)
            assert sent.status_code == 303
            html = await (await client.get(sent.headers["Location"])).get_data(as_text=True)
            assert 'data-testid="test-status">201<' in html
            assert receiver.events() == ["test.event"]
            delivery_id = re.search(r'/app/webhooks/deliveries/([^/"]+)/redeliver"', html).group(1)
            again = await post_form(
                client, f"/app/webhooks/deliveries/{delivery_id}/redeliver", token
            )
            assert again.status_code == 303
            for _ in range(100):
                if len(receiver.received) >= 2:
                    break
                await asyncio.sleep(0.05)
            # The redelivery's 503 is retried on the schedule: on a busy machine that retry
            # may already have arrived too.
            assert receiver.events()[:2] == ["test.event", "test.event"]
            log = ""
            for _ in range(200):  # recorded by the worker just after the receiver answers
                page = await client.get(f"/app/webhooks/{endpoint_id}")
                log = await page.get_data(as_text=True)
                if "#1: 503" in log:
                    break
                await asyncio.sleep(0.05)
        assert "#1: 201" in log, log
        assert "#1: 503" in log, log
    rotated = await post_form(client, f"/app/webhooks/{endpoint_id}/rotate", token)
    new_secret = SECRET.search(await rotated.get_data(as_text=True)).group(1)
    assert new_secret != secret
    off = await post_form(client, f"/app/webhooks/{endpoint_id}", token, active="false")
    assert off.status_code == 303
    page = await (await client.get(f"/app/webhooks/{endpoint_id}")).get_data(as_text=True)
    assert "disabled by the account" in page
    gone = await post_form(client, f"/app/webhooks/{endpoint_id}/delete", token)
    assert gone.status_code == 303
    assert (await client.get(f"/app/webhooks/{endpoint_id}")).status_code == 404


async def test_another_accounts_endpoint_and_csrf(client, make_user) -> None:
    owner, intruder = await make_user(), await make_user()
    owner_client = client.app.test_client()
    owner_token = await sign_in(owner_client, owner.account.email, owner.password)
    created = await register(owner_client, owner_token, "http://127.0.0.1:9/hook", ["*"])
    endpoint_id = re.search(
        r'/app/webhooks/([^/"]+)/test"', await created.get_data(as_text=True)
    ).group(1)
    token = await sign_in(client, intruder.account.email, intruder.password)
    assert (await client.get(f"/app/webhooks/{endpoint_id}")).status_code == 404
    for path in ("", "/rotate", "/delete", "/test"):
        resp = await post_form(client, f"/app/webhooks/{endpoint_id}{path}", token, active="false")
        assert resp.status_code == 404, path
    # The owner without a token: refused, nothing deleted.
    assert (
        await owner_client.post(f"/app/webhooks/{endpoint_id}/delete", form={})
    ).status_code == 403
    assert (await owner_client.get(f"/app/webhooks/{endpoint_id}")).status_code == 200
