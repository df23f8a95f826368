"""The pieces of a long render on SQLite and PostgreSQL (worker/pieces/rows.py, sweep.py):
assembly becomes ready exactly once however the last pieces race, progress is the sum of the
pieces, a piece of a dead worker is handed back and enqueued, and the pieces of a job that moved
on are fenced off and removed with their stored files."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest_asyncio
from arq.connections import ArqRedis, RedisSettings, create_pool
from sqlalchemy import select, update

from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.media.storage import get_storage
from app.renders import queue
from app.renders.models import RenderChunk, RenderJob
from app.renders.states import JobStatus
from worker.jobs import MAX_ATTEMPTS
from worker.pieces import plan as pieces_plan
from worker.pieces import rows
from worker.pieces.rows import Claimed, GiveUp, PieceStatus
from worker.pieces.sweep import sweep_pieces

PLANNER = "planner-1"
FPS = 30


@pytest_asyncio.fixture
async def pool(settings: Settings) -> AsyncIterator[ArqRedis]:
    redis = await create_pool(RedisSettings.from_dsn(settings.redis_url))
    yield redis
    await redis.aclose()


async def processing_job(db: Database) -> str:
    """A job the planner's first attempt holds (as jobs.claim leaves it)."""
    async with db.session() as session:
        account = await create_account(
            session, f"{uuid.uuid4().hex[:8]}@example.com", "pw-123456789", "studio", 5
        )
        job = RenderJob(
            account_id=account.id,
            template_id="t",
            status=JobStatus.PROCESSING,
            stage="voiceover",
            progress=8,
            request={},
            worker_id=PLANNER,
            attempts=1,
        )
        session.add(job)
        await session.flush()
        return job.id


async def plan(db: Database, job_id: str, parts: int) -> list[str]:
    ranges = [range(n * 60, (n + 1) * 60) for n in range(parts)]
    meta = {"frames": parts * 60, "fps": FPS}
    ids = await rows.save_plan(db, job_id, PLANNER, 1, ranges, meta)
    assert ids is not None and len(ids) == parts
    return ids


async def take(
    db: Database, pool: ArqRedis, settings: Settings, piece_id: str, worker: str
) -> Claimed:
    held = await rows.claim(db, pool, settings, piece_id, worker)
    assert isinstance(held, Claimed), held
    return held


async def test_the_last_pieces_racing_make_the_assembly_ready_exactly_once(
    db: Database, pool: ArqRedis, settings: Settings
):
    for _ in range(4):
        job_id = await processing_job(db)
        ids = await plan(db, job_id, 5)
        held = [await take(db, pool, settings, i, f"w{n}") for n, i in enumerate(ids)]
        # Pieces 0-1 done first, then the other three finish at the same moment.
        for n in range(2):
            first = await rows.finish(db, held[n], f"w{n}", [f"k{n}"], 60)
            assert first.ours and first.assembly_id is None
        results = await asyncio.gather(
            *(rows.finish(db, held[n], f"w{n}", [f"k{n}"], 60) for n in range(2, 5))
        )
        assert all(r.ours for r in results)
        ready = [r.assembly_id for r in results if r.assembly_id]
        assert len(ready) == 1
        async with db.session() as session:
            assembly = (
                await session.execute(
                    select(RenderChunk).where(
                        RenderChunk.job_id == job_id, RenderChunk.kind == rows.ASSEMBLE
                    )
                )
            ).scalar_one()
        assert assembly.id == ready[0] and assembly.status == PieceStatus.PENDING
        # Two live workers claiming the assembly at once: one gets it.
        for worker in ("a", "b"):
            await queue.register_worker(pool, settings, worker, 1, 60)
        claims = await asyncio.gather(
            *(rows.claim(db, pool, settings, assembly.id, w) for w in ("a", "b"))
        )
        assert sum(isinstance(c, Claimed) for c in claims) == 1
        # A piece finished twice (a stale claim) changes nothing.
        again = await rows.finish(db, held[0], "w0", ["other"], 60)
        assert not again.ours


async def test_progress_is_the_sum_of_the_pieces_and_never_goes_down(
    db: Database, pool: ArqRedis, settings: Settings
):
    job_id = await processing_job(db)
    ids = await plan(db, job_id, 2)
    a = await take(db, pool, settings, ids[0], "wa")
    b = await take(db, pool, settings, ids[1], "wb")
    await rows.save_progress(db, a, "wa", 60)  # half of 120 frames
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        assert job.progress == 15 + (92 - 15) // 2 and job.stage == "rendering"
        assert job.worker_id == PLANNER and job.attempts == 1  # still the planner's attempt
    await rows.save_progress(db, b, "wb", 60)
    async with db.session() as session:
        assert (await session.get(RenderJob, job_id)).progress == 92
    await rows.save_progress(db, b, "someone-else", 0)  # not its holder: ignored
    async with db.session() as session:
        assert (await session.get(RenderJob, job_id)).progress == 92


