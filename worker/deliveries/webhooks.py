"""Webhook deliveries on the deliveries queue: the arq task sending one attempt and the relay
cron that hands due attempts to arq (the outbox row is the truth; arq only holds a copy)."""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any
from urllib.parse import urlsplit

import httpx
from arq import Retry, cron, func
from sqlalchemy.exc import DBAPIError

from app.config import Settings
from app.db import Database, utcnow
from app.outbound import OutboundRefused, Target, check_url
from app.webhooks import attempts, queue, service, signing
from app.webhooks.attempts import Outcome
from worker.steady import REDIS_DOWN

log = logging.getLogger("reelsmith.webhooks")

# Bytes of a receiver's answer read (and an excerpt kept); the rest is never downloaded.
RESPONSE_READ_LIMIT = 4096
EXCERPT_CHARS = 500
USER_AGENT = "reelsmith-webhooks/1"
# An attempt finding its endpoint's slots all taken comes back after this (arq Retry); after
# SLOT_RETRIES of those arq drops it and the relay hands it over again.
SLOT_RETRY_S = 0.2
RECORD_RETRY_S = 0.5  # between tries to record a sent attempt while the database is away
SLOT_RETRIES = 100


UNREADABLE_SECRET = (
    "not sent: the endpoint's signing secret was sealed under a secret key this service no "
    "longer has (put the old key in REELSMITH_PREVIOUS_SECRET_KEYS, then run "
    "`reelsmith secrets reseal`)"
)


class Refused(Exception):
    """The URL may not be sent to (private address, HTTP in production, unresolvable);
    `permanent` unless the host did not resolve (DNS may answer later)."""

    def __init__(self, reason: str, permanent: bool = True) -> None:
        super().__init__(reason)
        self.permanent = permanent


async def outbound_request(url: str, settings: Settings) -> Target:
    """The one call into the shared outbound guard (app/outbound.py): http(s) only, the host
    resolved, private addresses refused (unless REELSMITH_ALLOW_PRIVATE_URLS), the request
    pinned to the checked address; and no HTTP in production (SPEC 6.1)."""
    if settings.env == "production" and urlsplit(url).scheme != "https":
        raise Refused("HTTP URLs are not sent to in production (SPEC 6.1); use https")
    try:
        return await check_url(url, allow_private=settings.allow_private_urls, what="webhook URL")
    except OutboundRefused as exc:
        raise Refused(exc.reason, permanent=exc.kind != "unresolved") from exc


def _tls(settings: Settings) -> ssl.SSLContext | bool:
    if settings.webhook_ca_file is None:
        return True
    context = ssl.create_default_context()
    context.load_verify_locations(cafile=str(settings.webhook_ca_file))
    return context


def _retry_after(value: str | None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


async def send(
    url: str, body: bytes, headers: dict[str, str], timeout: float, settings: Settings
) -> Outcome:
    """POST once: no redirects followed, at most `timeout` in all, RESPONSE_READ_LIMIT bytes
    of the answer read. Never raises: the outcome says what happened."""
    started_at, clock = utcnow(), time.monotonic()

    def took() -> int:
        return round((time.monotonic() - clock) * 1000)

    try:
        target = await outbound_request(url, settings)
    except Refused as exc:
        return Outcome(started_at, None, took(), f"refused: {exc}", refused=exc.permanent)
    all_headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        **headers,
        **target.headers,
    }
    try:
        async with (
            asyncio.timeout(timeout),
            httpx.AsyncClient(
                timeout=timeout, follow_redirects=False, verify=_tls(settings)
            ) as client,
            client.stream(
                "POST", target.url, content=body, headers=all_headers, extensions=target.extensions
            ) as resp,
        ):
            received = b""
            async for chunk in resp.aiter_bytes():
                received += chunk
                if len(received) >= RESPONSE_READ_LIMIT:
                    break
            excerpt = received[:RESPONSE_READ_LIMIT].decode(errors="replace")[:EXCERPT_CHARS]
            error = None
            if resp.is_redirect:
                where = resp.headers.get("location", "")[:200]
                error = f"HTTP {resp.status_code} redirect to {where!r} not followed"
            return Outcome(
                started_at,
                resp.status_code,
                took(),
                error,
                _retry_after(resp.headers.get("retry-after")),
                excerpt or None,
            )
    except TimeoutError:
        return Outcome(started_at, None, took(), f"no answer within {timeout:g} s (timed out)")
    except httpx.HTTPError as exc:
        reason = str(exc)[:200] or exc.__class__.__name__
        return Outcome(started_at, None, took(), f"{exc.__class__.__name__}: {reason}")


async def _endpoint_slot(
    redis: Any, settings: Settings, endpoint_id: str, hold_s: float
) -> str | None:
    """One of the endpoint's `webhook_endpoint_concurrency` slots (a Redis key that expires by
    itself if this worker dies), or None when all are taken."""
    for i in range(settings.webhook_endpoint_concurrency):
        key = f"{settings.redis_prefix}:webhook-slot:{endpoint_id}:{i}"
        if await redis.set(key, b"1", nx=True, px=int(hold_s * 1000)):
            return key
    return None


