"""Viewer engagement: the player page's facts about a video, and a beacon's way in (its job,
its signed session); counting it is app/viewers/beacons.py."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from sqlalchemy import and_, bindparam, delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.composition.timeline import resolve_value, should_skip
from app.db import Database, utcnow
from app.pointread import PointRead
from app.renders.job import RenderJobSpec, load_job_spec
from app.renders.models import RenderJob
from app.renders.states import JobStatus, RenderOn
from app.templates.binding import prepare_data
from app.viewers.beacons import TRACKED_COLUMNS, Beacon, TrackedJob, record
from app.viewers.errors import InvalidBeacon, VideoDeleted, VideoNotFound
from app.viewers.models import ViewEvent

log = logging.getLogger(__name__)

CTA_PRIMITIVE = "cta-card"
# User-Agent fragments of crawlers and link unfurlers (lower case): their beacons answer 200
# and are not counted. Headless Chromium is NOT here (real people use automation too).
BOT_MARKERS: tuple[str, ...] = (
    "bot",
    "crawler",
    "spider",
    "slurp",
    "facebookexternalhit",
    "embedly",
    "whatsapp",
    "skypeuripreview",
    "bingpreview",
    "curl/",
    "wget/",
    "python-requests",
    "lighthouse",
)


# ---- the video a page shows ----


@dataclass(frozen=True)
class Cta:
    text: str
    url: str


@dataclass(frozen=True)
class Video:
    job: RenderJob
    spec: RenderJobSpec
    cta: Cta | None
    scene_starts: list[tuple[int, int]]  # (template scene index, start ms), by time


async def playable_job(session: AsyncSession, job_id: str) -> RenderJob:
    """The job when its video can be played; VideoDeleted / VideoNotFound otherwise (pending
    and processing jobs are returned: the page says "still rendering")."""
    job = await session.get(RenderJob, job_id) if len(job_id) <= 64 else None
    if job is None:
        raise VideoNotFound(job_id)
    if job.deleted_at is not None:
        raise VideoDeleted(job_id)
    if job.status == JobStatus.FAILED or (job.status == JobStatus.COMPLETE and not job.output_key):
        raise VideoNotFound(job_id)
    return job


def is_ready(job: RenderJob) -> bool:
    return job.status == JobStatus.COMPLETE and bool(job.output_key)


LIVE_STATUSES = (JobStatus.PENDING, JobStatus.PROCESSING)


def is_live(job: RenderJob) -> bool:
    """An on-view job opened and rendering: its player plays it live, and its viewers'
    beacons, CTA clicks and email opens count as for a finished video."""
    return job.render_on == RenderOn.ON_VIEW and job.status in LIVE_STATUSES


def scene_starts(job: RenderJob) -> list[tuple[int, int]]:
    """The rendered scenes' start times (template index, ms), in playing order."""
    starts = [(int(k), int(v)) for k, v in (job.scene_starts_ms or {}).items()]
    return sorted(starts, key=lambda item: (item[1], item[0]))


def is_web_url(url: str) -> bool:
    """An absolute http(s) URL with a host, at most 2048 characters, nothing a browser would
    strip or reinterpret (control characters, backslashes; spaces are encoded on the way)."""
    if len(url) > 2048 or any(ord(c) < 32 or ord(c) == 127 or c == "\\" for c in url):
        return False
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)


def find_cta(spec: RenderJobSpec) -> Cta | None:
    """The first rendered `cta-card` scene's button text and URL, with the recipient's data
    bound in (as the composition shows them); None when there is none or its URL is not a
    web address."""
    data = prepare_data(spec.dataSlots, spec.data)
    for scene in spec.scenes:
        if scene.get("primitiveId") != CTA_PRIMITIVE or should_skip(scene, data):
            continue
        scene_data = resolve_value(scene.get("sceneData") or {}, data)
        url = str(scene_data.get("url") or "").strip()
        text = str(scene_data.get("buttonText") or scene_data.get("headline") or "").strip()
        if is_web_url(url):
            return Cta(text=text or url, url=url)
    return None


