"""The public URLs a delivered video message carries: the player page, the preview GIF (or an
on-view video's poster), the open pixel (served by the viewers domain at their documented
paths) and the per-recipient unsubscribe link (served here, /u/{token})."""

from __future__ import annotations

import json

from itsdangerous import BadSignature, URLSafeSerializer

from app import sealing
from app import viewsessions as sessions
from app.config import Settings
from app.renders.models import RenderJob
from app.renders.onview import on_view_poster_key
from app.renders.states import RenderOn

UNSUBSCRIBE_SALT = "reelsmith-unsubscribe"
UNSUBSCRIBE_PURPOSE = "unsubscribe"


def player_url(settings: Settings, job_id: str) -> str:
    return settings.public(f"/v/{job_id}")


def preview_gif_url(settings: Settings, job_id: str, attempt: int) -> str:
    """The preview GIF's media key `posters/<jobId>.<attempt>.gif`, under /media."""
    return settings.public(f"/media/posters/{job_id}.{attempt}.gif")


def thumbnail_url(settings: Settings, job: RenderJob) -> str:
    """The picture a message shows: the preview GIF of a rendered video, or the poster of an
    on-view one (made before its render, kept after)."""
    if job.render_on == RenderOn.ON_VIEW:
        return settings.public(f"/media/{on_view_poster_key(job.id)}")
    return preview_gif_url(settings, job.id, job.attempts or 1)


def pixel_url(settings: Settings, job_id: str, send_id: str) -> str:
    """The open pixel of one message: its viewing session signed by the server (the same
    for every retry of the send), so the open counts."""
    token = sessions.message_token(settings.session_secret, job_id, send_id)
    return settings.public(f"/t/o/{job_id}.gif?s={token}")


def _legacy(settings: Settings) -> URLSafeSerializer:
    """Links of messages sent before tokens were sealed: signed, readable; still honoured."""
    return URLSafeSerializer(settings.session_secret, salt=UNSUBSCRIBE_SALT)


def unsubscribe_token(settings: Settings, account_id: str, recipient_id: str) -> str:
    """Opaque: the account and recipient sealed (encrypted and authenticated), so the link
    reveals nothing about whom it unsubscribes."""
    value = json.dumps([account_id, recipient_id], separators=(",", ":")).encode()
    return sealing.seal(settings.session_secret, UNSUBSCRIBE_PURPOSE, value)


def read_unsubscribe_token(settings: Settings, token: str) -> tuple[str, str] | None:
    """(account id, recipient id) of a token we made; None for anything else."""
    opened = sealing.open_sealed(settings.secret_keys, UNSUBSCRIBE_PURPOSE, token)
    try:
        value = json.loads(opened) if opened is not None else _legacy(settings).loads(token)
    except (BadSignature, ValueError):
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
        return None
    return value[0], value[1]


def unsubscribe_url(settings: Settings, account_id: str, recipient_id: str) -> str:
    return settings.public(f"/u/{unsubscribe_token(settings, account_id, recipient_id)}")
