"""/api/webhooks: endpoints, test deliveries, the delivery log, redeliver and replay."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_querystring, validate_request, validate_response

from app.accounts.current import current_account
from app.auth import require_auth
from app.errors import bad_request
from app.state import get_arq, get_db, get_settings
from app.webhooks import queue, sending, service, signing
from app.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from app.webhooks.schemas import (
    AttemptOut,
    CreatedWebhookResponse,
    CreateWebhook,
    DeletedResponse,
    DeliveryListResponse,
    DeliveryOut,
    DeliveryQuery,
    DeliveryResponse,
    ReplayRequest,
    ReplayResponse,
    RotatedSecretResponse,
    TestRequest,
    TestResponse,
    UpdateWebhook,
    WebhookListResponse,
    WebhookOut,
    WebhookResponse,
    WebhookWithSecret,
)

bp = Blueprint("webhooks", __name__)


def _secret(stored: str | None) -> str:
    return service.secret_box(get_settings()).open(stored) or ""


def webhook_out(endpoint: WebhookEndpoint) -> WebhookOut:
    return WebhookOut(
        id=endpoint.id,
        url=endpoint.url,
        events=list(endpoint.events),
        description=endpoint.description,
        active=endpoint.active,
        secretPrefix=signing.shown_prefix(_secret(endpoint.secret)),
        disabledReason=endpoint.disabled_reason,
        disabledAt=endpoint.disabled_at,
        createdAt=endpoint.created_at,
        updatedAt=endpoint.updated_at,
    )


def with_secret(endpoint: WebhookEndpoint) -> WebhookWithSecret:
    return WebhookWithSecret(**webhook_out(endpoint).model_dump(), secret=_secret(endpoint.secret))


def delivery_out(delivery: WebhookDelivery, attempts: list[WebhookAttempt]) -> DeliveryOut:
    return DeliveryOut(
        id=delivery.id,
        webhookId=delivery.endpoint_id,
        event=delivery.event,
        payloadId=delivery.message_id,
        status=delivery.status,
        attempts=[
            AttemptOut(
                number=a.number,
                at=a.started_at,
                statusCode=a.status_code,
                latencyMs=a.latency_ms,
                error=a.error,
            )
            for a in attempts
        ],
        nextRetryAt=delivery.next_attempt_at if delivery.status == "retrying" else None,
        redeliveryOf=delivery.redelivery_of,
        createdAt=delivery.created_at,
    )


@bp.post("/api/webhooks")
@tag(["Webhooks"])
@require_auth
@validate_request(CreateWebhook)
@validate_response(CreatedWebhookResponse, 201)
async def create_webhook(data: CreateWebhook) -> tuple[CreatedWebhookResponse, int]:
    """Register an endpoint; the signing secret is shown whole in this response only."""
    settings = get_settings()
    async with get_db().session() as session:
        endpoint = await service.create_endpoint(
            session,
            current_account().id,
            data.url,
            data.events,
            data.description,
            production=settings.env == "production",
            max_endpoints=settings.webhook_max_endpoints,
            box=service.secret_box(settings),
        )
    return (
        CreatedWebhookResponse(
            webhook=with_secret(endpoint),
            message="Store the secret now: afterwards only its prefix is shown",
        ),
        201,
    )


@bp.get("/api/webhooks")
@tag(["Webhooks"])
@require_auth
@validate_response(WebhookListResponse, 200)
async def list_webhooks() -> WebhookListResponse:
    """The account's endpoints, newest first (secrets as a prefix only)."""
    async with get_db().session() as session:
        endpoints = await service.list_endpoints(session, current_account().id)
    return WebhookListResponse(webhooks=[webhook_out(e) for e in endpoints], total=len(endpoints))


@bp.get("/api/webhooks/<webhook_id>")
@tag(["Webhooks"])
@require_auth
@validate_response(WebhookResponse, 200)
async def get_webhook(webhook_id: str) -> WebhookResponse:
    """One endpoint, with why it is disabled when it is."""
    async with get_db().session() as session:
        endpoint = await service.get_endpoint(session, current_account().id, webhook_id)
    return WebhookResponse(webhook=webhook_out(endpoint))


@bp.patch("/api/webhooks/<webhook_id>")
@tag(["Webhooks"])
@require_auth
@validate_request(UpdateWebhook)
@validate_response(WebhookResponse, 200)
async def update_webhook(webhook_id: str, data: UpdateWebhook) -> WebhookResponse:
    """Change url, events, description or active (true re-enables a disabled endpoint)."""
    changes = data.model_dump(exclude_unset=True)
    for field in ("url", "events", "active"):
        if field in changes and changes[field] is None:
            raise bad_request(f"{field} cannot be null", [{"loc": [field], "msg": "null"}])
    async with get_db().session() as session:
        endpoint = await service.update_endpoint(
            session,
            current_account().id,
            webhook_id,
            changes,
            production=get_settings().env == "production",
        )
    return WebhookResponse(webhook=webhook_out(endpoint))


