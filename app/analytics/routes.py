"""Analytics endpoints (scope videos:read): a campaign's scene heatmap, A/B results and
recipients (JSON pages or CSV), and one video's engagement (SPEC 4.6; docs/api/analytics.md). A
campaign path id is a batch id or a trigger rule's campaignId."""

from __future__ import annotations

import io
from typing import Any

from quart import Blueprint, Response
from quart_schema import tag, validate_querystring, validate_response
from quart_schema.validation import QUART_SCHEMA_RESPONSE_ATTRIBUTE

from app import csvcells
from app.accounts.current import current_account
from app.analytics import audience, renders, service
from app.analytics.ab import SRM_P, metrics
from app.analytics.schemas import (
    AbComparison,
    AbMetrics,
    AbResponse,
    AbVariant,
    AbWinner,
    CampaignRenders,
    EngagementFields,
    EngagementResponse,
    HeatmapQuery,
    HeatmapResponse,
    HeatmapScene,
    LiftInterval,
    RecipientRow,
    RecipientsQuery,
    RecipientsResponse,
    SampleRatio,
)
from app.analytics.stats import format_lift
from app.auth import require_auth
from app.csvcells import safe_cell
from app.state import get_db, get_settings

bp = Blueprint("analytics", __name__)

# The CSV export reads the campaign in pages of this many recipients.
CSV_PAGE = 1000
CSV_COLUMNS = (
    "recipient",
    "job_id",
    "row_number",
    "variant",
    "status",
    "sessions",
    "views",
    "furthest_percent",
    "completed",
    "cta_clicked",
    "shared",
    "downloaded",
    "first_viewed_at",
    "last_viewed_at",
    "player_url",
)


def player_url(job_id: str) -> str:
    return get_settings().public(f"/v/{job_id}")


def engagement_fields(e: audience.Engagement) -> dict[str, Any]:
    return EngagementFields(
        sessions=e.sessions,
        views=e.views,
        furthestPercent=e.furthest_percent,
        completed=e.completed,
        ctaClicked=e.cta_clicked,
        shared=e.shared,
        downloaded=e.downloaded,
        firstViewedAt=e.first_viewed,
        lastViewedAt=e.last_viewed,
    ).model_dump()


@bp.get("/api/analytics/campaign/<batch_id>/heatmap")
@tag(["Analytics"])
@require_auth
@validate_querystring(HeatmapQuery)
@validate_response(HeatmapResponse, 200)
async def heatmap(batch_id: str, query_args: HeatmapQuery) -> HeatmapResponse:
    """Per template scene: the share of viewing sessions that started the video and entered
    the scene, counting only sessions whose video has the scene (skipped or disabled scenes do
    not count against it). `totalViews`: sessions that started the video."""
    async with get_db().session() as session:
        result = await service.heatmap(
            session, current_account().id, batch_id, query_args.variantId
        )
    return HeatmapResponse(
        scenes=[
            HeatmapScene(
                index=s.index, retentionPercent=s.retention_percent, viewerCount=s.viewer_count
            )
            for s in result.scenes
        ],
        totalViews=result.total_views,
    )


@bp.get("/api/analytics/campaign/<batch_id>/renders")
@tag(["Analytics"])
@require_auth
@validate_response(CampaignRenders, 200)
async def campaign_renders(batch_id: str) -> CampaignRenders:
    """Renders against views: videos created, watched, rendered, and the renders on view
    never needed (`rendersSaved`: still awaiting their first open, or expired unopened)."""
    async with get_db().session() as session:
        counts = await renders.render_counts(session, current_account().id, batch_id)
    return CampaignRenders(
        created=counts.created,
        onView=counts.on_view,
        watched=counts.watched,
        rendered=counts.rendered,
        complete=counts.complete,
        awaitingView=counts.awaiting_view,
        expired=counts.expired,
        rendersSaved=counts.saved,
        rendersSavedPercent=counts.saved_percent,
    )


def interval(bounds: tuple[float, float] | None) -> LiftInterval | None:
    return LiftInterval(low=format_lift(bounds[0]), high=format_lift(bounds[1])) if bounds else None


