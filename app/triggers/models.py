"""Trigger rules, the throttle rows that make "one trigger per (rule, recipient) per window"
atomic, each rule's executions (one per matched event, carrying its delivery) and the
recipients who unsubscribed."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base, IdMixin, TimestampMixin, utcnow
from app.renders.states import RenderOn


class TriggerRule(IdMixin, TimestampMixin, Base):
    __tablename__ = "trigger_rules"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(200))
    event_type: Mapped[str] = mapped_column(String(20))
    # {field, op, value} or {all: [...]} / {any: [...]} (app/triggers/conditions.py)
    condition: Mapped[dict[str, Any]] = mapped_column()
    template_id: Mapped[str] = mapped_column(String(64))
    channel: Mapped[str] = mapped_column(String(10))
    # email: subject, body; sms: text; webhook: endpointId
    channel_settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # template slot key -> dotted path into the event data (beyond the automatic key/alias map)
    data_mapping: Mapped[dict[str, Any]] = mapped_column(default=dict)
    throttle_days: Mapped[int] = mapped_column(Integer, default=30)
    campaign_id: Mapped[str | None] = mapped_column(String(64), default=None)
    # RenderOn: `now`, or `on_view` (the job waits for its page's first open; the message is
    # sent once its poster is made)
    render_on: Mapped[str] = mapped_column(
        String(16), default=RenderOn.NOW.value, server_default=RenderOn.NOW.value
    )
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)


class TriggerThrottle(Base):
    """One row per (rule, recipient): taken by an upsert that only succeeds when the window
    has ended, so two ingests racing for the same recipient cannot both trigger."""

    __tablename__ = "trigger_throttles"

    rule_id: Mapped[str] = mapped_column(
        ForeignKey("trigger_rules.id", ondelete="CASCADE"), primary_key=True
    )
    recipient_id: Mapped[str] = mapped_column(String(255), primary_key=True)
    until: Mapped[datetime] = mapped_column()


class TriggerExecution(IdMixin, TimestampMixin, Base):
    """What one event did for one rule, and the delivery of its video (the outbox row the
    deliveries worker sends from)."""

    __tablename__ = "trigger_executions"
    __table_args__ = (UniqueConstraint("rule_id", "event_id", name="uq_trigger_execution_event"),)

    rule_id: Mapped[str] = mapped_column(
        ForeignKey("trigger_rules.id", ondelete="CASCADE"), index=True
    )
    account_id: Mapped[str] = mapped_column(String(36), index=True)
    event_id: Mapped[str | None] = mapped_column(String(255), default=None)
    recipient_id: Mapped[str] = mapped_column(String(255))
    recipient_email: Mapped[str | None] = mapped_column(String(320), default=None)
    recipient_phone: Mapped[str | None] = mapped_column(String(32), default=None)
    recipient_name: Mapped[str | None] = mapped_column(String(200), default=None)
    # matched, throttled, error, unsubscribed, render_failed, rendered, sending, delivered,
    # delivery_failed (app/triggers/states.py)
    status: Mapped[str] = mapped_column(String(20), index=True)
    job_id: Mapped[str | None] = mapped_column(String(36), default=None, index=True)
    reason: Mapped[str | None] = mapped_column(Text, default=None)
    delivery_attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime | None] = mapped_column(default=None, index=True)
    locked_until: Mapped[datetime | None] = mapped_column(default=None)
    rendered_at: Mapped[datetime | None] = mapped_column(default=None)
    delivered_at: Mapped[datetime | None] = mapped_column(default=None)


class TriggerUnsubscribe(Base):
    """A recipient who followed an unsubscribe link: later triggers of the account skip them."""

    __tablename__ = "trigger_unsubscribes"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    recipient_id: Mapped[str] = mapped_column(String(255), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