async def test_a_piece_claimed_too_often_fails_and_a_moved_on_job_fences_its_pieces(
    db: Database, pool: ArqRedis, settings: Settings
):
    job_id = await processing_job(db)
    ids = await plan(db, job_id, 2)
    async with db.session() as session:
        await session.execute(
            update(RenderChunk).where(RenderChunk.id == ids[0]).values(attempts=MAX_ATTEMPTS)
        )
    gave_up = await rows.claim(db, pool, settings, ids[0], "w")
    assert isinstance(gave_up, GiveUp) and gave_up.job_worker == PLANNER and gave_up.attempt == 1
    # The job claimed again (attempt 2): its first plan's pieces are nobody's.
    held = await take(db, pool, settings, ids[1], "w")
    async with db.session() as session:
        await session.execute(update(RenderJob).where(RenderJob.id == job_id).values(attempts=2))
    assert await rows.claim(db, pool, settings, ids[1], "w2") is None
    done = await rows.finish(db, held, "w", ["k"], 60)
    assert not done.ours and done.assembly_id is None


async def test_the_sweep_hands_back_a_dead_workers_piece_and_removes_stale_plans(
    db: Database, pool: ArqRedis, settings: Settings, tmp_path: Path
):
    storage = get_storage(settings)
    ctx: dict[str, Any] = {
        "settings": settings,
        "db": db,
        "redis": pool,
        "storage": storage,
        "stranded_grace_s": 3600,
    }
    await queue.register_worker(pool, settings, "alive", 1, 60)
    job_id = await processing_job(db)
    ids = await plan(db, job_id, 2)
    await take(db, pool, settings, ids[0], "dead")  # no heartbeat: its worker is gone
    alive = await take(db, pool, settings, ids[1], "alive")
    swept = await sweep_pieces(ctx)
    assert swept["handed_back"] == 1 and swept["enqueued"] == 1
    assert await queue.piece_in_queue(pool, settings, ids[0])
    assert not await queue.piece_in_queue(pool, settings, ids[1])  # live, quiet for < grace
    async with db.session() as session:
        piece = await session.get(RenderChunk, ids[0])
        assert piece.status == PieceStatus.PENDING and piece.worker_id is None
    # Its job is finished meanwhile: the plan and what it stored go.
    part = tmp_path / "part.mp4"
    part.write_bytes(b"x")
    stored = pieces_plan.run_key(job_id, 1, 1, 0, 1)
    storage.put(stored, part)
    storage.put(pieces_plan.bundle_key(job_id, 1), part)
    assert (await rows.finish(db, alive, "alive", [stored], 60)).ours
    async with db.session() as session:
        await session.execute(
            update(RenderJob).where(RenderJob.id == job_id).values(status=JobStatus.FAILED)
        )
    swept = await sweep_pieces(ctx)
    assert swept["stale_plans"] == 1
    assert not storage.exists(stored) and not storage.exists(pieces_plan.bundle_key(job_id, 1))
    async with db.session() as session:
        left = (
            await session.execute(select(RenderChunk.id).where(RenderChunk.job_id == job_id))
        ).all()
    assert left == []
    await queue.release_piece(pool, settings, ids[0])


async def test_an_assembly_lost_with_its_worker_is_handed_back_and_taken_once(
    db: Database, pool: ArqRedis, settings: Settings
):
    ctx: dict[str, Any] = {
        "settings": settings,
        "db": db,
        "redis": pool,
        "storage": get_storage(settings),
        "stranded_grace_s": 3600,
    }
    job_id = await processing_job(db)
    [only] = await plan(db, job_id, 1)
    piece = await take(db, pool, settings, only, "w")
    ready = await rows.finish(db, piece, "w", ["k"], 60)
    assert ready.assembly_id is not None
    await take(db, pool, settings, ready.assembly_id, "dies")  # no heartbeat: gone
    swept = await sweep_pieces(ctx)
    assert swept["handed_back"] == 1 and await queue.piece_in_queue(
        pool, settings, ready.assembly_id
    )
    for worker in ("x", "y"):
        await queue.register_worker(pool, settings, worker, 1, 60)
    claims = await asyncio.gather(
        *(rows.claim(db, pool, settings, ready.assembly_id, w) for w in ("x", "y"))
    )
    [winner] = [c for c in claims if isinstance(c, Claimed)]
    assert winner.kind == rows.ASSEMBLE and winner.piece_try == 2
    assert winner.job_worker == PLANNER and winner.meta["frames"] == 60
    await queue.release_piece(pool, settings, ready.assembly_id)
