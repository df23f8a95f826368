"""A beacon counted: the raw event and its viewing session's row.

A beacon costs one INSERT of the raw event (ON CONFLICT DO NOTHING on its dedupe key: a
repeated beacon stops there) and one upsert of the session row (ON CONFLICT DO UPDATE ...
WHERE events_counted < cap, RETURNING the row). Nothing is scanned; analytics reads the
session rows. The `video.viewed` webhook is recorded in the same transaction by a
compare-and-set on `viewed_notified`, so exactly once per session. The statements are built
once per database kind (and kind of session change): every beacon runs them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam, case, delete, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import new_id, upsert_insert, utcnow
from app.pointtx import PointTx, dialect_name
from app.pointwrite import PointWrite
from app.renders.models import RenderJob
from app.viewers.errors import InvalidBeacon
from app.viewers.models import ViewEvent, ViewSession
from app.viewers.schemas import CTA_CLICKED, TRACK_EVENTS
from app.webhooks import events as webhook_events
from app.webhooks import outbox

# A session counts as a view (video.viewed) once a beacon shows this much watched.
VIEWED_AFTER_MS = 3000
QUARTILES = {"video_25": 25, "video_50": 50, "video_75": 75, "video_completed": 100}


@dataclass(frozen=True)
class TrackedJob:
    """What counting a beacon needs of its job (read by primary key, without the spec)."""

    id: str
    account_id: str
    batch_id: str | None
    campaign_id: str | None
    variant_id: str | None
    display_name: str
    duration_ms: int | None
    scene_starts_ms: dict[str, Any]

    @classmethod
    def of(cls, job: RenderJob) -> TrackedJob:
        return cls(**{name: getattr(job, name) for name in TRACKED_COLUMNS})


TRACKED_COLUMNS = tuple(TrackedJob.__dataclass_fields__)


def dedupe_key(job_id: str, session_id: str, event: str, discriminator: int | None) -> str:
    raw = f"{job_id}\x1f{session_id}\x1f{event}\x1f{'' if discriminator is None else discriminator}"
    return hashlib.sha256(raw.encode()).hexdigest()


@dataclass(frozen=True)
class Beacon:
    """A checked beacon: what it changes in the session row."""

    event: str
    session_id: str
    scene_index: int | None  # scene_entered
    ordinal: int | None  # video_replayed and remix_*: the n-th of the session (dedupe)
    watched_ms: int
    metadata: dict[str, Any]


def _int_field(metadata: dict[str, Any], name: str, low: int, high: int) -> int | None:
    value = metadata.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise InvalidBeacon(f"metadata.{name} must be a number from {low} to {high}; got {value!r}")
    return int(value)


def check_beacon(
    event: str, metadata: dict[str, Any] | None, max_metadata_bytes: int, fallback_session: str
) -> Beacon:
    """InvalidBeacon naming the field for an unknown event, oversized or malformed metadata."""
    if event not in TRACK_EVENTS:
        raise InvalidBeacon(f"event '{event}' is not accepted; accepted: {', '.join(TRACK_EVENTS)}")
    metadata = dict(metadata or {})
    size = len(json.dumps(metadata, separators=(",", ":")).encode())
    if size > max_metadata_bytes:
        raise InvalidBeacon(
            f"metadata is {size} bytes as JSON; the limit is {max_metadata_bytes} bytes"
        )
    session_id = metadata.get("sessionId", fallback_session)
    if not isinstance(session_id, str) or not 1 <= len(session_id) <= 64:
        raise InvalidBeacon("metadata.sessionId must be a string of 1 to 64 characters")
    scene_index = _int_field(metadata, "sceneIndex", 0, 63)
    if event == "scene_entered" and scene_index is None:
        raise InvalidBeacon("metadata.sceneIndex is required for scene_entered (0 to 63)")
    ordinal = None
    if event == "video_replayed" or event.startswith("remix_"):
        ordinal = _int_field(metadata, "count", 1, 1000) or 1
    watched = _int_field(metadata, "watchedMs", 0, 24 * 3600 * 1000) or 0
    return Beacon(
        event=event,
        session_id=session_id,
        scene_index=scene_index if event == "scene_entered" else None,
        ordinal=ordinal,
        watched_ms=watched,
        metadata=metadata,
    )


def _position_ms(job: TrackedJob, beacon: Beacon) -> int:
    """How far into the video the beacon shows the viewer got (ms)."""
    duration = job.duration_ms or 0
    if beacon.event in QUARTILES:
        return duration * QUARTILES[beacon.event] // 100
    if beacon.event == "scene_entered":
        return int((job.scene_starts_ms or {}).get(str(beacon.scene_index), 0))
    return 0


def _percent(job: TrackedJob, position_ms: int) -> int:
    duration = job.duration_ms or 0
    return min(100, position_ms * 100 // duration) if duration else 0


def _changes(job: TrackedJob, beacon: Beacon) -> dict[str, Any]:
    """Column -> new value for a fresh session row (the update is derived from it)."""
    event = beacon.event
    row: dict[str, Any] = {}
    if event == "page_view":
        row["page_viewed"] = True
    elif event == "email_opened":
        row["email_opened"] = True
    elif event in ("video_started", "video_replayed") or event in QUARTILES:
        row["started"] = True
    if event in QUARTILES:
        row["furthest_percent"] = QUARTILES[event]
    if event == "video_completed":
        row["completed"] = True
    if event == "scene_entered":
        row["started"] = True
        row["scenes_entered"] = 1 << int(beacon.scene_index or 0)
        row["furthest_percent"] = _percent(job, _position_ms(job, beacon))
    if event == "video_replayed":
        row["replays"] = 1
    if event.startswith("remix_"):
        row["remixes"] = 1
    if event in ("shared", "downloaded"):
        row[event] = True
    if event == CTA_CLICKED:
        row["cta_clicked"] = True
    return row


# The statements of `record`, built once per database kind (and per kind of session change):
# every beacon runs them. Values are bound per call.
@lru_cache(maxsize=4)
def _store_event(dialect: str) -> Any:
    table = ViewEvent.__table__
    return (
        upsert_insert(dialect)(table)
        .on_conflict_do_nothing(index_elements=["dedupe_key"])
        .returning(table.c.id)
    )


@lru_cache(maxsize=128)
def _count_in_session(dialect: str, fields: tuple[str, ...]) -> Any:
    """The session row's upsert for a beacon changing `fields` (`_changes`): a new row with
    them, or the row grown by them while it has counted fewer than `max_events` beacons."""
    table = ViewSession.__table__
    col = table.c
    statement = upsert_insert(dialect)(table)
    new = statement.excluded
    grow: dict[str, Any] = {
        "last_seen_at": new.last_seen_at,
        "events_counted": col.events_counted + 1,
    }
    for name in fields:
        if name in ("replays", "remixes"):
            grow[name] = col[name] + 1
        elif name == "furthest_percent":
            grow[name] = case(
                (col.furthest_percent < new.furthest_percent, new.furthest_percent),
                else_=col.furthest_percent,
            )
        elif name == "scenes_entered":
            grow[name] = col.scenes_entered.op("|")(new.scenes_entered)
        else:
            grow[name] = new[name]
    return statement.on_conflict_do_update(
        index_elements=["job_id", "session_id"],
        set_=grow,
        where=col.events_counted < bindparam("max_events"),
    ).returning(col.id, col.viewed_notified)


_FORGET_EVENT = PointWrite(
    delete(ViewEvent.__table__).where(ViewEvent.__table__.c.id == bindparam("event"))
)
# Run on the beacon's transaction's driver connection (app/pointwrite.py): every beacon.
_EVENT_KEYS = ("job_id", "session_id", "event", "scene_index", "dedupe_key", "event_metadata",
               "client_hash", "created_at")  # fmt: skip
_SESSION_KEYS = ("id", "job_id", "session_id", "account_id", "batch_id", "campaign_id",
                 "variant_id", "first_seen_at", "last_seen_at", "events_counted")  # fmt: skip


@lru_cache(maxsize=4)
def _store_event_on(dialect: str) -> PointWrite:
    return PointWrite(_store_event(dialect), keys=_EVENT_KEYS)


@lru_cache(maxsize=128)
def _count_in_session_on(dialect: str, fields: tuple[str, ...]) -> PointWrite:
    return PointWrite(_count_in_session(dialect, fields), keys=[*_SESSION_KEYS, *fields])


async def record(
    session: AsyncSession | PointTx,
    job: TrackedJob,
    beacon: Beacon,
    *,
    client: str | None,
    max_events: int,
    now: datetime | None = None,
) -> str:
    """Count one beacon for a playable job: "counted", "duplicate" or "capped"."""
    now = now or utcnow()
    dialect = dialect_name(session)
    discriminator = beacon.scene_index if beacon.scene_index is not None else beacon.ordinal
    stored = await _store_event_on(dialect).first(
        session,
        job_id=job.id,
        session_id=beacon.session_id,
        event=beacon.event,
        scene_index=beacon.scene_index,
        dedupe_key=dedupe_key(job.id, beacon.session_id, beacon.event, discriminator),
        event_metadata=beacon.metadata,
        client_hash=client,
        created_at=now,
    )
    if stored is None:
        return "duplicate"
    fresh = _changes(job, beacon)
    row = await _count_in_session_on(dialect, tuple(sorted(fresh))).first(
        session,
        id=new_id(),
        job_id=job.id,
        session_id=beacon.session_id,
        account_id=job.account_id,
        batch_id=job.batch_id,
        campaign_id=job.campaign_id,
        variant_id=job.variant_id,
        first_seen_at=now,
        last_seen_at=now,
        events_counted=1,
        max_events=max_events,
        **fresh,
    )
    if row is None:  # the session already counted `max_events` beacons
        await _FORGET_EVENT.run(session, event=stored.id)
        return "capped"
    reached = max(beacon.watched_ms, _position_ms(job, beacon))
    if not row.viewed_notified and reached >= VIEWED_AFTER_MS:
        await _notify_viewed(session, job, row.id, beacon.session_id, now)
    return "counted"


_FLIP_VIEWED = PointWrite(
    update(ViewSession.__table__)
    .where(ViewSession.id == bindparam("row"), ViewSession.viewed_notified.is_(False))
    .values(viewed_notified=True)
)


async def _notify_viewed(
    session: AsyncSession | PointTx, job: TrackedJob, row_id: str, session_id: str, now: datetime
) -> None:
    """video.viewed, once per session: the flag flips by compare-and-set in this transaction
    (point writes, like the rest of the beacon)."""
    if await _FLIP_VIEWED.run(session, row=row_id) != 1:
        return
    data = webhook_events.video_viewed(
        job_id=job.id,
        display_name=job.display_name,
        batch_id=job.batch_id,
        campaign_id=job.campaign_id,
        session_id=session_id,
        viewed_at=now,
    )
    await outbox.emit(session, job.account_id, webhook_events.VIDEO_VIEWED, data)


def session_beacon(event: str, session_id: str) -> Beacon:
    """A beacon recorded by our own routes (CTA click, email open)."""
    return Beacon(event, session_id, None, None, 0, {"sessionId": session_id})
