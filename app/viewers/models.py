"""Engagement as it is written: one row per (video, viewing session), updated as beacons arrive,
and the raw beacons for a retention period. Analytics reads the session rows, never the raw
events, so a campaign's numbers cost the same however many beacons were sent."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base, IdMixin


class ViewSession(IdMixin, Base):
    """One viewing session of one video (`metadata.sessionId` of the player, one per page view):
    how far it got and what it did."""

    __tablename__ = "view_sessions"
    __table_args__ = (
        UniqueConstraint("job_id", "session_id", name="uq_view_sessions_job_session"),
        Index("ix_view_sessions_batch_variant", "batch_id", "variant_id"),
    )

    job_id: Mapped[str] = mapped_column(
        ForeignKey("render_jobs.id", ondelete="CASCADE"), index=True
    )
    session_id: Mapped[str] = mapped_column(String(64))
    # Copied from the job when the session is created, so campaign queries need no join.
    account_id: Mapped[str] = mapped_column(String(64), index=True)
    batch_id: Mapped[str | None] = mapped_column(String(64), default=None)
    campaign_id: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    variant_id: Mapped[str | None] = mapped_column(String(64), default=None)
    first_seen_at: Mapped[datetime]
    last_seen_at: Mapped[datetime]
    page_viewed: Mapped[bool] = mapped_column(Boolean, default=False)
    email_opened: Mapped[bool] = mapped_column(Boolean, default=False)
    started: Mapped[bool] = mapped_column(Boolean, default=False)
    # Furthest point reached (quartile beacons and scene entries), percent of the video.
    furthest_percent: Mapped[int] = mapped_column(Integer, default=0)
    # Template scene indexes entered, as a bit set (bit i = scene i; templates have < 64).
    scenes_entered: Mapped[int] = mapped_column(BigInteger, default=0)
    completed: Mapped[bool] = mapped_column(Boolean, default=False)
    cta_clicked: Mapped[bool] = mapped_column(Boolean, default=False)
    shared: Mapped[bool] = mapped_column(Boolean, default=False)
    downloaded: Mapped[bool] = mapped_column(Boolean, default=False)
    replays: Mapped[int] = mapped_column(Integer, default=0)
    remixes: Mapped[int] = mapped_column(Integer, default=0)
    # Beacons counted for this session (capped; beyond the cap they are ignored).
    events_counted: Mapped[int] = mapped_column(Integer, default=0)
    # The `video.viewed` webhook event was recorded for this session (at most once).
    viewed_notified: Mapped[bool] = mapped_column(Boolean, default=False)


class ViewEvent(Base):
    """A raw beacon, kept for `REELSMITH_VIEW_EVENTS_RETENTION_DAYS`; deduplicated per
    (video, session, event, scene) by `dedupe_key`."""

    __tablename__ = "view_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    job_id: Mapped[str] = mapped_column(
        ForeignKey("render_jobs.id", ondelete="CASCADE"), index=True
    )
    session_id: Mapped[str] = mapped_column(String(64))
    event: Mapped[str] = mapped_column(String(32))
    scene_index: Mapped[int | None] = mapped_column(Integer, default=None)
    # sha256 of job, session, event and scene: a repeated beacon is not stored or counted twice.
    dedupe_key: Mapped[str] = mapped_column(String(64), unique=True)
    event_metadata: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # A daily-salted hash of the client address (the address itself is never stored).
    client_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime] = mapped_column(index=True)
