"""A campaign's renders against its views: what rendering on view saved (docs/api/analytics.md).

One statement over the campaign's jobs: how many were created, how many of them someone
watched (a viewing session that started the video, live or the file), how many were rendered
(or are rendering), and how many renders on view were never needed (still awaiting their first
open, or expired unopened): each a render and a credit not spent."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.analytics.service import campaign_scope, count_if
from app.renders.models import RenderJob
from app.renders.states import JobStatus, RenderOn
from app.viewers.models import ViewSession

RENDERED = (JobStatus.COMPLETE, JobStatus.PENDING, JobStatus.PROCESSING)
SAVED = (JobStatus.AWAITING_VIEW, JobStatus.EXPIRED)


@dataclass(frozen=True)
class RenderCounts:
    created: int
    on_view: int
    watched: int
    rendered: int
    complete: int
    awaiting_view: int
    expired: int

    @property
    def saved(self) -> int:
        """Renders on view never made: each a render and a credit not spent."""
        return self.awaiting_view + self.expired

    @property
    def saved_percent(self) -> int:
        return round(100 * self.saved / self.on_view) if self.on_view else 0


async def render_counts(session: AsyncSession, account_id: str, campaign_id: str) -> RenderCounts:
    """The campaign's jobs counted (CampaignNotFound for another account's or none)."""
    scope = await campaign_scope(session, account_id, campaign_id)
    watched = exists().where(ViewSession.job_id == RenderJob.id, ViewSession.started.is_(True))
    row = (
        await session.execute(
            select(
                func.count(),
                count_if(RenderJob.render_on == RenderOn.ON_VIEW),
                count_if(watched),
                count_if(RenderJob.status.in_(RENDERED)),
                count_if(RenderJob.status == JobStatus.COMPLETE),
                count_if(RenderJob.status == JobStatus.AWAITING_VIEW),
                count_if(RenderJob.status == JobStatus.EXPIRED),
            ).where(scope.jobs())
        )
    ).one()
    return RenderCounts(*(int(v or 0) for v in row))
