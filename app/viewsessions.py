"""Viewing sessions signed by the server: only these count.

A session token is `<sid>.<mac>`: `sid` names the session (stored as `view_sessions.session_id`)
and `mac` is an HMAC of the video and the sid under a key derived from the secret key, so a
token is good for one video only and nobody but the server can make one. The player page, the
email pixel of a message and the CTA link carry one; `POST /api/track/session` hands one to
player.js on a customer's own page. A beacon, CTA click or email open without a valid token is
answered as usual and not counted (nothing is stored).

New sessions are what inflate a video's numbers, so they are capped: one client (address,
hashed per day) gets at most `cap` fresh sessions per video per UTC day; past the cap it is
handed its overflow session for that day, the same every time, so whatever it sends lands in
one session (itself capped in beacons and notified as viewed at most once).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import re
import secrets

from redis.asyncio import Redis
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

KEY_PURPOSE = b"reelsmith-view-session-v1"
SID_RE = re.compile(r"^[A-Za-z0-9_-]{1,30}$")
MAC_CHARS = 32  # 192 bits of base64url
DAY_S = 24 * 3600


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def session_key(secret: str) -> bytes:
    """The signing key of session tokens, derived from the secret key (never the key itself)."""
    return hmac.new(secret.encode(), KEY_PURPOSE, hashlib.sha256).digest()


def _mac(key: bytes, job_id: str, sid: str) -> str:
    return _b64(hmac.new(key, f"{job_id}\x1f{sid}".encode(), hashlib.sha256).digest())[:MAC_CHARS]


def sign(secret: str, job_id: str, sid: str) -> str:
    """The token of session `sid` of video `job_id` (at most 63 characters)."""
    if not SID_RE.match(sid):
        raise ValueError(f"a session id is 1 to 30 characters of [A-Za-z0-9_-]; got {sid!r}")
    return f"{sid}.{_mac(session_key(secret), job_id, sid)}"


def verify(secret: str, job_id: str, token: str | None) -> str | None:
    """The session id of a token we signed for this video; None for anything else."""
    if not token or len(token) > 64 or token.count(".") != 1:
        return None
    sid, mac = token.split(".")
    if not SID_RE.match(sid):
        return None
    expected = _mac(session_key(secret), job_id, sid)
    return sid if hmac.compare_digest(mac.encode(), expected.encode()) else None


def fresh_sid() -> str:
    return "p" + _b64(secrets.token_bytes(16))  # 23 characters


def derived_sid(secret: str, prefix: str, *parts: str) -> str:
    """A session id fixed by `parts` (an email send, a client's overflow for a day)."""
    digest = hmac.new(session_key(secret), "\x1f".join(parts).encode(), hashlib.sha256).digest()
    return prefix + _b64(digest)[:21]


def message_token(secret: str, job_id: str, send_id: str) -> str:
    """The session of one sent message (its open pixel): the same for every retry of it."""
    return sign(secret, job_id, derived_sid(secret, "m", job_id, send_id))


async def mint(
    redis: Redis,
    prefix: str,
    secret: str,
    job_id: str,
    client: str | None,
    cap: int,
) -> str:
    """A token for a new viewing session of `job_id` by `client` (the daily client hash):
    a fresh session while the client has had fewer than `cap` today, else its overflow
    session of the day. When Redis cannot count, the overflow session (never more)."""
    who = client or "unknown"
    overflow = sign(secret, job_id, derived_sid(secret, "o", job_id, who))
    key = f"{prefix}:vsess:{job_id}:{who[:32]}"
    try:
        async with redis.pipeline(transaction=True) as pipe:
            pipe.incr(key)
            pipe.expire(key, DAY_S + 3600)
            count, _ = await pipe.execute()
    except RedisError:
        log.warning("viewing sessions of %s not counted (Redis); overflow session given", job_id)
        return overflow
    if int(count) > cap:
        return overflow
    return sign(secret, job_id, fresh_sid())
