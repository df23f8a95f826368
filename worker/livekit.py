"""The live kit of an on-view job: what its player page needs to play the video in the viewer's
browser before the MP4 exists, made by the poster's task from the same prepared job the render
will make (voiceovers spoken, timeline planned, page composed).

- the composition page, exactly as the renderer captures it, with its fetched logo inlined as a
  data: URL (the engine serves it from /assets/, which the API does not have); its fonts and
  scripts are linked from /static/ as on the engine's own server;
- its whole soundtrack (voice and music, mixed and normalized as the video's), as AAC in M4A,
  which every browser plays.

With the voice spoken at the open (REELSMITH_ON_VIEW_VOICE=open) the poster's task keeps the
page laid out without speech, the *shell*: the first open's frame loads it (its markup,
scripts and fonts) while the render speaks the voice. The render then stores, beside the page
and soundtrack, the spoken timeline alone when the page is the shell with only its timeline
changed (as it is for every built-in template): the player sends it to the loaded shell, which
then boots as the page itself would. A page that differs in more is loaded whole.
"""

from __future__ import annotations

import asyncio
import base64
import mimetypes
import tempfile
from pathlib import Path

from app.composition.page import split_timeline
from app.config import Settings
from app.media.ffmpeg import ffmpeg_command, run_ffmpeg
from app.media.storage import Storage
from app.renders.onview import live_keys, live_shell_key, live_timeline_key
from worker.render.encode import step_timeout
from worker.render.errors import RenderError, RenderTimeout
from worker.render.pipeline import Prepared
from worker.render.server import ASSETS_PATH
from worker.render.store import store_video

SOUND_BITRATE = "128k"


def live_page(prepared: Prepared) -> str:
    """The prepared page with its /assets/ logo as a data: URL (nothing else is under /assets)."""
    page = prepared.page
    logo = prepared.logo
    if logo is not None and logo.is_file():
        kind = mimetypes.guess_type(logo.name)[0] or "application/octet-stream"
        inline = f"data:{kind};base64,{base64.b64encode(logo.read_bytes()).decode()}"
        page = page.replace(f'"{ASSETS_PATH}{logo.name}"', f'"{inline}"')
    return page


def sound_args(soundtrack: Path, out: Path) -> list[str]:
    """ffmpeg argv: the mixed soundtrack as AAC in an M4A (moov first, so it starts at once)."""
    return ffmpeg_command(
        "-i", str(soundtrack), "-vn", "-c:a", "aac", "-aac_coder", "fast", "-b:a", SOUND_BITRATE,
        "-ac", "2",
        "-movflags", "+faststart", "-f", "mp4", str(out),
    )  # fmt: skip


async def store_live_shell(
    storage: Storage, job_id: str, prepared: Prepared, workdir: Path
) -> None:
    """Keep the live page of a job laid out without speech (its shell: see above)."""
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        page = Path(tmp) / "shell.html"
        page.write_text(live_page(prepared), encoding="utf-8")
        await store_video(storage, live_shell_key(job_id), page)


def spoken_timeline(shell: str | None, page: str) -> str | None:
    """The page's timeline JSON when `page` is `shell` with only its timeline changed."""
    if shell is None:
        return None
    before, after = split_timeline(shell), split_timeline(page)
    if before is None or after is None or before[1] != after[1]:
        return None
    return after[0]


async def store_live_kit(
    settings: Settings, storage: Storage, job_id: str, prepared: Prepared, soundtrack: Path
) -> None:
    """Store the live page and soundtrack of on-view job `job_id` (the soundtrack first: a
    page without its sound is never offered), and its spoken timeline alone when a shell was
    kept and the page is that shell with a new timeline (before the page: the player learns of
    both at once)."""
    page_key, sound_key = live_keys(job_id)
    with tempfile.TemporaryDirectory(dir=soundtrack.parent) as tmp:
        sound = Path(tmp) / "sound.m4a"
        await run_ffmpeg(
            sound_args(soundtrack, sound),
            step_timeout(settings),
            "live soundtrack",
            failed=RenderError,
            timed_out=RenderTimeout,
        )
        await store_video(storage, sound_key, sound)
        html = live_page(prepared)
        shell = await asyncio.to_thread(storage.read_text, live_shell_key(job_id))
        timeline = spoken_timeline(shell, html)
        if timeline is not None:
            path = Path(tmp) / "timeline.json"
            path.write_text(timeline, encoding="utf-8")
            await store_video(storage, live_timeline_key(job_id), path)
        page = Path(tmp) / "page.html"
        page.write_text(html, encoding="utf-8")
        await store_video(storage, page_key, page)
