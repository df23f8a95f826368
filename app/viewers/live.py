"""The live player of an on-view job (`"render": "on_view"`) before its video exists.

GET /v/{jobId} of such a job starts its render (app/renders/onview.py: once, one credit) and
answers the player page in live mode: the job's composition page, the very page the renderer
captures (kept with its mixed soundtrack by the poster's worker, worker/livekit.py), plays in a
sandboxed frame in the viewer's browser, driven by the soundtrack's clock (static/live.js).
The page polls GET /v/{jobId}/status and swaps the video in when it exists.

GET /v/{jobId}/live     the composition page, sandboxed by its own headers (CSP `sandbox
                        allow-scripts`: an opaque origin, whoever opens it, so its scripts
                        can reach neither the player page, nor cookies, nor storage); with
                        the voice spoken at the open and its page not made yet, the page laid
                        out without speech (its shell, static/live-shell.js), which boots
                        when the player sends it the spoken timeline
GET /v/{jobId}/status   the public state of the video: JSON, polled by the player page
GET /media/videos/{jobId}  the job's video file under a link that exists from creation on
                        (302 to the file; 202 + Retry-After while it is made)
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import re
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit
from uuid import UUID

from quart import Blueprint, Response, render_template, request
from quart_schema import hide

from app.config import ROOT, Settings
from app.errors import ApiError, not_found
from app.media.storage import Storage, get_storage
from app.renders import onview, preempt, queue
from app.renders.models import RenderJob
from app.renders.states import JobStatus, RenderOn
from app.state import get_arq, get_db, get_settings
from app.viewers import service
from app.viewers.errors import VideoDeleted, VideoNotFound
from app.viewers.pages import (
    gone_page,
    new_session,
    not_found_page,
    page_headers,
    player_context,
    status_page,
)

log = logging.getLogger(__name__)
bp = Blueprint("viewers_live", __name__)

BRIDGE_JS = ROOT / "static" / "live-frame.js"
SHELL_JS = ROOT / "static" / "live-shell.js"
FONTS_PATH = "/static/fonts/"
FONT_URL = re.compile(r'src: url\("(/static/fonts/[^"]+)"\)')
# How often the page asks whether the video exists (s); told to the page, which backs off.
STATUS_POLL_S = 3
# How long a client asking for a video still being rendered is told to wait (s).
RETRY_AFTER_S = 10
# GET /v/{id}/status?wait=S: held at most this long (s) until the live page exists, looked
# for every WAIT_STEP_S (a file's existence in storage; the answer then read afresh).
WAIT_MAX_S = 10
WAIT_STEP_S = 0.2
# Asks held at once by one API process; beyond it an ask is answered at once (as without
# `wait`), so held asks never pile up (each is also rate limited per client: ratelimit.py).
WAIT_MAX_HELD = 500
_held = [0]
# The live page's compression (6: within a few % of 9's size at a third of its CPU).
GZIP_LEVEL = 6


@lru_cache(maxsize=1)
def bridge_script() -> str:
    """The frame's side of the live player (static/live-frame.js), inlined into the page."""
    return BRIDGE_JS.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def shell_script() -> str:
    """The head of a shell page (static/live-shell.js): it waits for the spoken timeline."""
    return SHELL_JS.read_text(encoding="utf-8")


def with_bridge(page: str, *, shell: bool = False) -> str:
    """The composition page with the bridge script after its own scripts, and its fonts
    preloaded from its head (the runtime asks for them only once the page has booted: on a
    phone's slow network that is one round trip later); a `shell` (the page laid out without
    speech) also gets the script that waits for its spoken timeline, first in its head."""
    script = f"<script>{bridge_script()}</script>\n"
    at = page.rfind("</body>")
    page = page[:at] + script + page[at:] if at >= 0 else page + script
    fonts = dict.fromkeys(FONT_URL.findall(page))
    head = page.find("<head>")
    if head < 0:
        return page
    links = "".join(
        f'\n<link rel="preload" as="font" type="font/woff2" crossorigin href="{url}">'
        for url in fonts
        if url.endswith(".woff2")
    )
    if shell:
        links = f"\n<script>{shell_script()}</script>" + links
    head += len("<head>")
    return page[:head] + links + page[head:]


