"""What follows a job's outcome, written in the same transaction as the outcome itself: the
webhooks outbox (render.complete / render.failed and batch milestones) and the trigger
execution it belongs to (its delivery due, or recorded as failed). The worker's outcome writes
and the cancel path of DELETE /api/render/{id} call this one function."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from app.renders.models import RenderJob
from app.triggers import outbox as trigger_outbox
from app.webhooks import outbox as webhook_outbox


async def job_finished(session: AsyncSession, job: RenderJob, output_url: str | None) -> None:
    """Record what the outcome of `job` (already written in this session) sets off."""
    await webhook_outbox.job_finished(session, job, output_url)
    await trigger_outbox.job_finished(session, job)
