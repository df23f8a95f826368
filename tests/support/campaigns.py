"""Finished renders and campaigns written directly as rows (nothing rendered): templates, jobs
`complete` with one small real MP4 and poster made once by ffmpeg (testsrc), an A/B batch of
them, and viewing sessions with chosen rates. For the dashboard's browser journeys, its
screenshots (scripts/dashboard_screenshots.py) and its benchmark (bench/dashboard_bench.py)."""

from __future__ import annotations

import random
import subprocess
import uuid
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import insert

from app.accounts.service import create_account
from app.db import Database, new_id, utcnow
from app.keys.service import create_key
from app.media.storage import Storage
from app.renders.job import build_job_spec
from app.renders.models import Batch, RenderJob
from app.renders.states import JobStage, JobStatus
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template, get_template
from app.viewers.models import ViewSession
from tests.support.analytics import CARD

CLIP_KEY = "videos/demo-clip.mp4"
POSTER_KEY = "posters/demo-clip.png"
SCENE_MS = 1000  # each of CARD's three scenes lasts one second
SCENE_STARTS = {"0": 0, "1": 1000, "2": 2000}
FULLY_IN = {"0": 300, "1": 1300, "2": 2300}
NAMES = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "Edsger Dijkstra"]


def make_clip(folder: Path) -> tuple[Path, Path]:
    """A 3-second 640x360 MP4 (ffmpeg's test pattern) and a PNG poster of it."""
    video, poster = folder / "clip.mp4", folder / "poster.png"
    src = ["-f", "lavfi", "-i", "testsrc=size=640x360:rate=15:duration=3"]
    subprocess.run(
        ["ffmpeg", "-y", "-v", "error", *src, "-pix_fmt", "yuv420p", str(video)], check=True
    )
    subprocess.run(
        ["ffmpeg", "-y", "-v", "error", "-ss", "1", "-i", str(video), "-vframes", "1", str(poster)],
        check=True,
    )
    return video, poster


def store_clip(storage: Storage, folder: Path) -> None:
    """The shared clip and poster every seeded finished job points at."""
    video, poster = make_clip(folder)
    storage.put(CLIP_KEY, video)
    storage.put(POSTER_KEY, poster)


async def make_templates(db: Database, account_id: str, count: int) -> list[str]:
    """`count` custom templates (CARD, numbered), through the templates service."""
    ids = []
    async with db.session() as session:
        for i in range(count):
            body = CreateTemplate.model_validate({**CARD, "name": f"{CARD['name']} {i + 1}"})
            view, _ = await create_template(session, account_id, body)
            ids.append(view.id)
    return ids


@dataclass
class Jobs:
    """Where a run of seeded jobs goes: a batch (with row numbers, variants) or none."""

    batch_id: str | None = None
    variants: tuple[str, ...] = ()


def job_rows(
    account_id: str, template: dict[str, Any], names: list[str], into: Jobs
) -> list[dict[str, Any]]:
    now = utcnow()
    rows = []
    for i, name in enumerate(names):
        job_id = new_id()
        data = {"person_name": name}
        spec = build_job_spec(template, data, "studio", job_id=job_id, strict=False)
        created = now - timedelta(minutes=len(names) - i)
        rows.append(
            {
                "id": job_id,
                "account_id": account_id,
                "batch_id": into.batch_id,
                "row_number": i + 1 if into.batch_id else None,
                "variant_id": into.variants[i % len(into.variants)] if into.variants else None,
                "template_id": template["id"],
                "display_name": name,
                "status": JobStatus.COMPLETE.value,
                "stage": JobStage.DONE.value,
                "progress": 100,
                "request": spec.model_dump(mode="json"),
                "output_key": CLIP_KEY,
                "poster_key": POSTER_KEY,
                "thumbnail_keys": [],
                "scene_starts_ms": SCENE_STARTS,
                "scene_fully_in_ms": FULLY_IN,
                "duration_ms": 3 * SCENE_MS,
                "voiceovers": [],
                "attempts": 1,
                "created_at": created,
                "updated_at": created,
                "enqueued_at": created,
                "started_at": created,
                "completed_at": created + timedelta(seconds=20),
            }
        )
    return rows


