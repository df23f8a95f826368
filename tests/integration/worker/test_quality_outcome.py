"""The quality report as a job's outcome, with the real pipeline in this process (Chromium,
ffmpeg, a voice): a render answers posterAtMs and every check on GET /api/render/{id} and in
its render.complete delivery; a file without a video stream fails the job, refunded once."""

from __future__ import annotations

import json
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from arq.connections import ArqRedis, RedisSettings, create_pool
from sqlalchemy import select

from app.accounts.models import LedgerEntry
from app.config import Settings
from app.media.storage import get_storage
from app.renders import queue
from app.renders.models import RenderJob
from app.templates.builtins import builtins
from app.webhooks.models import WebhookDelivery
from tests.support.render_helpers import make_template
from worker import tasks
from worker.render import pipeline
from worker.render.quality import CHECKS

pytestmark = pytest.mark.slow

WORKER = "quality-worker"


@pytest_asyncio.fixture
async def pool(settings: Settings) -> AsyncIterator[ArqRedis]:
    redis = await create_pool(RedisSettings.from_dsn(settings.redis_url))
    yield redis
    await redis.aclose()


async def worker_ctx(app: Any, pool: ArqRedis) -> dict[str, Any]:
    settings: Settings = app.config["REELSMITH_SETTINGS"]
    await queue.register_worker(pool, settings, WORKER, 1, 60)
    return {
        "settings": settings,
        "db": app.config["REELSMITH_DB"],
        "storage": get_storage(settings),
        "redis": pool,
        "worker_id": WORKER,
    }


async def subscribe(client: Any, user: Any) -> None:
    hook = {"url": "https://hooks.example.com/in", "events": ["render.complete", "render.failed"]}
    resp = await client.post("/api/webhooks", json=hook, headers=user.headers)
    assert resp.status_code == 201, await resp.get_json()


async def delivered_bodies(app: Any, event: str) -> list[dict[str, Any]]:
    """The outbox rows of `event`: the exact bodies a receiver gets."""
    async with app.config["REELSMITH_DB"].session() as session:
        rows = await session.execute(select(WebhookDelivery).where(WebhookDelivery.event == event))
        return [json.loads(row.body) for row in rows.scalars()]


async def test_a_render_answers_its_poster_time_and_every_quality_check(
    app, client, make_user, pool
) -> None:
    user = await make_user(credits=2)
    await subscribe(client, user)
    sample = builtins()["pulse"].sampleData
    body = {"templateId": "pulse", "data": sample, "output": {"resolution": "720p"}}
    job_id = (await (await client.post("/api/render", json=body, headers=user.headers)).get_json())[
        "jobId"
    ]
    assert await tasks.render_job(await worker_ctx(app, pool), job_id) == "complete"

    job = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert job["status"] == "complete", job["error"]
    # The name's scene has settled, on the frame grid (30 fps), and the poster is cut there.
    at = job["posterAtMs"]
    assert 1000 < at < 4000 and round(at * 30 / 1000) * 1000 / 30 == pytest.approx(at)
    assert job["thumbnailUrl"] and job["thumbnailGifUrl"]
    quality = job["quality"]
    assert [c["name"] for c in quality["checks"]] == list(CHECKS)
    assert quality["status"] in ("pass", "warn")
    by_name = {c["name"]: c for c in quality["checks"]}
    for name in ("streams", "duration", "color", "av_sync", "black", "glyphs"):
        assert by_name[name]["status"] == "pass", by_name[name]
    assert "matched against the voice stem" in by_name["av_sync"]["detail"]
    assert job["job"]["quality"] == quality and job["job"]["posterAtMs"] == at

    (delivery,) = await delivered_bodies(app, "render.complete")
    assert delivery["data"]["jobId"] == job_id and delivery["data"]["quality"] == quality


async def test_a_file_without_a_video_stream_fails_the_job_and_refunds_it_once(
    app, client, make_user, pool, monkeypatch
) -> None:
    real_mux = pipeline.join_and_mux

    async def audio_only(
        runs: Any, audio: Any, duration_s: float, out: Path, timeout: float, **options: Any
    ):
        await real_mux(runs, audio, duration_s, out, timeout, **options)
        stripped = out.with_name("audio-only.mp4")
        subprocess.run(
            ["ffmpeg", "-v", "error", "-y", "-i", str(out), "-map", "0:a", "-c", "copy",
             str(stripped)],
            check=True, timeout=60,
        )  # fmt: skip
        return stripped.replace(out)

    monkeypatch.setattr(pipeline, "join_and_mux", audio_only)
    user = await make_user(credits=2)
    await subscribe(client, user)
    template_id = await make_template(app, user.account.id)
    body = {
        "templateId": template_id,
        "data": {"person_name": "Ada"},
        "output": {"resolution": "720p"},
    }
    job_id = (await (await client.post("/api/render", json=body, headers=user.headers)).get_json())[
        "jobId"
    ]
    assert await tasks.render_job(await worker_ctx(app, pool), job_id) == "failed"

    job = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert job["status"] == "failed" and job["outputUrl"] is None and job["quality"] is None
    assert job["error"].startswith("Render failed: the video file is broken (streams: ")
    assert "no video stream" in job["error"]
    async with app.config["REELSMITH_DB"].session() as session:
        row = await session.get(RenderJob, job_id)
        kinds = (
            await session.execute(select(LedgerEntry.kind).where(LedgerEntry.reference == job_id))
        ).scalars()
        assert sorted(kinds) == ["charge", "refund"] and row.refunded is True
        assert row.output_key is None
    assert not list(Path(get_storage(app.config["REELSMITH_SETTINGS"]).root).rglob(f"{job_id}*"))
    (failed,) = await delivered_bodies(app, "render.failed")
    assert failed["data"]["error"] == job["error"]
