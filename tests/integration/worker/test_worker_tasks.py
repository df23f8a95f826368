"""render_job and the sweep in this process, on the real database, Redis and media folder.

The render engine is covered by the worker-process tests; here it is replaced by a writer of a
small file, so what happens around it (claims, storage, outcomes, recovery) runs in
milliseconds and its failures can be provoked.
"""

from __future__ import annotations

import asyncio
import errno
import io
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from arq import Retry
from arq.connections import ArqRedis, RedisSettings, create_pool
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from app.accounts.models import LedgerEntry
from app.config import Settings
from app.logs import JsonFormatter
from app.media.storage import LocalStorage, S3Storage, get_storage, video_key
from app.renders import onview, queue
from app.renders.models import RenderJob
from tests.support.render_helpers import engine_result, make_template
from tests.support.s3 import s3_server
from worker import jobs, tasks
from worker.render import store
from worker.render.errors import RenderInputError

WORKER = "test-worker-1"
SPOKEN = [{"sceneIndex": 0, "engine": "piper", "voice": "joe"}]


class Engine:
    """Stands in for run_pipeline: writes `video <attempt>` to the output and reports a
    result. `meanwhile` holds coroutines run mid-render, one per call, in call order."""

    def __init__(self) -> None:
        self.calls = 0
        self.meanwhile: list[Callable[[], Awaitable[Any]]] = []

    async def __call__(
        self,
        settings: Settings,
        job: RenderJob,
        progress: Any,
        out_path: Path,
        db: Any,
        split: Any = None,
        on_mixed: Any = None,
    ) -> Any:
        self.calls += 1
        progress("rendering", 50)
        if self.meanwhile:
            await self.meanwhile.pop(0)()
        out_path.write_bytes(f"video {job.attempts}".encode())
        return engine_result(
            duration_ms=1500,
            frames=45,
            elapsed_s=1.0,
            scene_starts_ms={0: 0, 1: 800},
            scene_fully_in_ms={0: 0, 1: 1000},
            voiceovers=SPOKEN,
        )


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> Engine:
    fake = Engine()
    monkeypatch.setattr(tasks, "run_pipeline", fake)
    monkeypatch.setattr(jobs, "WRITE_RETRY_S", (0.01, 0.01, 0.01))
    return fake


class FullDisk(LocalStorage):
    """The media folder on a full disk."""

    def put(self, key: str, source: Path) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


class Locked:
    """A job write whose first `failures` calls fail the way SQLite does while another
    connection holds the write lock (its busy timeout is 30 s, too long to wait for here)."""

    def __init__(self, write: Callable[..., Awaitable[bool]], failures: int) -> None:
        self.write, self.failures, self.calls = write, failures, 0
        self.__name__ = write.__name__

    async def __call__(self, *args: Any) -> bool:
        self.calls += 1
        if self.calls <= self.failures:
            locked = sqlite3.OperationalError("database is locked")
            raise OperationalError("UPDATE render_jobs ...", {}, locked)
        return await self.write(*args)


@pytest_asyncio.fixture
async def pool(settings: Settings) -> AsyncIterator[ArqRedis]:
    redis = await create_pool(RedisSettings.from_dsn(settings.redis_url))
    yield redis
    await redis.aclose()


async def worker_ctx(app: Any, pool: ArqRedis, worker_id: str = WORKER) -> dict[str, Any]:
    """What arq hands render_job: settings, db, storage, Redis, and a live heartbeat."""
    settings: Settings = app.config["REELSMITH_SETTINGS"]
    await queue.register_worker(pool, settings, worker_id, 1, 60)
    return {
        "settings": settings,
        "db": app.config["REELSMITH_DB"],
        "storage": get_storage(settings),
        "redis": pool,
        "worker_id": worker_id,
    }


async def submit(app: Any, client: Any, user: Any, **body: Any) -> str:
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "Robin"}, **body},
        headers=user.headers,
    )
    assert resp.status_code == 200, await resp.get_json()
    return (await resp.get_json())["jobId"]


async def job_row(app: Any, job_id: str) -> RenderJob:
    async with app.config["REELSMITH_DB"].session() as session:
        return await session.get(RenderJob, job_id)


async def ledger_kinds(app: Any, reference: str) -> list[str]:
    async with app.config["REELSMITH_DB"].session() as session:
        rows = await session.execute(
            select(LedgerEntry.kind)
            .where(LedgerEntry.reference == reference)
            .order_by(LedgerEntry.created_at)
        )
        return [k for (k,) in rows]


