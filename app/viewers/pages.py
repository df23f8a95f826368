"""The player pages' parts shared by the page routes (routes.py) and the live player of an
on-view job (live.py): headers, status pages, the signed viewing session and what the player
template is given."""

from __future__ import annotations

import json
import re
from typing import Any

from quart import Response, render_template, request

from app import viewsessions as sessions
from app.config import Settings
from app.db import utcnow
from app.media.storage import CONTENT_TYPES, get_storage
from app.ratelimit import client_ip
from app.spec import frame_size
from app.state import get_redis
from app.viewers import service

ACCENT_RE = re.compile(r"^#[0-9a-fA-F]{3,8}$")
DEFAULT_ACCENT = "#4f46e5"
PENDING_REFRESH_S = 5


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
