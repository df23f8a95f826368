"""`"render": "on_view"`: created awaiting_view and uncharged; the first open of its player
page starts the render once (charged once, at the head of the queue), whatever opens follow
or arrive together."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from app.accounts.models import Account, LedgerEntry
from app.config import Settings
from app.renders import onview
from app.renders.models import RenderJob
from app.renders.onview import poster_arq_id
from app.renders.queue import arq_job_id
from tests.support.render_helpers import make_template

DATA = {"person_name": "Ada Lovelace", "score": 7}


@pytest.fixture
def settings(settings_factory: Any, database_url: str) -> Settings:
    """On SQLite and PostgreSQL: the exactly-once start is a row compare-and-set on each."""
    return settings_factory(database_url=database_url)


async def balance(app: Any, account_id: str) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        return (await session.get(Account, account_id)).credits


async def charges(app: Any, job_id: str) -> list[LedgerEntry]:
    async with app.config["REELSMITH_DB"].session() as session:
        rows = await session.execute(
            select(LedgerEntry).where(LedgerEntry.reference == job_id, LedgerEntry.kind == "charge")
        )
        return list(rows.scalars())


async def queue(redis: Any, settings: Any) -> list[str]:
    return [r.decode() for r in await redis.zrange(settings.queue_name, 0, -1)]


async def create_on_view(client: Any, user: Any, template_id: str) -> dict[str, Any]:
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": DATA, "render": "on_view"},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    return body


async def status_of(client: Any, user: Any, job_id: str) -> dict[str, Any]:
    resp = await client.get(f"/api/render/{job_id}", headers=user.headers)
    assert resp.status_code == 200
    return await resp.get_json()


async def test_on_view_is_created_awaiting_uncharged_with_its_links(
    app, client, make_user, settings, redis
):
    user = await make_user(credits=5)
    template_id = await make_template(app, user.account.id)
    body = await create_on_view(client, user, template_id)
    job_id = body["jobId"]
    assert body["status"] == "awaiting_view" and body["creditsRemaining"] == 5
    assert body["playerUrl"] == f"http://testserver/v/{job_id}"
    assert body["thumbnailUrl"] == f"http://testserver/media/posters/{job_id}.0.png"
    assert await balance(app, user.account.id) == 5 and await charges(app, job_id) == []
    # no render queued; the poster asked of a worker
    assert await queue(redis, settings) == [poster_arq_id(settings, job_id)]

    status = await status_of(client, user, job_id)
    assert status["status"] == "awaiting_view" and status["stage"] == "queued"
    assert status["playerUrl"] == body["playerUrl"]
    assert status["thumbnailUrl"] == body["thumbnailUrl"] and status["outputUrl"] is None
    # a "now" render answers as before: no links until complete
    now = await client.post(
        "/api/render", json={"templateId": template_id, "data": DATA}, headers=user.headers
    )
    answer = await now.get_json()
    assert answer["status"] == "pending" and answer["playerUrl"] is None
    assert answer["creditsRemaining"] == 4


async def test_first_open_starts_the_render_once_ahead_of_bulk_and_charges_once(
    app, client, make_user, settings, redis
):
    bulk = await make_user(credits=5)
    bulk_template = await make_template(app, bulk.account.id)
    queued = await client.post(
        "/api/render", json={"templateId": bulk_template, "data": DATA}, headers=bulk.headers
    )
    bulk_id = (await queued.get_json())["jobId"]
    user = await make_user(credits=3)
    template_id = await make_template(app, user.account.id)
    job_id = (await create_on_view(client, user, template_id))["jobId"]
    await redis.zrem(settings.queue_name, poster_arq_id(settings, job_id))  # posters aside
    assert await queue(redis, settings) == [arq_job_id(settings, bulk_id)]

    page = await client.get(f"/v/{job_id}")
    html = await page.get_data(as_text=True)
    assert page.status_code == 200  # the live player (tests/integration/viewers/test_live_player)
    assert 'id="rs-live"' in html and "Preparing your video" in html
    assert f'src="http://testserver/media/posters/{job_id}.0.png"' in html
    # queued once, at the head of the queue (ahead of the bulk job), charged once
    order = await queue(redis, settings)
    assert order == [arq_job_id(settings, job_id), arq_job_id(settings, bulk_id)]
    assert len(await charges(app, job_id)) == 1 and await balance(app, user.account.id) == 2
    status = await status_of(client, user, job_id)
    assert status["status"] == "pending" and status["playerUrl"].endswith(f"/v/{job_id}")

    again = await client.get(f"/v/{job_id}")
    assert again.status_code == 200 and 'id="rs-live"' in await again.get_data(as_text=True)
    assert await queue(redis, settings) == order
    assert len(await charges(app, job_id)) == 1 and await balance(app, user.account.id) == 2


async def test_opens_at_the_same_moment_start_it_exactly_once(
    app, client, make_user, settings, redis
):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    job_id = (await create_on_view(client, user, template_id))["jobId"]
    pages = await asyncio.gather(*(client.get(f"/v/{job_id}") for _ in range(4)))
    assert [p.status_code for p in pages] == [200] * 4
    assert len(await charges(app, job_id)) == 1 and await balance(app, user.account.id) == 9
    ours = [r for r in await queue(redis, settings) if r == arq_job_id(settings, job_id)]
    assert len(ours) == 1


async def test_no_credit_the_page_says_not_yet_and_nothing_starts(
    app, client, make_user, settings, redis
):
    user = await make_user(credits=0)
    template_id = await make_template(app, user.account.id)
    body = await create_on_view(client, user, template_id)  # nothing charged: accepted
    job_id = body["jobId"]
    assert body["creditsRemaining"] == 0
    page = await client.get(f"/v/{job_id}")
    html = await page.get_data(as_text=True)
    assert page.status_code == 503 and "not available yet" in html
    assert arq_job_id(settings, job_id) not in await queue(redis, settings)
    assert (await status_of(client, user, job_id))["status"] == "awaiting_view"
    assert await charges(app, job_id) == []


async def test_crawlers_see_the_poster_and_start_nothing(app, client, make_user, settings, redis):
    user = await make_user(credits=3)
    template_id = await make_template(app, user.account.id)
    job_id = (await create_on_view(client, user, template_id))["jobId"]
    page = await client.get(f"/v/{job_id}", headers={"User-Agent": "Slackbot-LinkExpanding 1.0"})
    assert page.status_code == 200 and "posters/" in await page.get_data(as_text=True)
    assert (await status_of(client, user, job_id))["status"] == "awaiting_view"
    assert await balance(app, user.account.id) == 3


async def test_deleting_an_awaiting_job_refunds_nothing(app, client, make_user):
    user = await make_user(credits=3)
    template_id = await make_template(app, user.account.id)
    job_id = (await create_on_view(client, user, template_id))["jobId"]
    resp = await client.delete(f"/api/render/{job_id}", headers=user.headers)
    body = await resp.get_json()
    assert resp.status_code == 200 and body["refunded"] is False and body["cancelled"] is False
    assert await balance(app, user.account.id) == 3
    status = await status_of(client, user, job_id)
    assert status["playerUrl"] is None and status["thumbnailUrl"] is None
    assert (await client.get(f"/v/{job_id}")).status_code == 410
    async with app.config["REELSMITH_DB"].session() as session:
        assert (await session.get(RenderJob, job_id)).status == "awaiting_view"


async def test_a_batch_on_view_charges_nothing_until_each_video_is_opened(
    app, client, make_user, settings, redis
):
    user = await make_user(credits=2)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render/batch",
        json={
            "templateId": template_id,
            "headers": ["name"],
            "rows": [["Ada"], ["Grace"], ["Alan"]],  # more rows than credits: nothing charged
            "render": "on_view",
        },
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    assert body["creditsRemaining"] == 2 and "first views" in body["message"]
    ids = body["jobIds"]
    for job, job_id in zip(body["jobs"], ids, strict=True):
        assert job["playerUrl"] == f"http://testserver/v/{job_id}"
        assert job["thumbnailUrl"] == f"http://testserver/media/posters/{job_id}.0.png"
    # no render queued, a poster asked of a worker for each
    assert sorted(await queue(redis, settings)) == sorted(poster_arq_id(settings, j) for j in ids)
    batch = await client.get(f"/api/render/batch?batchId={body['batchId']}", headers=user.headers)
    state = await batch.get_json()
    assert state["batch"]["status"] == "pending"
    assert state["batch"]["progress"]["awaitingView"] == 3
    assert [j["status"] for j in state["jobs"]] == ["awaiting_view"] * 3

    assert (await client.get(f"/v/{ids[1]}")).status_code == 200  # one recipient opens
    assert len(await charges(app, ids[1])) == 1 and await balance(app, user.account.id) == 1
    assert arq_job_id(settings, ids[1]) in await queue(redis, settings)
    assert (await status_of(client, user, ids[0]))["status"] == "awaiting_view"
    progress = (
        await (
            await client.get(f"/api/render/batch?batchId={body['batchId']}", headers=user.headers)
        ).get_json()
    )["batch"]["progress"]
    assert progress["awaitingView"] == 2 and progress["pending"] == 1


async def test_campaign_analytics_count_the_renders_on_view_saved(app, client, make_user):
    user = await make_user(credits=5)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render/batch",
        json={
            "templateId": template_id,
            "headers": ["name"],
            "rows": [["Ada"], ["Grace"], ["Alan"], ["Edsger"]],
            "render": "on_view",
        },
        headers=user.headers,
    )
    body = await resp.get_json()
    batch_id, ids = body["batchId"], body["jobIds"]
    opened = await (await client.get(f"/v/{ids[0]}")).get_data(as_text=True)
    await client.get(f"/v/{ids[1]}")
    token = re.search(r'data-reelsmith-session="([^"]+)"', opened)
    assert token is not None
    beacon = {"videoId": ids[0], "event": "video_started", "metadata": {"sessionId": token[1]}}
    assert (await (await client.post("/api/track", json=beacon)).get_json())["counted"]
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, ids[3])
        job.created_at = job.created_at - timedelta(days=91)
        await session.flush()
        assert await onview.expire_unopened(session, 90) == [ids[3]]
    answer = await client.get(f"/api/analytics/campaign/{batch_id}/renders", headers=user.headers)
    assert answer.status_code == 200
    assert await answer.get_json() == {
        "created": 4,
        "onView": 4,
        "watched": 1,
        "rendered": 2,
        "complete": 0,
        "awaitingView": 1,
        "expired": 1,
        "rendersSaved": 2,
        "rendersSavedPercent": 50,
    }
    assert await balance(app, user.account.id) == 3  # two opened, two charged
    other = await client.get("/api/analytics/campaign/nope/renders", headers=user.headers)
    assert other.status_code == 404
