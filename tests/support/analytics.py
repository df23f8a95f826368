"""Analytics test helpers: small templates, and synthetic viewing sessions inserted directly
(the rows POST /api/track would have written), with known rates."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from sqlalchemy import insert, select, update

from app.db import Database, utcnow
from app.renders.models import RenderJob
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template
from app.viewers.models import ViewSession

CARD: dict[str, Any] = {
    "name": "Three scene card",
    "scenes": [
        {"primitiveId": "title-intro", "durationOverride": 1.0},
        {"primitiveId": "title-intro", "durationOverride": 1.0, "animationOption": "scale-in"},
        {"primitiveId": "title-intro", "durationOverride": 1.0},
    ],
    "dataSlots": [
        {
            "key": "person_name",
            "label": "Full name",
            "type": "text",
            "required": True,
            "aliases": ["name"],
        },
        {"key": "contact", "label": "Email", "type": "email", "required": False},
    ],
    "defaults": {"resolution": "720p", "fps": 30, "includeVoiceover": False},
}

T0 = utcnow().replace(microsecond=0) - timedelta(days=1)


async def make_template(app: Any, account_id: str, **changes: Any) -> str:
    db: Database = app.config["REELSMITH_DB"]
    async with db.session() as session:
        view, _ = await create_template(
            session, account_id, CreateTemplate.model_validate({**CARD, **changes})
        )
    return view.id


def csv_rows(n: int) -> list[list[str]]:
    return [[f"Person {i:03d}", f"person{i:03d}@example.com"] for i in range(n)]


async def set_scene_starts(app: Any, job_ids: list[str], starts: dict[str, int]) -> None:
    """What the worker stores at completion: the rendered scenes' start times."""
    db: Database = app.config["REELSMITH_DB"]
    async with db.session() as session:
        await session.execute(
            update(RenderJob)
            .where(RenderJob.id.in_(job_ids))
            .values(scene_starts_ms=starts, status="complete")
        )


def completed_job(
    job_id: str, account_id: str, name: str, scene_starts_ms: dict[str, int]
) -> RenderJob:
    """The row of a finished 12 s video (what beacons are counted for), to add to a session."""
    return RenderJob(
        id=job_id,
        account_id=account_id,
        template_id="pulse",
        display_name=name,
        status="complete",
        stage="done",
        progress=100,
        request={"schemaVersion": 1, "scenes": []},
        output_key=f"videos/{job_id}.1.mp4",
        duration_ms=12000,
        scene_starts_ms=scene_starts_ms,
        completed_at=utcnow(),
    )


async def add_sessions(
    app: Any, job: RenderJob | dict[str, Any], count: int, **fields: Any
) -> None:
    """`count` viewing sessions of one job, all alike (`fields` override the defaults: a
    started session that entered no scene)."""
    db: Database = app.config["REELSMITH_DB"]
    get = job.get if isinstance(job, dict) else lambda k: getattr(job, k)
    first = fields.pop("first_seen_at", T0)
    last = fields.pop("last_seen_at", first + timedelta(minutes=1))
    rows = [
        {
            "id": str(uuid.uuid4()),
            "job_id": get("id"),
            "session_id": uuid.uuid4().hex,
            "account_id": get("account_id"),
            "batch_id": get("batch_id"),
            "variant_id": get("variant_id"),
            "first_seen_at": first,
            "last_seen_at": last,
            "page_viewed": True,
            "email_opened": False,
            "started": True,
            "furthest_percent": 0,
            "scenes_entered": 0,
            "completed": False,
            "cta_clicked": False,
            "shared": False,
            "downloaded": False,
            "replays": 0,
            "remixes": 0,
            "events_counted": 1,
            "viewed_notified": False,
            **fields,
        }
        for _ in range(count)
    ]
    async with db.session() as session:
        await session.execute(insert(ViewSession), rows)


async def jobs_of(app: Any, batch_id: str) -> list[RenderJob]:
    db: Database = app.config["REELSMITH_DB"]
    async with db.session() as session:
        result = await session.execute(
            select(RenderJob).where(RenderJob.batch_id == batch_id).order_by(RenderJob.row_number)
        )
        return list(result.scalars())
