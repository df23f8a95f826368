"""GET /metrics: Prometheus text, protected, with figures that move as a job changes status."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from redis.asyncio import Redis

from app import create_app
from app.config import Settings
from app.db import Database
from app.renders import queue
from tests.support.render_helpers import make_template
from worker import jobs


async def scrape(
    client: Any, **headers: str
) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    resp = await client.get("/metrics", headers=headers)
    assert resp.status_code == 200, resp.status_code
    assert resp.content_type.startswith("text/plain")
    text = (await resp.get_data()).decode()
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def jobs_with(samples: dict, status: str) -> float:
    return samples.get(("reelsmith_jobs", (("status", status),)), 0.0)


async def test_numbers_move_as_a_job_changes_status(app, client, make_user, settings) -> None:
    user = await make_user()
    before = await scrape(client)
    assert jobs_with(before, "pending") == 0 and before[("reelsmith_workers", ())] == 0
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "Robin"}},
        headers=user.headers,
    )
    job_id = (await resp.get_json())["jobId"]
    pending = await scrape(client)
    assert jobs_with(pending, "pending") == 1
    route = (("method", "POST"), ("route", "/api/render"), ("status", "200"))
    assert pending[("reelsmith_http_requests_total", route)] == 1
    hist = (("le", "+Inf"), ("method", "POST"), ("route", "/api/render"))
    assert pending[("reelsmith_http_request_duration_seconds_bucket", hist)] == 1

    db, redis = app.config["REELSMITH_DB"], Redis.from_url(settings.redis_url)
    try:
        await queue.register_worker(redis, settings, "w-metrics", 2, 60)
        assert await jobs.claim(db, redis, settings, job_id, "w-metrics") is not None
        working = await scrape(client)
        assert jobs_with(working, "pending") == 0 and jobs_with(working, "processing") == 1
        assert working[("reelsmith_workers", ())] == 1
        assert working[("reelsmith_worker_slots", ())] == 2
        assert await jobs.complete(
            db, job_id, "w-metrics", 1, f"videos/{job_id}.1.mp4", 1000, {}, []
        )
    finally:
        await redis.aclose()
    done = await scrape(client)
    assert jobs_with(done, "processing") == 0 and jobs_with(done, "complete") == 1
    status_route = (("method", "GET"), ("route", "/api/render/<job_id>"), ("status", "200"))
    assert ("reelsmith_http_requests_total", status_route) not in done  # never the raw path
    assert ("reelsmith_queue_depth", (("queue", settings.queue_name),)) in done


async def test_a_token_is_required_when_set(settings_factory: Callable[..., Settings]) -> None:
    settings = settings_factory(metrics_token="s3cret-token")
    schema = Database(settings.database_url)
    await schema.create_all()
    await schema.dispose()
    app = create_app(settings)
    async with app.test_app():
        client = app.test_client()
        assert (await client.get("/metrics")).status_code == 404
        wrong = {"Authorization": "Bearer nope"}
        assert (await client.get("/metrics", headers=wrong)).status_code == 404
        samples = await scrape(client, Authorization="Bearer s3cret-token")
        assert ("reelsmith_workers", ()) in samples


async def test_without_a_token_only_loopback_clients(client) -> None:
    resp = await client.get("/metrics", scope_base={"client": ("203.0.113.9", 4000)})
    assert resp.status_code == 404
    assert (await client.get("/metrics")).status_code == 200
