"""Render jobs and batches."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base, IdMixin, TimestampMixin
from app.renders.states import JobStage, JobStatus, RenderOn


class Batch(IdMixin, TimestampMixin, Base):
    """One CSV-style batch: N jobs that share a template; status is derived from its jobs."""

    __tablename__ = "render_batches"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    # Plain string: projects live in another domain; no FK so either can ship first.
    project_id: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    template_id: Mapped[str] = mapped_column(String(64))
    total_rows: Mapped[int] = mapped_column(Integer)
    headers: Mapped[list[Any]] = mapped_column(default=list)
    # header -> data slot key (or null for a column kept as extra data)
    mapping: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # Webhook milestones already emitted (bits: 25 %, 50 %, 75 %, complete); set by a
    # compare-and-set so each fires once however many workers finish jobs at once.
    milestones_sent: Mapped[int] = mapped_column(Integer, default=0)
    # A/B: the variants as requested ({id, label, splitPercent, ...}), [] when not an A/B batch,
    # and the metric that decides the winner.
    variants: Mapped[list[Any]] = mapped_column(default=list)
    primary_metric: Mapped[str | None] = mapped_column(String(32), default=None)


class RenderJob(IdMixin, TimestampMixin, Base):
    """One video to render. The database row is the truth; the arq queue is a cache of it."""

    __tablename__ = "render_jobs"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    batch_id: Mapped[str | None] = mapped_column(
        ForeignKey("render_batches.id", ondelete="CASCADE"), default=None, index=True
    )
    row_number: Mapped[int | None] = mapped_column(Integer, default=None)
    project_id: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    template_id: Mapped[str] = mapped_column(String(64))
    display_name: Mapped[str] = mapped_column(String(300), default="")
    status: Mapped[str] = mapped_column(String(16), default=JobStatus.PENDING.value, index=True)
    stage: Mapped[str] = mapped_column(String(32), default=JobStage.QUEUED.value)
    progress: Mapped[int] = mapped_column(Integer, default=0)
    # The resolved job, a RenderJobSpec (app/renders/job.py) as JSON: what the worker renders.
    request: Mapped[dict[str, Any]] = mapped_column(default=dict)
    error: Mapped[str | None] = mapped_column(Text, default=None)
    output_key: Mapped[str | None] = mapped_column(String(300), default=None)
    thumbnail_keys: Mapped[list[Any]] = mapped_column(default=list)
    # When each rendered scene is fully in (its start plus its entry transition), in ms, keyed
    # by template scene index: where a thumbnail by sceneIndex is cut.
    scene_fully_in_ms: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # When each rendered scene starts, in ms, keyed by template scene index (the player's
    # scene_entered beacons are computed from these).
    scene_starts_ms: Mapped[dict[str, Any]] = mapped_column(default=dict)
    duration_ms: Mapped[int | None] = mapped_column(Integer, default=None)
    # The poster frame (PNG) and short preview GIF made at completion (storage keys).
    poster_key: Mapped[str | None] = mapped_column(String(300), default=None)
    preview_gif_key: Mapped[str | None] = mapped_column(String(300), default=None)
    # The poster's time in the video (ms, on its frame grid: frame n is at n * 1000 / fps),
    # where the preview GIF starts; None before completion and for jobs older than it.
    poster_at_ms: Mapped[float | None] = mapped_column(Float, default=None)
    # The quality report of the finished file ({status, checks: [{name, status, detail}]},
    # worker/render/quality/); None before completion and for jobs older than it.
    quality: Mapped[dict[str, Any] | None] = mapped_column(default=None)
    # The trigger campaign this job belongs to (TriggerRule.campaign_id, the caller's own id),
    # None for jobs not made by a rule with one: analytics accept it in place of a batch id.
    campaign_id: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    # The A/B variant this job belongs to (Batch.variants[].id), None outside A/B batches.
    variant_id: Mapped[str | None] = mapped_column(String(64), default=None)
    # When it renders (RenderOn): `now`, or `on_view` (awaiting_view until its page is opened).
    render_on: Mapped[str] = mapped_column(
        String(16), default=RenderOn.NOW.value, server_default=RenderOn.NOW.value
    )
    # Who spoke the voiceovers: one entry per spoken scene (sceneIndex, engine, voice).
    voiceovers: Mapped[list[Any]] = mapped_column(default=list)
    worker_id: Mapped[str | None] = mapped_column(String(120), default=None)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    enqueued_at: Mapped[datetime | None] = mapped_column(default=None, index=True)
    started_at: Mapped[datetime | None] = mapped_column(default=None)
    completed_at: Mapped[datetime | None] = mapped_column(default=None)
    deleted_at: Mapped[datetime | None] = mapped_column(default=None)
    # Set in the same transaction as the refund: a job is refunded at most once.
    refunded: Mapped[bool] = mapped_column(Boolean, default=False)


class RenderChunk(IdMixin, TimestampMixin, Base):
    """One piece of a long render spread across workers (worker/pieces/): a frame range to
    capture (`kind` capture), or the final assembly (`kind` assemble: concat + mux, which
    becomes claimable once every capture piece of its plan is done). A plan belongs to one
    attempt of its job (`plan_attempt`); rows of an older attempt are leftovers."""

    # Stored names predate the code's words: a "chunk" here is a piece, and `segment_keys`
    # holds the piece's runs (worker/render/capture.py).

    __tablename__ = "render_chunks"
    __table_args__ = (
        UniqueConstraint("job_id", "plan_attempt", "index", name="uq_render_chunks_piece"),
    )

    job_id: Mapped[str] = mapped_column(
        ForeignKey("render_jobs.id", ondelete="CASCADE"), index=True
    )
    plan_attempt: Mapped[int] = mapped_column(Integer)
    index: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    # waiting (assembly before its pieces are done), pending, processing, done, failed
    status: Mapped[str] = mapped_column(String(16), index=True)
    frame_start: Mapped[int] = mapped_column(Integer, default=0)
    # None: to the end of the composition (the last piece; the page says where that is)
    frame_stop: Mapped[int | None] = mapped_column(Integer, default=None)
    frames_done: Mapped[int] = mapped_column(Integer, default=0)
    # The stored H.264 runs of the piece, in order (storage keys).
    segment_keys: Mapped[list[Any]] = mapped_column(default=list)
    # The assembly's inputs besides the runs: timing, scenes, who spoke (JSON).
    meta: Mapped[dict[str, Any]] = mapped_column(default=dict)
    worker_id: Mapped[str | None] = mapped_column(String(120), default=None)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
