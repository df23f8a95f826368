"""Planning a long render (inside the claiming worker's render_job): the sizing rule, and the
pipeline's `split` step, which stores the composed page and the soundtrack, writes the plan
of pieces (worker/pieces/rows.py) and enqueues them; the pieces themselves run in
worker/pieces/task.py."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import tarfile
import time
from pathlib import Path
from typing import Any

from app.config import Settings
from app.db import Database
from app.media.storage import Storage
from app.renders import queue
from app.renders.models import RenderChunk, RenderJob
from worker.jobs import settle
from worker.pieces import rows
from worker.render.audio import VOICE_STEM
from worker.render.encode import gop_size
from worker.render.pipeline import (
    Prepared,
    Split,
    mix_soundtrack,
    scene_starts_ms,
    scenes_fully_in_ms,
    spoken_by,
)
from worker.render.segments import cut_at, gop_grid, split_gops, video_segments
from worker.render.store import store_video

log = logging.getLogger("reelsmith.worker")

PAGE_NAME, ASSETS_NAME = "page.html", "assets"


def wants_pieces(duration_ms: float, settings: Settings) -> bool:
    """A video longer than the threshold is rendered in pieces (0: never)."""
    return settings.chunk_threshold_s > 0 and duration_ms / 1000.0 > settings.chunk_threshold_s


def piece_ranges(
    frames: int, fps: int, slots: int, settings: Settings, cuts: list[int] | None = None
) -> list[range]:
    """The sizing rule: as many pieces as there are live worker slots, but none shorter than
    REELSMITH_CHUNK_MIN_S (rounded up to whole GOPs, one second each) and at most
    REELSMITH_CHUNK_MAX; about equal ranges of whole GOPs of the video's grid (`cuts`: where
    its segments start, each starting a GOP; see `gop_grid`), every frame assumed to move
    (the planner has no browser to ask). One range: not worth splitting."""
    gop = gop_size(fps)
    shortest = max(gop, math.ceil(settings.chunk_min_s * fps / gop) * gop)
    count = min(max(1, slots), frames // shortest, settings.chunk_max)
    if count < 2:
        return [range(0, frames)]
    gops = gop_grid(cut_at(cuts or [0], range(frames)), gop)
    return split_gops([True] * frames, gops, count)


# Under chunks/ (the pieces' former name): a plan in flight across an upgrade finds its files.
def bundle_key(job_id: str, attempt: int) -> str:
    """The composed page and its assets (a tar) every capture piece serves."""
    return f"chunks/{job_id}.{attempt}/page.tar"


def soundtrack_key(job_id: str, attempt: int) -> str:
    """The whole video's soundtrack, mixed once by the planner."""
    return f"chunks/{job_id}.{attempt}/soundtrack.wav"


def voice_key(job_id: str, attempt: int) -> str:
    """The voice alone as the mix placed it (the assembly's A/V sync check), when voiced."""
    return f"chunks/{job_id}.{attempt}/voice.wav"


def run_key(job_id: str, attempt: int, index: int, run: int, piece_try: int) -> str:
    """One encoded run of a capture piece (per claim, so a lost claim never overwrites)."""
    return f"chunks/{job_id}.{attempt}/{index:03d}.{piece_try}.{run:02d}.mp4"


def splitter(ctx: dict[str, Any], job: RenderJob) -> Split:
    """The pipeline's `split` step for this claim of `job`: plans a long video into pieces
    (True), or leaves a short one to render here as before (False)."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    storage: Storage = ctx["storage"]
    worker_id: str = ctx["worker_id"]
    attempt = job.attempts

    async def split(prepared: Prepared, workdir: Path) -> bool:
        if not wants_pieces(prepared.timeline.duration_ms, settings):
            return False
        slots = await queue.capacity(ctx["redis"], settings)
        fps = prepared.spec.output.fps
        cuts = [frames.start for frames in video_segments(prepared.timeline, fps)]
        ranges = piece_ranges(prepared.frames, fps, slots, settings, cuts)
        if len(ranges) < 2:
            return False
        started = time.monotonic()
        keys = [bundle_key(job.id, attempt), soundtrack_key(job.id, attempt)]
        soundtrack = await mix_soundtrack(prepared, settings, workdir / "sound")
        bundle = await asyncio.to_thread(pack_page, prepared, workdir / "page.tar")
        await store_video(storage, keys[0], bundle)
        await store_video(storage, keys[1], soundtrack)
        stem = workdir / "sound" / VOICE_STEM
        if stem.exists():
            keys.append(voice_key(job.id, attempt))
            await store_video(storage, keys[2], stem)
        meta = plan_meta(prepared)
        meta["cuts"] = cuts
        meta["planSeconds"] = round(time.monotonic() - started, 3)
        ids = await settle(rows.save_plan, db, job.id, worker_id, attempt, ranges, meta)
        if ids is None:
            log.info("job %s: no longer ours; plan dropped", job.id)
            await asyncio.to_thread(delete_keys, storage, keys)
            return True
        for piece_id in ids:
            with contextlib.suppress(Exception):  # the sweep enqueues what is missing
                await queue.enqueue_piece(ctx["redis"], settings, piece_id)
        log.info(
            "job %s: %d frames planned into %d pieces (%d worker slots) in %.2fs",
            job.id, prepared.frames, len(ranges), slots, meta["planSeconds"],
        )  # fmt: skip
        return True

    return split


def plan_meta(prepared: Prepared) -> dict[str, Any]:
    """What the assembly writes on the job besides the video (as a single-piece render's)."""
    output = prepared.spec.output
    return {
        "frames": prepared.frames,
        "fps": output.fps,
        "durationMs": prepared.timeline.duration_ms,
        "sceneStartsMs": {str(k): int(v) for k, v in scene_starts_ms(prepared.timeline).items()},
        "sceneFullyInMs": {
            str(k): int(v) for k, v in scenes_fully_in_ms(prepared.timeline).items()
        },
        "voiceovers": spoken_by(prepared.voiceovers),
        "quality": prepared.quality_plan(),
    }


def pack_page(prepared: Prepared, dest: Path) -> Path:
    """The composed page and its assets folder as one tar."""
    page = dest.with_name(PAGE_NAME)
    page.write_text(prepared.page, encoding="utf-8")
    with tarfile.open(dest, "w") as tar:
        tar.add(page, arcname=PAGE_NAME)
        if prepared.assets.is_dir():
            tar.add(prepared.assets, arcname=ASSETS_NAME)
    return dest


def unpack_page(bundle: Path, into: Path) -> tuple[str, Path]:
    """The page HTML and its assets folder from `pack_page`'s tar."""
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle) as tar:
        tar.extractall(into, filter="data")
    assets = into / ASSETS_NAME
    assets.mkdir(exist_ok=True)
    return (into / PAGE_NAME).read_text(encoding="utf-8"), assets


def delete_keys(storage: Storage, keys: list[str]) -> None:
    for key in keys:
        try:
            storage.delete(key)
        except Exception as exc:
            log.warning("stored file %s not deleted: %s", key, exc)


def plan_keys(job_id: str, attempt: int, pieces: list[RenderChunk]) -> list[str]:
    """Everything a plan stored: page, soundtrack, voice, every run."""
    runs = [str(k) for piece in pieces for k in piece.segment_keys]
    stored = (bundle_key, soundtrack_key, voice_key)
    return [*(key(job_id, attempt) for key in stored), *runs]
