"""Request authentication: API keys (X-API-Key or Bearer) and session cookies.

Routes use `@require_auth` (scope looked up in app.scopes.ENDPOINT_SCOPES), `@optional_auth`
(anonymous allowed, account attached when a key is given), or `@require_session` (key
management); handlers then read the account (app.accounts.current). Auth sits below every
domain: it finds keys and sessions through the look-ups the app factory installs (`install`:
the keys and accounts domains' own functions) and imports neither.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, Protocol, TypeVar

from itsdangerous import BadSignature, URLSafeTimedSerializer
from quart import Quart, Response, current_app, g, request
from quart_schema.openapi import QUART_SCHEMA_RESPONSE_ATTRIBUTE, QUART_SCHEMA_SECURITY_ATTRIBUTE
from quart_schema.validation import (
    QUART_SCHEMA_QUERYSTRING_ATTRIBUTE,
    QUART_SCHEMA_REQUEST_ATTRIBUTE,
)

from app.config import Settings
from app.db import Database
from app.errors import ApiError, ErrorBody
from app.keycache import KeyCache
from app.scopes import ENDPOINT_SCOPES, TierTooLow, scope_allows, stored_scopes, tier_allows_keys
from app.state import get_db, get_redis, get_settings

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])

SESSION_COOKIE = "reelsmith_session"
# Marks set on wrapped views: how the route authenticates ("key", "optional", "session").
AUTH_ATTRIBUTE = "_reelsmith_auth"
LOOKUPS = "REELSMITH_AUTH_LOOKUPS"  # app.config key of the installed Lookups
KEY_CACHE = "reelsmith_key_cache"  # app.extensions key of the process's KeyCache


class Holder(Protocol):
    """What authentication reads of an account (app.accounts.models.Account)."""

    @property
    def id(self) -> str: ...

    @property
    def tier(self) -> str: ...


class StoredKey(Protocol):
    """What authentication reads of a stored key (app.keys.models.ApiKey)."""

    @property
    def scopes(self) -> str: ...


@dataclass(frozen=True)
class Lookups:
    """How authentication finds who is calling; the app factory installs the keys and
    accounts domains' functions."""

    # The account and key of a presented raw key, None when unknown or revoked.
    find_key: Callable[[Database, str], Awaitable[tuple[Holder, StoredKey] | None]]
    # Record that a key was used (the keys domain decides how often it writes).
    note_key_use: Callable[[Database, Any], Awaitable[None]]
    # The account of an active (not revoked, not expired) server-side session id.
    find_session: Callable[[Database, str], Awaitable[Holder | None]]


def install(app: Quart, lookups: Lookups) -> None:
    app.config[LOOKUPS] = lookups
    app.extensions[KEY_CACHE] = KeyCache()


def key_cache() -> KeyCache:
    """The live keys this app has found (app/keycache.py)."""
    cache: KeyCache = current_app.extensions[KEY_CACHE]
    return cache


def _lookups() -> Lookups:
    found: Lookups | None = current_app.config.get(LOOKUPS)
    if found is None:  # an app not made by create_app: say so rather than let anyone in
        raise RuntimeError("authentication look-ups are not installed (app.auth.install)")
    return found


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


async def live_key(raw: str, *, refresh: bool = True) -> tuple[Holder, StoredKey] | None:
    """The account and key for a presented key, or None when unknown or revoked.

    Looked up once per request: the rate limiter asks first (to tell a real key from a made-up
    one), authentication reuses the answer. A key found live shortly before is answered from
    the process's cache (app/keycache.py) while the key generation read from Redis vouches
    for it: the rate limiter's round trip reads it (`refresh=False` there), else `refresh`
    reads it with a GET at most once a second.
    """
    cached: tuple[str, tuple[Holder, StoredKey] | None, bool] | None = g.get("_live_key")
    if cached is not None and cached[0] == raw:
        return cached[1]
    cache = key_cache()
    if refresh:
        await cache.refresh(get_redis(), get_settings().redis_prefix)
    found = cache.get(raw)
    if found is not None:
        g._live_key = (raw, found, True)
        return found  # type: ignore[no-any-return]
    generation = cache.generation
    found = await _lookups().find_key(get_db(), raw)
    cache.put(raw, found, generation)
    g._live_key = (raw, found, False)
    return found


def forget_kept_keys() -> None:
    """Drop this process's kept keys (after a revocation through it: its next request looks
    keys up again; the other processes follow the key generation within a second)."""
    key_cache().entries.clear()


def generation_seen(generation: int) -> None:
    """The key generation the rate limiter read: when it moved, what was kept is dropped, and
    a key this request took from the cache is looked up again before it authenticates."""
    if key_cache().seen(generation):
        cached = g.get("_live_key")
        if cached is not None and cached[2]:
            g.pop("_live_key")


async def _load_key(raw: str) -> tuple[Holder, StoredKey]:
    found = await live_key(raw)
    if found is None:
        raise ApiError(401, "Invalid or revoked API key")
    return found


async def authenticate(required: bool) -> Holder | None:
    raw = presented_key()
    if raw is None:
        if required:
            raise ApiError(
                401, "Missing API key: send it in the X-API-Key header (or Authorization: Bearer)"
            )
        return None
    account, key = await _load_key(raw)
    if not tier_allows_keys(account.tier):
        raise TierTooLow(account.tier)
    await _lookups().note_key_use(get_db(), key)  # "last used" in the dashboard
    g.account = account
    g.api_key = key
    return account


def key_allows(key: StoredKey, scope: str | None) -> bool:
    """Whether a key's granted scopes cover `scope` (None: nothing needed)."""
    return scope_allows(stored_scopes(key.scopes), scope)


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


async def active_account(session_id: str) -> Holder | None:
    """The account of an active server-side session id, else None."""
    return await _lookups().find_session(get_db(), session_id)


async def session_account() -> Holder | None:
    """The account of the request's session cookie when it is valid and the session active,
    else None (for pages that also serve anonymous viewers)."""
    session_id = cookie_session_id()
    return await active_account(session_id) if session_id is not None else None


def cookie_secure(settings: Settings) -> bool:
    return settings.env == "production" or settings.public_url.startswith("https://")


def set_session_cookie(resp: Response, settings: Settings, session_id: str) -> None:
    """The signed session cookie on `resp` (HttpOnly, SameSite=Lax, Secure behind https)."""
    resp.set_cookie(
        SESSION_COOKIE,
        sign_session_id(settings, session_id),
        max_age=settings.session_max_age_s,
        secure=cookie_secure(settings),
        httponly=True,
        samesite="Lax",
        path="/",
    )


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
        account = await active_account(session_id)
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


def authenticated_account() -> Holder:
    """The account the request authenticated as (typed: app.accounts.current); 401 when none."""
    account: Holder | None = g.get("account")
    if account is None:
        raise ApiError(401, "Authentication required")
    return account


def request_account() -> Holder | None:
    return g.get("account")