def frame_headers(resp: Response, settings: Settings) -> Response:
    """The live frame's policy, in its own answer so it holds wherever the page is opened:
    `sandbox allow-scripts` (an opaque origin: no cookies, no storage, no access to the page
    around it, no forms, popups or top navigation), inline scripts and styles only (the page
    is self-contained), fonts from this server, images as the player page allows them, no
    network for scripts (connect-src none)."""
    own = urlsplit(settings.public_url)
    origin = f"{own.scheme}://{own.netloc}" if own.netloc else ""
    resp.headers["Content-Security-Policy"] = (
        "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; "
        f"style-src 'unsafe-inline'; font-src 'self' {origin} data:; "
        "img-src 'self' data: https: http:; connect-src 'none'; media-src 'none'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors *"
    )
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["Referrer-Policy"] = "no-referrer"
    resp.headers["X-Content-Type-Options"] = "nosniff"
    return resp


def has_live_kit(storage: Storage, job_id: str) -> bool:
    """Whether the worker has stored the job's live page and soundtrack."""
    return all(storage.exists(key) for key in onview.live_keys(job_id))


def live_files(storage: Storage, job_id: str) -> tuple[bool, bool, bool]:
    """Whether the live kit is stored, the page's WebP poster, and the live page's shell."""
    return (
        has_live_kit(storage, job_id),
        storage.exists(onview.page_poster_key(job_id)),
        storage.exists(onview.live_shell_key(job_id)),
    )


def read_live_page(storage: Storage, job_id: str) -> tuple[str, bool] | None:
    """The live page, else its shell (True), else None."""
    page = storage.read_text(onview.live_keys(job_id)[0])
    if page is not None:
        return page, False
    shell = storage.read_text(onview.live_shell_key(job_id))
    return (shell, True) if shell is not None else None


def read_timeline(storage: Storage, job_id: str) -> Any:
    """The spoken timeline stored for a shell (worker/livekit.py), or None."""
    text = storage.read_text(onview.live_timeline_key(job_id))
    return json.loads(text) if text else None


async def _start(job: RenderJob) -> str:
    """The first open of a waiting job starts it (crawlers start nothing): what happened,
    `started`, `waiting` (a crawler's look) or `running`. InsufficientCredits: rolled back."""
    if job.status != JobStatus.AWAITING_VIEW:
        return "running"
    if service.is_bot(request.headers.get("User-Agent")):
        return "waiting"
    async with get_db().session() as session:
        fresh = await session.get(RenderJob, job.id)
        if fresh is None:
            return "running"
        started = (await onview.start_on_view(session, fresh)).started
    return "started" if started else "running"


async def live_player(job_id: str, *, embed: bool) -> Response | None:
    """The page of an on-view job without its video: the poster for a crawler, "not available
    yet" without credit, else (starting the render on the first open) the player in live
    mode. None when the video is ready after all (the caller answers the normal player)."""
    settings = get_settings()
    storage = get_storage(settings)
    async with get_db().session() as session:
        job = await service.playable_job(session, job_id)
        if service.is_ready(job):
            return None
        video = service.video_of(job)
    poster = onview.on_view_poster_url(job, storage)
    if job.status == JobStatus.EXPIRED:  # never opened in time: the poster, nothing started
        message = "This video was not opened in time and is no longer available."
        return await status_page(410, "Video expired", message, poster=poster)
    try:
        happened = await _start(job)
    except onview.InsufficientCredits:  # the job still waits for a view
        message = "This video is not available yet. Please try again later."
        return await status_page(503, "Not available yet", message, poster=poster)
    if happened == "waiting":  # a crawler's look: the poster, nothing started
        return await status_page(200, "A video for you", "Open this link to watch.", poster=poster)
    if happened == "started":  # ahead of bulk jobs, within the account's fair share
        try:
            pool = await get_arq()
            await queue.dispatch(get_db(), pool, settings)
            if await queue.in_queue(pool, settings, job_id):  # at the head, within its share
                await preempt.make_room(get_db(), pool, settings)  # no slot free: stop a bulk one
        except Exception:  # waiting: the next round (a job's end, the sweep) takes it
            log.exception("on-view render %s not dispatched now; the next round will", job_id)
    live, webp, shell = await asyncio.to_thread(live_files, storage, job_id)
    token = await new_session(settings, job_id)
    context = player_context(video, settings, token, embed=embed)
    context.update(live_context(job_id, storage, poster, live, shell))
    if webp and poster:  # the page shows the lighter copy; link previews keep the PNG
        context["page_poster_url"] = storage.url(onview.page_poster_key(job_id))
    body = await render_template("viewer.html", **context)
    resp = Response(body, status=200, content_type="text/html; charset=utf-8")
    return page_headers(resp, embed=embed)


