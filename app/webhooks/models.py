"""Webhook endpoints, their deliveries (the outbox) and each delivery's attempts."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base, IdMixin, TimestampMixin


class WebhookEndpoint(IdMixin, TimestampMixin, Base):
    """A URL an account registered for some events; disabled (active false) with a reason."""

    __tablename__ = "webhook_endpoints"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    url: Mapped[str] = mapped_column(String(2000))
    description: Mapped[str] = mapped_column(String(500), default="")
    events: Mapped[list[Any]] = mapped_column(default=list)
    # Sealed (app/sealing.py, under a key derived from the secret key): every delivery is signed
    # with it (shown whole only at creation/rotation; `reelsmith secrets reseal` after a rotation).
    secret: Mapped[str] = mapped_column(String(255))
    # After a rotation the old secret signs alongside the new one until it expires.
    previous_secret: Mapped[str | None] = mapped_column(String(255), default=None)
    previous_secret_expires_at: Mapped[datetime | None] = mapped_column(default=None)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    disabled_reason: Mapped[str | None] = mapped_column(Text, default=None)
    disabled_at: Mapped[datetime | None] = mapped_column(default=None)
    # First failed attempt since the last success (None while the receiver answers).
    failing_since: Mapped[datetime | None] = mapped_column(default=None)


class WebhookDelivery(IdMixin, TimestampMixin, Base):
    """One event for one endpoint: the outbox row, written in the same transaction as the
    state change that caused it, and the truth about the delivery (arq only holds a copy)."""

    __tablename__ = "webhook_deliveries"

    endpoint_id: Mapped[str] = mapped_column(
        ForeignKey("webhook_endpoints.id", ondelete="CASCADE"), index=True
    )
    account_id: Mapped[str] = mapped_column(String(36), index=True)
    event: Mapped[str] = mapped_column(String(40))
    # The `webhook-id` header: stable over retries and shared by redeliveries of one message.
    message_id: Mapped[str] = mapped_column(String(36), index=True)
    # The exact bytes sent (signatures are over them; every attempt sends the same body).
    body: Mapped[str] = mapped_column(Text)
    # pending (attempt 1 due), retrying, delivered, failed
    status: Mapped[str] = mapped_column(String(16), default="pending", index=True)
    attempts_made: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime | None] = mapped_column(default=None, index=True)
    # Held by the worker sending an attempt; an expired lock means that worker died.
    locked_until: Mapped[datetime | None] = mapped_column(default=None)
    delivered_at: Mapped[datetime | None] = mapped_column(default=None)
    redelivery_of: Mapped[str | None] = mapped_column(String(36), default=None)


class WebhookAttempt(IdMixin, Base):
    """One HTTP POST of a delivery and what came back."""

    __tablename__ = "webhook_attempts"
    __table_args__ = (UniqueConstraint("delivery_id", "number", name="uq_webhook_attempt_number"),)

    delivery_id: Mapped[str] = mapped_column(
        ForeignKey("webhook_deliveries.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime]
    status_code: Mapped[int | None] = mapped_column(Integer, default=None)
    latency_ms: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str | None] = mapped_column(Text, default=None)
    response_excerpt: Mapped[str | None] = mapped_column(Text, default=None)
