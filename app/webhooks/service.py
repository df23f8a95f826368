"""Webhook endpoints (create, list, update, delete, rotate), the delivery log, redeliver and
replay. Plain arguments in, domain errors out (app/errors.py answers them)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app import sealing
from app.config import Settings
from app.db import utcnow
from app.errors import DomainError, Kind
from app.webhooks import events, outbox, signing
from app.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint

# After a rotation the old secret keeps signing alongside the new one this long.
ROTATION_OVERLAP = timedelta(hours=24)
SECRET_PURPOSE = "webhook-secret"
MAX_URL_LENGTH = 2000


class WebhookError(DomainError):
    """A request the caller can fix (400): `field` was `value`, the message says what is
    allowed."""

    kind = Kind.INVALID

    def __init__(self, field: str, value: Any, message: str) -> None:
        detail = {"loc": [field], "msg": message, "type": "value_error", "input": value}
        super().__init__(message, details=[detail])
        self.field, self.value = field, value


class NotFound(DomainError):
    """An endpoint or delivery that does not exist or is another account's (404); `what`
    names it, e.g. "Webhook 'wh_1'"."""

    kind = Kind.NOT_FOUND

    def __init__(self, what: str) -> None:
        super().__init__(f"{what} not found")


class Disabled(DomainError):
    """The endpoint is disabled (400); `reason` says why."""

    kind = Kind.INVALID

    def __init__(self, reason: str) -> None:
        super().__init__(
            f"The webhook is disabled ({reason}); PATCH it with active=true first",
            details=[{"loc": ["active"], "msg": "webhook disabled", "type": "value_error"}],
        )
        self.reason = reason


def check_url(url: str, production: bool) -> str:
    url = url.strip()
    parts = urlsplit(url)
    if len(url) > MAX_URL_LENGTH or parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebhookError(
            "url",
            url[:200],
            f"url must be an absolute http(s) URL of at most {MAX_URL_LENGTH} "
            f"characters, got {url[:200]!r}",
        )
    if production and parts.scheme != "https":
        raise WebhookError(
            "url",
            url[:200],
            "url must use https in production (SPEC 6.1: HTTP endpoints are not sent to)",
        )
    return url


def check_events(names: list[str]) -> list[str]:
    allowed = (*events.WEBHOOK_EVENTS, events.ALL_EVENTS)
    if not names:
        raise WebhookError(
            "events", names, f"events must list at least one of: {', '.join(allowed)}"
        )
    for name in names:
        if name not in allowed:
            raise WebhookError(
                "events", name, f"Unknown event '{name}'; allowed: {', '.join(allowed)}"
            )
    return list(dict.fromkeys(names))


def secret_box(settings: Settings) -> sealing.Box:
    """Signing secrets are stored sealed (AES-256-GCM) under a key derived from the secret key;
    the previous secret keys still open them until `reelsmith secrets reseal`."""
    return sealing.Box(tuple(settings.secret_keys), SECRET_PURPOSE)


async def create_endpoint(
    session: AsyncSession,
    account_id: str,
    url: str,
    event_names: list[str],
    description: str,
    *,
    production: bool,
    max_endpoints: int,
    box: sealing.Box,
) -> WebhookEndpoint:
    """A new active endpoint with a fresh secret (WebhookError on a bad field or the limit)."""
    url = check_url(url, production)
    names = check_events(event_names)
    count = await session.scalar(
        select(func.count())
        .select_from(WebhookEndpoint)
        .where(WebhookEndpoint.account_id == account_id)
    )
    if (count or 0) >= max_endpoints:
        raise WebhookError(
            "url",
            url[:200],
            f"An account may register at most {max_endpoints} webhook endpoints; delete one first",
        )
    endpoint = WebhookEndpoint(
        account_id=account_id,
        url=url,
        events=names,
        description=description,
        secret=box.seal(signing.new_secret()),
        active=True,
    )
    session.add(endpoint)
    await session.flush()
    return endpoint


async def list_endpoints(session: AsyncSession, account_id: str) -> list[WebhookEndpoint]:
    rows = await session.execute(
        select(WebhookEndpoint)
        .where(WebhookEndpoint.account_id == account_id)
        .order_by(WebhookEndpoint.created_at.desc(), WebhookEndpoint.id)
    )
    return list(rows.scalars())


async def get_endpoint(session: AsyncSession, account_id: str, endpoint_id: str) -> WebhookEndpoint:
    endpoint = await session.get(WebhookEndpoint, endpoint_id)
    if endpoint is None or endpoint.account_id != account_id:
        raise NotFound(f"Webhook '{endpoint_id}'")
    return endpoint


async def update_endpoint(
    session: AsyncSession,
    account_id: str,
    endpoint_id: str,
    changes: dict[str, Any],
    *,
    production: bool,
) -> WebhookEndpoint:
    """Change url, events, description or active; turning it active again clears why it was
    disabled and the failure streak."""
    endpoint = await get_endpoint(session, account_id, endpoint_id)
    if "url" in changes:
        endpoint.url = check_url(changes["url"], production)
    if "events" in changes:
        endpoint.events = check_events(changes["events"])
    if "description" in changes:
        endpoint.description = changes["description"]
    if "active" in changes:
        endpoint.active = bool(changes["active"])
        if endpoint.active:
            endpoint.disabled_reason = endpoint.disabled_at = endpoint.failing_since = None
        else:
            endpoint.disabled_reason = "disabled by the account"
            endpoint.disabled_at = utcnow()
    endpoint.updated_at = utcnow()
    await session.flush()
    return endpoint


async def delete_endpoint(session: AsyncSession, account_id: str, endpoint_id: str) -> None:
    endpoint = await get_endpoint(session, account_id, endpoint_id)
    await session.delete(endpoint)


async def rotate_secret(
    session: AsyncSession, account_id: str, endpoint_id: str, box: sealing.Box
) -> WebhookEndpoint:
    """A new secret; the current one keeps signing alongside it for ROTATION_OVERLAP."""
    endpoint = await get_endpoint(session, account_id, endpoint_id)
    endpoint.previous_secret = endpoint.secret
    endpoint.previous_secret_expires_at = utcnow() + ROTATION_OVERLAP
    endpoint.secret = box.seal(signing.new_secret())
    await session.flush()
    return endpoint


def previous_secret(endpoint: WebhookEndpoint, now: datetime) -> str | None:
    """The rotated-out secret while it still signs, else None."""
    expires = endpoint.previous_secret_expires_at
    return endpoint.previous_secret if expires is not None and now < expires else None


async def create_test_delivery(
    session: AsyncSession, account_id: str, endpoint_id: str
) -> WebhookDelivery:
    endpoint = await get_endpoint(session, account_id, endpoint_id)
    if not endpoint.active:
        raise Disabled(endpoint.disabled_reason or "disabled")
    now = utcnow()
    body = events.body(events.TEST_EVENT, now, events.test_event(webhook_id=endpoint.id))
    delivery = outbox.new_delivery(endpoint, events.TEST_EVENT, body, now)
    session.add(delivery)
    await session.flush()
    return delivery


@dataclass(frozen=True)
class DeliveryPage:
    deliveries: list[WebhookDelivery]
    attempts: dict[str, list[WebhookAttempt]]
    total: int


async def list_deliveries(
    session: AsyncSession, account_id: str, endpoint_id: str, page: int, limit: int
) -> DeliveryPage:
    """The endpoint's deliveries, newest first, with their attempts."""
    await get_endpoint(session, account_id, endpoint_id)
    where = WebhookDelivery.endpoint_id == endpoint_id
    total = await session.scalar(select(func.count()).select_from(WebhookDelivery).where(where))
    rows = await session.execute(
        select(WebhookDelivery)
        .where(where)
        .order_by(WebhookDelivery.created_at.desc(), WebhookDelivery.id.desc())
        .offset((page - 1) * limit)
        .limit(limit)
    )
    deliveries = list(rows.scalars())
    attempts: dict[str, list[WebhookAttempt]] = {d.id: [] for d in deliveries}
    if deliveries:
        found = await session.execute(
            select(WebhookAttempt)
            .where(WebhookAttempt.delivery_id.in_(list(attempts)))
            .order_by(WebhookAttempt.number)
        )
        for attempt in found.scalars():
            attempts[attempt.delivery_id].append(attempt)
    return DeliveryPage(deliveries, attempts, int(total or 0))


