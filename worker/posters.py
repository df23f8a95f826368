"""arq task poster_job(job_id): the poster of an on-view job (app/renders/onview.py), made
before its video so its link and thumbnail exist at once.

The job is rendered as a png output with no frameAtMs: the pipeline prepares it (voiceovers
synthesized, so the timeline is the video's), reads the page's poster frame (the poster rule
every video's poster follows) and captures that one frame. Stored at the on-view poster key;
made once (an existing file is kept). On the way, its live kit is stored (worker/livekit.py:
the composition page and its mixed soundtrack, which the player page plays before the video
exists)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

from app.config import Settings
from app.db import Database
from app.logs import job_logging
from app.media.ffmpeg import ffmpeg_command, run_ffmpeg
from app.media.storage import Storage
from app.renders.models import RenderJob
from app.renders.onview import on_view_keys, on_view_poster_key, page_poster_key
from app.renders.states import RenderOn
from app.triggers import outbox
from app.workdir import temp_dir
from worker.jobs import job_spec
from worker.livekit import store_live_kit
from worker.render.browser import BrowserManager
from worker.render.encode import step_timeout
from worker.render.pipeline import Prepared, render_or_split
from worker.render.store import store_video

log = logging.getLogger("reelsmith.worker")
# The player page's WebP poster: 80 keeps the gradients clean at a fifth of the PNG's size.
WEBP_QUALITY = 80


async def poster_job(ctx: dict[str, Any], job_id: str) -> str:
    with job_logging(job_id):
        return await make_poster(ctx["settings"], ctx["db"], ctx["storage"], job_id)


async def _messages_due(db: Database, job_id: str) -> None:
    """A trigger's message of this job waited for its poster: it is due now."""
    async with db.session() as session:
        await outbox.poster_done(session, job_id)


async def _store_page_poster(
    settings: Settings, storage: Storage, job_id: str, png: Path, tmp: Path
) -> None:
    """The poster as WebP for the player page (best effort: the page falls back to the PNG)."""
    out = tmp / "poster.webp"
    argv = ffmpeg_command(
        "-i", str(png), "-c:v", "libwebp", "-quality", str(WEBP_QUALITY), "-f", "webp", str(out)
    )  # fmt: skip
    try:
        await run_ffmpeg(argv, step_timeout(settings), "page poster")
        await store_video(storage, page_poster_key(job_id), out)
    except Exception as exc:
        log.warning("job %s: the page's WebP poster not made: %s", job_id, exc)


async def make_poster(
    settings: Settings,
    db: Database,
    storage: Storage,
    job_id: str,
    manager: BrowserManager | None = None,
) -> str:
    """Make and store the poster of on-view job `job_id` (once); what happened, as a word."""
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
    if job is None or job.deleted_at is not None or job.render_on != RenderOn.ON_VIEW:
        return "skipped: not an on-view job"
    key = on_view_poster_key(job.id)
    if await asyncio.to_thread(storage.exists, key):
        await _messages_due(db, job_id)
        return "skipped: made already"
    spec = job_spec(job)
    output = spec.output.model_copy(update={"format": "png", "frameAtMs": None, "range": None})
    spec = spec.model_copy(update={"output": output})

    async def keep_live(prepared: Prepared, soundtrack: Path) -> None:
        await store_live_kit(settings, storage, job_id, prepared, soundtrack)

    with temp_dir(settings, f"poster-{job.id[:8]}-") as tmp:
        try:
            out = Path(tmp) / "poster.mp4"
            result = await render_or_split(
                spec, settings, None, out, split=None, manager=manager, on_mixed=keep_live
            )
        except Exception as exc:  # the render on view still happens; its page shows no poster
            log.warning("job %s: on-view poster not made: %s", job.id, exc)
            await _messages_due(db, job_id)  # the link works without its poster
            return "failed"
        assert result is not None  # nothing to split it
        await store_video(storage, key, result.path)
        await _store_page_poster(settings, storage, job.id, result.path, Path(tmp))
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        if job is None or job.deleted_at is not None:  # deleted meanwhile: leave nothing
            for stored in on_view_keys(job_id):
                await asyncio.to_thread(storage.delete, stored)
            return "dropped: deleted"
    await _messages_due(db, job_id)
    log.info("job %s: on-view poster made", job_id)
    return "made"
