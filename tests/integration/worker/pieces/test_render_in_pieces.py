"""One long video across workers, end to end with real worker processes (Chromium + ffmpeg):
a render above REELSMITH_CHUNK_THRESHOLD_S (set low here) is planned into pieces that several
workers capture and the last one assembles. Its decoded frames are those of the plain
single-worker render (framemd5), its poster time and quality report are the plain render's, it
is charged once, and the pieces' stored files are gone.
A worker killed (SIGKILL) mid-piece: its piece is redone elsewhere, the job completes once."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from app.accounts.models import LedgerEntry
from app.config import Settings
from app.renders import queue
from app.renders.models import RenderChunk, RenderJob
from tests.support.render_helpers import WorkerProcess, make_template, wait_for
from tests.support.render_support import frame_hashes
from worker.jobs import job_spec
from worker.render.browser import BrowserManager
from worker.render.pipeline import RenderResult, render_video
from worker.render.quality import CHECKS
from worker.render.segments import cut_at, gop_grid

pytestmark = pytest.mark.slow

# Pieces of at least one second (one GOP) for any video longer than one second.
IN_PIECES = {"REELSMITH_CHUNK_THRESHOLD_S": "1", "REELSMITH_CHUNK_MIN_S": "1"}


def scenes(seconds: float) -> list[dict[str, Any]]:
    """Two scenes, the second entering with a fade: the video's segments (and so its GOPs)
    start at frames that are not on the one-second grid. The first speaks (a voice stem for the
    assembly's A/V sync check) when the render has its voiceover on."""
    return [
        {
            "primitiveId": "title-intro",
            "durationOverride": seconds - 0.3,
            "voScript": "Hello [person_name]",
        },
        {
            "primitiveId": "title-intro",
            "durationOverride": seconds + 0.3,
            "animationOption": "scale-in",
            "transition": "fade",
        },
    ]


async def job_row(app: Any, job_id: str) -> RenderJob:
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, job_id)
        assert job is not None
        return job


async def plan_rows(app: Any, job_id: str) -> list[RenderChunk]:
    async with app.config["REELSMITH_DB"].session() as session:
        rows = await session.execute(
            select(RenderChunk).where(RenderChunk.job_id == job_id).order_by(RenderChunk.index)
        )
        return list(rows.scalars().all())


async def charges(app: Any, job_id: str) -> list[str]:
    async with app.config["REELSMITH_DB"].session() as session:
        kinds = await session.execute(
            select(LedgerEntry.kind).where(LedgerEntry.reference == job_id)
        )
        return list(kinds.scalars())


async def submit(app: Any, client: Any, user: Any, seconds: float, voiced: bool = False) -> str:
    template_id = await make_template(app, user.account.id, scenes=scenes(seconds))
    body = {"templateId": template_id, "data": {"person_name": "Robin"}}
    audio = {"audio": {"includeVoiceover": True}} if voiced else {}
    created = await client.post("/api/render", json={**body, **audio}, headers=user.headers)
    assert created.status_code == 200, await created.get_json()
    return str((await created.get_json())["jobId"])


async def live_slots(settings: Settings, redis: Any, slots: int) -> None:
    async def ready() -> bool:
        return await queue.capacity(redis, settings) >= slots

    await wait_for(ready, 60, f"{slots} live worker slots")


async def plain_render(settings: Settings, job: RenderJob, out: Path) -> RenderResult:
    """The same job rendered in one piece, in this process."""
    manager = BrowserManager(settings)
    try:
        return await render_video(job_spec(job), settings, None, out, manager=manager)
    finally:
        await manager.close()


def media_files(settings: Settings) -> list[str]:
    root = Path(settings.media_dir)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


async def finished(app: Any, job_id: str) -> RenderJob | None:
    job = await job_row(app, job_id)
    return job if job.status in ("complete", "failed") else None


