"""A trigger rule with `"render": "on_view"`: each matched event creates its job awaiting its
first view, uncharged; the message goes out with the player link and the poster as soon as the
poster's worker is done (or at its deadline), before any render; the first open of the link
renders and charges it once, and no second message follows the render."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import update

from app.accounts.models import Account
from app.db import utcnow
from app.renders.models import RenderJob
from app.renders.onview import poster_arq_id
from app.triggers import outbox
from app.triggers.models import TriggerExecution
from tests.support.triggers import SmtpServer, deliver_due, event, executions, rule_body
from tests.support.webhooks import finish


async def on_view_rule(client: Any, user: Any) -> dict[str, Any]:
    response = await client.post(
        "/api/triggers", json=rule_body(render="on_view"), headers=user.headers
    )
    assert response.status_code == 201, await response.get_data()
    return (await response.get_json())["rule"]


async def ingest(client: Any, user: Any, *events: dict[str, Any]) -> dict[str, Any]:
    response = await client.post(
        "/api/events/ingest", json={"events": list(events)}, headers=user.headers
    )
    assert response.status_code == 200
    return await response.get_json()


async def credits(db: Any, account_id: str) -> int:
    async with db.session() as session:
        return (await session.get(Account, account_id)).credits


async def job_of(db: Any, job_id: str) -> RenderJob:
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
    assert job is not None
    return job


async def test_the_message_carries_the_poster_and_the_first_open_renders_it(
    client, make_user, appdb, settings, redis, smtp: SmtpServer
):
    user = await make_user(credits=5)
    rule = await on_view_rule(client, user)
    assert rule["render"] == "on_view"
    body = await ingest(client, user, event("priya"))
    assert body["triggered"] == 1
    [execution] = await executions(appdb)
    job_id = execution.job_id
    assert (await job_of(appdb, job_id)).status == "awaiting_view"
    assert await credits(appdb, user.account.id) == 5  # nothing charged for an unopened link
    # the message waits for the poster a worker was asked for (no render queued) ...
    queued = [r.decode() for r in await redis.zrange(settings.queue_name, 0, -1)]
    assert queued == [poster_arq_id(settings, job_id)]
    assert execution.status == "rendered" and execution.rendered_at is None
    wait = (execution.next_attempt_at - utcnow()).total_seconds()
    assert outbox.ON_VIEW_POSTER_WAIT_S - 10 < wait <= outbox.ON_VIEW_POSTER_WAIT_S
    assert await deliver_due(appdb, settings) == []

    # ... and goes out when the poster is made: link and poster, before any render
    async with appdb.session() as session:
        await outbox.poster_done(session, job_id)
    assert await deliver_due(appdb, settings) == ["delivered: email"]
    [(_, rcpt, message)] = smtp.received
    assert rcpt == ["priya@example.com"] and message["Subject"] == "Priya, 100 workouts!"
    html = message.get_body(("html",)).get_content()
    assert f'href="http://testserver/v/{job_id}"' in html
    assert f'src="http://testserver/media/posters/{job_id}.0.png"' in html
    assert f"http://testserver/v/{job_id}" in message.get_body(("plain",)).get_content()
    assert (await job_of(appdb, job_id)).status == "awaiting_view"
    assert await credits(appdb, user.account.id) == 5

    # the recipient opens the link: the render starts, charged once
    page = await client.get(f"/v/{job_id}")
    assert page.status_code == 200
    assert (await job_of(appdb, job_id)).status == "pending"
    assert await credits(appdb, user.account.id) == 4
    await client.get(f"/v/{job_id}")
    assert await credits(appdb, user.account.id) == 4

    # the render completes: noted on the execution, no second message
    await finish(appdb, redis, settings, job_id, ok=True)
    [done] = await executions(appdb)
    assert done.status == "delivered" and done.rendered_at is not None
    assert done.delivered_at is not None and done.rendered_at > done.delivered_at
    assert await deliver_due(appdb, settings) == [] and len(smtp.received) == 1


async def test_a_poster_that_never_comes_delays_the_message_only_to_its_deadline(
    client, make_user, appdb, settings, smtp: SmtpServer
):
    user = await make_user(credits=5)
    await on_view_rule(client, user)
    await ingest(client, user, event("sam"))
    assert await deliver_due(appdb, settings) == []
    async with appdb.session() as session:  # the deadline passes with no poster made
        await session.execute(
            update(TriggerExecution).values(next_attempt_at=utcnow() - timedelta(seconds=1))
        )
    assert await deliver_due(appdb, settings) == ["delivered: email"]
    assert len(smtp.received) == 1
    # a late poster changes nothing: the message is sent once
    [execution] = await executions(appdb)
    async with appdb.session() as session:
        await outbox.poster_done(session, execution.job_id)
    assert await deliver_due(appdb, settings) == [] and len(smtp.received) == 1


async def test_a_now_rule_is_unchanged_and_render_can_be_patched(
    client, make_user, appdb, settings, redis
):
    user = await make_user(credits=5)
    response = await client.post("/api/triggers", json=rule_body(), headers=user.headers)
    rule = (await response.get_json())["rule"]
    assert rule["render"] == "now"
    await ingest(client, user, event("ana"))
    [execution] = await executions(appdb)
    assert execution.status == "matched" and await credits(appdb, user.account.id) == 4
    assert (await job_of(appdb, execution.job_id)).status in ("pending", "queued")

    response = await client.patch(
        f"/api/triggers/{rule['id']}", json={"render": "on_view"}, headers=user.headers
    )
    assert response.status_code == 200
    assert (await response.get_json())["rule"]["render"] == "on_view"
    await ingest(client, user, event("bo"))
    newest = (await executions(appdb))[-1]
    assert (await job_of(appdb, newest.job_id)).status == "awaiting_view"
    assert await credits(appdb, user.account.id) == 4

    response = await client.patch(
        f"/api/triggers/{rule['id']}", json={"render": "later"}, headers=user.headers
    )
    assert response.status_code == 400
    assert "render" in (await response.get_data(as_text=True))
