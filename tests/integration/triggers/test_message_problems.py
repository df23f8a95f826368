"""Issue 27, finding 8 (triggers): an email address with a trailing newline is not an email
address, and event data that makes the email unbuildable (a line break in its subject) fails
the execution at once, with the reason, instead of leaving it `sending` until its lock lapses."""

from __future__ import annotations

from typing import Any

from tests.support.triggers import SmtpServer, deliver_due, event, executions, rule_body
from tests.support.webhooks import finish


async def test_an_address_with_a_trailing_newline_is_refused(client, make_user, appdb) -> None:
    user = await make_user()
    created = await client.post("/api/triggers", json=rule_body(), headers=user.headers)
    assert created.status_code == 201
    for address in ("priya@example.com\n", "priya@example.com\r\nBcc: x@example.com"):
        bad = event("priya", recipientEmail=address)
        response = await client.post(
            "/api/events/ingest", json={"events": [bad]}, headers=user.headers
        )
        body = await response.get_json()
        assert body["triggered"] == 0 and body["errors"] == 1, body
    assert await executions(appdb) == []  # nothing sent to it, nor kept
    good = await client.post(
        "/api/events/ingest", json={"events": [event("priya")]}, headers=user.headers
    )
    assert (await good.get_json())["triggered"] == 1


async def test_a_message_that_cannot_be_built_fails_at_once(
    client: Any, make_user: Any, appdb: Any, settings: Any, redis: Any, smtp: SmtpServer
) -> None:
    user = await make_user()
    rule = rule_body(email={"subject": "News from [data.city]", "body": "Hi [name]"})
    assert (await client.post("/api/triggers", json=rule, headers=user.headers)).status_code == 201
    ev = event("priya")
    ev["data"]["city"] = "Paris\nBcc: everyone@example.com"
    response = await client.post("/api/events/ingest", json={"events": [ev]}, headers=user.headers)
    assert (await response.get_json())["triggered"] == 1
    [execution] = await executions(appdb)
    await finish(appdb, redis, settings, execution.job_id, ok=True)
    outcomes = await deliver_due(appdb, settings)
    assert outcomes and outcomes[0].startswith("delivery_failed: the email could not be built")
    [failed] = await executions(appdb)
    assert failed.status == "delivery_failed"
    assert "could not be built" in (failed.reason or "") and failed.delivery_attempts == 1
    assert await deliver_due(appdb, settings) == []  # not sent again
    assert smtp.received == []
