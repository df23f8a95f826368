"""Campaign numbers, read from the per-(video, session) rows with aggregate SQL: each query is
a GROUP BY over the campaign's sessions (indexed by batch, campaign or job), never a Python loop
over sessions. A campaign is a batch, or a trigger campaign (the jobs a rule with a campaignId
rendered): `campaign_scope` resolves the path id to one. Definitions: docs/api/analytics.md. Owner
only: another account's batch, campaign or video is not found."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import BigInteger, ColumnElement, and_, case, cast, func, literal, select
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession

from app.analytics.ab import ArmCounts, Decision, decide, percent
from app.analytics.errors import CampaignNotFound
from app.renders.errors import JobNotFound
from app.renders.models import Batch, RenderJob
from app.renders.read import newest_batches
from app.renders.states import JobStatus
from app.viewers.models import ViewSession

# The most scenes a template has (the scenes_entered bit set holds 63 in a signed BIGINT).
MAX_SCENES = 63


def count_if(condition: ColumnElement[bool]) -> ColumnElement[Any]:
    """SUM(CASE WHEN condition THEN 1 ELSE 0 END): portable (PostgreSQL cannot SUM booleans)."""
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def any_of(condition: ColumnElement[bool]) -> ColumnElement[Any]:
    """1 when the condition holds for any row of the group, else 0."""
    return func.coalesce(func.max(case((condition, 1), else_=0)), 0)


def entered(index: int) -> ColumnElement[bool]:
    """The session entered template scene `index` (bit `index` of scenes_entered)."""
    return ViewSession.scenes_entered.op("&")(literal(1 << index, BigInteger)) != 0


@dataclass(frozen=True)
class CampaignScope:
    """What a campaign path id names: the account's batch of that id, else the account's jobs
    whose trigger campaign_id is that id (`batch` None)."""

    id: str
    account_id: str
    batch: Batch | None

    def jobs(self) -> ColumnElement[bool]:
        """The campaign's render jobs."""
        if self.batch is not None:
            return RenderJob.batch_id == self.id
        return and_(RenderJob.account_id == self.account_id, RenderJob.campaign_id == self.id)

    def sessions(self) -> ColumnElement[bool]:
        """The campaign's viewing sessions."""
        if self.batch is not None:
            return ViewSession.batch_id == self.id
        return and_(ViewSession.account_id == self.account_id, ViewSession.campaign_id == self.id)


async def campaign_scope(session: AsyncSession, account_id: str, campaign_id: str) -> CampaignScope:
    """The account's batch `campaign_id`, else its trigger campaign of that id (it has at
    least one job); CampaignNotFound when neither (another account's is not found either)."""
    batch = await session.get(Batch, campaign_id)
    if batch is not None and batch.account_id == account_id:
        return CampaignScope(campaign_id, account_id, batch)
    job = await session.scalar(
        select(RenderJob.id)
        .where(RenderJob.account_id == account_id, RenderJob.campaign_id == campaign_id)
        .limit(1)
    )
    if job is None:
        raise CampaignNotFound(campaign_id)
    return CampaignScope(campaign_id, account_id, None)


async def owned_job(session: AsyncSession, account_id: str, job_id: str) -> RenderJob:
    job = await session.get(RenderJob, job_id)
    if job is None or job.account_id != account_id:
        raise JobNotFound(job_id, named=True)
    return job


def scene_total(request: Any) -> int:
    scenes = request.get("scenes") if isinstance(request, dict) else None
    return min(len(scenes), MAX_SCENES) if isinstance(scenes, list) else 0


async def scene_count(session: AsyncSession, scope: CampaignScope, variant_id: str | None) -> int:
    """How many template scenes the campaign's videos have: the most among its templates (one
    job read per template; variants and trigger rules may use different templates)."""
    firsts = select(func.min(RenderJob.id)).where(scope.jobs())
    if variant_id is not None:
        firsts = firsts.where(RenderJob.variant_id == variant_id)
    firsts = firsts.group_by(RenderJob.template_id)
    requests = await session.execute(select(RenderJob.request).where(RenderJob.id.in_(firsts)))
    return max((scene_total(r) for r in requests.scalars()), default=0)