async def test_complete_job_records_who_spoke(app, client, make_user, pool, engine):
    user = await make_user()
    job_id = await submit(app, client, user)
    assert await tasks.render_job(await worker_ctx(app, pool), job_id) == "complete"
    status = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert status["status"] == "complete"
    assert status["voiceovers"] == status["job"]["voiceovers"] == SPOKEN
    row = await job_row(app, job_id)
    assert row.scene_fully_in_ms == {"0": 0, "1": 1000}
    assert row.scene_starts_ms == {"0": 0, "1": 800}
    # the stand-in "video" is not one ffmpeg can read: no poster, and the render still completes
    assert row.poster_key is None and row.preview_gif_key is None
    assert status["playerUrl"] == f"http://testserver/v/{job_id}"
    assert status["thumbnailUrl"] is None and status["thumbnailGifUrl"] is None


async def test_a_stalled_attempt_that_lost_its_job_keeps_the_winners_video(
    app, client, make_user, pool, engine, settings
):
    user = await make_user()
    job_id = await submit(app, client, user)
    first, second = await worker_ctx(app, pool, "stalled-1"), await worker_ctx(app, pool, "w-2")

    async def taken_over() -> None:
        # The first worker stalls long enough for its heartbeat to lapse; the sweep hands the
        # job to the second worker, which renders and completes it.
        await pool.delete(queue.heartbeat_key(settings, "stalled-1"))
        assert await tasks.render_job(second, job_id) == "complete"

    engine.meanwhile.append(taken_over)
    assert await tasks.render_job(first, job_id) == "dropped: job no longer ours"
    job = await job_row(app, job_id)
    assert job.status == "complete" and job.worker_id == "w-2" and job.attempts == 2
    assert job.output_key == video_key(job_id, 2) == f"videos/{job_id}.2.mp4"
    storage = get_storage(settings)
    assert storage.path(job.output_key).read_bytes() == b"video 2"
    assert not storage.exists(video_key(job_id, 1))  # the loser removed only its own file
    status = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert status["outputUrl"] == f"http://testserver/media/videos/{job_id}.2.mp4"
    assert await ledger_kinds(app, job_id) == ["charge"]


async def test_a_full_disk_is_retried_then_failed_and_refunded_once(
    app, client, make_user, pool, engine, settings
):
    user = await make_user()
    job_id = await submit(app, client, user)
    ctx = {**await worker_ctx(app, pool), "storage": FullDisk(settings.media_dir, "http://x")}
    for attempt in (1, 2):
        with pytest.raises(Retry):
            await tasks.render_job(ctx, job_id)
        job = await job_row(app, job_id)
        assert (job.status, job.worker_id, job.attempts) == ("pending", None, attempt)
    assert await tasks.render_job(ctx, job_id) == "failed"
    job = await job_row(app, job_id)
    assert job.status == "failed" and job.refunded
    assert job.error.startswith("Render failed: the video could not be stored")
    assert "No space left on device" in job.error
    assert await ledger_kinds(app, job_id) == ["charge", "refund"]


async def test_a_bucket_that_is_down_is_retried_then_failed_and_refunded(
    app, client, make_user, pool, engine, settings, monkeypatch
):
    # each attempt uploads once, then gives up (not a minute of uploads again: store.py)
    monkeypatch.setattr(store, "STORE_RETRY_S", ())
    user = await make_user()
    job_id = await submit(app, client, user)
    with s3_server() as s3:
        values = settings.model_dump() | s3.settings() | {"s3_max_attempts": 1, "s3_timeout_s": 2}
        ctx = {**await worker_ctx(app, pool), "storage": S3Storage(Settings(**values))}
        s3.stop()  # the store goes down before the first attempt stores its video
        for attempt in (1, 2):
            with pytest.raises(Retry):
                await tasks.render_job(ctx, job_id)
            job = await job_row(app, job_id)
            assert (job.status, job.worker_id, job.attempts) == ("pending", None, attempt)
        assert await tasks.render_job(ctx, job_id) == "failed"
    job = await job_row(app, job_id)
    assert job.status == "failed" and job.refunded and job.output_key is None
    assert job.error.startswith("Render failed: the video could not be stored")
    assert "Could not connect to the endpoint URL" in job.error
    assert await ledger_kinds(app, job_id) == ["charge", "refund"]