def live_context(
    job_id: str, storage: Storage, poster: str | None, live: bool, shell: bool = False
) -> dict[str, Any]:
    """What viewer.html needs besides the normal player's context, in live mode (`shell`: the
    page's shell is stored, so its frame loads while the voice is spoken)."""
    return {
        "live": True,
        "poster_url": poster,
        "live_frame_url": f"/v/{job_id}/live" if live else "",
        "live_shell_url": f"/v/{job_id}/live" if shell and not live else "",
        "live_sound_url": storage.url(onview.live_keys(job_id)[1]) if live else "",
        "status_url": f"/v/{job_id}/status",
        "status_poll_s": STATUS_POLL_S,
    }


@bp.get("/v/<job_id>/live")
@hide
async def live_frame(job_id: str) -> Response:
    """The on-view job's composition page for the live player's sandboxed frame, or its shell
    while the page is made (404 once its video exists: the player plays the file)."""
    settings = get_settings()
    try:
        async with get_db().session() as session:
            job = await service.playable_job(session, job_id)
    except VideoDeleted:
        return await gone_page()
    except VideoNotFound:
        return await not_found_page()
    found = None
    if job.render_on == RenderOn.ON_VIEW and job.status != JobStatus.AWAITING_VIEW:
        found = await asyncio.to_thread(read_live_page, get_storage(settings), job_id)
    if found is None:
        return await not_found_page()
    page, shell = found
    body = with_bridge(page, shell=shell).encode("utf-8")
    resp = Response(body, status=200, content_type="text/html; charset=utf-8")
    if "gzip" in request.headers.get("Accept-Encoding", "").lower():
        # ~100 KB of markup and inline scripts: a quarter of it on a phone's slow network
        resp.set_data(await asyncio.to_thread(gzip.compress, body, GZIP_LEVEL))
        resp.headers["Content-Encoding"] = "gzip"
    resp.headers["Vary"] = "Accept-Encoding"
    return frame_headers(resp, settings)


def status_body(job: RenderJob, storage: Storage, timeline: bool = False) -> dict[str, Any]:
    """The public state; with `timeline`, the spoken timeline for a frame that loaded the
    shell (when the live page is its shell with a new timeline)."""
    ready = service.is_ready(job)
    state = (
        "ready" if ready else "waiting" if job.status == JobStatus.AWAITING_VIEW else "preparing"
    )
    live = not ready and job.render_on == RenderOn.ON_VIEW and has_live_kit(storage, job.id)
    return {
        "state": state,
        "videoUrl": storage.url(job.output_key) if ready and job.output_key else None,
        "posterUrl": storage.url(job.poster_key) if ready and job.poster_key else None,
        "scenes": [[i, ms] for i, ms in service.scene_starts(job)] if ready else [],
        "liveUrl": f"/v/{job.id}/live" if live else None,
        "soundUrl": storage.url(onview.live_keys(job.id)[1]) if live else None,
        **({"timeline": read_timeline(storage, job.id) if live else None} if timeline else {}),
    }