# ---- heatmap ----


@dataclass
class SceneRetention:
    index: int
    retention_percent: int
    viewer_count: int
    eligible: int  # started sessions whose video has the scene


@dataclass
class Heatmap:
    scenes: list[SceneRetention]
    total_views: int


async def heatmap(
    session: AsyncSession, account_id: str, campaign_id: str, variant_id: str | None = None
) -> Heatmap:
    """Per template scene: of the sessions that started a video having that scene, how many
    entered it. One statement: sessions grouped per job, joined to the job's scenes."""
    scope = await campaign_scope(session, account_id, campaign_id)
    count = await scene_count(session, scope, variant_id)
    where = [scope.sessions(), ViewSession.started.is_(True)]
    if variant_id is not None:
        where.append(ViewSession.variant_id == variant_id)
    per_job = (
        select(
            ViewSession.job_id.label("job_id"),
            func.count().label("started"),
            *[count_if(entered(i)).label(f"e{i}") for i in range(count)],
        )
        .where(*where)
        .group_by(ViewSession.job_id)
        .subquery()
    )
    # Each video's scene start times once per job (PostgreSQL: parsed once, as jsonb), then
    # each (job, scene) "has the scene" test once, then the weighted sums. OFFSET 0 keeps both
    # engines from flattening the subqueries into the sums (which would repeat the JSON work).
    postgres = session.get_bind().dialect.name == "postgresql"
    starts: ColumnElement[Any] = (
        cast(RenderJob.scene_starts_ms, JSONB) if postgres else RenderJob.scene_starts_ms.expression
    )
    per_job_video = (
        select(
            per_job.c.started,
            *[per_job.c[f"e{i}"] for i in range(count)],
            starts.label("starts"),
        )
        .select_from(per_job.join(RenderJob, RenderJob.id == per_job.c.job_id))
        .offset(0)
        .subquery()
    )

    def has_scene(index: int) -> ColumnElement[bool]:
        """The video has template scene `index` (a key of scene_starts_ms: a scene skipped or
        disabled for the recipient has none)."""
        column = per_job_video.c.starts
        if postgres:
            return column.has_key(str(index))  # type: ignore[no-any-return]
        return column[str(index)].as_string().is_not(None)  # type: ignore[no-any-return]

    per_video = (
        select(
            per_job_video.c.started,
            *[per_job_video.c[f"e{i}"] for i in range(count)],
            *[case((has_scene(i), 1), else_=0).label(f"p{i}") for i in range(count)],
        )
        .offset(0)
        .subquery()
    )
    columns: list[ColumnElement[Any]] = [func.coalesce(func.sum(per_video.c.started), 0)]
    for i in range(count):
        has = per_video.c[f"p{i}"]
        columns.append(func.coalesce(func.sum(has * per_video.c.started), 0))
        columns.append(func.coalesce(func.sum(has * per_video.c[f"e{i}"]), 0))
    row = (await session.execute(select(*columns))).one()
    scenes = []
    for i in range(count):
        eligible, viewers = int(row[1 + 2 * i]), int(row[2 + 2 * i])
        scenes.append(SceneRetention(i, percent(viewers, eligible), viewers, eligible))
    return Heatmap(scenes, int(row[0]))


# ---- A/B ----


@dataclass
class AbResult:
    primary_metric: str
    arms: list[ArmCounts]
    decision: Decision | None  # None: not an A/B batch (a trigger campaign never is)


