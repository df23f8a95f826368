"""Campaign analytics pages: the account's batches, and one campaign's scene retention heatmap
(drawn over each scene's frame), A/B table and per-recipient engagement with its CSV export.

The numbers come from app.analytics.service (the API's analytics routes call the same
functions); the CSV is the API's own (app.analytics.routes.recipients_csv). A page load runs
only SQL: each scene's frame is an <img> of `/app/analytics/<id>/scenes/<n>.png`, cut once
with ffmpeg from one finished video of the campaign (app.renders.thumbnails.scene_frame) and
then served from storage.
"""

from __future__ import annotations

import asyncio
from typing import Any

from quart import Blueprint, Response, redirect, request

from app.analytics import audience, service
from app.analytics import routes as analytics_api
from app.analytics.ab import SRM_P, metrics
from app.analytics.errors import CampaignNotFound
from app.analytics.stats import format_lift
from app.cursors import BadCursor
from app.dashboard import web
from app.dashboard.web import page, render
from app.media.storage import get_storage
from app.renders.errors import RenderError
from app.renders.thumbnails import scene_frame
from app.state import get_db, get_settings
from app.templates import service as templates

bp = Blueprint("dashboard_analytics", __name__, url_prefix=web.PREFIX)
bp.after_request(web.add_headers)

CAMPAIGNS_SHOWN = 50
RECIPIENTS_PAGE = 50
METRIC_LABELS = {
    "completionRate": "Completion",
    "avgWatchPercent": "Average watched",
    "ctaClickRate": "CTA clicks",
    "shareRate": "Shares",
}


async def not_found() -> Response:
    return await render(
        "error.html",
        status=404,
        heading="Campaign not found",
        message="There is no campaign of this account with that id.",
    )


@bp.get("/analytics")
@page
async def campaigns() -> Response:
    account_id = web.account().id
    async with get_db().session() as session:
        found = await service.campaigns(session, account_id, CAMPAIGNS_SHOWN)
        names = await templates.template_names(
            session, [c.batch.template_id for c in found], account_id
        )
    return await render("analytics/list.html", campaigns=found, names=names, shown=CAMPAIGNS_SHOWN)


def ab_view(result: service.AbResult) -> dict[str, Any] | None:
    """The A/B table's rows and decision, as the API reports them (None: not an A/B batch)."""
    decision = result.decision
    if decision is None:
        return None
    c = decision.comparison
    winner = decision.winner
    won = winner.variant_id if winner else None
    return {
        "metric": result.primary_metric,
        "metric_label": METRIC_LABELS.get(result.primary_metric, result.primary_metric),
        "rows": [
            {"arm": a, "metrics": metrics(a), "winner": a.variant_id == won} for a in result.arms
        ],
        "status": decision.status,
        "message": decision.message,
        "winner": winner,
        "p_value": c.p_value if c else None,
        "lift": format_lift(c.lift) if c and c.lift is not None else None,
        "interval": (format_lift(c.interval[0]), format_lift(c.interval[1]))
        if c and c.interval
        else None,
        "confidence": round(c.confidence * 100) if c else None,
        "srm_ok": decision.sample_ratio_p >= SRM_P,
        "srm_p": decision.sample_ratio_p,
    }


@bp.get("/analytics/<campaign_id>")
@page
async def campaign(campaign_id: str) -> Response:
    account_id = web.account().id
    cursor = request.args.get("cursor") or None
    minimum = get_settings().ab_min_sessions
    try:
        async with get_db().session() as session:
            heat = await service.heatmap(session, account_id, campaign_id)
            ab = await service.ab_results(session, account_id, campaign_id, minimum)
            recipients = await audience.recipients_page(
                session, account_id, campaign_id, RECIPIENTS_PAGE, cursor
            )
            sample = await service.sample_video(session, account_id, campaign_id)
    except CampaignNotFound:
        return await not_found()
    except BadCursor:
        return await render(
            "error.html",
            status=400,
            heading="Bad page link",
            message="This page link is not one the page made; start from the first page.",
        )
    framed = set((sample.scene_fully_in_ms or {}) if sample else ())
    labels = service.scene_labels(sample, len(heat.scenes))
    scenes = [
        {"s": s, "label": labels[s.index], "framed": str(s.index) in framed} for s in heat.scenes
    ]
    return await render(
        "analytics/campaign.html",
        campaign_id=campaign_id,
        heat=heat,
        scenes=scenes,
        ab=ab_view(ab),
        min_sessions=minimum,
        recipients=recipients.rows,
        recipient_name=audience.recipient_name,
        next_cursor=recipients.next_cursor,
        first_page=cursor is None,
    )


@bp.get("/analytics/<campaign_id>/recipients.csv")
@page
async def recipients_csv(campaign_id: str) -> Response:
    account_id = web.account().id
    try:
        async with get_db().session() as session:
            await service.campaign_scope(session, account_id, campaign_id)
    except CampaignNotFound:
        return await not_found()
    return await analytics_api.recipients_csv(account_id, campaign_id)


@bp.get("/analytics/<campaign_id>/scenes/<int:index>.png")
@page
async def scene_image(campaign_id: str, index: int) -> Response:
    """One scene's frame of the campaign's first finished video (cut once, then stored)."""
    account_id = web.account().id
    try:
        async with get_db().session() as session:
            sample = await service.sample_video(session, account_id, campaign_id)
    except CampaignNotFound:
        return await not_found()
    if sample is None:
        return Response("no finished video yet", 404, content_type="text/plain")
    settings = get_settings()
    storage = get_storage(settings)
    try:
        key = await scene_frame(storage, sample, index, settings)
    except RenderError:
        if not sample.poster_key:
            return Response("no frame for this scene", 404, content_type="text/plain")
        key = sample.poster_key  # ffmpeg could not cut it: the video's poster instead
    if not await asyncio.to_thread(storage.exists, key):  # deleted meanwhile
        return Response("no frame for this scene", 404, content_type="text/plain")
    resp: Response = redirect(storage.url(key), 302)  # type: ignore[assignment]
    resp.headers["Cache-Control"] = "private, max-age=300"
    return resp