async def test_json_logs_carry_the_job_id_on_every_line_of_the_job(
    app, client, make_user, pool, engine
):
    user = await make_user()
    job_id = await submit(app, client, user)
    ctx = await worker_ctx(app, pool)
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    level, root.level = root.level, logging.INFO

    async def in_a_task_the_job_started() -> None:
        async def child() -> None:
            logging.getLogger("worker.render").info("frames done")

        await asyncio.create_task(child())

    engine.meanwhile.append(in_a_task_the_job_started)
    try:
        logging.getLogger("worker.settings").info("before the job")
        assert await tasks.render_job(ctx, job_id) == "complete"
        logging.getLogger("worker.settings").info("after the job")
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all({"time", "level", "logger", "message"} <= line.keys() for line in lines)
    assert lines[0]["message"] == "before the job" and "jobId" not in lines[0]
    assert lines[-1]["message"] == "after the job" and "jobId" not in lines[-1]
    in_job = lines[1:-1]
    messages = [line["message"] for line in in_job]
    assert messages[0] == "frames done"  # logged in a task the job started
    assert any(m.startswith(f"job {job_id}: poster/preview GIF not made") for m in messages)
    assert {line.get("jobId") for line in in_job} == {job_id}
    assert in_job[0]["time"].endswith("+00:00")


async def test_a_locked_database_delays_the_outcome_but_does_not_lose_it(
    app, client, make_user, pool, engine, monkeypatch
):
    user = await make_user()
    done_id, bad_id = await submit(app, client, user), await submit(app, client, user)
    ctx = await worker_ctx(app, pool)
    monkeypatch.setattr(jobs, "complete", Locked(jobs.complete, 2))
    monkeypatch.setattr(jobs, "fail", Locked(jobs.fail, 2))
    assert await tasks.render_job(ctx, done_id) == "complete"
    assert (await job_row(app, done_id)).status == "complete"

    async def bad_input() -> None:
        raise RenderInputError("Missing required data: person_name")

    engine.meanwhile.append(bad_input)
    assert await tasks.render_job(ctx, bad_id) == "failed"
    job = await job_row(app, bad_id)
    assert job.status == "failed" and job.error == "Missing required data: person_name"
    assert await ledger_kinds(app, bad_id) == ["charge", "refund"]


async def test_the_sweep_hands_back_a_job_whose_outcome_was_never_written(
    app, client, make_user, pool, engine, settings, monkeypatch
):
    user = await make_user()
    job_id = await submit(app, client, user)
    ctx = await worker_ctx(app, pool)
    monkeypatch.setattr(jobs, "complete", Locked(jobs.complete, 99))
    assert await tasks.render_job(ctx, job_id) == "stranded: outcome not recorded"
    job = await job_row(app, job_id)
    assert job.status == "processing" and job.worker_id == WORKER  # and WORKER is alive
    assert media_files(settings) == []  # the unrecorded attempt deleted its stored video

    # While arq still holds the job, or within the grace, the sweep leaves it alone.
    assert (await tasks.sweep({**ctx, "stranded_grace_s": 0}))["stranded"] == 0
    await queue.release(pool, settings, job_id)  # arq finished its run
    assert (await tasks.sweep({**ctx, "stranded_grace_s": 3600}))["stranded"] == 0
    assert (await tasks.sweep({**ctx, "stranded_grace_s": 0}))["stranded"] == 1
    job = await job_row(app, job_id)
    assert (job.status, job.worker_id) == ("pending", None)
    assert await queue.in_queue(pool, settings, job_id)

    monkeypatch.undo()
    monkeypatch.setattr(tasks, "run_pipeline", engine)
    assert await tasks.render_job(ctx, job_id) == "complete"
    job = await job_row(app, job_id)
    assert job.status == "complete" and job.attempts == 2
    assert media_files(settings) == [f"videos/{job_id}.2.mp4"]
    assert await ledger_kinds(app, job_id) == ["charge"]


def media_files(settings: Settings) -> list[str]:
    """Every file under the media folder, as keys."""
    root = Path(settings.media_dir)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


class CommittedThenLost:
    """jobs.complete whose write commits, but whose answer is lost (the connection drops
    after the commit), on every call."""

    __name__ = "complete"

    def __init__(self) -> None:
        self.write = jobs.complete

    async def __call__(self, *args: Any) -> bool:
        await self.write(*args)
        raise OperationalError("COMMIT", {}, sqlite3.OperationalError("disk I/O error"))