@bp.delete("/api/webhooks/<webhook_id>")
@tag(["Webhooks"])
@require_auth
@validate_response(DeletedResponse, 200)
async def delete_webhook(webhook_id: str) -> DeletedResponse:
    """Delete an endpoint and its delivery log; nothing more is sent to it."""
    async with get_db().session() as session:
        await service.delete_endpoint(session, current_account().id, webhook_id)
    return DeletedResponse(message=f"Webhook {webhook_id} deleted")


@bp.post("/api/webhooks/<webhook_id>/rotate-secret")
@tag(["Webhooks"])
@require_auth
@validate_response(RotatedSecretResponse, 200)
async def rotate_secret(webhook_id: str) -> RotatedSecretResponse:
    """A new secret (shown whole here only); the old one signs alongside it for 24 h."""
    async with get_db().session() as session:
        endpoint = await service.rotate_secret(
            session, current_account().id, webhook_id, service.secret_box(get_settings())
        )
    assert endpoint.previous_secret_expires_at is not None
    return RotatedSecretResponse(
        webhook=with_secret(endpoint),
        previousSecretExpiresAt=endpoint.previous_secret_expires_at,
        message="Store the new secret now; the old one keeps signing until "
        f"{endpoint.previous_secret_expires_at.isoformat()}",
    )


@bp.post("/api/webhooks/test")
@tag(["Webhooks"])
@require_auth
@validate_request(TestRequest)
@validate_response(TestResponse, 200)
async def test_webhook(data: TestRequest) -> TestResponse:
    """Send a `test.event` and answer with the first attempt's outcome (status code, latency,
    error) as soon as it is known; a worker sends it, bounded by the 5 s attempt timeout."""
    current, attempt_rows = await sending.send_test(current_account().id, data.webhookId)
    shown = delivery_out(current, attempt_rows)
    if not attempt_rows:
        return TestResponse(
            success=False,
            delivery=shown,
            statusCode=None,
            latencyMs=None,
            error="no delivery worker sent it in time; it stays queued",
            message="Test event queued; no worker has sent it yet (is `reelsmith worker` up?)",
        )
    first = attempt_rows[0]
    ok = first.error is None and first.status_code is not None and 200 <= first.status_code < 300
    return TestResponse(
        success=ok,
        delivery=shown,
        statusCode=first.status_code,
        latencyMs=first.latency_ms,
        error=first.error,
        message="Test event delivered" if ok else "Test event not accepted; it will be retried",
    )


@bp.get("/api/webhooks/<webhook_id>/deliveries")
@tag(["Webhooks"])
@require_auth
@validate_querystring(DeliveryQuery)
@validate_response(DeliveryListResponse, 200)
async def list_deliveries(webhook_id: str, query_args: DeliveryQuery) -> DeliveryListResponse:
    """The endpoint's deliveries, newest first, each with its attempts and next retry."""
    async with get_db().session() as session:
        page = await service.list_deliveries(
            session, current_account().id, webhook_id, query_args.page, query_args.limit
        )
    return DeliveryListResponse(
        deliveries=[delivery_out(d, page.attempts[d.id]) for d in page.deliveries],
        page=query_args.page,
        limit=query_args.limit,
        total=page.total,
    )


@bp.post("/api/webhooks/deliveries/<delivery_id>/redeliver")
@tag(["Webhooks"])
@require_auth
@validate_response(DeliveryResponse, 202)
async def redeliver(delivery_id: str) -> tuple[DeliveryResponse, int]:
    """Send a delivery's message again (same body and webhook-id), attempts from 1."""
    delivery = await sending.redeliver(current_account().id, delivery_id)
    return DeliveryResponse(delivery=delivery_out(delivery, []), message="Redelivery queued"), 202


@bp.post("/api/webhooks/<webhook_id>/replay")
@tag(["Webhooks"])
@require_auth
@validate_request(ReplayRequest)
@validate_response(ReplayResponse, 202)
async def replay(webhook_id: str, data: ReplayRequest) -> tuple[ReplayResponse, int]:
    """Re-send every failed delivery of the endpoint created since `since`."""
    async with get_db().session() as session:
        deliveries = await service.replay(session, current_account().id, webhook_id, data.since)
    pool = await get_arq()
    for delivery in deliveries:
        await queue.enqueue(pool, get_settings(), delivery.id, 1)
    return (
        ReplayResponse(
            replayed=len(deliveries),
            deliveries=[delivery_out(d, []) for d in deliveries],
            message=f"{len(deliveries)} failed deliveries queued again",
        ),
        202,
    )
