"""Sign-in and sign-out: the session cookie used for key management."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, after_this_request, g
from quart_schema import tag, validate_request, validate_response

from app.accounts import signin
from app.accounts.schemas import AccountInfo, LoginRequest, LoginResponse, LogoutResponse
from app.auth import SESSION_COOKIE, cookie_secure, require_session, set_session_cookie
from app.errors import ErrorBody
from app.state import get_settings

bp = Blueprint("accounts", __name__)


@bp.post("/api/auth/login")
@tag(["Auth"])
@validate_request(LoginRequest)
@validate_response(LoginResponse, 200)
@validate_response(ErrorBody, 401)
async def login(data: LoginRequest):  # type: ignore[no-untyped-def]
    """Sign in with email and password; sets the reelsmith_session cookie.

    The cookie (HttpOnly, SameSite=Lax, Secure in production or behind https) authenticates
    the key-management endpoints /api/keys. After 5 failed attempts for one account within
    15 minutes, sign-in for it answers 429 with Retry-After for a time that doubles with each
    further failure.
    """
    settings = get_settings()
    signed = await signin.sign_in(data.email, data.password)
    account = signed.account

    @after_this_request
    async def _set_cookie(resp: Any) -> Any:
        set_session_cookie(resp, settings, signed.session_id)
        return resp

    return LoginResponse(
        account=AccountInfo(
            id=account.id, email=account.email, tier=account.tier, credits=account.credits
        ),
        message="Signed in",
    )


@bp.post("/api/auth/logout")
@tag(["Auth"])
@require_session
@validate_response(LogoutResponse, 200)
async def logout():  # type: ignore[no-untyped-def]
    """Sign out: revokes the session server-side and clears the cookie."""
    await signin.sign_out(g.session_id)
    secure = cookie_secure(get_settings())

    @after_this_request
    async def _clear_cookie(resp: Any) -> Any:
        resp.delete_cookie(SESSION_COOKIE, path="/", secure=secure, httponly=True, samesite="Lax")
        return resp

    return LogoutResponse(message="Signed out")