@bp.get("/api/analytics/campaign/<batch_id>/ab")
@tag(["Analytics"])
@require_auth
@validate_response(AbResponse, 200)
async def ab(batch_id: str) -> AbResponse:
    """A/B results (SPEC 2.13) with the decision: `status` collecting (too few sessions),
    significant (a winner), no_difference, or sample_ratio_mismatch; the p-value of the best
    variant against the runner-up and the confidence interval of its lift."""
    minimum = get_settings().ab_min_sessions
    async with get_db().session() as session:
        result = await service.ab_results(session, current_account().id, batch_id, minimum)
    decision = result.decision
    if decision is None:
        return AbResponse(
            abEnabled=False,
            variants=[],
            winner=None,
            primaryMetric=None,
            status=None,
            pValue=None,
            liftInterval=None,
            comparison=None,
            sampleRatio=None,
            minSessions=minimum,
            message="Not an A/B batch: create the batch with `variants` to compare them"
            " (a trigger campaign has no variants)",
        )
    metric = result.primary_metric
    c = decision.comparison
    comparison = (
        AbComparison(
            variantId=c.best.variant_id,
            againstVariantId=c.runner_up.variant_id,
            pValue=c.p_value,
            lift=format_lift(c.lift) if c.lift is not None else None,
            liftInterval=interval(c.interval),
            confidenceLevel=round(c.confidence, 6),
        )
        if c
        else None
    )
    winner = decision.winner
    return AbResponse(
        abEnabled=True,
        variants=[
            AbVariant(
                id=a.variant_id,
                label=a.label,
                splitPercent=a.split_percent,
                recipientCount=a.recipients,
                metrics=AbMetrics(**metrics(a)),
                sessions=a.sessions,
                startedSessions=a.started,
            )
            for a in result.arms
        ],
        winner=AbWinner(
            variantId=winner.variant_id,
            label=winner.label,
            metric=metric,  # type: ignore[arg-type]
            lift=comparison.lift or "n/a",
        )
        if winner and comparison
        else None,
        primaryMetric=metric,  # type: ignore[arg-type]
        status=decision.status,
        pValue=c.p_value if c else None,
        liftInterval=comparison.liftInterval if comparison else None,
        comparison=comparison,
        sampleRatio=SampleRatio(
            pValue=decision.sample_ratio_p, ok=decision.sample_ratio_p >= SRM_P
        ),
        minSessions=minimum,
        message=decision.message,
    )


def recipient_row(row: audience.RecipientRow) -> RecipientRow:
    job = row.job
    return RecipientRow(
        recipient=audience.recipient_name(job),
        jobId=job.id,
        rowNumber=job.row_number,
        variantId=job.variant_id,
        status="deleted" if job.deleted_at is not None else job.status,
        playerUrl=player_url(job.id),
        **engagement_fields(row.engagement),
    )


async def recipients_csv(account_id: str, batch_id: str) -> Response:
    """Every recipient of the account's campaign, read page by page (the API's CSV answer and
    the dashboard's export)."""
    out = io.StringIO()
    writer = csvcells.writer(out)
    writer.writerow(CSV_COLUMNS)
    cursor: str | None = None
    while True:
        async with get_db().session() as session:
            page = await audience.recipients_page(session, account_id, batch_id, CSV_PAGE, cursor)
        for row in page.rows:
            r = recipient_row(row)
            writer.writerow(
                [
                    safe_cell(v)
                    for v in (
                        r.recipient,
                        r.jobId,
                        r.rowNumber,
                        r.variantId,
                        r.status,
                        r.sessions,
                        r.views,
                        r.furthestPercent,
                        r.completed,
                        r.ctaClicked,
                        r.shared,
                        r.downloaded,
                        r.firstViewedAt,
                        r.lastViewedAt,
                        r.playerUrl,
                    )
                ]
            )
        cursor = page.next_cursor
        if cursor is None:
            break
    return Response(
        out.getvalue(),
        status=200,
        content_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="campaign-{batch_id}-recipients.csv"'
        },
    )


@bp.get("/api/analytics/campaign/<batch_id>/recipients")
@tag(["Analytics"])
@require_auth
@validate_querystring(RecipientsQuery)
async def recipients(batch_id: str, query_args: RecipientsQuery) -> Any:
    """Who watched: one row per video of the campaign in row order, with its sessions
    aggregated. Paginated (`limit`, then `nextCursor` as `cursor`); `format=csv` answers every
    recipient as a CSV file (limit and cursor ignored)."""
    if query_args.format == "csv":
        return await recipients_csv(current_account().id, batch_id)
    async with get_db().session() as session:
        page = await audience.recipients_page(
            session, current_account().id, batch_id, query_args.limit, query_args.cursor
        )
    return RecipientsResponse(
        batchId=batch_id,
        recipients=[recipient_row(r) for r in page.rows],
        nextCursor=page.next_cursor,
    ).model_dump(mode="json")


# The JSON answer documented in /openapi.json (the CSV answer cannot pass validate_response).
setattr(recipients, QUART_SCHEMA_RESPONSE_ATTRIBUTE, {200: (RecipientsResponse, None)})


@bp.get("/api/render/<job_id>/engagement")
@tag(["Analytics"])
@require_auth
@validate_response(EngagementResponse, 200)
async def engagement(job_id: str) -> EngagementResponse:
    """One video's engagement: sessions, plays, furthest point, scenes reached, completion,
    CTA click, share, download, first and last viewed."""
    async with get_db().session() as session:
        job, e = await audience.job_engagement(session, current_account().id, job_id)
    return EngagementResponse(
        jobId=job.id,
        recipient=audience.recipient_name(job),
        batchId=job.batch_id,
        variantId=job.variant_id,
        scenesReached=e.scenes_reached,
        playerUrl=player_url(job.id),
        **engagement_fields(e),
    )
