"""Signing in and out, one implementation for the API (/api/auth/*) and the dashboard (/app).

`sign_in` checks the per-account backoff (app.accounts.lockout), the password, records a
failure or clears the count, and opens a server-side session; its errors answer 401/429 in the
API and become a form message in the dashboard; routes set the cookie.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass

from redis.exceptions import RedisError

from app.accounts import lockout, service
from app.accounts.models import Account
from app.errors import DomainError, Kind
from app.state import get_db, get_redis, get_settings

log = logging.getLogger(__name__)


class WrongPassword(DomainError):
    """The email is unknown or the password wrong (one error: no account enumeration)."""

    kind = Kind.UNAUTHORIZED

    def __init__(self) -> None:
        super().__init__("Email or password is wrong")


class SignInLocked(DomainError):
    """Too many failures for this account: sign-in paused for `retry_after_s` (429)."""

    kind = Kind.RATE_LIMITED

    def __init__(self, retry_after_s: int) -> None:
        super().__init__(
            "Too many failed sign-ins for this account; sign-in is paused for "
            f"{retry_after_s} s (the pause doubles with each further failure)",
            headers={"Retry-After": str(retry_after_s)},
        )
        self.retry_after_s = retry_after_s


@dataclass(frozen=True)
class SignedIn:
    account: Account
    session_id: str


async def _check_lock(email: str) -> None:
    """SignInLocked while the account is locked (Redis down: not locked)."""
    try:
        wait = await lockout.locked_for(get_redis(), get_settings(), email)
    except (RedisError, OSError):
        return
    if wait > 0:
        raise SignInLocked(wait)


async def _note_failure(email: str) -> None:
    try:
        failure = await lockout.record_failure(get_redis(), get_settings(), email)
    except (RedisError, OSError):
        return
    if failure.lock_s > 0:
        log.warning(
            "sign-in for %s locked for %d s after %d failed attempts",
            email.strip().lower(),
            failure.lock_s,
            failure.failures,
        )
        raise SignInLocked(failure.lock_s)


async def sign_in(email: str, password: str) -> SignedIn:
    """Open a session for the account, or raise WrongPassword / SignInLocked."""
    settings = get_settings()
    await _check_lock(email)
    async with get_db().session() as session:
        account = await service.authenticate_password(session, email, password)
        if account is None:
            await _note_failure(email)
            raise WrongPassword()
        row = await service.create_session(session, account.id, settings.session_max_age_s)
    with contextlib.suppress(RedisError, OSError):
        await lockout.clear(get_redis(), settings, email)
    return SignedIn(account, row.id)


async def sign_out(session_id: str) -> None:
    async with get_db().session() as session:
        await service.revoke_session(session, session_id)
