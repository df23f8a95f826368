"""Floods from one client IP meet the public rate limits (app/ratelimit.py rows for
POST /api/track and the /v, /embed/v, /c, /t pages), and what was refused is not counted."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from app.config import Settings
from app.db import Database
from app.ratelimit import PUBLIC_RATE_LIMITS, Rule
from app.viewers.models import ViewEvent
from tests.support.viewers import MakeJob, signed_by


@pytest.fixture
def settings(settings_factory: Any, database_url: str) -> Settings:
    return settings_factory(database_url=database_url, rate_limit_enabled=True)


async def test_a_beacon_flood_from_one_ip_is_refused(
    client: Any, appdb: Database, make_job: MakeJob, monkeypatch: pytest.MonkeyPatch
):
    job = await make_job()
    shipped = PUBLIC_RATE_LIMITS[("POST", "/api/track")]
    assert shipped.per_ip and (shipped.limit, shipped.burst) == (300, 60)
    # the same row, smaller (1 per second after a burst of 5), so a slow run cannot refill it
    burst = 5
    monkeypatch.setitem(
        PUBLIC_RATE_LIMITS, ("POST", "/api/track"), Rule(60, burst, per_ip=True, bucket="track-t")
    )
    codes = []
    for n in range(burst + 5):
        resp = await client.post(
            "/api/track",
            json={
                "videoId": job.id,
                "event": "video_replayed",
                "metadata": {"sessionId": signed_by(client, job.id), "count": n + 1},
            },
        )
        codes.append(resp.status_code)
    assert codes[:burst] == [200] * burst
    assert codes[-1] == 429 and set(codes[burst:]) <= {200, 429}
    async with appdb.session() as session:
        stored = (await session.execute(select(func.count()).select_from(ViewEvent))).scalar_one()
    assert stored == codes.count(200)


@pytest.mark.parametrize("path", ["/v/{id}", "/embed/v/{id}", "/c/{id}", "/t/o/{id}.gif"])
async def test_pages_are_limited_per_ip(
    client: Any, make_job: MakeJob, monkeypatch: pytest.MonkeyPatch, path: str
):
    job = await make_job()
    prefix = "/" + path.split("/")[1] + ("/v/*" if path.startswith("/embed") else "/*")
    monkeypatch.setitem(PUBLIC_RATE_LIMITS, ("GET", prefix), Rule(60, 2, per_ip=True, bucket="t"))
    codes = [(await client.get(path.format(id=job.id))).status_code for _ in range(3)]
    assert codes[2] == 429, codes
