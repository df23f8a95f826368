"""Campaign numbers, read from the per-(video, session) rows with aggregate SQL: each query is
a GROUP BY over the campaign's sessions (indexed by batch or job), never a Python loop over
sessions. Definitions: README "Analytics". Owner only: another account's batch or video is
not found."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ColumnElement, and_, case, cast, func, literal, select
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession

from app.analytics.ab import ArmCounts, Decision, decide, percent
from app.analytics.errors import BadCursor, CampaignNotFound, VideoNotFound
from app.renders.models import Batch, RenderJob
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


async def owned_batch(session: AsyncSession, account_id: str, batch_id: str) -> Batch:
    batch = await session.get(Batch, batch_id)
    if batch is None or batch.account_id != account_id:
        raise CampaignNotFound(batch_id)
    return batch


async def owned_job(session: AsyncSession, account_id: str, job_id: str) -> RenderJob:
    job = await session.get(RenderJob, job_id)
    if job is None or job.account_id != account_id:
        raise VideoNotFound(job_id)
    return job


def _scene_total(request: Any) -> int:
    scenes = request.get("scenes") if isinstance(request, dict) else None
    return min(len(scenes), MAX_SCENES) if isinstance(scenes, list) else 0


async def scene_count(session: AsyncSession, batch_id: str, variant_id: str | None) -> int:
    """How many template scenes the campaign's videos have: the most among its templates (one
    job read per template; variants may use different templates)."""
    firsts = select(func.min(RenderJob.id)).where(RenderJob.batch_id == batch_id)
    if variant_id is not None:
        firsts = firsts.where(RenderJob.variant_id == variant_id)
    firsts = firsts.group_by(RenderJob.template_id)
    requests = await session.execute(select(RenderJob.request).where(RenderJob.id.in_(firsts)))
    return max((_scene_total(r) for r in requests.scalars()), default=0)


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
    session: AsyncSession, account_id: str, batch_id: str, variant_id: str | None = None
) -> Heatmap:
    """Per template scene: of the sessions that started a video having that scene, how many
    entered it. One statement: sessions grouped per job, joined to the job's scenes."""
    await owned_batch(session, account_id, batch_id)
    count = await scene_count(session, batch_id, variant_id)
    where = [ViewSession.batch_id == batch_id, ViewSession.started.is_(True)]
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
    batch: Batch
    arms: list[ArmCounts]
    decision: Decision | None  # None: not an A/B batch


async def ab_results(
    session: AsyncSession, account_id: str, batch_id: str, min_sessions: int
) -> AbResult:
    """Each variant's recipients and aggregated sessions, and the decision (app.analytics.ab).
    Two GROUP BY statements (jobs per variant, sessions per variant)."""
    batch = await owned_batch(session, account_id, batch_id)
    variants = [v for v in batch.variants or [] if isinstance(v, dict)]
    if not variants:
        return AbResult(batch, [], None)
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
    metric = batch.primary_metric or "completionRate"
    return AbResult(batch, arms, decide(arms, metric, min_sessions))


# ---- per recipient ----


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
    count = _scene_total(job.request)
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


def encode_cursor(row_number: int) -> str:
    return base64.urlsafe_b64encode(f"row:{row_number}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> int:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        kind, number = raw.split(":", 1)
        if kind != "row":
            raise ValueError(kind)
        return int(number)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadCursor(cursor) from exc


async def recipients_page(
    session: AsyncSession, account_id: str, batch_id: str, limit: int, cursor: str | None
) -> RecipientsPage:
    """One page of the campaign's recipients in row order (keyset on row_number), each with
    its sessions aggregated: the page's jobs, then one GROUP BY job over their sessions."""
    await owned_batch(session, account_id, batch_id)
    after = decode_cursor(cursor) if cursor else 0
    jobs = list(
        (
            await session.execute(
                select(RenderJob)
                .where(RenderJob.batch_id == batch_id, RenderJob.row_number > after)
                .order_by(RenderJob.row_number)
                .limit(limit + 1)
            )
        ).scalars()
    )
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
    last = jobs[-1].row_number if jobs else None
    return RecipientsPage(rows, encode_cursor(last) if more and last is not None else None)
