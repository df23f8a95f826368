"""Billing in the dashboard: the balance and the usage ledger, newest first, paginated."""

from __future__ import annotations

from quart import Blueprint, Response, request

from app.billing import service
from app.cursors import BadCursor
from app.dashboard import web
from app.dashboard.web import page, render
from app.state import get_db

bp = Blueprint("dashboard_billing", __name__, url_prefix=web.PREFIX)
bp.after_request(web.add_headers)

PAGE_SIZE = 50


@bp.get("/billing")
@page
async def billing() -> Response:
    cursor = request.args.get("cursor") or None
    try:
        async with get_db().session() as session:
            usage = await service.usage_page(session, web.account().id, PAGE_SIZE, cursor)
    except BadCursor:
        return await render(
            "error.html",
            status=400,
            heading="Page not found",
            message="This page link is not valid any more; start from the first page.",
        )
    return await render("billing.html", usage=usage, first=cursor is None)
