"""GET /metrics: Prometheus text, protected, with figures that move as a job renders (status,
workers, and the render duration and fps histograms the worker records)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from arq.connections import RedisSettings, create_pool
from prometheus_client.parser import text_string_to_metric_families

from app import create_app
from app.config import Settings
from app.db import Database
from app.media.storage import get_storage
from app.models import create_all
from app.renders import queue
from app.renders.models import RenderJob
from tests.support.render_helpers import WorkerProcess, engine_result, make_template, wait_for
from worker import tasks


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


DURATION, FPS = "reelsmith_render_duration_seconds", "reelsmith_render_fps"


def bucket(samples: dict, histogram: str, le: str) -> float:
    return samples[(f"{histogram}_bucket", (("le", le),))]


class Engine:
    """Stands in for the render engine (the real one: test_a_real_render_moves_the_histograms):
    scrapes /metrics while the job renders, then writes a small file and reports 90 frames in
    1.5 s of engine time, i.e. 60 frames per second."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.during: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}

    async def __call__(
        self,
        settings: Settings,
        job: Any,
        progress: Any,
        out_path: Path,
        db: Any,
        split: Any = None,
        on_mixed: Any = None,
    ) -> Any:
        progress("rendering", 50)
        self.during = await scrape(self.client)
        out_path.write_bytes(b"video")
        return engine_result(
            duration_ms=3000,
            frames=90,
            elapsed_s=1.5,
            scene_starts_ms={0: 0},
            scene_fully_in_ms={0: 0},
            voiceovers=[],
        )


async def test_numbers_move_as_a_job_renders(app, client, make_user, settings, monkeypatch) -> None:
    engine = Engine(client)
    monkeypatch.setattr(tasks, "run_pipeline", engine)
    user = await make_user()
    before = await scrape(client)
    assert jobs_with(before, "pending") == 0 and before[("reelsmith_workers", ())] == 0
    assert bucket(before, FPS, "+Inf") == 0 and bucket(before, DURATION, "+Inf") == 0
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

    pool = await create_pool(RedisSettings.from_dsn(settings.redis_url))
    try:
        await queue.register_worker(pool, settings, "w-metrics", 2, 60)
        ctx = {
            "settings": settings,
            "db": app.config["REELSMITH_DB"],
            "storage": get_storage(settings),
            "redis": pool,
            "worker_id": "w-metrics",
        }
        assert await tasks.render_job(ctx, job_id) == "complete"
    finally:
        await pool.aclose()
    working = engine.during
    assert jobs_with(working, "pending") == 0 and jobs_with(working, "processing") == 1
    assert working[("reelsmith_workers", ())] == 1
    assert working[("reelsmith_worker_slots", ())] == 2
    assert bucket(working, FPS, "+Inf") == 0  # recorded when the render completes

    done = await scrape(client)
    assert jobs_with(done, "processing") == 0 and jobs_with(done, "complete") == 1
    status_route = (("method", "GET"), ("route", "/api/render/<job_id>"), ("status", "200"))
    assert ("reelsmith_http_requests_total", status_route) not in done  # never the raw path
    assert ("reelsmith_queue_depth", (("queue", settings.queue_name),)) in done
    # 60 frames per second: in the 60 bucket, not the 45 one
    assert bucket(done, FPS, "45.0") == 0 and bucket(done, FPS, "60.0") == 1
    assert bucket(done, FPS, "+Inf") == 1 and done[("reelsmith_render_fps_count", ())] == 1
    assert done[("reelsmith_render_fps_sum", ())] == pytest.approx(60.0)
    # the wall time of the claimed attempt: a few seconds at most here (the engine does not
    # wait; the poster and the checks do, longer when the cores are shared), in one bucket
    assert bucket(done, DURATION, "10.0") == 1 and bucket(done, DURATION, "+Inf") == 1
    assert done[("reelsmith_render_duration_seconds_count", ())] == 1
    assert 0 < done[("reelsmith_render_duration_seconds_sum", ())] < 1.0


@pytest.mark.slow
async def test_a_real_render_moves_the_histograms(
    app, client, make_user, settings, tmp_path
) -> None:
    """A worker process renders the short template with Chromium and ffmpeg; /metrics of this
    (another) process shows the worker while it lives, and the render in both histograms."""
    user = await make_user()
    template_id = await make_template(app, user.account.id)
    worker = WorkerProcess(settings, tmp_path / "worker.log").start()
    try:

        async def worker_up() -> bool:
            return (await scrape(client))[("reelsmith_workers", ())] == 1

        await wait_for(worker_up, 60, "the worker's heartbeat")
        resp = await client.post(
            "/api/render",
            json={"templateId": template_id, "data": {"person_name": "Robin"}},
            headers=user.headers,
        )
        job_id = (await resp.get_json())["jobId"]

        async def finished() -> dict | None:
            resp = await client.get(f"/api/render/{job_id}", headers=user.headers)
            status = await resp.get_json()
            assert status["status"] != "failed", status
            return status if status["status"] == "complete" else None

        await wait_for(finished, 240, "the render")
        done = await scrape(client)
    finally:
        worker.stop()
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, job_id)
        frames = round(job.duration_ms * 30 / 1000)  # the template renders at 30 fps
    assert bucket(done, DURATION, "+Inf") == 1 and bucket(done, FPS, "+Inf") == 1
    seconds = done[("reelsmith_render_duration_seconds_sum", ())]
    fps = done[("reelsmith_render_fps_sum", ())]
    assert 0 < seconds < settings.job_timeout_s, worker.log()
    # fps counts engine time, which lies within the attempt's wall time
    assert fps >= (frames - 1) / seconds, (frames, seconds, fps)
    assert fps < frames, (frames, fps)  # and the engine took more than a second
    assert done[("reelsmith_worker_slots", ())] == 1


async def test_a_token_is_required_when_set(settings_factory: Callable[..., Settings]) -> None:
    settings = settings_factory(metrics_token="s3cret-token")
    schema = Database(settings.database_url)
    await create_all(schema)
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
