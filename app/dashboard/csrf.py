"""CSRF protection for the dashboard, and its one-shot messages.

Every browser gets a random `reelsmith_csrf` cookie (HttpOnly, SameSite=Strict, path /app).
Pages carry the token HMAC(secret, cookie) in each form (`csrf_token`) and in a meta tag that
the dashboard script sends as `X-CSRF-Token` with its fetches. A state-changing request passes
only with the token of its own cookie, and not when the browser says it came from another site
(Origin or Sec-Fetch-Site). Another site can neither read the token nor send the cookie.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from itsdangerous import BadSignature, URLSafeSerializer
from quart import Response, g, request

from app.auth import cookie_secure
from app.state import get_settings

COOKIE = "reelsmith_csrf"
FLASH_COOKIE = "reelsmith_flash"
FIELD = "csrf_token"
HEADER = "X-CSRF-Token"
PATH = "/app"


def _secret() -> bytes:
    return get_settings().session_secret.encode()


def _cookie_value() -> str:
    """The browser's CSRF cookie, or a new one that this response will set."""
    value = request.cookies.get(COOKIE) or g.get("csrf_new_cookie")
    if not value or len(value) > 128:
        value = secrets.token_urlsafe(32)
        g.csrf_new_cookie = value
    return value


def _sign(value: str) -> str:
    return hmac.new(_secret(), f"csrf:{value}".encode(), hashlib.sha256).hexdigest()


async def token() -> str:
    """The token pages put into their forms."""
    return _sign(_cookie_value())


def _same_origin() -> bool:
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return False
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    # Behind a proxy the public URL is the origin the browser shows.
    return origin in (f"{request.scheme}://{request.host}", get_settings().public_url.rstrip("/"))


async def request_is_genuine() -> bool:
    """Whether a state-changing request carries its cookie's token and came from our pages."""
    cookie = request.cookies.get(COOKIE)
    if not cookie or not _same_origin():
        return False
    sent = request.headers.get(HEADER)
    if sent is None:
        form = await request.form
        sent = form.get(FIELD)
    return bool(sent) and hmac.compare_digest(str(sent), _sign(cookie))


def ensure_cookie(resp: Response) -> None:
    """Set the CSRF cookie when this request made one; drop a flash message once shown."""
    new = g.get("csrf_new_cookie")
    if new:
        resp.set_cookie(
            COOKIE,
            new,
            httponly=True,
            samesite="Strict",
            secure=cookie_secure(get_settings()),
            path=PATH,
        )
    if g.get("flash_shown") and FLASH_COOKIE in request.cookies:
        resp.delete_cookie(FLASH_COOKIE, path=PATH)


def _flash_serializer() -> URLSafeSerializer:
    return URLSafeSerializer(get_settings().session_secret, salt="reelsmith-flash")


def set_flash(resp: Response, kind: str, message: str) -> None:
    resp.set_cookie(
        FLASH_COOKIE,
        _flash_serializer().dumps([kind, message[:300]]),
        max_age=60,
        httponly=True,
        samesite="Lax",
        secure=cookie_secure(get_settings()),
        path=PATH,
    )


def read_flash() -> tuple[str, str] | None:
    raw = request.cookies.get(FLASH_COOKIE)
    if not raw:
        return None
    g.flash_shown = True
    try:
        kind, message = _flash_serializer().loads(raw)
    except (BadSignature, ValueError, TypeError):
        return None
    return str(kind), str(message)