async def test_a_completion_that_went_through_despite_an_error_keeps_its_video(
    app, client, make_user, pool, engine, settings, monkeypatch
):
    user = await make_user()
    job_id = await submit(app, client, user)
    monkeypatch.setattr(jobs, "complete", CommittedThenLost())
    assert await tasks.render_job(await worker_ctx(app, pool), job_id) == (
        "stranded: outcome not recorded"
    )
    job = await job_row(app, job_id)
    assert job.status == "complete" and job.output_key == video_key(job_id, 1)
    assert media_files(settings) == [job.output_key]  # the video the job refers to stays


async def test_a_completed_job_deletes_the_video_a_killed_attempt_stored(
    app, client, make_user, pool, engine, settings, tmp_path
):
    user = await make_user()
    job_id = await submit(app, client, user)
    db, storage = app.config["REELSMITH_DB"], get_storage(settings)
    # Attempt 1 stores its video and is killed before it can record it.
    await worker_ctx(app, pool, "killed-1")
    assert (await jobs.claim(db, pool, settings, job_id, "killed-1")).attempts == 1
    (tmp_path / "v1.mp4").write_bytes(b"video 1")
    storage.put(video_key(job_id, 1), tmp_path / "v1.mp4")
    await pool.delete(queue.heartbeat_key(settings, "killed-1"))

    assert await tasks.render_job(await worker_ctx(app, pool), job_id) == "complete"
    job = await job_row(app, job_id)
    assert job.attempts == 2 and job.output_key == video_key(job_id, 2)
    assert media_files(settings) == [f"videos/{job_id}.2.mp4"]
    assert await ledger_kinds(app, job_id) == ["charge"]


async def test_a_job_that_kills_its_worker_fails_after_three_attempts(
    app, client, make_user, pool, engine, settings
):
    user = await make_user()
    job_id = await submit(app, client, user)
    db = app.config["REELSMITH_DB"]
    for attempt in (1, 2, 3):
        victim = f"oom-{attempt}"
        await worker_ctx(app, pool, victim)
        claimed = await jobs.claim(db, pool, settings, job_id, victim)
        assert claimed is not None and claimed.attempts == attempt
        await pool.delete(queue.heartbeat_key(settings, victim))  # killed mid-render
    ctx = await worker_ctx(app, pool)
    assert await tasks.render_job(ctx, job_id) == "failed: too many attempts"
    assert engine.calls == 0
    job = await job_row(app, job_id)
    assert job.status == "failed" and job.stage == "failed" and job.refunded
    assert "started 3 times" in job.error and "out of memory" in job.error
    assert await tasks.render_job(ctx, job_id) == "skipped: not pending or taken by a live worker"
    assert await ledger_kinds(app, job_id) == ["charge", "refund"]


async def test_the_sweep_expires_renders_on_view_nobody_opened_and_keeps_their_posters(
    app, client, make_user, pool, settings, tmp_path
):
    user = await make_user(credits=2)
    old, fresh = [await submit(app, client, user, render="on_view") for _ in range(2)]
    storage = get_storage(settings)
    kept = tmp_path / "f"
    kept.write_bytes(b"x")
    for job_id in (old, fresh):
        for key in (onview.on_view_poster_key(job_id), *onview.live_file_keys(job_id)):
            storage.put(key, kept)
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, old)
        job.created_at = job.created_at - timedelta(days=settings.on_view_expiry_days, hours=1)
    assert (await tasks.sweep(await worker_ctx(app, pool)))["on_view_expired"] == 1
    assert (await tasks.sweep(await worker_ctx(app, pool)))["on_view_expired"] == 0
    assert (await job_row(app, old)).status == "expired"
    assert (await job_row(app, fresh)).status == "awaiting_view"
    assert storage.exists(onview.on_view_poster_key(old))  # emails still show it
    assert not any(storage.exists(k) for k in onview.live_file_keys(old))  # shell, timeline too
    assert all(storage.exists(k) for k in onview.live_file_keys(fresh))

    status = await (await client.get(f"/api/render/{old}", headers=user.headers)).get_json()
    assert status["status"] == "expired" and status["thumbnailUrl"].endswith(f"{old}.0.png")
    page = await client.get(f"/v/{old}")
    html = await page.get_data(as_text=True)
    assert page.status_code == 410 and "Video expired" in html and f"posters/{old}.0.png" in html
    assert (await client.get(f"/v/{old}/status")).status_code == 410
    video = await client.get(f"/media/videos/{old}")
    assert video.status_code == 410 and (await video.get_json())["error"] == "expired"
    assert await ledger_kinds(app, old) == []  # never charged, nothing to refund