async def get_delivery(
    session: AsyncSession, account_id: str, delivery_id: str
) -> tuple[WebhookDelivery, list[WebhookAttempt]]:
    delivery = await session.get(WebhookDelivery, delivery_id, populate_existing=True)
    if delivery is None or delivery.account_id != account_id:
        raise NotFound(f"Delivery '{delivery_id}'")
    attempts = await session.execute(
        select(WebhookAttempt)
        .where(WebhookAttempt.delivery_id == delivery_id)
        .order_by(WebhookAttempt.number)
    )
    return delivery, list(attempts.scalars())


async def redeliver(session: AsyncSession, account_id: str, delivery_id: str) -> WebhookDelivery:
    """A new delivery of the same message (same body and `webhook-id`), attempts from 1."""
    original = await session.get(WebhookDelivery, delivery_id)
    if original is None or original.account_id != account_id:
        raise NotFound(f"Delivery '{delivery_id}'")
    endpoint = await get_endpoint(session, account_id, original.endpoint_id)
    if not endpoint.active:
        raise Disabled(endpoint.disabled_reason or "disabled")
    return await _again(session, endpoint, original)


async def replay(
    session: AsyncSession, account_id: str, endpoint_id: str, since: datetime
) -> list[WebhookDelivery]:
    """Redeliver every failed delivery of the endpoint created since `since`."""
    endpoint = await get_endpoint(session, account_id, endpoint_id)
    if not endpoint.active:
        raise Disabled(endpoint.disabled_reason or "disabled")
    rows = await session.execute(
        select(WebhookDelivery)
        .where(
            WebhookDelivery.endpoint_id == endpoint_id,
            WebhookDelivery.status == "failed",
            WebhookDelivery.created_at >= since,
        )
        .order_by(WebhookDelivery.created_at)
    )
    return [await _again(session, endpoint, original) for original in list(rows.scalars())]


async def _again(
    session: AsyncSession, endpoint: WebhookEndpoint, original: WebhookDelivery
) -> WebhookDelivery:
    delivery = outbox.new_delivery(
        endpoint,
        original.event,
        original.body,
        utcnow(),
        message_id=original.message_id,
        redelivery_of=original.id,
    )
    session.add(delivery)
    await session.flush()
    return delivery


async def reseal_secrets(session: AsyncSession, box: sealing.Box) -> tuple[int, list[str]]:
    """Seal every endpoint's signing secrets under the current secret key (plain ones from
    before sealing, and ones sealed under a previous key): (endpoints changed, ids of those
    whose secret no key opens)."""
    changed, unreadable = 0, []
    for endpoint in (await session.execute(select(WebhookEndpoint))).scalars():
        touched = False
        for name in ("secret", "previous_secret"):
            stored = getattr(endpoint, name)
            if stored is None or box.sealed_now(stored):
                continue
            plain = box.open(stored)
            if plain is None:
                unreadable.append(endpoint.id)
                continue
            setattr(endpoint, name, box.seal(plain))
            touched = True
        changed += touched
    return changed, sorted(set(unreadable))
