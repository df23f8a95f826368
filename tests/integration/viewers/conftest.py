"""Viewer tests: the app on SQLite and PostgreSQL, completed jobs written straight into the
database (no render needed to test beacons and pages)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
import pytest_asyncio

from app.config import Settings
from app.db import Database, utcnow
from app.renders.models import RenderJob
from tests.support.viewers import SCENE_STARTS, MakeJob, job_spec


@pytest.fixture
def settings(settings_factory: Any, database_url: str) -> Settings:
    return settings_factory(database_url=database_url)


@pytest.fixture
def appdb(app: Any) -> Database:
    return app.config["REELSMITH_DB"]


@pytest_asyncio.fixture
async def make_job(appdb: Database, make_user: Any) -> MakeJob:
    """await make_job(status="complete", deleted=False, spec=None, account=None)."""

    async def factory(
        status: str = "complete",
        deleted: bool = False,
        spec: dict[str, Any] | None = None,
        account_id: str | None = None,
        batch_id: str | None = None,
        campaign_id: str | None = None,
    ) -> RenderJob:
        if account_id is None:
            account_id = (await make_user()).account.id
        job_id = str(uuid.uuid4())
        now = utcnow()
        request = spec or job_spec()
        fmt = (request.get("output") or {}).get("format") or "mp4"
        job = RenderJob(
            id=job_id,
            account_id=account_id,
            batch_id=batch_id,
            campaign_id=campaign_id,
            template_id="pulse",
            display_name="Ada Lovelace",
            status=status,
            stage="done" if status == "complete" else "queued",
            progress=100 if status == "complete" else 0,
            request=request,
            output_key=f"videos/{job_id}.1.{fmt}" if status == "complete" else None,
            poster_key=f"posters/{job_id}.1.png" if status == "complete" else None,
            preview_gif_key=f"posters/{job_id}.1.gif" if status == "complete" else None,
            duration_ms=12000,
            scene_starts_ms=dict(SCENE_STARTS),
            completed_at=now if status in ("complete", "failed") else None,
            deleted_at=now + timedelta(seconds=1) if deleted else None,
        )
        async with appdb.session() as session:
            session.add(job)
        return job

    return factory
