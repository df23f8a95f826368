"""Called where a render's outcome is written (app/outcomes.py), in the same transaction:
a triggered job that completed makes its execution's delivery due (the outbox row the
deliveries worker sends from); one that failed is recorded and nothing is sent."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import utcnow
from app.renders.models import RenderJob
from app.renders.states import JobStatus
from app.triggers import states
from app.triggers.models import TriggerExecution


async def job_finished(session: AsyncSession, job: RenderJob) -> None:
    now = utcnow()
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
