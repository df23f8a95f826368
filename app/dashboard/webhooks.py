"""Webhooks in the dashboard: endpoints (create, edit, enable/disable, delete), a test send
with its outcome, the delivery log with redeliver, and secret rotation (shown once)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, request

from app.dashboard import web
from app.dashboard.web import action, page, render, see_other
from app.state import get_db, get_settings
from app.webhooks import sending, service, signing
from app.webhooks.events import ALL_EVENTS, WEBHOOK_EVENTS
from app.webhooks.models import WebhookEndpoint

bp = Blueprint("dashboard_webhooks", __name__, url_prefix=web.PREFIX)
bp.after_request(web.add_headers)

LOG_PAGE_SIZE = 20
DESCRIPTION_MAX = 500


def _production() -> bool:
    return get_settings().env == "production"


async def _list_page(status: int = 200, **context: Any) -> Response:
    async with get_db().session() as session:
        endpoints = await service.list_endpoints(session, web.account().id)
    context.setdefault("errors", {})
    context.setdefault("form", {"url": "", "events": [], "description": ""})
    return await render(
        "webhooks/list.html",
        status=status,
        endpoints=endpoints,
        all_events=[ALL_EVENTS, *WEBHOOK_EVENTS],
        prefix_of=_prefix_of,
        **context,
    )


async def _endpoint_page(endpoint_id: str, status: int = 200, **context: Any) -> Response:
    number = max(1, request.args.get("page", 1, type=int) or 1)
    try:
        async with get_db().session() as session:
            endpoint = await service.get_endpoint(session, web.account().id, endpoint_id)
            log = await service.list_deliveries(
                session, web.account().id, endpoint_id, number, LOG_PAGE_SIZE
            )
    except service.NotFound:
        return await web.not_found_page("Webhook")
    pages = max(1, -(-log.total // LOG_PAGE_SIZE))
    context.setdefault("errors", {})
    return await render(
        "webhooks/endpoint.html",
        status=status,
        endpoint=endpoint,
        log=log,
        page_number=number,
        pages=pages,
        all_events=[ALL_EVENTS, *WEBHOOK_EVENTS],
        secret_prefix=_prefix_of(endpoint.secret),
        **context,
    )


def _plain(stored: str | None) -> str:
    """An endpoint's signing secret as it signs (stored sealed)."""
    return service.secret_box(get_settings()).open(stored) or ""


def _prefix_of(stored: str | None) -> str:
    return signing.shown_prefix(_plain(stored))


def _form_fields(form: Any) -> dict[str, Any]:
    return {
        "url": form.get("url", "").strip(),
        "events": form.getlist("events"),
        "description": form.get("description", "").strip()[:DESCRIPTION_MAX],
    }


@bp.get("/webhooks")
@page
async def webhooks() -> Response:
    return await _list_page()


@bp.post("/webhooks")
@action
async def create_webhook() -> Response:
    fields = _form_fields(await request.form)
    settings = get_settings()
    try:
        async with get_db().session() as session:
            endpoint = await service.create_endpoint(
                session,
                web.account().id,
                fields["url"],
                fields["events"],
                fields["description"],
                production=_production(),
                max_endpoints=settings.webhook_max_endpoints,
                box=service.secret_box(settings),
            )
    except service.WebhookError as exc:
        return await _list_page(400, errors={exc.field: str(exc)}, form=fields)
    return await _endpoint_page(endpoint.id, 201, new_secret=_plain(endpoint.secret))


@bp.get("/webhooks/<endpoint_id>")
@page
async def endpoint_page(endpoint_id: str) -> Response:
    test_id = request.args.get("test")
    if not test_id:
        return await _endpoint_page(endpoint_id)
    try:
        async with get_db().session() as session:
            delivery, attempts = await service.get_delivery(session, web.account().id, test_id)
    except service.NotFound:
        return await _endpoint_page(endpoint_id)
    return await _endpoint_page(endpoint_id, test=(delivery, attempts[0] if attempts else None))


@bp.post("/webhooks/<endpoint_id>")
@action
async def update_webhook(endpoint_id: str) -> Response:
    form = await request.form
    changes: dict[str, Any] = _form_fields(form)
    if "active" in form:
        changes = {"active": form.get("active") == "true"}
    try:
        async with get_db().session() as session:
            await service.update_endpoint(
                session, web.account().id, endpoint_id, changes, production=_production()
            )
    except service.NotFound:
        return await web.not_found_page("Webhook")
    except service.WebhookError as exc:
        return await _endpoint_page(endpoint_id, 400, errors={exc.field: str(exc)})
    return see_other(f"{web.PREFIX}/webhooks/{endpoint_id}", "Webhook saved.")


@bp.post("/webhooks/<endpoint_id>/test")
@action
async def send_test(endpoint_id: str) -> Response:
    try:
        delivery, _ = await sending.send_test(web.account().id, endpoint_id)
    except service.NotFound:
        return await web.not_found_page("Webhook")
    except service.Disabled as exc:
        return await _endpoint_page(
            endpoint_id,
            400,
            errors={"test": f"The webhook is disabled ({exc.reason}); enable it first."},
        )
    # Back to the endpoint's page (a reload does not send another test), showing this one.
    return see_other(f"{web.PREFIX}/webhooks/{endpoint_id}?test={delivery.id}")


@bp.post("/webhooks/<endpoint_id>/rotate")
@action
async def rotate(endpoint_id: str) -> Response:
    try:
        async with get_db().session() as session:
            endpoint: WebhookEndpoint = await service.rotate_secret(
                session, web.account().id, endpoint_id, service.secret_box(get_settings())
            )
            secret = _plain(endpoint.secret)
    except service.NotFound:
        return await web.not_found_page("Webhook")
    return await _endpoint_page(endpoint_id, new_secret=secret, rotated=True)


@bp.post("/webhooks/<endpoint_id>/delete")
@action
async def delete(endpoint_id: str) -> Response:
    try:
        async with get_db().session() as session:
            await service.delete_endpoint(session, web.account().id, endpoint_id)
    except service.NotFound:
        return await web.not_found_page("Webhook")
    return see_other(f"{web.PREFIX}/webhooks", "Webhook deleted.")


@bp.post("/webhooks/deliveries/<delivery_id>/redeliver")
@action
async def redeliver(delivery_id: str) -> Response:
    try:
        delivery = await sending.redeliver(web.account().id, delivery_id)
    except service.NotFound:
        return await web.not_found_page("Delivery")
    except service.Disabled as exc:
        return see_other(
            f"{web.PREFIX}/webhooks",
            f"The webhook is disabled ({exc.reason}); enable it first.",
            "error",
        )
    return see_other(f"{web.PREFIX}/webhooks/{delivery.endpoint_id}", "Redelivery queued.")
