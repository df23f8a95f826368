"""What every dashboard page shares: the signed-in account, CSRF, the page frame, headers.

A dashboard view is declared with `@page` (GET: HTML) or `@action` (a state-changing form
post or fetch): both need the session cookie (without it a page redirects to the sign-in form,
an action answers 401), and `@action` needs the request's CSRF token (app.dashboard.csrf).
Views call the same domain services as the API; a domain error becomes a message on the page
(`flash`), never a second copy of the rule.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any, TypeVar
from urllib.parse import quote

from quart import Response, g, redirect, render_template, request

from app.accounts.models import Account
from app.auth import AUTH_ATTRIBUTE, active_account, cookie_session_id
from app.dashboard import csrf
from app.state import get_settings

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])

PREFIX = "/app"
# How views authenticate (app.auth.auth_kind): a session cookie, with pages redirecting.
DASHBOARD_AUTH = "dashboard"

# The navigation, in order: (path under /app, label). Pages added later append a row.
NAV: list[tuple[str, str]] = [
    ("", "Overview"),
    ("/templates", "Templates"),
    ("/render", "Render"),
    ("/batches", "Batches"),
    ("/analytics", "Analytics"),
    ("/keys", "API keys"),
    ("/webhooks", "Webhooks"),
    ("/triggers", "Triggers"),
    ("/billing", "Billing"),
]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob: https: http:; media-src 'self' blob: https: http:; "
    "connect-src 'self'; font-src 'self'; frame-src 'self'; frame-ancestors 'none'; "
    "form-action 'self'; base-uri 'none'"
)


def app_url(path: str = "") -> str:
    return PREFIX + path


def account() -> Account:
    """The signed-in account of a `@page`/`@action` view."""
    found: Account = g.account
    return found


async def _signed_in() -> bool:
    session_id = cookie_session_id()
    if session_id is None:
        return False
    found = await active_account(session_id)
    if found is None:
        return False
    g.account = found
    g.session_id = session_id
    return True


def login_redirect() -> Response:
    target = request.full_path.rstrip("?") if request.method == "GET" else PREFIX
    return redirect(f"{PREFIX}/login?next={quote(target, safe='/')}", 303)  # type: ignore[return-value]


def page(fn: F) -> F:
    """A dashboard page: the session is required (else a redirect to the sign-in form)."""

    @wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not await _signed_in():
            return login_redirect()
        return await fn(*args, **kwargs)

    setattr(wrapper, AUTH_ATTRIBUTE, DASHBOARD_AUTH)
    return wrapper  # type: ignore[return-value]


def action(fn: F) -> F:
    """A state-changing dashboard request: the session and the CSRF token are required.

    Without a session: a form post is sent to the sign-in form, a fetch gets 401. A missing or
    wrong CSRF token, or a cross-site Origin, answers 403 and changes nothing.
    """

    @wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not await _signed_in():
            if wants_json():
                return Response('{"error":"signed out"}', 401, content_type="application/json")
            return login_redirect()
        if not await csrf.request_is_genuine():
            return await csrf_failure()
        return await fn(*args, **kwargs)

    setattr(wrapper, AUTH_ATTRIBUTE, DASHBOARD_AUTH)
    return wrapper  # type: ignore[return-value]


def wants_json() -> bool:
    """A fetch from the dashboard's own script (it sends X-Requested-With) rather than a form."""
    return request.headers.get("X-Requested-With") == "fetch"


async def csrf_failure() -> Response:
    message = (
        "This form has expired or was sent from another site, so nothing was changed. "
        "Reload the page and try again."
    )
    if wants_json():
        return Response(f'{{"error":"{message}"}}', 403, content_type="application/json")
    body = await render_template("dashboard/error.html", heading="Request refused", message=message)
    return Response(body, 403, content_type="text/html; charset=utf-8")


async def not_found_page(what: str) -> Response:
    """The 404 page for an object that does not exist or belongs to another account."""
    return await render(
        "error.html",
        status=404,
        heading=f"{what} not found",
        message=f"No such {what.lower()} in this account.",
    )


def flash(message: str, kind: str = "ok") -> None:
    """A message shown on the next page the browser loads (kept in a short-lived cookie)."""
    g.dashboard_flash = (kind, message)


async def render(template: str, *, status: int = 200, **context: Any) -> Response:
    """Render a dashboard template inside the page frame (navigation, account, CSRF token)."""
    settings = get_settings()
    signed_in: Account | None = g.get("account")
    body = await render_template(
        f"dashboard/{template}",
        account=signed_in,
        nav=NAV,
        prefix=PREFIX,
        path=request.path,
        csrf_token=await csrf.token(),
        flash=g.get("dashboard_flash") or csrf.read_flash(),
        signup_open=settings.signup_open,
        **context,
    )
    return Response(body, status, content_type="text/html; charset=utf-8")


def see_other(path: str, message: str | None = None, kind: str = "ok") -> Response:
    """Redirect after a successful form post (303), with an optional message for the next page."""
    resp: Response = redirect(path, 303)  # type: ignore[assignment]
    if message:
        csrf.set_flash(resp, kind, message)
    return resp


def add_headers(resp: Response) -> Response:
    """Headers of every /app response: no caching, our own scripts only, never framed."""
    resp.headers.setdefault("Cache-Control", "no-store")
    resp.headers["X-Content-Type-Options"] = "nosniff"
    resp.headers["Referrer-Policy"] = "same-origin"
    resp.headers["Content-Security-Policy"] = CSP
    resp.headers["X-Frame-Options"] = "DENY"
    csrf.ensure_cookie(resp)
    return resp
