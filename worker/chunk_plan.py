"""Planning a long render (inside the claiming worker's render_job): the pipeline's `split`
step stores the composed page and the soundtrack, writes the plan of pieces
(worker/chunks.py) and enqueues them; the pieces themselves run in worker/chunk_tasks.py."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import tarfile
import time
from pathlib import Path
from typing import Any

from app.config import Settings
from app.db import Database
from app.media.storage import Storage
from app.renders import queue
from app.renders.models import RenderJob
from worker import chunks
from worker.jobs import settle
from worker.render.pipeline import (
    Prepared,
    Split,
    mix_soundtrack,
    scene_starts_ms,
    scenes_fully_in_ms,
    spoken_by,
)
from worker.render.segments import video_segments
from worker.render.store import store_video

log = logging.getLogger("reelsmith.worker")

PAGE_NAME, ASSETS_NAME = "page.html", "assets"


def splitter(ctx: dict[str, Any], job: RenderJob) -> Split:
    """The pipeline's `split` step for this claim of `job`: plans a long video into pieces
    (True), or leaves a short one to render here as before (False)."""
    settings: Settings = ctx["settings"]
    db: Database = ctx["db"]
    storage: Storage = ctx["storage"]
    worker_id: str = ctx["worker_id"]
    attempt = job.attempts

    async def split(prepared: Prepared, workdir: Path) -> bool:
        if not chunks.wants_chunks(prepared.timeline.duration_ms, settings):
            return False
        slots = await queue.capacity(ctx["redis"], settings)
        fps = prepared.spec.output.fps
        cuts = [frames.start for frames in video_segments(prepared.timeline, fps)]
        ranges = chunks.plan_ranges(prepared.frames, fps, slots, settings, cuts)
        if len(ranges) < 2:
            return False
        started = time.monotonic()
        keys = (chunks.bundle_key(job.id, attempt), chunks.soundtrack_key(job.id, attempt))
        soundtrack = await mix_soundtrack(prepared, settings, workdir / "sound")
        bundle = await asyncio.to_thread(pack_page, prepared, workdir / "page.tar")
        await store_video(storage, keys[0], bundle)
        await store_video(storage, keys[1], soundtrack)
        meta = plan_meta(prepared)
        meta["cuts"] = cuts
        meta["planSeconds"] = round(time.monotonic() - started, 3)
        ids = await settle(chunks.save_plan, db, job.id, worker_id, attempt, ranges, meta)
        if ids is None:
            log.info("job %s: no longer ours; plan dropped", job.id)
            await asyncio.to_thread(delete_keys, storage, list(keys))
            return True
        for chunk_id in ids:
            with contextlib.suppress(Exception):  # the sweep enqueues what is missing
                await queue.enqueue_chunk(ctx["redis"], settings, chunk_id)
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
            log.warning("stored part %s not deleted: %s", key, exc)