async def test_a_render_in_pieces_decodes_to_the_plain_renders_frames(
    app, client, make_user, settings, redis, tmp_path
):
    user = await make_user()
    two = WorkerProcess(
        settings, tmp_path / "a.log", env={**IN_PIECES, "REELSMITH_WORKER_CONCURRENCY": "2"}
    )
    one = WorkerProcess(settings, tmp_path / "b.log", env=IN_PIECES)
    try:
        two.start()
        one.start()
        await live_slots(settings, redis, 3)
        job_id = await submit(app, client, user, 2.0, voiced=True)  # ~4 s: three pieces
        seen: dict[int, RenderChunk] = {}

        async def done() -> RenderJob | None:
            for row in await plan_rows(app, job_id):
                seen[row.index] = row
            return await finished(app, job_id)

        job = await wait_for(done, 300, "the job in pieces to finish")
    finally:
        two.stop()
        one.stop()
    assert job.status == "complete", (job.error, two.log(), one.log())
    captures = [seen[i] for i in sorted(seen) if seen[i].kind == "capture"]
    assert len(captures) == 3, seen
    [assembly] = [row for row in seen.values() if row.kind == "assemble"]
    cuts, frames = assembly.meta["cuts"], assembly.meta["frames"]
    assert len(cuts) == 3 and any(c % 30 for c in cuts), cuts  # entry, fade, fully in
    grid = {g.start for g in gop_grid(cut_at(cuts, range(frames)), 30)}
    assert {c.frame_start for c in captures} <= grid  # pieces start on the video's GOP grid
    assert job.attempts == 1 and job.progress == 100
    video = Path(settings.media_dir) / f"videos/{job_id}.1.mp4"
    plain = await plain_render(settings, job, tmp_path / "plain.mp4")
    pieces_hashes, plain_hashes = frame_hashes(video), frame_hashes(plain.path)
    assert len(pieces_hashes) == len(plain_hashes) == round(job.duration_ms * 30 / 1000)
    assert pieces_hashes == plain_hashes
    # The assembly takes the poster where the plain render does and checks the file the same way.
    assert job.poster_at_ms == plain.poster_at_ms
    assert job.quality is not None and job.quality["status"] == plain.quality.status
    assert [c["name"] for c in job.quality["checks"]] == list(CHECKS)
    sync = next(c for c in job.quality["checks"] if c["name"] == "av_sync")
    assert sync["status"] == "pass" and "matched against the voice stem" in sync["detail"], sync
    assert await charges(app, job_id) == ["charge"]
    # Only the video, its poster and GIF: the page, soundtrack and parts were removed.
    assert media_files(settings) == sorted(
        [f"videos/{job_id}.1.mp4", f"posters/{job_id}.1.gif", f"posters/{job_id}.1.png"]
    )


async def test_a_piece_whose_worker_is_killed_is_redone_and_the_job_completes_once(
    app, client, make_user, settings, redis, tmp_path
):
    user = await make_user()
    workers = [WorkerProcess(settings, tmp_path / f"{n}.log", env=IN_PIECES) for n in "ab"]
    try:
        for worker in workers:
            worker.start()
        await live_slots(settings, redis, 2)
        job_id = await submit(app, client, user, 4.0)  # ~8 s: two pieces for two slots

        async def mid_piece() -> RenderChunk | None:
            rows = await plan_rows(app, job_id)
            busy = [r for r in rows if r.status == "processing" and r.frames_done > 0]
            return busy[0] if busy else None

        piece = await wait_for(mid_piece, 240, "a piece to be mid-capture", interval=0.1)
        pids = {w.proc.pid: w for w in workers if w.proc}
        [victim] = [w for pid, w in pids.items() if f"-{pid}-" in (piece.worker_id or "")]
        victim.kill()
        survivor = next(w for w in workers if w is not victim)
        tries: dict[int, int] = {}

        async def done() -> RenderJob | None:
            for row in await plan_rows(app, job_id):
                tries[row.index] = max(tries.get(row.index, 0), row.attempts)
            return await finished(app, job_id)

        job = await wait_for(done, 300, "the job to finish on the surviving worker")
    finally:
        for worker in workers:
            worker.stop()
    assert job.status == "complete", (job.error, survivor.log())
    assert job.attempts == 1  # the job itself was never claimed again: only its piece
    assert tries.get(piece.index, 0) >= 2, tries  # the killed piece was captured again
    assert "pieces handed back" in survivor.log(tail=None)
    assert await charges(app, job_id) == ["charge"]
    video = Path(settings.media_dir) / f"videos/{job_id}.1.mp4"
    plain = await plain_render(settings, job, tmp_path / "plain.mp4")
    assert frame_hashes(video) == frame_hashes(plain.path)
    assert media_files(settings) == sorted(
        [f"videos/{job_id}.1.mp4", f"posters/{job_id}.1.gif", f"posters/{job_id}.1.png"]
    )
    assert os.path.exists(video)