def video_of(job: RenderJob) -> Video:
    spec = load_job_spec(job.request)
    return Video(job=job, spec=spec, cta=find_cta(spec), scene_starts=scene_starts(job))


# ---- beacons ----


_JOBS = RenderJob.__table__
# Built once on the table (every beacon reads its job: building the statement, or the ORM's
# compile step, cost more CPU than executing it).
_TRACKED = PointRead(
    select(*(_JOBS.c[name] for name in TRACKED_COLUMNS)).where(
        _JOBS.c.id == bindparam("job"),
        or_(
            and_(_JOBS.c.status == JobStatus.COMPLETE, _JOBS.c.output_key.is_not(None)),
            and_(_JOBS.c.render_on == RenderOn.ON_VIEW, _JOBS.c.status.in_(LIVE_STATUSES)),
        ),
        _JOBS.c.deleted_at.is_(None),
    )
)


async def tracked_job(db: Database, job_id: str) -> TrackedJob:
    """The completed (or, rendered on view, being rendered and played live), not deleted job
    a beacon is for; VideoNotFound otherwise. A point read (app/pointread.py), outside any
    write transaction: every beacon asks it."""
    if len(job_id) > 64:
        raise VideoNotFound(job_id)
    row = await _TRACKED.one(db, job=job_id)
    if row is None:
        raise VideoNotFound(job_id)
    return TrackedJob(**row._asdict())


def is_bot(user_agent: str | None) -> bool:
    agent = (user_agent or "").lower()
    return any(marker in agent for marker in BOT_MARKERS)


def client_hash(address: str | None, secret: str, day: datetime) -> str | None:
    """A daily-salted hash of the client address (the address is never stored): the same
    client hashes alike within a UTC day only."""
    if not address:
        return None
    salt = f"{secret}:{day.date().isoformat()}"
    return hashlib.sha256(f"{salt}:{address}".encode()).hexdigest()


def check_scene(job: TrackedJob, beacon: Beacon) -> None:
    """InvalidBeacon for a scene the video does not have."""
    rendered = job.scene_starts_ms or {}
    if beacon.scene_index is not None and rendered and str(beacon.scene_index) not in rendered:
        shown = ", ".join(sorted(rendered, key=int))
        raise InvalidBeacon(
            f"metadata.sceneIndex {beacon.scene_index} is not a rendered scene of this video "
            f"(rendered scene indexes: {shown})"
        )


async def track(
    db: Database,
    job_id: str,
    beacon: Beacon,
    *,
    signed_sid: str | None,
    client: str | None,
    max_events: int,
) -> str:
    """POST /api/track: VideoNotFound for unknown, unfinished and deleted videos;
    InvalidBeacon for a scene the video does not have. Counted only for a session the
    server signed (`signed_sid`, app/viewers/sessions.py): "unsigned" otherwise, nothing
    stored and no transaction opened. A counted beacon is written by point writes in a
    transaction it shares with the beacons that came with it (app/groupcommit.py: one
    COMMIT for them all, in the order of their video and session); answered once that
    transaction has committed."""
    job = await tracked_job(db, job_id)
    check_scene(job, beacon)
    if signed_sid is None:
        return "unsigned"
    beacon = replace(
        beacon, session_id=signed_sid, metadata={**beacon.metadata, "sessionId": signed_sid}
    )
    return str(
        await db.group_commit.run(
            lambda tx: record(tx, job, beacon, client=client, max_events=max_events),
            order=(job.id, signed_sid),
        )
    )


async def purge_view_events(session: AsyncSession, retention_days: int) -> int:
    """Delete raw beacons older than the retention (the session rows stay)."""
    cutoff = utcnow() - timedelta(days=retention_days)
    result = await session.execute(delete(ViewEvent).where(ViewEvent.created_at < cutoff))
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
