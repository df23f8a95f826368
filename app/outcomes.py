"""What a render's outcome sets off, written in the same transaction as the outcome itself: its
webhook events (render.complete / render.failed, batch milestones: app/renders/outcomes.py)
and the trigger execution it belongs to (its delivery due, or recorded as failed:
app/triggers/outbox.py). The worker's outcome writes (worker/jobs.py) call `job_finished`; the
cancel path of DELETE /api/render/{id} gets it from the app (state.get_job_finished), since
renders may not import triggers, which sit above it."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from app.renders import outcomes as render_outcomes
from app.renders.models import RenderJob
from app.triggers import outbox as trigger_outbox


async def job_finished(session: AsyncSession, job: RenderJob, output_url: str | None) -> None:
    """Record what the outcome of `job` (already written in this session) sets off."""
    await render_outcomes.job_events(session, job, output_url)
    await trigger_outbox.job_finished(session, job)