async def _free_slot(redis: Any, slot: str) -> None:
    """Free the endpoint's slot early. Redis may be down just then (a restart): the slot
    expires on its own within the hold, and the attempt already sent must still be recorded
    (an error here used to skip the recording, and the attempt was sent again when its claim
    lapsed)."""
    try:
        await redis.delete(slot)
    except REDIS_DOWN as exc:
        log.warning("webhook slot %s not freed (%s); it expires with its hold", slot, exc)


async def _record(
    db: Database, settings: Settings, claimed: Any, outcome: Any, held_until: float
) -> Any:
    """Record a sent attempt's outcome. The database may be unreachable just then (a restart):
    recording is retried while the claim still holds the delivery, so the attempt is not
    claimed and sent again after the database comes back (a receiver would get it twice)."""
    while True:
        try:
            async with db.session() as session:
                return await attempts.record(
                    session,
                    claimed,
                    outcome,
                    retry_scale=settings.webhook_retry_scale,
                    disable_after_s=settings.webhook_disable_after_s,
                )
        except (DBAPIError, OSError) as exc:
            if time.monotonic() + RECORD_RETRY_S >= held_until - RECORD_RETRY_S:
                raise  # the hold lapses: the attempt may be sent again (same webhook-id)
            log.warning("webhook attempt sent, not recorded yet (%s): retrying", type(exc).__name__)
            await asyncio.sleep(RECORD_RETRY_S)


async def deliver_webhook(ctx: dict[str, Any], delivery_id: str, number: int) -> str:
    """Send attempt `number` of a delivery if it is still due and not held elsewhere, record
    the outcome, and hand the next attempt (deferred) to arq when one is scheduled."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    timeout = attempts.attempt_timeout(number)
    hold_s = timeout + attempts.LOCK_MARGIN_S
    async with db.session() as session:
        endpoint_id = await attempts.endpoint_of(session, delivery_id)
    if endpoint_id is None:
        return "skipped: the delivery is gone"
    # The endpoint's slot first: attempts over its limit come back later without a DB write.
    slot = await _endpoint_slot(ctx["redis"], settings, endpoint_id, hold_s)
    if slot is None:
        raise Retry(defer=SLOT_RETRY_S)
    try:
        held_until = time.monotonic() + hold_s
        async with db.session() as session:
            claimed = await attempts.claim(session, delivery_id, number, hold_s)
            if claimed is not None and not claimed.endpoint.active:
                reason = claimed.endpoint.disabled_reason or "disabled"
                await attempts.give_up(
                    session, claimed, f"not sent: the endpoint is disabled ({reason})"
                )
                return "failed: endpoint disabled"
        if claimed is None:
            return "skipped: not due or held elsewhere"
        now = utcnow()
        body = claimed.delivery.body.encode()
        box = service.secret_box(settings)
        secret = box.open(claimed.endpoint.secret)
        if secret is None:
            async with db.session() as session:
                await attempts.give_up(session, claimed, UNREADABLE_SECRET)
            log.error("webhook %s: %s", claimed.endpoint.id, UNREADABLE_SECRET)
            return "failed: secret unreadable"
        headers = signing.signature_headers(
            secret,
            box.open(service.previous_secret(claimed.endpoint, now)),
            claimed.delivery.message_id,
            int(now.timestamp()),
            body,
        )
        outcome = await send(claimed.endpoint.url, body, headers, timeout, settings)
    finally:
        await _free_slot(ctx["redis"], slot)
    recorded = await _record(db, settings, claimed, outcome, held_until)
    if recorded.endpoint_disabled:
        log.warning("webhook %s disabled: %s", claimed.endpoint.id, recorded.endpoint_disabled)
    if recorded.next_attempt_at is not None:
        await queue.enqueue(
            ctx["redis"], settings, delivery_id, number + 1, recorded.next_attempt_at
        )
    return f"{recorded.status}: attempt {number}, {attempts.describe(outcome)}"


async def relay(ctx: dict[str, Any]) -> int:
    """Hand every due, unheld attempt to arq: new outbox rows, and any attempt arq lost (a
    worker killed between attempts, Redis restarted). arq ignores an attempt it already has."""
    settings: Settings = ctx["settings"]
    async with ctx["db"].session() as session:
        due = await attempts.due(session)
    for delivery_id, number in due:
        await queue.enqueue(ctx["redis"], settings, delivery_id, number)
    return len(due)


def functions() -> list[Any]:
    longest = max(attempts.ATTEMPT_TIMEOUTS_S)
    return [
        func(
            deliver_webhook,
            name=queue.TASK_NAME,
            keep_result=0,
            max_tries=SLOT_RETRIES,
            timeout=longest + 5,
        )
    ]


def cron_jobs(settings: Settings) -> list[Any]:
    return [
        cron(
            relay,
            name=f"{settings.redis_prefix}:webhook-relay",
            second=set(range(60)),
            keep_result=0,
            run_at_startup=True,
        )
    ]
