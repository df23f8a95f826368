"""Issue 27, finding 1, as the audit made it: against a served app, one client with one video
link invents viewing sessions (new `metadata.sessionId`s, `?s=` on /c/ and /t/o/) that claim
3 s watched. Only sessions the server signed count, a client gets a bounded number of new ones
per video per day, and so the video's numbers and its owner's webhook deliveries stay bounded."""

from __future__ import annotations

import re
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio
from sqlalchemy import func, select

from app.accounts.service import create_account
from app.config import Settings
from app.db import Database, utcnow
from app.models import create_all
from app.renders.models import RenderJob
from app.viewers.models import ViewEvent, ViewSession
from app.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from app.webhooks.outbox import purge_finished
from tests.support.environment import setting_vars
from tests.support.live_server import live_server
from tests.support.viewers import SCENE_STARTS, job_spec

CAP = 4  # new sessions per client per video per day, for this test


@dataclass
class Served:
    base: str
    db: Database
    settings: Settings
    job_id: str
    other_job_id: str


async def _seed(db: Database) -> tuple[str, str]:
    async with db.session() as session:
        account = await create_account(session, f"{uuid.uuid4().hex[:8]}@example.com", "pw" * 8)
        jobs = []
        for _ in range(2):
            job_id = str(uuid.uuid4())
            session.add(
                RenderJob(
                    id=job_id,
                    account_id=account.id,
                    template_id="pulse",
                    display_name="Ada Lovelace",
                    status="complete",
                    stage="done",
                    progress=100,
                    request=job_spec(),
                    output_key=f"videos/{job_id}.1.mp4",
                    duration_ms=12000,
                    scene_starts_ms=dict(SCENE_STARTS),
                    completed_at=utcnow(),
                )
            )
            jobs.append(job_id)
        session.add(
            WebhookEndpoint(
                account_id=account.id,
                url="https://hooks.example.com/in",
                events=["video.viewed"],
                secret="whsec_test",
                active=True,
            )
        )
    return jobs[0], jobs[1]


@pytest.fixture
def server(settings: Settings) -> Iterator[str]:
    extra = setting_vars(track_max_sessions_per_client_day=CAP)
    with live_server(settings, env=extra) as base:
        yield base


@pytest_asyncio.fixture
async def served(server: str, settings: Settings) -> AsyncIterator[Served]:
    db = Database(settings.database_url)
    await create_all(db)
    try:
        job_id, other = await _seed(db)
        yield Served(server, db, settings, job_id, other)
    finally:
        await db.dispose()


async def counts(db: Database) -> tuple[int, int, int]:
    """(view sessions, raw beacons, webhook deliveries) stored."""
    async with db.session() as session:
        return tuple(  # type: ignore[return-value]
            [
                int((await session.execute(select(func.count()).select_from(t))).scalar_one())
                for t in (ViewSession, ViewEvent, WebhookDelivery)
            ]
        )


def viewed(video: str, session_id: str) -> dict[str, Any]:
    """The audit's beacon: a new session that says it watched 3 s."""
    return {
        "videoId": video,
        "event": "video_replayed",
        "metadata": {"sessionId": session_id, "watchedMs": 3000, "pad": "x" * 1800},
    }


async def test_invented_sessions_count_for_nothing(served: Served):
    async with httpx.AsyncClient(base_url=served.base) as http:
        for n in range(30):
            resp = await http.post("/api/track", json=viewed(served.job_id, f"loop-{n}"))
            assert resp.status_code == 200
            assert resp.json() == {"ok": True, "counted": False}
            cta = await http.get(f"/c/{served.job_id}", params={"s": f"loop-{n}"})
            assert cta.status_code == 302  # the viewer still goes where the CTA leads
            pixel = await http.get(f"/t/o/{served.job_id}.gif", params={"s": f"loop-{n}"})
            assert pixel.status_code == 200 and pixel.headers["content-type"] == "image/gif"
        # a signed session of another video does not count for this one either
        page = await http.get(f"/v/{served.other_job_id}")
        token = re.search(r'data-reelsmith-session="([^"]+)"', page.text)
        assert token is not None
        resp = await http.post("/api/track", json=viewed(served.job_id, token[1]))
        assert resp.json()["counted"] is False
        # ... nor a token whose signature was changed
        sid, mac = token[1].split(".")
        forged = f"{sid}.{'A' if mac[0] != 'A' else 'B'}{mac[1:]}"
        resp = await http.post("/api/track", json=viewed(served.other_job_id, forged))
        assert resp.json()["counted"] is False
        assert (await http.post("/api/track", json=viewed("nope", "x"))).status_code == 404
    assert await counts(served.db) == (0, 0, 0)