@bp.get("/v/<job_id>/status")
@hide
async def player_status(job_id: str) -> Response:
    """{state: waiting | preparing | ready, videoUrl, posterUrl, scenes, liveUrl, soundUrl}:
    what the player page shows next (starts nothing). 404 unknown or failed, 410 deleted.
    `?wait=S` (0-10): while the video is being prepared and its live page does not exist yet,
    the answer is held until it does, at most S seconds (the live player's first frame then
    follows its voice by a step, not by a polling interval and a round trip); such an answer
    also carries `timeline`: the spoken timeline a frame that loaded the page's shell is sent
    (null when the page must be loaded whole)."""
    try:
        wait = float(request.args.get("wait", "0") or 0)
    except ValueError:
        wait = -1.0
    if not 0 <= wait <= WAIT_MAX_S:
        message = f"wait must be a number of seconds from 0 to {WAIT_MAX_S}"
        return status_json({"error": message}, 400)
    storage = get_storage(get_settings())
    code, body = await _status(job_id, storage, timeline=bool(wait))
    waits = wait and body.get("state") == "preparing" and not body.get("liveUrl")
    if waits and _held[0] < WAIT_MAX_HELD:
        _held[0] += 1
        try:
            await _until_live(storage, job_id, wait)
        finally:
            _held[0] -= 1
        code, body = await _status(job_id, storage, timeline=True)
    return status_json(body, code)


async def _until_live(storage: Storage, job_id: str, wait: float) -> None:
    """Until the job's live page is stored, at most `wait` seconds."""
    deadline = asyncio.get_running_loop().time() + wait
    while asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(WAIT_STEP_S)
        if await asyncio.to_thread(has_live_kit, storage, job_id):
            return


async def _status(
    job_id: str, storage: Storage, timeline: bool = False
) -> tuple[int, dict[str, Any]]:
    try:
        async with get_db().session() as session:
            job = await service.playable_job(session, job_id)
    except VideoDeleted:
        return 410, {"state": "deleted"}
    except VideoNotFound:
        return 404, {"state": "not_found"}
    if job.status == JobStatus.EXPIRED:
        return 410, {"state": "expired"}
    return 200, await asyncio.to_thread(status_body, job, storage, timeline)


def status_json(body: dict[str, Any], status: int) -> Response:
    resp = Response(json.dumps(body), status=status, content_type="application/json")
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.after_app_request
async def _fonts_for_sandboxed_pages(response: Response) -> Response:
    """The live frame has an opaque origin, and fonts load with CORS: our fonts (public files)
    may be read by any origin."""
    if request.path.startswith(FONTS_PATH):
        response.headers["Access-Control-Allow-Origin"] = "*"
    return response


@bp.get("/media/videos/<uuid:job_id>")
@hide
async def job_video(job_id: UUID) -> Response:
    """The job's video wherever and whenever it is stored: 302 to the file once it exists;
    while it is made, 202 with Retry-After; 409 while it waits for its first view (a render on
    view); 404 failed or unknown, 410 deleted (JSON errors, as the API's)."""
    settings = get_settings()
    async with get_db().session() as session:
        job = await session.get(RenderJob, str(job_id))
    if job is None:
        raise not_found("Video")
    if job.deleted_at is not None:
        raise ApiError(410, "This video was deleted by its sender", error="gone")
    if job.status == JobStatus.EXPIRED:
        raise ApiError(410, f"This video expired unopened: {job.error}", error="expired")
    if service.is_ready(job):
        url = get_storage(settings).url(job.output_key or "")
        return Response("", status=302, headers={"Location": url, "Cache-Control": "no-store"})
    if job.status == JobStatus.AWAITING_VIEW:
        raise ApiError(
            409,
            "This video is rendered when its player page is first opened (render: on_view); "
            "it has not been opened yet",
            error="not_started",
            jobStatus=job.status,
            playerUrl=settings.public(f"/v/{job.id}"),
        )
    if job.status in (JobStatus.PENDING, JobStatus.PROCESSING):
        raise ApiError(
            202,
            f"The video is being rendered ({job.stage}, {job.progress or 0:.0f} %); "
            f"ask again in {RETRY_AFTER_S} s",
            error="not_ready",
            headers={"Retry-After": str(RETRY_AFTER_S), "Cache-Control": "no-store"},
            jobStatus=job.status,
            progress=job.progress or 0,
        )
    raise not_found("Video")