async def ab_results(
    session: AsyncSession, account_id: str, campaign_id: str, min_sessions: int
) -> AbResult:
    """Each variant's recipients and aggregated sessions, and the decision (app.analytics.ab).
    Two GROUP BY statements (jobs per variant, sessions per variant)."""
    scope = await campaign_scope(session, account_id, campaign_id)
    batch = scope.batch
    if batch is None:
        return AbResult("completionRate", [], None)
    batch_id = batch.id
    metric = batch.primary_metric or "completionRate"
    variants = [v for v in batch.variants or [] if isinstance(v, dict)]
    if not variants:
        return AbResult(metric, [], None)
    recipients = dict(
        (
            await session.execute(
                select(RenderJob.variant_id, func.count())
                .where(RenderJob.batch_id == batch_id)
                .group_by(RenderJob.variant_id)
            )
        )
        .tuples()
        .all()
    )
    started = ViewSession.started.is_(True)
    watched = case((started, ViewSession.furthest_percent), else_=0)
    sessions = {
        row[0]: row[1:]
        for row in (
            await session.execute(
                select(
                    ViewSession.variant_id,
                    func.count(),
                    count_if(started),
                    count_if(and_(started, ViewSession.completed.is_(True))),
                    func.coalesce(func.sum(watched), 0),
                    func.coalesce(func.sum(watched * watched), 0),
                    count_if(ViewSession.cta_clicked.is_(True)),
                    count_if(ViewSession.shared.is_(True)),
                )
                .where(ViewSession.batch_id == batch_id)
                .group_by(ViewSession.variant_id)
            )
        ).tuples()
    }
    arms = []
    for v in variants:
        counts = [int(x) for x in sessions.get(v["id"], (0,) * 7)]
        arms.append(
            ArmCounts(
                variant_id=str(v["id"]),
                label=str(v.get("label") or v["id"]),
                split_percent=int(v.get("splitPercent") or 0),
                recipients=int(recipients.get(v["id"], 0)),
                sessions=counts[0],
                started=counts[1],
                completed=counts[2],
                watch_sum=counts[3],
                watch_sq=counts[4],
                cta_clicked=counts[5],
                shared=counts[6],
            )
        )
    return AbResult(metric, arms, decide(arms, metric, min_sessions))


# ---- the dashboard's campaign list and scene frames ----


@dataclass
class CampaignSummary:
    """One batch of the account with its viewing sessions counted."""

    batch: Batch
    sessions: int
    started: int


async def campaigns(session: AsyncSession, account_id: str, limit: int) -> list[CampaignSummary]:
    """The account's newest `limit` batches, each with its sessions: two statements (the
    batches, then one GROUP BY batch over their sessions)."""
    batches = await newest_batches(session, account_id, limit)
    counts: dict[str, Sequence[Any]] = {}
    if batches:
        result = await session.execute(
            select(ViewSession.batch_id, func.count(), count_if(ViewSession.started.is_(True)))
            .where(ViewSession.batch_id.in_([b.id for b in batches]))
            .group_by(ViewSession.batch_id)
        )
        counts = {row[0]: row[1:] for row in result.tuples()}
    return [
        CampaignSummary(b, int(counts.get(b.id, (0, 0))[0]), int(counts.get(b.id, (0, 0))[1]))
        for b in batches
    ]


async def sample_video(
    session: AsyncSession, account_id: str, campaign_id: str
) -> RenderJob | None:
    """The campaign's first finished video (row order, then creation) that has every scene it
    rendered timed: where the dashboard cuts its per-scene frames. None when none finished."""
    scope = await campaign_scope(session, account_id, campaign_id)
    return await session.scalar(
        select(RenderJob)
        .where(
            scope.jobs(),
            RenderJob.status == JobStatus.COMPLETE,
            RenderJob.output_key.is_not(None),
            RenderJob.deleted_at.is_(None),
        )
        .order_by(RenderJob.row_number, RenderJob.created_at, RenderJob.id)
        .limit(1)
    )


def scene_labels(job: RenderJob | None, count: int) -> list[str]:
    """Each template scene's label (else its primitive) from a job's resolved scenes."""
    scenes = (job.request or {}).get("scenes") if job is not None else None
    labels = []
    for i in range(count):
        scene = scenes[i] if isinstance(scenes, list) and i < len(scenes) else None
        if isinstance(scene, dict):
            labels.append(str(scene.get("label") or scene.get("primitiveId") or f"Scene {i + 1}"))
        else:
            labels.append(f"Scene {i + 1}")
    return labels