async def template_dict(db: Database, account_id: str, template_id: str) -> dict[str, Any]:
    async with db.session() as session:
        view = await get_template(session, template_id, account_id)
    assert view is not None, template_id
    return view.model_dump(mode="json")


async def finished_renders(
    db: Database, account_id: str, template_id: str, count: int, into: Jobs | None = None
) -> list[str]:
    """`count` complete jobs of the template (one INSERT per 500)."""
    template = await template_dict(db, account_id, template_id)
    names = [f"{NAMES[i % len(NAMES)]} {i + 1}" for i in range(count)]
    rows = job_rows(account_id, template, names, into or Jobs())
    async with db.session() as session:
        for start in range(0, len(rows), 500):
            await session.execute(insert(RenderJob), rows[start : start + 500])
    return [r["id"] for r in rows]


async def ab_campaign(
    db: Database, account_id: str, template_id: str, recipients: int = 60, seed: int = 3
) -> str:
    """An A/B batch (Control vs Green, 50/50) of finished videos with viewing sessions:
    retention falls scene by scene, Green completes far more often (a clear winner)."""
    batch_id = new_id()
    async with db.session() as session:
        session.add(
            Batch(
                id=batch_id,
                account_id=account_id,
                template_id=template_id,
                total_rows=recipients,
                headers=["Name", "Email"],
                mapping={"Name": "person_name", "Email": "contact"},
                variants=[
                    {"id": "a", "label": "Control", "splitPercent": 50},
                    {"id": "b", "label": "Green", "splitPercent": 50},
                ],
                primary_metric="completionRate",
            )
        )
    jobs = await finished_renders(
        db, account_id, template_id, recipients, Jobs(batch_id, ("a", "b"))
    )
    rng = random.Random(seed)
    now = utcnow()
    sessions = []
    for i, job_id in enumerate(jobs):
        variant = "a" if i % 2 == 0 else "b"
        for _ in range(rng.randint(2, 9)):
            reach = rng.random()
            finish = 0.75 if variant == "b" else 0.3
            scenes = 0b111 if reach < finish else (0b011 if reach < 0.85 else 0b001)
            first = now - timedelta(hours=rng.randint(1, 72))
            sessions.append(
                {
                    "id": str(uuid.uuid4()),
                    "job_id": job_id,
                    "session_id": uuid.uuid4().hex,
                    "account_id": account_id,
                    "batch_id": batch_id,
                    "variant_id": variant,
                    "first_seen_at": first,
                    "last_seen_at": first + timedelta(minutes=2),
                    "page_viewed": True,
                    "started": True,
                    "furthest_percent": {0b111: 100, 0b011: 60, 0b001: 25}[scenes],
                    "scenes_entered": scenes,
                    "completed": scenes == 0b111,
                    "cta_clicked": scenes == 0b111 and rng.random() < 0.4,
                    "shared": rng.random() < 0.1,
                    "events_counted": 5,
                }
            )
    async with db.session() as session:
        await session.execute(insert(ViewSession), sessions)
    return batch_id


@dataclass
class Demo:
    """A seeded account: its templates, finished renders, A/B campaign and an admin key."""

    account_id: str
    email: str
    password: str
    templates: list[str]
    renders: list[str]
    batch_id: str
    key: str


async def demo_account(
    db: Database,
    storage: Storage,
    folder: Path,
    *,
    templates: int = 3,
    renders: int = 6,
    email: str = "demo@example.com",
    password: str = "demo password 1234",
) -> Demo:
    """An account with `templates` custom templates, `renders` finished renders spread over
    them, an A/B campaign of 60 videos with viewing sessions, and an admin API key."""
    async with db.session() as session:
        account = await create_account(session, email, password, "studio", 500)
        _, key = await create_key(session, account.id, "Demo key", "admin")
    store_clip(storage, folder)
    template_ids = await make_templates(db, account.id, templates)
    jobs: list[str] = []
    for i, template_id in enumerate(template_ids):
        count = renders // len(template_ids) + (1 if i < renders % len(template_ids) else 0)
        if count:
            jobs += await finished_renders(db, account.id, template_id, count)
    batch_id = await ab_campaign(db, account.id, template_ids[0])
    return Demo(account.id, email, password, template_ids, jobs, batch_id, key)
