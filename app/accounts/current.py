"""The account a request authenticated as (app.auth puts it on the request), typed."""

from __future__ import annotations

from app.accounts.models import Account
from app.auth import authenticated_account, request_account


def current_account() -> Account:
    """The authenticated account (401 when the request has none)."""
    account = authenticated_account()
    assert isinstance(account, Account)
    return account


def maybe_account() -> Account | None:
    """The authenticated account, or None for an anonymous request."""
    account = request_account()
    assert account is None or isinstance(account, Account)
    return account
