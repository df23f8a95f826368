"""arq task poster_job(job_id): the poster of an on-view job (app/renders/onview.py), made
before its video so its link and thumbnail exist at once.

The job is prepared as its render will be (voiceovers synthesized, so the timeline is the
video's), and the page's poster frame (the poster rule every video's poster follows) is taken
straight from the composition page as a PNG (worker/render/still.py: no one-frame video, mux,
check or decode). Stored at the on-view poster key, with a WebP copy for the player page; made
once (an existing file is kept). On the way, its live kit is stored (worker/livekit.py: the
composition page and its mixed soundtrack, which the player page plays before the video
exists)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

from PIL import Image

from app.config import Settings
from app.db import Database
from app.logs import job_logging
from app.media.storage import Storage
from app.renders.job import RenderJobSpec
from app.renders.models import RenderJob
from app.renders.onview import on_view_keys, on_view_poster_key, page_poster_key
from app.renders.states import RenderOn
from app.triggers import outbox
from app.workdir import temp_dir
from worker.jobs import job_spec
from worker.livekit import store_live_kit, store_live_shell
from worker.render.browser import BrowserManager, get_browser_manager
from worker.render.pipeline import mix_soundtrack, prepare
from worker.render.still import poster_png
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


def webp_copy(png: Path, out: Path) -> Path:
    """The PNG as WebP (libwebp through Pillow, in this process: ~60 ms of CPU, a fifth of an
    ffmpeg process's; the same bytes as ffmpeg's libwebp at this quality)."""
    with Image.open(png) as image:
        image.convert("RGB").save(out, "WEBP", quality=WEBP_QUALITY, method=4)
    return out


async def _store_page_poster(storage: Storage, job_id: str, png: Path, tmp: Path) -> None:
    """The poster as WebP for the player page (best effort: the page falls back to the PNG)."""
    try:
        out = await asyncio.to_thread(webp_copy, png, tmp / "poster.webp")
        await store_video(storage, page_poster_key(job_id), out)
    except Exception as exc:
        log.warning("job %s: the page's WebP poster not made: %s", job_id, exc)


def _no_progress(stage: str, percent: float) -> None:
    """A poster has no progress to report (its job waits for its first open)."""


async def capture_poster(
    settings: Settings,
    storage: Storage,
    job_id: str,
    spec: RenderJobSpec,
    workdir: Path,
    manager: BrowserManager | None,
) -> Path:
    """Prepare the job (voices spoken, so the timeline is the video's), take its poster frame
    from the page (worker/render/still.py) and store its live kit (the page and its mixed
    soundtrack); the PNG's path under `workdir`. With REELSMITH_ON_VIEW_VOICE=open nothing is
    spoken: the poster comes from the page laid out without speech (the same settled frame of
    the same scene; only burned-in captions are not on it), that page is kept as the live
    page's shell (worker/livekit.py) and the render stores the live kit at the first open
    (worker/tasks.py)."""
    if settings.on_view_voice == "open":
        audio = spec.audio.model_copy(update={"includeVoiceover": False})
        spec = spec.model_copy(update={"audio": audio})
    prepared = await prepare(spec, settings, _no_progress, workdir)
    png = workdir / "poster.png"
    await poster_png(prepared, settings, manager or get_browser_manager(settings), png)
    if settings.on_view_voice == "creation":
        soundtrack = await mix_soundtrack(prepared, settings, workdir)
        await store_live_kit(settings, storage, job_id, prepared, soundtrack)
    else:
        await store_live_shell(storage, job_id, prepared, workdir)
    return png


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
    with temp_dir(settings, f"poster-{job.id[:8]}-") as tmp:
        try:
            png = await capture_poster(settings, storage, job_id, spec, Path(tmp), manager)
        except Exception as exc:  # the render on view still happens; its page shows no poster
            log.warning("job %s: on-view poster not made: %s", job.id, exc)
            await _messages_due(db, job_id)  # the link works without its poster
            return "failed"
        await store_video(storage, key, png)
        await _store_page_poster(storage, job.id, png, Path(tmp))
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        if job is None or job.deleted_at is not None:  # deleted meanwhile: leave nothing
            for stored in on_view_keys(job_id):
                await asyncio.to_thread(storage.delete, stored)
            return "dropped: deleted"
    await _messages_due(db, job_id)
    log.info("job %s: on-view poster made", job_id)
    return "made"
