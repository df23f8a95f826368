"""The dashboard's front door: sign in, sign out, first-run sign-up, and the overview."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from quart import Blueprint, Response, request

from app.accounts import service as accounts
from app.accounts import signin
from app.auth import SESSION_COOKIE, cookie_secure, cookie_session_id, set_session_cookie
from app.dashboard import web
from app.dashboard.web import page, render, see_other
from app.renders import read as renders
from app.state import get_db, get_settings

bp = Blueprint("dashboard", __name__, url_prefix=web.PREFIX)
bp.after_request(web.add_headers)

MIN_PASSWORD = 10
# Sign-up makes accounts of this tier (the first with API access), granted its sign-up credits.
SIGNUP_TIER = "studio"
# What sign-up answers, whether or not the address already had an account.
SIGNED_UP = "Sign-up received: sign in with your email and password."


def _safe_next(target: str | None) -> str:
    """Where to go after signing in: a dashboard path only (never another site)."""
    if target and target.startswith(web.PREFIX) and not target.startswith("//"):
        return target
    return web.PREFIX


def _signed_in_response(session_id: str, target: str) -> Response:
    resp = see_other(_safe_next(target))
    set_session_cookie(resp, get_settings(), session_id)
    return resp


@bp.get("/login")
async def login_form() -> Response:
    return await render("login.html", next=_safe_next(request.args.get("next")), email="")


async def _form_checked() -> Any:
    """The posted form when its CSRF token is right, else None."""
    if not await web.csrf.request_is_genuine():
        return None
    return await request.form


@bp.post("/login")
async def login() -> Response:
    form = await _form_checked()
    if form is None:
        return await web.csrf_failure()
    email, target = form.get("email", "").strip(), form.get("next")
    error = None
    try:
        signed = await signin.sign_in(email, form.get("password", ""))
    except signin.WrongPassword:
        error = "Email or password is wrong."
    except signin.SignInLocked as exc:
        error = (
            f"Too many failed sign-ins for this account; try again in {exc.retry_after_s} seconds."
        )
    if error:
        return await render(
            "login.html", status=401, error=error, email=email, next=_safe_next(target)
        )
    return _signed_in_response(signed.session_id, target or web.PREFIX)


@bp.post("/logout")
async def logout() -> Response:
    if not await web.csrf.request_is_genuine():
        return await web.csrf_failure()
    session_id = cookie_session_id()
    if session_id is not None:
        await signin.sign_out(session_id)
    resp = see_other(f"{web.PREFIX}/login", "Signed out.")
    resp.delete_cookie(SESSION_COOKIE, path="/", secure=cookie_secure(get_settings()))
    return resp


def _signup_errors(email: str, password: str, confirm: str) -> dict[str, str]:
    errors: dict[str, str] = {}
    if "@" not in email or len(email) > 254 or email.startswith("@") or email.endswith("@"):
        errors["email"] = "Enter an email address such as you@example.com."
    if len(password) < MIN_PASSWORD:
        errors["password"] = f"Use at least {MIN_PASSWORD} characters."
    elif password != confirm:
        errors["confirm"] = "The two passwords differ."
    return errors


@bp.get("/signup")
async def signup_form() -> Response:
    if not get_settings().signup_open:
        return await render("signup_closed.html", status=404)
    return await render("signup.html", errors={}, email="")


@bp.post("/signup")
async def signup() -> Response:
    settings = get_settings()
    if not settings.signup_open:
        return await render("signup_closed.html", status=404)
    form = await _form_checked()
    if form is None:
        return await web.csrf_failure()
    email = form.get("email", "").strip().lower()
    password = form.get("password", "")
    errors = _signup_errors(email, password, form.get("confirm", ""))
    if errors:
        return await render("signup.html", status=400, errors=errors, email=email)
    try:
        async with get_db().session() as session:
            await accounts.create_account(
                session,
                email,
                password,
                tier=SIGNUP_TIER,
                credits=settings.tiers[SIGNUP_TIER].signup_credits,
            )
    except accounts.AccountExists:
        # The same answer, after the same work, as for a new account: the form does not tell
        # whether an address has an account (signing in with the right password does).
        await asyncio.to_thread(accounts.hash_password, password)
    return see_other(f"{web.PREFIX}/login", SIGNED_UP)


@bp.get("")
@page
async def overview() -> Response:
    account = web.account()
    month_start = datetime.now(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    async with get_db().session() as session:
        recent = await renders.recent_jobs(session, account.id, limit=10)
        this_month = await renders.jobs_since(session, account.id, month_start)
    return await render("overview.html", recent=recent, this_month=this_month)


@bp.get("/")
async def overview_slash() -> Response:
    return see_other(web.PREFIX)
