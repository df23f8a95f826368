"""The worker reads a job's stored RenderJobSpec strictly: an unversioned row (the dict shape
written before the spec) is upgraded; a row that does not validate fails the job with a clear
error and refunds it, before anything is rendered. render_job runs in this process."""

from __future__ import annotations

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
from app.renders.job import RenderJobSpec
from app.renders.models import RenderJob
from tests.support.render_helpers import engine_result, make_template
from worker import tasks

WORKER = "spec-worker-1"


@pytest.fixture
def settings(settings: Settings, database_url: str) -> Settings:
    """SQLite and PostgreSQL."""
    return settings.model_copy(update={"database_url": database_url})


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


async def job_with_request(app: Any, client: Any, user: Any, stored: Any) -> str:
    """A job created through the API whose stored request is then replaced by `stored`."""
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "Robin"}},
        headers=user.headers,
    )
    assert resp.status_code == 200, await resp.get_json()
    job_id = str((await resp.get_json())["jobId"])
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, job_id)
        assert job is not None and job.request["schemaVersion"] == 1
        job.request = stored
    return job_id


class Recorder:
    """Stands in for render_or_split: keeps the spec it was given, writes a small file."""

    def __init__(self) -> None:
        self.specs: list[RenderJobSpec] = []

    async def __call__(
        self,
        spec: RenderJobSpec,
        settings: Settings,
        progress: Any,
        out_path: Path,
        db: Any,
        split: Any = None,
        on_mixed: Any = None,
    ) -> Any:
        self.specs.append(spec)
        out_path.write_bytes(b"video")
        return engine_result(
            duration_ms=1000,
            frames=30,
            elapsed_s=1.0,
            scene_starts_ms={0: 0},
            scene_fully_in_ms={0: 0},
            voiceovers=[],
        )


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    fake = Recorder()
    monkeypatch.setattr(tasks, "render_or_split", fake)
    return fake


async def test_an_unversioned_row_is_upgraded_and_rendered(
    app, client, make_user, pool, engine: Recorder
):
    user = await make_user()
    old = {
        "templateId": "emeritus",
        "tier": "free",
        "scenes": [{"primitiveId": "title-intro"}],
        "data": {"authorId": "A1", "person_name": "Robin"},
        "brand": {"showWatermark": False},
        "output": {"resolution": "720p", "fps": 30},
        "dataSource": None,
    }
    job_id = await job_with_request(app, client, user, old)
    assert await tasks.render_job(await worker_ctx(app, pool), job_id) == "complete"
    [spec] = engine.specs
    assert spec.jobId == job_id and spec.authorName == "Robin"
    assert spec.dataSource is not None and spec.dataSource.kind == "openalex"
    assert spec.brand.showWatermark is True
    assert (spec.output.resolution, spec.output.language) == ("720p", "en")


@pytest.mark.parametrize(
    ("stored", "message"),
    [
        (
            {"schemaVersion": 1, "scenes": [], "output": {"fps": 24}},
            "The stored render job is not valid: output.fps",
        ),
        ({"schemaVersion": 7, "scenes": []}, "schemaVersion 7"),
        ({"scenes": "not a list"}, "The stored render job is not valid: scenes"),
    ],
)
async def test_an_unreadable_row_fails_clearly_and_is_refunded(
    app, client, make_user, pool, engine: Recorder, stored: dict[str, Any], message: str
):
    user = await make_user()
    job_id = await job_with_request(app, client, user, stored)
    assert await tasks.render_job(await worker_ctx(app, pool), job_id) == "failed"
    assert engine.specs == []  # never half-read: nothing was rendered
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, job_id)
        kinds = (
            await session.execute(
                select(LedgerEntry.kind)
                .where(LedgerEntry.reference == job_id)
                .order_by(LedgerEntry.created_at)
            )
        ).scalars()
        assert job is not None and job.status == "failed" and message in (job.error or "")
        assert list(kinds) == ["charge", "refund"]
