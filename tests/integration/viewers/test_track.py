"""POST /api/track: beacons aggregated into one session row; abuse does not miscount."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select

from app.db import Database, utcnow
from app.viewers.models import ViewEvent, ViewSession
from app.viewers.schemas import TRACK_EVENTS
from app.viewers.service import purge_view_events
from app.webhooks.models import WebhookDelivery, WebhookEndpoint
from tests.support.viewers import MakeJob, signed_by


async def beacon(client: Any, video: str, event: str, sid: str = "s1", **metadata: Any) -> Any:
    """A beacon of the signed viewing session `sid`."""
    token = signed_by(client, video, sid)
    body = {"videoId": video, "event": event, "metadata": {"sessionId": token, **metadata}}
    return await client.post("/api/track", json=body)


async def session_row(db: Database, job_id: str, session_id: str = "s1") -> ViewSession | None:
    async with db.session() as session:
        return (
            await session.execute(
                select(ViewSession).where(
                    ViewSession.job_id == job_id, ViewSession.session_id == session_id
                )
            )
        ).scalar_one_or_none()


async def event_count(db: Database, job_id: str) -> int:
    async with db.session() as session:
        return int(
            (
                await session.execute(
                    select(func.count()).select_from(ViewEvent).where(ViewEvent.job_id == job_id)
                )
            ).scalar_one()
        )


async def test_a_viewing_session_is_aggregated(client: Any, appdb: Database, make_job: MakeJob):
    job = await make_job()
    for event, meta in [
        ("page_view", {}),
        ("video_started", {}),
        ("scene_entered", {"sceneIndex": 0}),
        ("video_25", {}),
        ("scene_entered", {"sceneIndex": 1}),
        ("video_50", {}),
        ("scene_entered", {"sceneIndex": 3}),
        ("shared", {}),
        ("downloaded", {}),
        ("remix_started", {}),
    ]:
        resp = await beacon(client, job.id, event, **meta)
        assert resp.status_code == 200, await resp.get_data(as_text=True)
        assert await resp.get_json() == {"ok": True, "counted": True}
    row = await session_row(appdb, job.id)
    assert row is not None
    assert row.page_viewed and row.started and row.shared and row.downloaded
    assert not row.completed and not row.cta_clicked and not row.email_opened
    assert row.scenes_entered == 0b1011
    # scene 3 starts at 8 s of 12 s: 66 %, beyond video_50
    assert row.furthest_percent == 66
    assert row.remixes == 1 and row.replays == 0
    assert row.events_counted == 10
    assert row.account_id == job.account_id
    await beacon(client, job.id, "video_75")
    await beacon(client, job.id, "video_completed")
    await beacon(client, job.id, "video_replayed", count=1)
    await beacon(client, job.id, "video_replayed", count=2)
    row = await session_row(appdb, job.id)
    assert row is not None and row.completed and row.furthest_percent == 100 and row.replays == 2


async def test_a_session_belongs_to_its_jobs_batch_and_trigger_campaign(
    client: Any, appdb: Database, make_job: MakeJob
):
    job = await make_job(campaign_id="spring-winback")
    assert (await beacon(client, job.id, "video_started")).status_code == 200
    row = await session_row(appdb, job.id)
    assert row is not None and row.campaign_id == "spring-winback" and row.batch_id is None


async def test_text_plain_and_cors(client: Any, appdb: Database, make_job: MakeJob):
    job = await make_job()
    token = signed_by(client, job.id)
    body = json.dumps({"videoId": job.id, "event": "page_view", "metadata": {"sessionId": token}})
    resp = await client.post(
        "/api/track", data=body, headers={"Content-Type": "text/plain;charset=UTF-8"}
    )
    assert resp.status_code == 200
    assert resp.headers["Access-Control-Allow-Origin"] == "*"
    row = await session_row(appdb, job.id)
    assert row is not None and row.page_viewed
    pre = await client.options(
        "/api/track",
        headers={
            "Origin": "https://customer.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert pre.status_code in (200, 204)
    assert pre.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in pre.headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in pre.headers["Access-Control-Allow-Headers"]
    # errors carry CORS too, so a page can read them
    bad = await client.post("/api/track", json={"videoId": job.id, "event": "nope"})
    assert bad.status_code == 400 and bad.headers["Access-Control-Allow-Origin"] == "*"


async def test_bad_bodies(client: Any, appdb: Database, make_job: MakeJob):
    job = await make_job()
    cases: list[tuple[Any, dict[str, str]]] = [
        (b"not json", {"Content-Type": "text/plain"}),
        (b"[1, 2]", {"Content-Type": "application/json"}),
        (json.dumps({"event": "page_view"}).encode(), {"Content-Type": "application/json"}),
        (json.dumps({"videoId": job.id}).encode(), {"Content-Type": "application/json"}),
        (
            json.dumps({"videoId": job.id, "event": "page_view", "metadata": "x"}).encode(),
            {"Content-Type": "application/json"},
        ),
        (b"videoId=x", {"Content-Type": "application/x-www-form-urlencoded"}),
        (
            json.dumps(
                {"videoId": job.id, "event": "scene_entered", "metadata": {"sessionId": "s"}}
            ).encode(),
            {"Content-Type": "application/json"},
        ),
        (
            json.dumps(
                {"videoId": job.id, "event": "scene_entered", "metadata": {"sceneIndex": 64}}
            ).encode(),
            {"Content-Type": "application/json"},
        ),
        (
            json.dumps(
                {"videoId": job.id, "event": "page_view", "metadata": {"sessionId": "x" * 65}}
            ).encode(),
            {"Content-Type": "application/json"},
        ),
    ]
    for data, headers in cases:
        resp = await client.post("/api/track", data=data, headers=headers)
        assert resp.status_code == 400, data
        body = await resp.get_json()
        assert body["success"] is False and body["message"]
    unknown = await beacon(client, job.id, "video_99")
    message = (await unknown.get_json())["message"]
    assert unknown.status_code == 400
    assert "video_99" in message and all(e in message for e in TRACK_EVENTS)
    skipped = await beacon(client, job.id, "scene_entered", sceneIndex=2)
    assert skipped.status_code == 400
    assert "rendered scene indexes: 0, 1, 3" in (await skipped.get_json())["message"]
    big = await beacon(client, job.id, "page_view", note="x" * 3000)
    assert big.status_code == 400
    assert "2048 bytes" in (await big.get_json())["message"]
    assert await event_count(appdb, job.id) == 0
    assert await session_row(appdb, job.id) is None


async def test_unknown_unfinished_and_deleted_videos(
    client: Any, appdb: Database, make_job: MakeJob
):
    pending = await make_job(status="pending")
    failed = await make_job(status="failed")
    deleted = await make_job(deleted=True)
    for video in ("00000000-0000-0000-0000-000000000000", "x", pending.id, failed.id, deleted.id):
        resp = await beacon(client, video, "page_view")
        assert resp.status_code == 404, video
        assert (await resp.get_json())["success"] is False
    for job in (pending, failed, deleted):
        assert await event_count(appdb, job.id) == 0


async def test_duplicates_are_counted_once(client: Any, appdb: Database, make_job: MakeJob):
    job = await make_job()
    for _ in range(3):
        for event, meta in [
            ("video_started", {}),
            ("scene_entered", {"sceneIndex": 1}),
            ("video_replayed", {"count": 1}),
            ("shared", {}),
        ]:
            assert (await beacon(client, job.id, event, **meta)).status_code == 200
    row = await session_row(appdb, job.id)
    assert row is not None
    assert row.events_counted == 4 and row.replays == 1 and row.scenes_entered == 0b10
    assert await event_count(appdb, job.id) == 4
    # another session is its own row
    await beacon(client, job.id, "video_started", sid="s2")
    other = await session_row(appdb, job.id, "s2")
    assert other is not None and other.events_counted == 1


async def test_bots_are_not_counted(client: Any, appdb: Database, make_job: MakeJob):
    job = await make_job()
    for agent in (
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "facebookexternalhit/1.1",
        "Slackbot-LinkExpanding 1.0",
        "curl/8.5.0",
    ):
        token = signed_by(client, job.id, "b")
        resp = await client.post(
            "/api/track",
            json={"videoId": job.id, "event": "page_view", "metadata": {"sessionId": token}},
            headers={"User-Agent": agent},
        )
        assert resp.status_code == 200 and await resp.get_json() == {"ok": True, "counted": False}
    assert await event_count(appdb, job.id) == 0
    assert await session_row(appdb, job.id, "b") is None


async def test_per_session_cap(client: Any, appdb: Database, make_job: MakeJob, app: Any):
    app.config["REELSMITH_SETTINGS"] = app.config["REELSMITH_SETTINGS"].model_copy(
        update={"track_max_events_per_session": 3}
    )
    job = await make_job()
    for count in range(1, 7):
        resp = await beacon(client, job.id, "video_replayed", count=count)
        assert resp.status_code == 200
    row = await session_row(appdb, job.id)
    assert row is not None and row.events_counted == 3 and row.replays == 3
    assert await event_count(appdb, job.id) == 3  # beacons past the cap are not kept either


async def test_no_raw_address_is_stored(client: Any, appdb: Database, make_job: MakeJob):
    job = await make_job()
    await client.post(
        "/api/track",
        json={
            "videoId": job.id,
            "event": "page_view",
            "metadata": {"sessionId": signed_by(client, job.id)},
        },
        headers={"X-Forwarded-For": "203.0.113.9"},
    )
    async with appdb.session() as session:
        stored = (await session.execute(select(ViewEvent))).scalars().all()
    assert len(stored) == 1
    hashed = stored[0].client_hash
    assert hashed and len(hashed) == 64 and "203.0.113" not in json.dumps(stored[0].event_metadata)


async def test_video_viewed_webhook_once_per_session(
    client: Any, appdb: Database, make_job: MakeJob, make_user: Any
):
    user = await make_user()
    job = await make_job(account_id=user.account.id)
    async with appdb.session() as session:
        session.add(
            WebhookEndpoint(
                account_id=user.account.id,
                url="https://hooks.example.com/in",
                events=["video.viewed"],
                secret="whsec_test",
                active=True,
            )
        )
    # under 3 s: started, first scene, 2.9 s watched
    await beacon(client, job.id, "video_started", watchedMs=0)
    await beacon(client, job.id, "scene_entered", sceneIndex=0, watchedMs=2900)
    assert await deliveries(appdb) == []
    # scene 1 starts at 3 s: viewed
    await beacon(client, job.id, "scene_entered", sceneIndex=1, watchedMs=1000)
    await beacon(client, job.id, "video_50", watchedMs=6000)
    await beacon(client, job.id, "video_completed", watchedMs=12000)
    sent = await deliveries(appdb)
    assert len(sent) == 1
    body = json.loads(sent[0].body)
    assert body["event"] == "video.viewed"
    data = body["data"]
    assert data["jobId"] == job.id and data["displayName"] == "Ada Lovelace"
    assert data["sessionId"] == "s1" and data["batchId"] is None and data["viewedAt"]
    # another session by watchedMs alone
    await beacon(client, job.id, "video_started", sid="s2")
    await beacon(client, job.id, "video_replayed", sid="s2", watchedMs=3500)
    assert len(await deliveries(appdb)) == 2


async def deliveries(db: Database) -> list[WebhookDelivery]:
    async with db.session() as session:
        return list((await session.execute(select(WebhookDelivery))).scalars())


async def test_the_sweep_purges_raw_events_past_retention(appdb: Database, make_job: MakeJob):
    job = await make_job()
    old, recent = utcnow() - timedelta(days=91), utcnow() - timedelta(days=89)
    async with appdb.session() as session:
        for n, at in enumerate((old, old, recent)):
            session.add(
                ViewEvent(
                    job_id=job.id,
                    session_id="s1",
                    event="video_replayed",
                    dedupe_key=f"k{n}-{job.id}",
                    event_metadata={},
                    created_at=at,
                )
            )
        session.add(
            ViewSession(
                job_id=job.id,
                session_id="s1",
                account_id=job.account_id,
                first_seen_at=old,
                last_seen_at=old,
            )
        )
    async with appdb.session() as session:
        assert await purge_view_events(session, 90) == 2
    assert await event_count(appdb, job.id) == 1
    assert await session_row(appdb, job.id) is not None  # engagement stays
