"""The attempts of a webhook delivery (SPEC 3.4 states and the 6.1 retry schedule), written on
the outbox row with compare-and-set updates: an attempt is sent by the one worker that claimed
it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import utcnow
from app.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint

# SPEC 6.1: delay before attempts 2..6, and the timeout of attempts 1..6.
RETRY_DELAYS_S: tuple[int, ...] = (60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600)
ATTEMPT_TIMEOUTS_S: tuple[float, ...] = (5, 5, 5, 10, 10, 10)
MAX_ATTEMPTS = len(ATTEMPT_TIMEOUTS_S)
# Beyond the attempt's timeout, how long a claim holds before another worker may take over.
LOCK_MARGIN_S = 30
RETRY_AFTER_STATUSES = (429, 503)


def attempt_timeout(number: int) -> float:
    return ATTEMPT_TIMEOUTS_S[min(number, MAX_ATTEMPTS) - 1]


def retry_delay(attempts_made: int, scale: float, retry_after_s: float | None = None) -> float:
    """Seconds to wait before the next attempt after `attempts_made` failed ones: the SPEC
    step (times `scale`); a receiver's Retry-After may lengthen it up to the schedule's
    longest step, never shorten it."""
    delay = RETRY_DELAYS_S[attempts_made - 1] * scale
    if retry_after_s is not None:
        delay = max(delay, min(retry_after_s, RETRY_DELAYS_S[-1] * scale))
    return delay


@dataclass(frozen=True)
class Outcome:
    """What one HTTP attempt gave."""

    started_at: datetime
    status_code: int | None
    latency_ms: int
    error: str | None
    retry_after_s: float | None = None
    response_excerpt: str | None = None
    # Not sent: the URL breaks a rule (a private address, HTTP in production). Sending again
    # would be refused again, so the delivery fails at once.
    refused: bool = False

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300 and not self.error


@dataclass(frozen=True)
class Claimed:
    delivery: WebhookDelivery
    endpoint: WebhookEndpoint
    number: int  # the attempt being made, 1..6


async def endpoint_of(session: AsyncSession, delivery_id: str) -> str | None:
    return await session.scalar(
        select(WebhookDelivery.endpoint_id).where(WebhookDelivery.id == delivery_id)
    )


async def claim(
    session: AsyncSession, delivery_id: str, number: int, lock_s: float
) -> Claimed | None:
    """Hold attempt `number` of the delivery when it is due and nobody holds it."""
    now = utcnow()
    result = await session.execute(
        update(WebhookDelivery)
        .where(
            WebhookDelivery.id == delivery_id,
            WebhookDelivery.status.in_(("pending", "retrying")),
            WebhookDelivery.attempts_made == number - 1,
            WebhookDelivery.next_attempt_at <= now + timedelta(seconds=1),
            or_(WebhookDelivery.locked_until.is_(None), WebhookDelivery.locked_until < now),
        )
        .values(locked_until=now + timedelta(seconds=lock_s))
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        return None
    delivery = await session.get(WebhookDelivery, delivery_id, populate_existing=True)
    assert delivery is not None
    endpoint = await session.get(WebhookEndpoint, delivery.endpoint_id, populate_existing=True)
    assert endpoint is not None
    return Claimed(delivery, endpoint, number)


async def release(session: AsyncSession, delivery_id: str, number: int) -> None:
    """Let go of a claimed attempt without sending it (handed over again by the relay)."""
    await session.execute(
        update(WebhookDelivery)
        .where(WebhookDelivery.id == delivery_id, WebhookDelivery.attempts_made == number - 1)
        .values(locked_until=None)
        .execution_options(synchronize_session=False)
    )


@dataclass(frozen=True)
class Recorded:
    status: str  # delivered, retrying, failed
    next_attempt_at: datetime | None
    endpoint_disabled: str | None  # the reason, when this outcome disabled the endpoint


async def record(
    session: AsyncSession,
    claimed: Claimed,
    outcome: Outcome,
    *,
    retry_scale: float,
    disable_after_s: float,
) -> Recorded:
    """Store the attempt and move the delivery on: delivered, retry scheduled, or failed after
    the last attempt (or at once on a 410, which also disables the endpoint, and on a URL the
    guard refuses)."""
    delivery, number = claimed.delivery, claimed.number
    now = utcnow()
    # Fresh, in this session: the endpoint may have changed while the attempt was out.
    endpoint = await session.get(
        WebhookEndpoint, delivery.endpoint_id, populate_existing=True, with_for_update=True
    )
    if endpoint is None:  # deleted meanwhile (its deliveries went with it)
        return Recorded("failed", None, None)
    session.add(
        WebhookAttempt(
            delivery_id=delivery.id,
            number=number,
            started_at=outcome.started_at,
            status_code=outcome.status_code,
            latency_ms=outcome.latency_ms,
            error=outcome.error,
            response_excerpt=outcome.response_excerpt,
        )
    )
    disabled: str | None = None
    next_at: datetime | None = None
    if outcome.ok:
        status = "delivered"
        endpoint.failing_since = None
    else:
        endpoint.failing_since = endpoint.failing_since or outcome.started_at
        if outcome.status_code == 410:
            disabled = f"the receiver answered 410 Gone on {now.isoformat()}"
        elif now - endpoint.failing_since >= timedelta(seconds=disable_after_s):
            disabled = (
                f"every delivery failed since {endpoint.failing_since.isoformat()} "
                f"(more than {disable_after_s / 3600:g} h); last error: {describe(outcome)}"
            )
        if disabled or number >= MAX_ATTEMPTS or outcome.refused:
            status = "failed"
        else:
            status = "retrying"
            delay = retry_delay(number, retry_scale, _retry_after(outcome))
            next_at = now + timedelta(seconds=delay)
    if disabled and endpoint.active:
        endpoint.active = False
        endpoint.disabled_reason = disabled
        endpoint.disabled_at = now
    await session.execute(
        update(WebhookDelivery)
        .where(WebhookDelivery.id == delivery.id, WebhookDelivery.attempts_made == number - 1)
        .values(
            status=status,
            attempts_made=number,
            next_attempt_at=next_at,
            locked_until=None,
            delivered_at=now if status == "delivered" else None,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    return Recorded(status, next_at, disabled)


async def give_up(session: AsyncSession, claimed: Claimed, reason: str) -> None:
    """Fail the delivery without sending (its endpoint is disabled or was deleted)."""
    now = utcnow()
    session.add(
        WebhookAttempt(
            delivery_id=claimed.delivery.id,
            number=claimed.number,
            started_at=now,
            error=reason,
        )
    )
    await session.execute(
        update(WebhookDelivery)
        .where(WebhookDelivery.id == claimed.delivery.id)
        .values(
            status="failed",
            attempts_made=claimed.number,
            next_attempt_at=None,
            locked_until=None,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )


def _retry_after(outcome: Outcome) -> float | None:
    return outcome.retry_after_s if outcome.status_code in RETRY_AFTER_STATUSES else None


def describe(outcome: Outcome) -> str:
    if outcome.error:
        return outcome.error
    return f"HTTP {outcome.status_code}"


async def due(session: AsyncSession, limit: int = 500) -> list[tuple[str, int]]:
    """(delivery id, attempt number) of every attempt due now that no live worker holds:
    what the relay hands to arq (arq dedupes on the job id, so handing twice is harmless)."""
    now = utcnow()
    rows = await session.execute(
        select(WebhookDelivery.id, WebhookDelivery.attempts_made)
        .where(
            WebhookDelivery.status.in_(("pending", "retrying")),
            WebhookDelivery.next_attempt_at <= now,
            or_(WebhookDelivery.locked_until.is_(None), WebhookDelivery.locked_until < now),
        )
        .order_by(WebhookDelivery.next_attempt_at)
        .limit(limit)
    )
    return [(delivery_id, made + 1) for delivery_id, made in rows]
