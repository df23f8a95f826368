"""Viewers: the player pages (GET /v/{jobId}, /embed/v/{jobId}), the tracking beacon
(POST /api/track, no auth, SPEC 4.8), the CTA redirect (GET /c/{jobId}) and the email-open
pixel (GET /t/o/{jobId}.gif). All public: no key, no cookies; rate limited per client IP
(app/ratelimit.py PUBLIC_RATE_LIMITS)."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import re
from contextlib import AbstractAsyncContextManager, nullcontext
from typing import Any, cast

from pydantic import ValidationError
from quart import Blueprint, Response, current_app, render_template, request
from quart_schema import document_request, hide, tag, validate_response
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.urls import iri_to_uri

from app import viewsessions as sessions
from app.config import Settings
from app.db import Database, utcnow
from app.errors import bad_request, summarize, validation_details
from app.media.storage import CONTENT_TYPES, get_storage
from app.ratelimit import client_ip
from app.renders import onview, queue
from app.renders.states import JobStatus, RenderOn
from app.spec import frame_size
from app.state import get_arq, get_db, get_redis, get_settings
from app.viewers import service
from app.viewers.errors import VideoDeleted, VideoNotFound
from app.viewers.schemas import (
    CTA_CLICKED,
    SessionRequest,
    SessionResponse,
    TrackRequest,
    TrackResponse,
)

log = logging.getLogger(__name__)
bp = Blueprint("viewers", __name__)

TRACK_PATH = "/api/track"
# The smallest transparent GIF (43 bytes).
PIXEL = base64.b64decode("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")
ACCENT_RE = re.compile(r"^#[0-9a-fA-F]{3,8}$")
DEFAULT_ACCENT = "#4f46e5"
PENDING_REFRESH_S = 5
TEXT_BODY_TYPES = ("application/json", "text/plain", "")
CORS_PATHS = (TRACK_PATH, TRACK_PATH + "/session")
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Max-Age": "86400",
}


def page_headers(resp: Response, *, embed: bool) -> Response:
    """No caching by shared caches, no referrer leak of the video id, our own scripts only."""
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["Referrer-Policy"] = "strict-origin-when-cross-origin"
    resp.headers["X-Content-Type-Options"] = "nosniff"
    resp.headers["Content-Security-Policy"] = (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: https: http:; media-src 'self' https: http:; "
        "connect-src 'self' https: http:; font-src 'self'; "
        f"frame-ancestors {'*' if embed else chr(39) + 'self' + chr(39)}"
    )
    return resp


async def status_page(
    status: int, heading: str, message: str, *, refresh: bool = False, poster: str | None = None
) -> Response:
    body = await render_template(
        "viewer_status.html",
        status=status,
        heading=heading,
        message=message,
        refresh=PENDING_REFRESH_S if refresh else None,
        poster=poster,
    )
    resp = Response(body, status=status, content_type="text/html; charset=utf-8")
    return page_headers(resp, embed=True)


async def not_found_page() -> Response:
    return await status_page(
        404, "Video not found", "This link does not lead to a video. Check the link you were sent."
    )


async def gone_page() -> Response:
    return await status_page(410, "Video removed", "This video was deleted by its sender.")


async def new_session(settings: Settings, job_id: str) -> str:
    """A signed token for a new viewing session of `job_id` by this client (capped per
    client per video per day; crawlers get the day's overflow session, uncounted)."""
    now = utcnow()
    client = service.client_hash(client_ip(), settings.session_secret, now)
    cap = settings.track_max_sessions_per_client_day
    if service.is_bot(request.headers.get("User-Agent")):
        cap = 0
    return await sessions.mint(
        get_redis(), settings.redis_prefix, settings.session_secret, job_id, client, cap
    )


def player_context(
    video: service.Video, settings: Settings, token: str, *, embed: bool
) -> dict[str, Any]:
    job, spec = video.job, video.spec
    storage = get_storage(settings)
    name = job.display_name
    accent = spec.brand.accentColor or ""
    logo = spec.brand.logoUrl or ""
    video_url = storage.url(job.output_key) if job.output_key else ""
    output = spec.output
    fmt = output.format
    width, height = frame_size(output.resolution, output.aspectRatio)
    return {
        "embed": embed,
        "job_id": job.id,
        "name": name,
        "title": f"A video for {name}" if name else "Your video",
        "template_name": spec.templateName or "",
        "video_url": video_url,
        "poster_url": storage.url(job.poster_key) if job.poster_key else None,
        "gif_url": storage.url(job.preview_gif_key) if job.preview_gif_key else None,
        "page_url": settings.public(f"/v/{job.id}"),
        "api_base": settings.public_url.rstrip("/"),
        "accent": accent if ACCENT_RE.match(accent) else DEFAULT_ACCENT,
        "logo_url": logo if service.is_web_url(logo) else None,
        "cta": video.cta,
        "cta_href": f"/c/{job.id}?s={token}",
        "session_token": token,
        "scenes_json": json.dumps([[i, ms] for i, ms in video.scene_starts]),
        "download_name": f"video-{job.id[:8]}.{fmt}",
        "format": fmt,
        "media_type": CONTENT_TYPES.get(f".{fmt}", "video/mp4"),
        "is_image": fmt in ("gif", "png"),
        "width": width,
        "height": height,
    }


async def _start_on_view(job_id: str) -> Response | None:
    """The first open of an on-view job's page starts its render (one credit, charged now)
    at the head of the queue; later opens, and crawlers, start nothing. A page to answer
    instead of the player, or None when the video is ready."""
    settings = get_settings()
    started = False
    try:
        async with get_db().session() as session:
            job = await service.playable_job(session, job_id)
            if service.is_ready(job):
                return None
            poster = onview.on_view_poster_url(job, get_storage(settings))
            waiting = job.status == JobStatus.AWAITING_VIEW
            if waiting and not service.is_bot(request.headers.get("User-Agent")):
                started = (await onview.start_on_view(session, job)).started
                waiting = False
    except onview.InsufficientCredits:  # rolled back: the job still waits for a view
        return await status_page(
            503,
            "Not available yet",
            "This video is not available yet. Please try again later.",
            poster=poster,
        )
    if started:
        try:
            await queue.enqueue_interactive(await get_arq(), settings, job_id)
        except Exception:  # marked enqueued: the sweep puts it in the queue
            log.exception("on-view render %s not enqueued; the sweep will", job_id)
    if waiting:  # a crawler's look: the poster, nothing started
        return await status_page(200, "A video for you", "Open this link to watch.", poster=poster)
    return await status_page(
        202,
        "Being prepared",
        "Your video is being prepared. It starts here by itself in a moment.",
        refresh=True,
        poster=poster,
    )


async def _player(job_id: str, *, embed: bool) -> Response:
    settings = get_settings()
    try:
        async with get_db().session() as session:
            job = await service.playable_job(session, job_id)
            ready, on_view = service.is_ready(job), job.render_on == RenderOn.ON_VIEW
            if not ready and not on_view:
                return await status_page(
                    202,
                    "Still rendering",
                    "Your video is being made. This page refreshes by itself.",
                    refresh=True,
                )
            video = service.video_of(job) if ready else None
        if video is None:
            waiting = await _start_on_view(job_id)
            if waiting is not None:
                return waiting
            return await _player(job_id, embed=embed)  # completed in between
    except VideoDeleted:
        return await gone_page()
    except VideoNotFound:
        return await not_found_page()
    token = await new_session(settings, job_id)
    context = player_context(video, settings, token, embed=embed)
    body = await render_template("viewer.html", **context)
    resp = Response(body, status=200, content_type="text/html; charset=utf-8")
    return page_headers(resp, embed=embed)


@bp.get("/v/<job_id>")
@hide
async def player_page(job_id: str) -> Response:
    """The recipient's page for one video: player, CTA, share and download."""
    return await _player(job_id, embed=False)


@bp.get("/embed/v/<job_id>")
@hide
async def embed_page(job_id: str) -> Response:
    """The same player for an iframe (no page chrome; may be framed by any site)."""
    return await _player(job_id, embed=True)


async def _record_own(job_id: str, event: str) -> service.Video | None:
    """Record a CTA click or email open for a playable video, for the signed session `?s=`
    (not for bots; without a signed session nothing is recorded); the video."""
    settings = get_settings()
    now = utcnow()
    client = service.client_hash(client_ip(), settings.session_secret, now)
    sid = sessions.verify(settings.session_secret, job_id, request.args.get("s", "").strip())
    async with get_db().session() as session:
        job = await service.playable_job(session, job_id)
        if not service.is_ready(job):
            raise VideoNotFound(job_id)
        video = service.video_of(job)
        if event == CTA_CLICKED and video.cta is None:
            return video
        if sid is not None and not service.is_bot(request.headers.get("User-Agent")):
            beacon = service.session_beacon(event, sid)
            await service.record(
                session,
                service.TrackedJob.of(job),
                beacon,
                client=client,
                max_events=settings.track_max_events_per_session,
                now=now,
            )
    return video


@bp.get("/c/<job_id>")
@hide
async def cta_redirect(job_id: str) -> Response:
    """Record the CTA click for the signed session `?s=`, then 302 to the CTA URL stored on the job
    (never to a URL taken from the request)."""
    try:
        video = await _record_own(job_id, CTA_CLICKED)
    except VideoDeleted:
        return await gone_page()
    except VideoNotFound:
        return await not_found_page()
    if video is None or video.cta is None:
        return await not_found_page()
    resp = Response("", status=302)
    resp.headers["Location"] = iri_to_uri(video.cta.url)
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["Referrer-Policy"] = "no-referrer"
    return resp


@bp.get("/t/o/<job_id>.gif")
@hide
async def email_open_pixel(job_id: str) -> Response:
    """A 1x1 GIF for emails: records `email_opened` for the signed session `?s=` (nothing
    without one) and always answers the image, never cached."""
    try:
        await _record_own(job_id, "email_opened")
    except VideoNotFound:  # deleted ones too
        pass
    except SQLAlchemyError:
        log.exception("email open for %s not recorded", job_id)
    resp = Response(PIXEL, status=200, content_type="image/gif")
    resp.headers["Cache-Control"] = "no-store, no-cache, must-revalidate, private, max-age=0"
    resp.headers["Pragma"] = "no-cache"
    resp.headers["Expires"] = "0"
    return resp


async def _track_body() -> TrackRequest:
    mimetype = (request.mimetype or "").lower()
    if mimetype not in TEXT_BODY_TYPES:
        raise bad_request(
            f"Content-Type {mimetype} is not accepted; send the JSON body as "
            "application/json or text/plain (what navigator.sendBeacon sends)"
        )
    raw = await request.get_data(as_text=False)
    try:
        payload = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise bad_request(
            "Malformed JSON body: send a JSON object {videoId, event, metadata?}"
        ) from exc
    if not isinstance(payload, dict):
        raise bad_request("Send a JSON object {videoId, event, metadata?}")
    try:
        return TrackRequest.model_validate(payload)
    except ValidationError as exc:
        details = validation_details(exc)
        raise bad_request("Invalid beacon: " + summarize(details), details) from exc


def _writer_turn(db: Database) -> AbstractAsyncContextManager[Any]:
    """On SQLite, this process's beacons take turns (an asyncio lock, FIFO, woken at once)
    instead of waiting in SQLite's busy handler, which sleeps up to 100 ms per retry: SQLite
    has one writer anyway, and under load the sleeping made p99 seconds instead of ms.
    PostgreSQL writes concurrently: no turn."""
    if not db.url.startswith("sqlite"):
        return nullcontext()
    lock = current_app.config.get("REELSMITH_TRACK_LOCK")
    if lock is None:
        lock = current_app.config["REELSMITH_TRACK_LOCK"] = asyncio.Lock()
    return cast(AbstractAsyncContextManager[Any], lock)


@bp.after_app_request
async def _cors(response: Response) -> Response:
    """Any page may post beacons (and read the answer): CORS on /api/track, errors included."""
    if request.path in CORS_PATHS:
        response.headers.update(CORS_HEADERS)
    return response


@bp.post(TRACK_PATH)
@tag(["Tracking"])
@document_request(TrackRequest)
@validate_response(TrackResponse, 200)
async def track() -> TrackResponse:
    """Record a viewer event (SPEC 4.8, 6.2). No auth; JSON sent as application/json or
    text/plain; CORS open. Unknown event or oversized metadata: 400; unknown, unfinished or
    deleted video: 404. Only a session the server signed counts (`metadata.sessionId`, from
    the player page or POST /api/track/session); other beacons answer 200 with
    `counted: false` and nothing is stored. Repeated beacons (same video, session, event and
    scene), bots and a session's beacons past the cap answer 200 and are not counted."""
    settings = get_settings()
    body = await _track_body()
    now = utcnow()
    client = service.client_hash(client_ip(), settings.session_secret, now)
    beacon = service.check_beacon(
        body.event, body.metadata, settings.track_metadata_max_bytes, "unsigned"
    )
    if service.is_bot(request.headers.get("User-Agent")):
        return TrackResponse(ok=True, counted=False)
    sid = sessions.verify(settings.session_secret, body.videoId, beacon.session_id)
    db = get_db()
    turn = _writer_turn(db) if sid is not None else nullcontext()
    async with turn, db.session() as session:
        outcome = await service.track(
            session,
            body.videoId,
            beacon,
            signed_sid=sid,
            client=client,
            max_events=settings.track_max_events_per_session,
        )
    return TrackResponse(ok=True, counted=outcome == "counted")


@bp.post(TRACK_PATH + "/session")
@tag(["Tracking"])
@document_request(SessionRequest)
@validate_response(SessionResponse, 200)
async def track_session() -> SessionResponse:
    """A signed viewing session for player.js on a page of your own (our player page has one
    already). No auth; JSON as application/json or text/plain; CORS open. 404 for an unknown,
    unfinished or deleted video. A client gets at most
    REELSMITH_TRACK_MAX_SESSIONS_PER_CLIENT_DAY new sessions per video per day; past that, the
    same session again."""
    settings = get_settings()
    mimetype = (request.mimetype or "").lower()
    if mimetype not in TEXT_BODY_TYPES:
        raise bad_request(f"Content-Type {mimetype} is not accepted; send JSON {{videoId}}")
    try:
        asked = SessionRequest.model_validate(json.loads(await request.get_data(as_text=False)))
    except (ValueError, RecursionError) as exc:
        raise bad_request("Send a JSON object {videoId}") from exc
    async with get_db().session() as session:
        await service.tracked_job(session, asked.videoId)
    return SessionResponse(sessionId=await new_session(settings, asked.videoId))
