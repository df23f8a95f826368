"""The webhook events of a job's outcome, written in the transaction that writes the outcome
(app/webhooks/outbox.py): render.complete or render.failed, and the batch milestones it
reached, each exactly once. app/outcomes.py calls this with what else the outcome sets off."""

from __future__ import annotations

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import utcnow
from app.renders.models import Batch, RenderJob
from app.renders.states import JobStatus
from app.webhooks import events, outbox


async def job_events(session: AsyncSession, job: RenderJob, output_url: str | None) -> None:
    """render.complete or render.failed for a job whose outcome was just written in this
    session's transaction, and the batch milestones it reached."""
    if job.status == JobStatus.COMPLETE:
        data = events.render_complete(
            job_id=job.id,
            template_id=job.template_id,
            output_url=output_url,
            display_name=job.display_name,
            created_at=job.created_at,
            started_at=job.started_at,
            completed_at=job.completed_at,
            batch_id=job.batch_id,
            quality=job.quality,
        )
        await outbox.emit(session, job.account_id, events.RENDER_COMPLETE, data)
    else:
        data = events.render_failed(
            job_id=job.id,
            template_id=job.template_id,
            error=job.error or "",
            created_at=job.created_at,
            failed_at=job.completed_at,
            batch_id=job.batch_id,
        )
        await outbox.emit(session, job.account_id, events.RENDER_FAILED, data)
    if job.batch_id:
        await batch_milestones(session, job.batch_id)


async def batch_milestones(session: AsyncSession, batch_id: str) -> int:
    """Emit the batch milestones now reached and not yet sent; returns the bits emitted.

    The batch row is locked first (a no-op UPDATE), so transactions finishing jobs of one
    batch at once count each other's outcomes in turn (PostgreSQL READ COMMITTED; SQLite
    serializes writers anyway); the bits are then set by compare-and-set on their old value.
    """
    await session.execute(
        update(Batch)
        .where(Batch.id == batch_id)
        .values(milestones_sent=Batch.milestones_sent)
        .execution_options(synchronize_session=False)
    )
    batch = await session.get(Batch, batch_id, populate_existing=True)
    if batch is None:
        return 0
    rows = (
        await session.execute(
            select(RenderJob.status, func.count())
            .where(RenderJob.batch_id == batch_id)
            .group_by(RenderJob.status)
        )
    ).all()
    counts: dict[str, int] = {status: n for status, n in rows}
    total = sum(counts.values())
    completed, failed = counts.get("complete", 0), counts.get("failed", 0)
    finished = completed + failed
    reached = 0
    for bit, milestone in enumerate(events.MILESTONES):
        if total and finished * 100 >= milestone * total:
            reached |= 1 << bit
    if total and finished == total:
        reached |= events.COMPLETE_BIT
    old = batch.milestones_sent
    new_bits = reached & ~old
    if not new_bits:
        return 0
    result = await session.execute(
        update(Batch)
        .where(Batch.id == batch_id, Batch.milestones_sent == old)
        .values(milestones_sent=old | reached)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        return 0  # another transaction sent them (cannot happen while we hold the row lock)
    for bit, milestone in enumerate(events.MILESTONES):
        if new_bits & (1 << bit):
            data = events.batch_progress(
                batch_id=batch_id,
                template_id=batch.template_id,
                milestone=milestone,
                total=total,
                completed=completed,
                failed=failed,
            )
            await outbox.emit(session, batch.account_id, events.BATCH_PROGRESS, data)
    if new_bits & events.COMPLETE_BIT:
        job_ids = (
            await session.execute(
                select(RenderJob.id)
                .where(RenderJob.batch_id == batch_id)
                .order_by(RenderJob.row_number, RenderJob.id)
            )
        ).scalars()
        data = events.batch_complete(
            batch_id=batch_id,
            template_id=batch.template_id,
            total=total,
            completed=completed,
            failed=failed,
            created_at=batch.created_at,
            completed_at=utcnow(),
            job_ids=list(job_ids),
        )
        await outbox.emit(session, batch.account_id, events.BATCH_COMPLETE, data)
    return new_bits
