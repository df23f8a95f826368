"""While PostgreSQL or Redis is down, a served API answers 503 with Retry-After (never a 500),
and answers normally again once it is back; a render asked for while Redis is down is taken
(the database holds it) and dispatched once Redis is back.

Real processes: a private PostgreSQL cluster and a private `redis-server` on their own ports
(never the machine's shared ones), the API served by Hypercorn in a child process."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.accounts.service import create_account
from app.db import Database
from app.keys.service import create_key
from app.renders.models import RenderJob
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template
from tests.conftest import make_settings
from tests.support.faults import (
    TEMPLATE,
    PrivatePostgres,
    PrivateRedis,
    SilentRedis,
    private_redis,
)
from tests.support.live_server import live_server

pytestmark = pytest.mark.slow


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[PrivateRedis]:
    with private_redis(tmp_path / "redis") as server:
        yield server


async def seed(database_url: str) -> tuple[dict[str, str], str]:
    """An account's key headers and a custom template id."""
    db = Database(database_url)
    try:
        async with db.session() as session:
            account = await create_account(
                session, "down@example.com", "pw-" + "y" * 20, "studio", 20
            )
            _, key = await create_key(session, account.id, "down", "admin")
            view, _ = await create_template(
                session, account.id, CreateTemplate.model_validate(TEMPLATE)
            )
        return {"X-API-Key": key}, view.id
    finally:
        await db.dispose()


def assert_unavailable(response: httpx.Response, what: str) -> None:
    assert response.status_code == 503, (what, response.status_code, response.text)
    assert int(response.headers["Retry-After"]) > 0, what
    body = response.json()
    assert body["success"] is False and body["error"] == "service_unavailable", body
    assert "not answering" in body["message"], body


@pytest.mark.timeout(180)
async def test_api_answers_503_with_retry_after_while_a_dependency_is_down(
    pg: PrivatePostgres, redis_server: PrivateRedis, tmp_path: Path
):
    settings = make_settings(tmp_path, database_url=pg.url, redis_url=redis_server.url)
    with live_server(settings) as url:
        headers, template_id = await seed(settings.database_url)
        render: dict[str, Any] = {"templateId": template_id, "data": {"person_name": "Robin"}}
        async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30) as api:
            created = await api.post("/api/render", json=render)
            assert created.status_code == 200, created.text
            job_id = created.json()["jobId"]

            # PostgreSQL down (every backend killed at once, as in a crash)
            await asyncio.to_thread(pg.stop)
            for response, what in [
                (await api.get(f"/api/render/{job_id}"), "GET /api/render/{id}"),
                (await api.post("/api/render", json=render), "POST /api/render"),
                (await api.get("/api/render/batch?batchId=gone"), "GET /api/render/batch"),
            ]:
                assert_unavailable(response, what)
            ready = await api.get("/readyz")
            assert ready.status_code == 503, ready.text
            await asyncio.to_thread(pg.start)
            again = await api.get(f"/api/render/{job_id}")
            assert again.status_code == 200, again.text

            # Redis down: reads go on; a render is taken (the database holds it, the sweep
            # dispatches it when Redis is back), and what needs Redis itself answers 503
            await asyncio.to_thread(redis_server.kill)
            assert (await api.get(f"/api/render/{job_id}")).status_code == 200
            taken = await api.post("/api/render", json=render)
            assert taken.status_code == 200, taken.text
            assert (await api.get("/readyz")).status_code == 503
            await asyncio.to_thread(redis_server.start)
            assert (await api.get("/readyz")).status_code == 200
    db = Database(settings.database_url)
    try:
        async with db.session() as session:
            job = await session.get(RenderJob, taken.json()["jobId"])
            assert job is not None and job.status == "pending"
    finally:
        await db.dispose()


@pytest.mark.timeout(120)
async def test_a_silent_redis_costs_a_request_its_time_limit_not_forever(tmp_path: Path):
    """Redis accepts and never answers: reads answer once the rate limit's call gives up
    (unlimited, as with Redis down), a render is taken, /readyz says Redis is unreachable."""
    with SilentRedis() as silent:
        settings = make_settings(tmp_path, redis_url=silent.url)
        with live_server(settings, env={"REELSMITH_REDIS_TIMEOUT_S": "1"}) as url:
            headers, template_id = await seed(settings.database_url)
            render: dict[str, Any] = {"templateId": template_id, "data": {"person_name": "Ana"}}
            async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30) as api:
                for method, path, body in [
                    ("GET", "/api/templates", None),
                    ("POST", "/api/render", render),
                ]:
                    started = time.monotonic()
                    response = await api.request(method, path, json=body)
                    took = time.monotonic() - started
                    assert response.status_code == 200, (path, response.text)
                    assert took < 10, (path, took)
                ready = await api.get("/readyz")
                assert ready.status_code == 503, ready.text
                assert ready.json()["failed"] == ["redis"], ready.text
