"""GET /metrics in Prometheus text format (prometheus-client, one registry per app).

Request counts and latency are observed by a before/after hook, labelled by the route rule
(`/api/render/<job_id>`), never the raw path. Jobs by status, queue depth, live workers and
webhook delivery outcomes are read at scrape time (one GROUP BY each), so every API process
reports the same shared figures. Render duration and frames-per-second histograms are
recorded by the workers in Redis when a render completes (app/renders/render_stats.py) and read
here at scrape time, like the workers' heartbeats, so every API process shows the fleet's.

Access: REELSMITH_METRICS_TOKEN set -> `Authorization: Bearer <token>` required; unset ->
loopback clients reaching the port directly only: not with REELSMITH_PROXY_TRUSTED_HOPS > 0
nor for a request carrying forwarding headers (404 to others, so the endpoint is not
advertised)."""

from __future__ import annotations

import hmac
import ipaddress
import time
from collections.abc import Iterator
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import HistogramMetricFamily
from prometheus_client.registry import Collector
from quart import Blueprint, Response, current_app, g, request
from quart.blueprints import BlueprintSetupState
from quart_schema import hide
from sqlalchemy import func, select

from app.errors import not_found
from app.ratelimit import client_ip
from app.renders import queue, render_stats
from app.renders.models import RenderJob
from app.state import get_db, get_redis, get_settings
from app.webhooks.models import WebhookDelivery

bp = Blueprint("metrics", __name__)


class StoredHistograms(Collector):
    """Histograms observed in other processes (the workers) and read from Redis at scrape
    time; exposes the figures of the last read."""

    def __init__(self) -> None:
        self.values: dict[str, render_stats.HistogramValues] = {}

    def collect(self) -> Iterator[HistogramMetricFamily]:
        for spec in render_stats.HISTOGRAMS:
            values = self.values.get(spec.name)
            buckets = values.buckets if values else [(le, 0.0) for le in render_stats.labels(spec)]
            yield HistogramMetricFamily(
                spec.name,
                spec.help,
                buckets=list(buckets),
                sum_value=values.sum if values else 0.0,
            )


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.requests = Counter(
            "reelsmith_http_requests", "HTTP requests", ["method", "route", "status"], registry=r
        )
        self.latency = Histogram(
            "reelsmith_http_request_duration_seconds",
            "HTTP request latency",
            ["method", "route"],
            registry=r,
        )
        self.jobs = Gauge("reelsmith_jobs", "Render jobs by status", ["status"], registry=r)
        self.queue_depth = Gauge(
            "reelsmith_queue_depth", "Jobs waiting in the arq queue", ["queue"], registry=r
        )
        self.workers = Gauge("reelsmith_workers", "Live workers (heartbeat)", registry=r)
        self.capacity = Gauge("reelsmith_worker_slots", "Job slots of live workers", registry=r)
        self.deliveries = Gauge(
            "reelsmith_webhook_deliveries", "Webhook deliveries by status", ["status"], registry=r
        )
        self.renders = StoredHistograms()
        r.register(self.renders)
        # The labelled children of the request metrics, by (method, route[, status]).
        self.counted: dict[tuple[str, str, int], Any] = {}
        self.timed: dict[tuple[str, str], Any] = {}


@bp.record_once
def _install(state: BlueprintSetupState) -> None:
    state.app.extensions["reelsmith_metrics"] = Metrics()


@bp.before_app_request
async def _started() -> None:
    g.metrics_started = time.perf_counter()


@bp.after_app_request
async def _observed(response: Response) -> Response:
    metrics: Metrics = current_app.extensions["reelsmith_metrics"]
    rule = request.url_rule.rule if request.url_rule is not None else "<unmatched>"
    key = (request.method, rule, response.status_code)
    count = metrics.counted.get(key)
    if count is None:  # the labelled child made once (labels() locks and builds a tuple)
        count = metrics.counted[key] = metrics.requests.labels(key[0], rule, str(key[2]))
    count.inc()
    started = g.get("metrics_started")
    if started is not None:  # unset when an earlier hook answered (a 429 of the rate limit)
        timer = metrics.timed.get(key[:2])
        if timer is None:
            timer = metrics.timed[key[:2]] = metrics.latency.labels(key[0], rule)
        timer.observe(time.perf_counter() - started)
    return response


# Headers a proxy adds when it forwards a request: their presence means the peer address is
# the proxy's, not the client's.
FORWARDING_HEADERS = ("Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto",
                      "X-Real-IP", "X-Client-IP", "True-Client-IP", "CF-Connecting-IP")  # fmt: skip


def _allowed() -> bool:
    """With a token: the right `Authorization: Bearer`. Without one: a scraper on this machine
    reaching the port directly — never when proxies are trusted (a client reaching the port
    could choose its address) or when the request was forwarded (behind a proxy on this
    machine every client is 127.0.0.1)."""
    settings = get_settings()
    token = settings.metrics_token
    if token:
        sent = request.headers.get("Authorization", "")
        return hmac.compare_digest(sent.encode(), f"Bearer {token}".encode())
    if settings.proxy_trusted_hops > 0:
        return False
    if any(name in request.headers for name in FORWARDING_HEADERS):
        return False
    peer = client_ip()
    if peer == "<local>":  # no peer address: a UNIX socket or an in-process client
        return True
    try:
        return ipaddress.ip_address(peer).is_loopback
    except ValueError:
        return False


async def _refresh(metrics: Metrics) -> None:
    settings = get_settings()
    async with get_db().session() as session:
        jobs = (
            await session.execute(select(RenderJob.status, func.count()).group_by(RenderJob.status))
        ).all()
        sent = (
            await session.execute(
                select(WebhookDelivery.status, func.count()).group_by(WebhookDelivery.status)
            )
        ).all()
    metrics.jobs.clear()
    for status, count in jobs:
        metrics.jobs.labels(status).set(count)
    metrics.deliveries.clear()
    for status, count in sent:
        metrics.deliveries.labels(status).set(count)
    redis = get_redis()
    metrics.queue_depth.labels(settings.queue_name).set(await redis.zcard(settings.queue_name))
    live = await queue.live_workers(redis, settings)
    metrics.workers.set(len(live))
    metrics.capacity.set(sum(live.values()))
    metrics.renders.values = await render_stats.read_histograms(redis, settings)


@bp.get("/metrics")
@hide
async def scrape() -> Response:
    """Prometheus scrape target (hidden from the API contract)."""
    if not _allowed():
        raise not_found("Route")
    metrics: Metrics = current_app.extensions["reelsmith_metrics"]
    await _refresh(metrics)
    return Response(generate_latest(metrics.registry), content_type=CONTENT_TYPE_LATEST)