async def test_page_views_get_a_bounded_number_of_sessions(served: Served):
    async with httpx.AsyncClient(base_url=served.base) as http:
        tokens = []
        for _ in range(CAP + 6):
            page = await http.get(f"/v/{served.job_id}")
            assert page.status_code == 200
            found = re.search(r'data-reelsmith-session="([^"]+)"', page.text)
            assert found is not None
            assert f'href="/c/{served.job_id}?s={found[1]}"' in page.text
            tokens.append(found[1])
        asked = await http.post(
            "/api/track/session",
            content=f'{{"videoId": "{served.job_id}"}}',
            headers={"Content-Type": "text/plain"},
        )
        assert asked.status_code == 200 and asked.headers["access-control-allow-origin"] == "*"
        tokens.append(asked.json()["sessionId"])
        # CAP fresh sessions, then the client's one overflow session of the day, every time
        assert len(set(tokens[:CAP])) == CAP
        assert len(set(tokens[CAP:])) == 1 and tokens[CAP] not in tokens[:CAP]
        for token in tokens:
            resp = await http.post("/api/track", json=viewed(served.job_id, token))
            assert resp.status_code == 200
        assert (await http.get(f"/c/{served.job_id}", params={"s": tokens[0]})).status_code == 302
        missing = await http.post("/api/track/session", json={"videoId": str(uuid.uuid4())})
        assert missing.status_code == 404
    sessions, beacons, deliveries = await counts(served.db)
    assert sessions == CAP + 1  # not CAP + 7
    assert deliveries == CAP + 1  # video.viewed once per counted session
    assert beacons == CAP + 1 + 1  # one replay per session, the CTA click
    async with served.db.session() as session:
        clicked = (
            await session.execute(select(ViewSession).where(ViewSession.cta_clicked.is_(True)))
        ).scalar_one()
    assert tokens[0].startswith(clicked.session_id + ".")


async def test_finished_deliveries_are_purged_after_their_retention(
    settings: Settings, tmp_path: Path
):
    db = Database(settings.database_url)
    await create_all(db)
    try:
        job_id, _ = await _seed(db)
        old, recent = utcnow() - timedelta(days=31), utcnow() - timedelta(days=29)
        async with db.session() as session:
            endpoint = (await session.execute(select(WebhookEndpoint))).scalar_one()
            rows = {}
            for name, status, at in [
                ("old-delivered", "delivered", old),
                ("old-failed", "failed", old),
                ("old-retrying", "retrying", old),
                ("recent-delivered", "delivered", recent),
            ]:
                delivery = WebhookDelivery(
                    endpoint_id=endpoint.id,
                    account_id=endpoint.account_id,
                    event="video.viewed",
                    message_id=f"msg_{name}",
                    body="{}",
                    status=status,
                    created_at=at,
                    updated_at=at,
                )
                session.add(delivery)
                await session.flush()
                session.add(WebhookAttempt(delivery_id=delivery.id, number=1, started_at=at))
                rows[name] = delivery.id
        async with db.session() as session:
            assert await purge_finished(session, 30) == 2
        async with db.session() as session:
            kept = set((await session.execute(select(WebhookDelivery.message_id))).scalars())
            attempts = (
                await session.execute(select(func.count()).select_from(WebhookAttempt))
            ).scalar_one()
        assert kept == {"msg_old-retrying", "msg_recent-delivered"}
        assert attempts == 2
    finally:
        await db.dispose()
