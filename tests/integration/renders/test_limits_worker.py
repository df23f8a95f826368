"""The worker's length check once the voiceovers are spoken: a job whose estimate passed but
whose real speech is longer than the tier allows fails with that message and is refunded.

The studio tier is given a 3 s limit here (settings). A voScript of `[score]` with the number
1234567 is estimated from its text (one word, seven characters: under a second) but a voice
says "one million two hundred thirty-four thousand ..." (about 4.4 s), so only the worker can
know; the real voice engine (offline) speaks it, the job fails before any browser starts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from arq.connections import ArqRedis, RedisSettings, create_pool
from render_helpers import make_template
from sqlalchemy import select

from app.accounts.models import LedgerEntry
from app.config import Settings
from app.media.storage import get_storage
from app.renders import queue
from app.renders.models import RenderJob
from worker import tasks

WORKER = "limits-worker"


@pytest.fixture
def settings(settings_factory: Any) -> Settings:
    return settings_factory(tiers={"studio": {"max_video_s": 3}})


@pytest_asyncio.fixture
async def pool(settings: Settings) -> AsyncIterator[ArqRedis]:
    redis = await create_pool(RedisSettings.from_dsn(settings.redis_url))
    yield redis
    await redis.aclose()


async def test_job_over_the_length_once_spoken_fails_with_the_message_and_is_refunded(
    app, client, make_user, pool, settings
):
    user = await make_user(credits=5)
    template_id = await make_template(
        app,
        user.account.id,
        scenes=[
            {"primitiveId": "title-intro", "voScript": "[score]"},
            {"primitiveId": "title-intro", "durationOverride": 1.0},
        ],
        dataSlots=[{"key": "score", "type": "number"}],
        defaults={"includeVoiceover": True, "voiceId": "en-US-GuyNeural"},
    )
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"score": 1234567}},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body  # the estimate (about 1.7 s) passes
    assert body["creditsRemaining"] == 4
    job_id = body["jobId"]

    await queue.register_worker(pool, settings, WORKER, 1, 60)
    ctx = {
        "settings": settings,
        "db": app.config["REELSMITH_DB"],
        "storage": get_storage(settings),
        "redis": pool,
        "worker_id": WORKER,
    }
    assert await tasks.render_job(ctx, job_id) == "failed"

    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, job_id)
        kinds = (
            await session.execute(select(LedgerEntry.kind).where(LedgerEntry.reference == job_id))
        ).scalars()
        kinds = sorted(kinds)
    assert job is not None and job.status == "failed"
    assert job.error.startswith("duration: the video would last ")
    assert "s with its voiceovers spoken; the studio tier allows 3 s" in job.error
    assert job.attempts == 1  # an input error: not retried
    assert kinds == ["charge", "refund"]
    billing = await (await client.get("/api/billing", headers=user.headers)).get_json()
    assert billing["credits"] == 5
