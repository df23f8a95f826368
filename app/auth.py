"""Request authentication: API keys (X-API-Key or Bearer) and session cookies.

Routes use `@require_auth` (scope looked up in app.keys.scopes.ENDPOINT_SCOPES),
`@optional_auth` (anonymous allowed, account attached when a key is given),
or `@require_session` (key management). Handlers then call `current_account()`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any, TypeVar

from itsdangerous import BadSignature, URLSafeTimedSerializer
from quart import Quart, g, request
from quart_schema.openapi import QUART_SCHEMA_RESPONSE_ATTRIBUTE, QUART_SCHEMA_SECURITY_ATTRIBUTE
from quart_schema.validation import (
    QUART_SCHEMA_QUERYSTRING_ATTRIBUTE,
    QUART_SCHEMA_REQUEST_ATTRIBUTE,
)
from sqlalchemy import select

from app.accounts.models import Account
from app.accounts.service import active_session_account
from app.config import Settings
from app.errors import ApiError, ErrorBody
from app.keys import usage as key_usage
from app.keys.models import ApiKey
from app.keys.scopes import ENDPOINT_SCOPES, scope_allows, stored_scopes
from app.spec import TIER_RANK
from app.state import get_db, get_settings

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])

SESSION_COOKIE = "reelsmith_session"
API_MIN_TIER = "studio"
# Marks set on wrapped views: how the route authenticates ("key", "optional", "session").
AUTH_ATTRIBUTE = "_reelsmith_auth"


def hash_key(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def presented_key() -> str | None:
    key = request.headers.get("X-API-Key")
    if key:
        return key.strip()
    authz = request.headers.get("Authorization", "")
    if authz[:7].lower() == "bearer ":
        return authz[7:].strip() or None
    return None


def needed_scope() -> str:
    rule = request.url_rule.rule if request.url_rule else request.path
    try:
        return ENDPOINT_SCOPES[(request.method if request.method != "HEAD" else "GET", rule)]
    except KeyError as exc:  # a route forgot its row in the table
        raise RuntimeError(f"no scope row for {request.method} {rule}") from exc


async def live_key(raw: str) -> tuple[Account, ApiKey] | None:
    """The account and key for a presented key, or None when unknown or revoked.

    Looked up once per request: the rate limiter asks first (to tell a real key from a made-up
    one), authentication reuses the answer.
    """
    cached: tuple[str, tuple[Account, ApiKey] | None] | None = g.get("_live_key")
    if cached is not None and cached[0] == raw:
        return cached[1]
    async with get_db().read() as session:
        row = (
            await session.execute(
                select(ApiKey, Account)
                .join(Account, Account.id == ApiKey.account_id)
                .where(ApiKey.key_hash == hash_key(raw))
            )
        ).first()
    found = None if row is None or row[0].revoked_at is not None else (row[1], row[0])
    g._live_key = (raw, found)
    return found


async def _load_key(raw: str) -> tuple[Account, ApiKey]:
    found = await live_key(raw)
    if found is None:
        raise ApiError(401, "Invalid or revoked API key")
    return found


async def authenticate(required: bool) -> Account | None:
    raw = presented_key()
    if raw is None:
        if required:
            raise ApiError(
                401, "Missing API key: send it in the X-API-Key header (or Authorization: Bearer)"
            )
        return None
    account, key = await _load_key(raw)
    if TIER_RANK[account.tier] < TIER_RANK[API_MIN_TIER]:
        raise tier_error(account.tier)
    if key_usage.use_is_stale(key):  # "last used" in the dashboard, written once a minute
        async with get_db().session() as session:
            await key_usage.note_use(session, key)
    g.account = account
    g.api_key = key
    return account


def key_allows(key: ApiKey, scope: str | None) -> bool:
    """Whether a key's granted scopes cover `scope` (None: nothing needed)."""
    return scope_allows(stored_scopes(key.scopes), scope)


def tier_error(tier: str) -> ApiError:
    return ApiError(
        403,
        f"API access requires the {API_MIN_TIER} tier or above; this account is {tier}. "
        f"Upgrade the account to {API_MIN_TIER} to use API keys.",
    )


def require_auth(fn: F) -> F:
    """API key required; the key must carry the scope ENDPOINT_SCOPES names for the route."""

    @wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        await authenticate(required=True)
        scope = needed_scope()
        if not key_allows(g.api_key, scope):
            raise ApiError(403, f"This API key lacks the '{scope}' scope needed here")
        return await fn(*args, **kwargs)

    setattr(wrapper, AUTH_ATTRIBUTE, "key")
    return wrapper  # type: ignore[return-value]


