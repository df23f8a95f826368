"""Viewers: the player pages (GET /v/{jobId}, /embed/v/{jobId}), the tracking beacon
(POST /api/track, no auth, SPEC 4.8), the CTA redirect (GET /c/{jobId}) and the email-open
pixel (GET /t/o/{jobId}.gif). All public: no key, no cookies; rate limited per client IP
(app/ratelimit.py PUBLIC_RATE_LIMITS)."""

from __future__ import annotations

import base64
import json
import logging

from pydantic import ValidationError
from quart import Blueprint, Response, render_template, request
from quart_schema import document_request, hide, tag, validate_response
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.urls import iri_to_uri

from app import viewsessions as sessions
from app.db import utcnow
from app.errors import bad_request, summarize, validation_details
from app.ratelimit import client_ip
from app.renders.states import RenderOn
from app.state import get_db, get_settings
from app.viewers import beacons, live, service
from app.viewers.errors import VideoDeleted, VideoNotFound
from app.viewers.pages import (
    gone_page,
    new_session,
    not_found_page,
    page_headers,
    player_context,
    status_page,
)
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
TEXT_BODY_TYPES = ("application/json", "text/plain", "")
CORS_PATHS = (TRACK_PATH, TRACK_PATH + "/session")
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Max-Age": "86400",
}


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
        if video is None:  # on view, no video yet: the live player (starting its render)
            page = await live.live_player(job_id, embed=embed)
            if page is not None:
                return page
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
        if not service.is_ready(job) and not service.is_live(job):
            raise VideoNotFound(job_id)
        video = service.video_of(job)
        if event == CTA_CLICKED and video.cta is None:
            return video
        if sid is not None and not service.is_bot(request.headers.get("User-Agent")):
            beacon = beacons.session_beacon(event, sid)
            await beacons.record(
                session,
                beacons.TrackedJob.of(job),
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
    beacon = beacons.check_beacon(
        body.event, body.metadata, settings.track_metadata_max_bytes, "unsigned"
    )
    if service.is_bot(request.headers.get("User-Agent")):
        return TrackResponse(ok=True, counted=False)
    sid = sessions.verify(settings.session_secret, body.videoId, beacon.session_id)
    outcome = await service.track(
        get_db(),
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
    await service.tracked_job(get_db(), asked.videoId)
    return SessionResponse(sessionId=await new_session(settings, asked.videoId))
