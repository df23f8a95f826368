"""Outbound safety of deliveries: private addresses refused unless allowed, HTTPS receivers
verified (a CA trusted through a setting for this test only), redirects not followed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.webhooks import (
    Receiver,
    Reply,
    attempts,
    deliveries,
    deliveries_worker,
    make_certificate,
    server_tls,
)


async def register(client: Any, user: Any, url: str) -> dict:
    response = await client.post(
        "/api/webhooks", json={"url": url, "events": ["*"]}, headers=user.headers
    )
    assert response.status_code == 201
    return (await response.get_json())["webhook"]


async def send_test(client: Any, user: Any, hook: dict) -> dict:
    response = await client.post(
        "/api/webhooks/test", json={"webhookId": hook["id"]}, headers=user.headers
    )
    return await response.get_json()


async def test_a_private_address_is_refused_when_not_allowed(app, client, make_user, settings):
    user = await make_user()
    strict = settings.model_copy(update={"allow_private_urls": False})
    with Receiver() as receiver:
        hook = await register(client, user, receiver.url)
        async with deliveries_worker(strict):
            answer = await send_test(client, user, hook)
    assert answer["success"] is False
    assert "address that is not public" in answer["error"], answer
    assert receiver.received == []


async def test_an_https_receiver_with_a_trusted_ca_gets_the_delivery(
    app, client, make_user, settings, tmp_path: Path
):
    user = await make_user()
    ca, cert, key = make_certificate(tmp_path)
    with Receiver().with_tls(server_tls(cert, key)) as receiver:
        assert receiver.url.startswith("https://localhost:")
        hook = await register(client, user, receiver.url)
        async with deliveries_worker(settings.model_copy(update={"webhook_ca_file": ca})):
            trusted = await send_test(client, user, hook)
        assert trusted["success"] is True and trusted["statusCode"] == 200, trusted
        # Without the CA the certificate is not trusted: the attempt fails, nothing accepted.
        async with deliveries_worker(settings):
            untrusted = await send_test(client, user, hook)
        assert untrusted["success"] is False
        assert (
            "CERTIFICATE_VERIFY_FAILED" in untrusted["error"]
            or "ConnectError" in (untrusted["error"])
        ), untrusted
    assert len(receiver.received) == 1


async def test_redirects_are_not_followed(app, client, make_user, settings, appdb):
    user = await make_user()
    with Receiver() as target, Receiver([Reply(307, {"Location": target.url})]) as receiver:
        hook = await register(client, user, receiver.url)
        async with deliveries_worker(settings):
            answer = await send_test(client, user, hook)
    assert answer["success"] is False and answer["statusCode"] == 307
    assert "not followed" in answer["error"]
    assert target.received == []
    (delivery,) = await deliveries(appdb, hook["id"])
    assert (await attempts(appdb, delivery.id))[0].status_code == 307


async def test_an_http_url_is_not_sent_to_by_a_production_worker(app, client, make_user, settings):
    user = await make_user()
    production = settings.model_copy(
        update={"env": "production", "secret_key": settings.session_secret}
    )
    with Receiver() as receiver:
        hook = await register(client, user, receiver.url)  # registered in development
        async with deliveries_worker(production):
            answer = await send_test(client, user, hook)
    assert answer["success"] is False
    assert "not sent to in production" in answer["error"], answer
    assert receiver.received == []