def optional_auth(fn: F) -> F:
    """Anonymous allowed; a presented key must be valid (401 otherwise) and is attached."""

    @wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        await authenticate(required=False)
        return await fn(*args, **kwargs)

    setattr(wrapper, AUTH_ATTRIBUTE, "optional")
    return wrapper  # type: ignore[return-value]


# ---- session cookies (key management) ----


def _serializer(settings: Settings) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(settings.session_secret, salt="reelsmith-session")


def sign_session_id(settings: Settings, session_id: str) -> str:
    """The cookie value: the server-side session id, signed."""
    return _serializer(settings).dumps(session_id)


def unsign_session_id(settings: Settings, value: str) -> str | None:
    try:
        return str(_serializer(settings).loads(value, max_age=settings.session_max_age_s))
    except BadSignature:
        return None


def cookie_session_id() -> str | None:
    """The server-side session id of a validly signed session cookie, else None."""
    raw = request.cookies.get(SESSION_COOKIE)
    return unsign_session_id(get_settings(), raw) if raw else None


async def _active_account(session_id: str) -> Account | None:
    async with get_db().session() as session:
        return await active_session_account(session, session_id)


async def session_account() -> Account | None:
    """The account of the request's session cookie when it is valid and the session active,
    else None (for pages that also serve anonymous viewers)."""
    session_id = cookie_session_id()
    return await _active_account(session_id) if session_id is not None else None


def cookie_secure(settings: Settings) -> bool:
    return settings.env == "production" or settings.public_url.startswith("https://")


def require_session(fn: F) -> F:
    """A valid session cookie is required (an API key alone is not enough: 401)."""

    @wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        session_id = cookie_session_id()
        if session_id is None:
            raise ApiError(
                401,
                "Key management needs a session: sign in with POST /api/auth/login "
                "(an API key is not accepted here)",
            )
        account = await _active_account(session_id)
        if account is None:
            raise ApiError(401, "Session expired or signed out: sign in again")
        g.account = account
        g.session_id = session_id
        return await fn(*args, **kwargs)

    setattr(wrapper, AUTH_ATTRIBUTE, "session")
    setattr(wrapper, QUART_SCHEMA_SECURITY_ATTRIBUTE, [{"Session": []}])
    return wrapper  # type: ignore[return-value]


def auth_kind(view: Callable[..., Any]) -> str | None:
    """How a view authenticates: "key", "optional", "session" or None (public)."""
    return getattr(view, AUTH_ATTRIBUTE, None)


def _document_errors(
    view: Callable[..., Any], kind: str | None, has_body: bool, has_path_ids: bool
) -> None:
    """Add the shared error body to an operation's documented responses."""
    codes = [429]
    if has_body:
        codes.append(400)
    if has_body or has_path_ids:
        codes.append(404)  # a named template, job, batch or project that does not exist
    if kind in ("key", "session", "optional"):
        codes.append(401)
    if kind == "key":
        codes.append(403)
    responses = dict(getattr(view, QUART_SCHEMA_RESPONSE_ATTRIBUTE, {}))
    for code in codes:
        responses.setdefault(code, (ErrorBody, None))
    setattr(view, QUART_SCHEMA_RESPONSE_ATTRIBUTE, responses)


def document_security(app: Quart) -> None:
    """Write each route's scope into its OpenAPI security requirement, plus error responses."""
    for rule in app.url_map.iter_rules():
        view = app.view_functions.get(rule.endpoint)
        kind = auth_kind(view) if view else None
        if view is not None and rule.rule.startswith("/api/"):
            has_body = any(
                getattr(view, attr, None) is not None
                for attr in (QUART_SCHEMA_REQUEST_ATTRIBUTE, QUART_SCHEMA_QUERYSTRING_ATTRIBUTE)
            )
            _document_errors(view, kind, has_body, "<" in rule.rule)
        if kind not in ("key", "optional"):
            continue
        methods = sorted(m for m in (rule.methods or ()) if m not in ("HEAD", "OPTIONS"))
        scope = next((ENDPOINT_SCOPES.get((m, rule.rule)) for m in methods), None)
        names = [scope] if scope else []
        schemes: list[dict[str, list[str]]] = [{"ApiKey": names}, {"Bearer": names}]
        if kind == "optional":
            schemes.append({})  # anonymous allowed
        setattr(view, QUART_SCHEMA_SECURITY_ATTRIBUTE, schemes)


def current_account() -> Account:
    account = g.get("account")
    if account is None:
        raise ApiError(401, "Authentication required")
    return account


def maybe_account() -> Account | None:
    return g.get("account")
