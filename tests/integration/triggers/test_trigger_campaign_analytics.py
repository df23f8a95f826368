"""A trigger rule's campaignId as an analytics campaign (SQLite and PostgreSQL): ingest stores
it on each job it renders, and the heatmap, recipients (JSON pages and CSV) and A/B endpoints
answer for it in place of a batch id, counting only that campaign's sessions of the caller's
account; another account's campaign id is not found."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from typing import Any

from sqlalchemy import select

from app.db import Database
from app.renders.models import RenderJob
from tests.support.analytics import T0, add_sessions, set_scene_starts
from tests.support.triggers import event, rule_body

CAMPAIGN = "spring-26"


async def make_rule(client: Any, user: Any, **overrides: Any) -> dict[str, Any]:
    response = await client.post("/api/triggers", json=rule_body(**overrides), headers=user.headers)
    assert response.status_code == 201, await response.get_data()
    return (await response.get_json())["rule"]


async def ingest(client: Any, user: Any, events: list[Any]) -> None:
    response = await client.post(
        "/api/events/ingest", json={"events": events}, headers=user.headers
    )
    body = await response.get_json()
    assert response.status_code == 200 and body["errors"] == 0, body


async def campaign_jobs(db: Database, account_id: str) -> list[RenderJob]:
    async with db.session() as session:
        result = await session.execute(
            select(RenderJob)
            .where(RenderJob.account_id == account_id)
            .order_by(RenderJob.created_at, RenderJob.id)
        )
        return list(result.scalars())


async def get(client: Any, user: Any, path: str) -> tuple[int, Any]:
    response = await client.get(f"/api/analytics/campaign/{path}", headers=user.headers)
    if response.content_type.startswith("text/csv"):
        return response.status_code, (await response.get_data()).decode()
    return response.status_code, await response.get_json()


async def test_a_trigger_campaign_id_answers_the_campaign_endpoints(app, client, make_user, appdb):
    user = await make_user(credits=10)
    other = await make_user(credits=10)
    await make_rule(client, user, campaignId=CAMPAIGN)
    # The same campaign id in another account is another campaign (its sessions never count).
    await make_rule(client, other, campaignId=CAMPAIGN)
    await ingest(client, user, [event("priya"), event("omar")])
    await ingest(client, other, [event("zoe")])
    jobs = await campaign_jobs(appdb, user.account.id)
    [theirs] = await campaign_jobs(appdb, other.account.id)
    assert [j.campaign_id for j in jobs] == [CAMPAIGN, CAMPAIGN]
    assert all(j.batch_id is None and j.row_number is None for j in jobs)
    scenes = len(jobs[0].request["scenes"])
    assert scenes >= 2
    starts = {str(i): 1000 * i for i in range(scenes)}
    await set_scene_starts(app, [j.id for j in [*jobs, theirs]], starts)
    first, second = jobs
    # first: two sessions entering scene 0 only; second: one entering scenes 0 and 1, one
    # page view that never started; the other account: three sessions entering every scene
    await add_sessions(app, first, 2, campaign_id=CAMPAIGN, scenes_entered=0b01)
    await add_sessions(
        app,
        second,
        1,
        campaign_id=CAMPAIGN,
        scenes_entered=0b11,
        furthest_percent=70,
        first_seen_at=T0 + timedelta(hours=1),
    )
    await add_sessions(app, second, 1, campaign_id=CAMPAIGN, started=False)
    await add_sessions(app, theirs, 3, campaign_id=CAMPAIGN, scenes_entered=(1 << scenes) - 1)

    status, heat = await get(client, user, f"{CAMPAIGN}/heatmap")
    assert status == 200, heat
    assert heat["totalViews"] == 3
    assert [(s["index"], s["viewerCount"]) for s in heat["scenes"][:2]] == [(0, 3), (1, 1)]
    assert heat["scenes"][0]["retentionPercent"] == 100
    assert heat["scenes"][1]["retentionPercent"] == 33
    assert len(heat["scenes"]) == scenes

    # recipients: creation order, one per page, the cursor carrying (created_at, id)
    status, page1 = await get(client, user, f"{CAMPAIGN}/recipients?limit=1")
    assert status == 200, page1
    assert [r["jobId"] for r in page1["recipients"]] == [first.id]
    assert page1["recipients"][0]["sessions"] == 2
    assert page1["recipients"][0]["rowNumber"] is None
    assert page1["recipients"][0]["recipient"] == "Priya"
    assert page1["nextCursor"]
    status, page2 = await get(
        client, user, f"{CAMPAIGN}/recipients?limit=1&cursor={page1['nextCursor']}"
    )
    assert status == 200, page2
    assert [r["jobId"] for r in page2["recipients"]] == [second.id]
    assert (page2["recipients"][0]["sessions"], page2["recipients"][0]["views"]) == (2, 1)
    assert page2["recipients"][0]["furthestPercent"] == 70
    assert page2["nextCursor"] is None
    status, whole = await get(client, user, f"{CAMPAIGN}/recipients?limit=10")
    assert [r["jobId"] for r in whole["recipients"]] == [first.id, second.id]
    status, text = await get(client, user, f"{CAMPAIGN}/recipients?format=csv")
    assert status == 200
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["recipient"], r["job_id"], r["sessions"]) for r in rows] == [
        ("Priya", first.id, "2"),
        ("Omar", second.id, "2"),
    ]
    # a batch's row cursor is not a cursor of a trigger campaign
    status, bad = await get(client, user, f"{CAMPAIGN}/recipients?cursor=cm93OjU")
    assert status == 400, bad

    status, ab = await get(client, user, f"{CAMPAIGN}/ab")
    assert status == 200, ab
    assert ab["abEnabled"] is False and ab["variants"] == []

    # the other account sees its own campaign of that id: its three sessions only
    status, heat = await get(client, other, f"{CAMPAIGN}/heatmap")
    assert (status, heat["totalViews"]) == (200, 3)


async def test_another_accounts_campaign_id_is_not_found(client, make_user):
    owner = await make_user(credits=10)
    stranger = await make_user(credits=10)
    await make_rule(client, owner, campaignId=CAMPAIGN)
    await ingest(client, owner, [event("priya")])
    for path in ("heatmap", "recipients", "recipients?format=csv", "ab"):
        status, body = await get(client, stranger, f"{CAMPAIGN}/{path}")
        assert status == 404, (path, body)
        status, _ = await get(client, owner, f"{CAMPAIGN}/{path}")
        assert status == 200, path
    # a rule with a campaignId but no render yet: nothing to report, not found
    await make_rule(client, stranger, name="later", campaignId="not-yet")
    status, _ = await get(client, stranger, "not-yet/heatmap")
    assert status == 404
