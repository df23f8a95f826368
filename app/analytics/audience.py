"""The audience, per recipient: one video's engagement (its sessions aggregated) and a
campaign's recipients, page by page (keyset on the row number of a batch, or on creation of a
trigger campaign), each with its sessions aggregated in one GROUP BY. Scopes and shared
columns: service.py."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.analytics.service import any_of, campaign_scope, entered, owned_job, scene_total
from app.cursors import BadCursor, decode_cursor, encode_cursor
from app.renders.models import RenderJob
from app.viewers.models import ViewSession


@dataclass
class Engagement:
    """One video's sessions, aggregated (None/0/False when nobody opened it)."""

    sessions: int
    views: int
    furthest_percent: int
    completed: bool
    cta_clicked: bool
    shared: bool
    downloaded: bool
    first_viewed: datetime | None
    last_viewed: datetime | None
    scenes_reached: list[int]


def _engagement_columns() -> list[ColumnElement[Any]]:
    started = ViewSession.started.is_(True)
    return [
        func.count(),
        # plays: each session that started, plus its replays
        func.coalesce(func.sum(case((started, 1 + ViewSession.replays), else_=0)), 0),
        func.coalesce(func.max(ViewSession.furthest_percent), 0),
        any_of(ViewSession.completed.is_(True)),
        any_of(ViewSession.cta_clicked.is_(True)),
        any_of(ViewSession.shared.is_(True)),
        any_of(ViewSession.downloaded.is_(True)),
        func.min(ViewSession.first_seen_at),
        func.max(ViewSession.last_seen_at),
    ]


def _engagement(row: Sequence[Any], scenes: Sequence[Any] = ()) -> Engagement:
    return Engagement(
        sessions=int(row[0] or 0),
        views=int(row[1] or 0),
        furthest_percent=int(row[2] or 0),
        completed=bool(row[3]),
        cta_clicked=bool(row[4]),
        shared=bool(row[5]),
        downloaded=bool(row[6]),
        first_viewed=row[7],
        last_viewed=row[8],
        scenes_reached=[i for i, hit in enumerate(scenes) if hit],
    )


async def job_engagement(
    session: AsyncSession, account_id: str, job_id: str
) -> tuple[RenderJob, Engagement]:
    """GET /api/render/{id}/engagement: one aggregate over the job's sessions."""
    job = await owned_job(session, account_id, job_id)
    count = scene_total(job.request)
    row = (
        await session.execute(
            select(*_engagement_columns(), *[any_of(entered(i)) for i in range(count)]).where(
                ViewSession.job_id == job_id
            )
        )
    ).one()
    return job, _engagement(row[:9], row[9:])


@dataclass
class RecipientRow:
    job: RenderJob
    engagement: Engagement


@dataclass
class RecipientsPage:
    rows: list[RecipientRow]
    next_cursor: str | None


def recipients_cursor(job: RenderJob) -> str:
    """Where the next page starts: after this job's row number (a batch), or after its
    (created_at, id) (a trigger campaign, whose jobs have no row number)."""
    if job.row_number is not None:
        return encode_cursor(f"row:{job.row_number}")
    return encode_cursor(f"at:{job.created_at.isoformat()}|{job.id}")


def recipients_position(cursor: str, batch: bool) -> int | tuple[datetime, str]:
    """The row number after which a batch page starts, or the (created_at, id) after which a
    trigger campaign page starts; BadCursor for anything else (or a cursor of the other kind)."""
    raw = decode_cursor(cursor)
    try:
        kind, value = raw.split(":", 1)
        if batch and kind == "row":
            return int(value)
        if not batch and kind == "at":
            stamp, job_id = value.split("|", 1)
            return datetime.fromisoformat(stamp), job_id
        raise ValueError(kind)
    except ValueError as exc:
        raise BadCursor(cursor) from exc


async def recipients_page(
    session: AsyncSession, account_id: str, campaign_id: str, limit: int, cursor: str | None
) -> RecipientsPage:
    """One page of the campaign's recipients, each with its sessions aggregated: the page's
    jobs, then one GROUP BY job over their sessions. A batch in row order (keyset on
    row_number); a trigger campaign in creation order (keyset on (created_at, id))."""
    scope = await campaign_scope(session, account_id, campaign_id)
    after = recipients_position(cursor, scope.batch is not None) if cursor else None
    stmt = select(RenderJob).where(scope.jobs())
    if scope.batch is not None:
        if isinstance(after, int):
            stmt = stmt.where(RenderJob.row_number > after)
        stmt = stmt.order_by(RenderJob.row_number)
    else:
        if isinstance(after, tuple):
            stamp, job_id = after
            stmt = stmt.where(
                or_(
                    RenderJob.created_at > stamp,
                    and_(RenderJob.created_at == stamp, RenderJob.id > job_id),
                )
            )
        stmt = stmt.order_by(RenderJob.created_at, RenderJob.id)
    jobs = list((await session.execute(stmt.limit(limit + 1))).scalars())
    more = len(jobs) > limit
    jobs = jobs[:limit]
    stats: dict[str, Sequence[Any]] = {}
    if jobs:
        result = await session.execute(
            select(ViewSession.job_id, *_engagement_columns())
            .where(ViewSession.job_id.in_([j.id for j in jobs]))
            .group_by(ViewSession.job_id)
        )
        stats = {row[0]: row[1:] for row in result.tuples()}
    empty: Sequence[Any] = (0, 0, 0, 0, 0, 0, 0, None, None)
    rows = [RecipientRow(j, _engagement(stats.get(j.id, empty))) for j in jobs]
    return RecipientsPage(rows, recipients_cursor(jobs[-1]) if more and jobs else None)


def recipient_name(job: RenderJob) -> str:
    """The job's display name, else its batch row, else (a triggered job) its id."""
    if job.display_name:
        return job.display_name
    return f"row {job.row_number}" if job.row_number is not None else job.id
