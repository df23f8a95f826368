"""When a triggered execution's message is due (the outbox row the deliveries worker sends from).

A `now` rule's message waits for the video: where a render's outcome is written
(app/outcomes.py), in the same transaction, a completed job makes it due and a failed one is
recorded with nothing sent. An `on_view` rule's message carries the player link and the poster
before any render: it is due when the poster's worker is done (`poster_done`), or at the latest
ON_VIEW_POSTER_WAIT_S after the event if that never comes (the link works without a poster)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import utcnow
from app.renders.models import RenderJob
from app.renders.states import JobStatus, RenderOn
from app.triggers import states
from app.triggers.models import TriggerExecution

ON_VIEW_POSTER_WAIT_S = 120


def on_view_due_at(now: datetime) -> datetime:
    """When an on-view execution's message is sent if its poster's worker never says so."""
    return now + timedelta(seconds=ON_VIEW_POSTER_WAIT_S)


async def poster_done(session: AsyncSession, job_id: str) -> None:
    """The on-view job's poster is made (or could not be): its messages are due now."""
    now = utcnow()
    await session.execute(
        update(TriggerExecution)
        .where(
            TriggerExecution.job_id == job_id,
            TriggerExecution.status == states.RENDERED,
            TriggerExecution.delivery_attempts == 0,
            TriggerExecution.next_attempt_at > now,
        )
        .values(next_attempt_at=now, updated_at=now)
        .execution_options(synchronize_session=False)
    )


async def job_finished(session: AsyncSession, job: RenderJob) -> None:
    now = utcnow()
    if job.status == JobStatus.COMPLETE and job.render_on == RenderOn.ON_VIEW:
        # its message went out with the player link before the render: note when it rendered
        await session.execute(
            update(TriggerExecution)
            .where(TriggerExecution.job_id == job.id, TriggerExecution.rendered_at.is_(None))
            .values(rendered_at=now, updated_at=now)
            .execution_options(synchronize_session=False)
        )
        return
    if job.status == JobStatus.COMPLETE:
        values = {
            "status": states.RENDERED,
            "rendered_at": now,
            "next_attempt_at": now,
            "updated_at": now,
        }
    else:
        values = {
            "status": states.RENDER_FAILED,
            "reason": f"render failed, nothing sent: {job.error or 'no reason given'}",
            "updated_at": now,
        }
    await session.execute(
        update(TriggerExecution)
        .where(TriggerExecution.job_id == job.id, TriggerExecution.status == states.MATCHED)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
