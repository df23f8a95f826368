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

from quart import g, request
from sqlalchemy import select

from app.accounts.models import Account
from app.errors import ApiError
from app.keys.models import ApiKey
from app.keys.scopes import ENDPOINT_SCOPES, scope_allows
from app.spec import TIER_RANK
from app.state import get_db

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])

SESSION_COOKIE = "reelsmith_session"
API_MIN_TIER = "studio"


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


def needed_scope() -> str | None:
    rule = request.url_rule.rule if request.url_rule else request.path
    try:
        return ENDPOINT_SCOPES[(request.method if request.method != "HEAD" else "GET", rule)]
    except KeyError as exc:  # a route forgot its row in the table
        raise RuntimeError(f"no scope row for {request.method} {rule}") from exc


async def _load_key(raw: str) -> tuple[Account, ApiKey]:
    async with get_db().session() as session:
        row = (
            await session.execute(
                select(ApiKey, Account)
                .join(Account, Account.id == ApiKey.account_id)
                .where(ApiKey.key_hash == hash_key(raw))
            )
        ).first()
        if row is None or row[0].revoked_at is not None:
            raise ApiError(401, "Invalid or revoked API key")
        key, account = row
        return account, key


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
        raise ApiError(
            403,
            f"API access requires the {API_MIN_TIER} tier or above; this account is {account.tier}",
        )
    g.account = account
    g.api_key = key
    return account


def require_auth(fn: F) -> F:
    @wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        await authenticate(required=True)
        scope = needed_scope()
        granted = tuple(s for s in g.api_key.scopes.split(",") if s)
        if not scope_allows(granted, scope):
            raise ApiError(403, f"This API key lacks the '{scope}' scope needed here")
        return await fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def optional_auth(fn: F) -> F:
    """Anonymous allowed; a presented key must be valid (401 otherwise) and is attached."""

    @wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        await authenticate(required=False)
        return await fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def current_account() -> Account:
    account = g.get("account")
    if account is None:
        raise ApiError(401, "Authentication required")
    return account


def maybe_account() -> Account | None:
    return g.get("account")
