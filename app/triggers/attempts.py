"""The send attempts of a trigger execution, on its row (compare-and-set updates).

Guarantee: at most once per successful render. An attempt is claimed (status `sending`,
attempts + 1) in its own committed transaction before anything is sent; only a failure the
channel reports before accepting the message (SMTP 4xx, refused or timed-out connections,
HTTP 429/5xx) puts it back to `rendered` with a backoff. A worker that dies mid-send leaves it
`sending`; once its lock expires the relay marks it `delivery_failed` (outcome unknown) and
never sends it again. Webhook deliveries are written into the webhooks outbox in the same
transaction that marks the execution delivered (then the webhooks system retries them)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import utcnow
from app.renders.models import RenderJob
from app.triggers import states
from app.triggers.models import TriggerExecution, TriggerRule

# Delay before attempts 2..5 (times settings.trigger_retry_scale); then delivery_failed.
RETRY_DELAYS_S: tuple[int, ...] = (60, 5 * 60, 30 * 60, 2 * 3600)
MAX_ATTEMPTS = len(RETRY_DELAYS_S) + 1
# How long a claim holds: beyond it the sender is taken for dead (SMTP timeout + margin).
LOCK_S = 120


@dataclass(frozen=True)
class Claimed:
    execution: TriggerExecution
    rule: TriggerRule
    job: RenderJob


async def due(session: AsyncSession, limit: int = 500) -> list[tuple[str, int]]:
    """(execution id, attempts made) of the deliveries due now."""
    rows = await session.execute(
        select(TriggerExecution.id, TriggerExecution.delivery_attempts)
        .where(
            TriggerExecution.status == states.RENDERED,
            TriggerExecution.next_attempt_at <= utcnow(),
        )
        .order_by(TriggerExecution.next_attempt_at)
        .limit(limit)
    )
    return [(i, n) for i, n in rows.all()]


async def claim(session: AsyncSession, execution_id: str, lock_s: float = LOCK_S) -> Claimed | None:
    """Hold the execution's next attempt when it is due and nobody holds it."""
    now = utcnow()
    result = await session.execute(
        update(TriggerExecution)
        .where(
            TriggerExecution.id == execution_id,
            TriggerExecution.status == states.RENDERED,
            or_(
                TriggerExecution.next_attempt_at.is_(None),
                TriggerExecution.next_attempt_at <= now + timedelta(seconds=1),
            ),
        )
        .values(
            status=states.SENDING,
            delivery_attempts=TriggerExecution.delivery_attempts + 1,
            locked_until=now + timedelta(seconds=lock_s),
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        return None
    execution = await session.get(TriggerExecution, execution_id, populate_existing=True)
    assert execution is not None
    rule = await session.get(TriggerRule, execution.rule_id)
    job = await session.get(RenderJob, execution.job_id) if execution.job_id else None
    if rule is None or job is None:
        await finish(session, execution, states.DELIVERY_FAILED, "the rule or the video is gone")
        return None
    return Claimed(execution, rule, job)


async def finish(
    session: AsyncSession, execution: TriggerExecution, status: str, reason: str | None
) -> None:
    now = utcnow()
    await session.execute(
        update(TriggerExecution)
        .where(TriggerExecution.id == execution.id, TriggerExecution.status == states.SENDING)
        .values(
            status=status,
            reason=reason,
            locked_until=None,
            next_attempt_at=None,
            delivered_at=now if status == states.DELIVERED else None,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )


async def retry_later(
    session: AsyncSession, execution: TriggerExecution, reason: str, scale: float
) -> str:
    """Back to `rendered` with a backoff, or delivery_failed after MAX_ATTEMPTS."""
    attempts = execution.delivery_attempts
    if attempts >= MAX_ATTEMPTS:
        await finish(
            session, execution, states.DELIVERY_FAILED, f"{reason} (gave up after {attempts})"
        )
        return states.DELIVERY_FAILED
    now = utcnow()
    await session.execute(
        update(TriggerExecution)
        .where(TriggerExecution.id == execution.id, TriggerExecution.status == states.SENDING)
        .values(
            status=states.RENDERED,
            reason=f"attempt {attempts} failed: {reason}",
            locked_until=None,
            next_attempt_at=now + timedelta(seconds=RETRY_DELAYS_S[attempts - 1] * scale),
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    return states.RENDERED


async def abandon_stuck(session: AsyncSession) -> int:
    """Sends whose worker died mid-send (lock expired): failed, never resent."""
    now = utcnow()
    result = await session.execute(
        update(TriggerExecution)
        .where(TriggerExecution.status == states.SENDING, TriggerExecution.locked_until < now)
        .values(
            status=states.DELIVERY_FAILED,
            reason="outcome unknown: the worker stopped while sending; not sent again "
            "(at most once)",
            locked_until=None,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
