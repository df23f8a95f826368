"""Creating, finding, listing and revoking API keys (only a key's hash is stored)."""

from __future__ import annotations

import hashlib
import secrets

from redis.asyncio import Redis
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.db import Database, utcnow
from app.errors import DomainError, Kind
from app.keycache import bump
from app.keys.models import ApiKey
from app.scopes import TierTooLow, parse_scopes, tier_allows_keys

KEY_PREFIX = "rs_live_"


def generate_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def hash_key(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


async def find_live_key(db: Database, raw: str) -> tuple[Account, ApiKey] | None:
    """The account and key for a presented key, or None when unknown or revoked (a read:
    the hot path of every authenticated request)."""
    async with db.read() as session:
        row = (
            await session.execute(
                select(ApiKey, Account)
                .join(Account, Account.id == ApiKey.account_id)
                .where(ApiKey.key_hash == hash_key(raw))
            )
        ).first()
    return None if row is None or row[0].revoked_at is not None else (row[1], row[0])


async def create_key(
    session: AsyncSession, account_id: str, name: str, scopes: str
) -> tuple[ApiKey, str]:
    """Returns the stored key and the raw value (shown once, never stored)."""
    granted = parse_scopes(scopes)
    raw = generate_key()
    key = ApiKey(
        account_id=account_id,
        name=name,
        key_prefix=raw[: len(KEY_PREFIX) + 6],
        key_hash=hash_key(raw),
        scopes=",".join(granted),
    )
    session.add(key)
    await session.flush()
    return key, raw


class TooManyKeys(DomainError):
    """The account already holds the most active keys it may (403 too_many_keys)."""

    kind = Kind.FORBIDDEN
    error_code = "too_many_keys"

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"This account already has {limit} active API keys, the most it may hold; "
            "revoke one (DELETE /api/keys/{id}) before creating another",
            limit=limit,
        )
        self.limit = limit


class KeyNotFound(DomainError):
    kind = Kind.NOT_FOUND

    def __init__(self, key_id: str) -> None:
        super().__init__(f"API key '{key_id}' not found")
        self.key_id = key_id


async def count_active_keys(session: AsyncSession, account_id: str) -> int:
    return int(
        (
            await session.execute(
                select(func.count())
                .select_from(ApiKey)
                .where(ApiKey.account_id == account_id, ApiKey.revoked_at.is_(None))
            )
        ).scalar_one()
    )


async def create_key_for_account(
    session: AsyncSession,
    account: Account,
    name: str,
    scopes: str,
    max_keys: int | None = None,
) -> tuple[ApiKey, str]:
    """create_key, after checking the account may hold keys and one more of them
    (TierTooLow, TooManyKeys, UnknownScope). `max_keys` is settings.max_api_keys_per_account
    (None: no cap); rate limits count per account as well, the cap bounds the key table."""
    if not tier_allows_keys(account.tier):
        raise TierTooLow(account.tier)
    if max_keys is not None and await count_active_keys(session, account.id) >= max_keys:
        raise TooManyKeys(max_keys)
    return await create_key(session, account.id, name, scopes)


async def list_keys(session: AsyncSession, account_id: str) -> list[ApiKey]:
    rows = await session.execute(
        select(ApiKey)
        .where(ApiKey.account_id == account_id, ApiKey.revoked_at.is_(None))
        .order_by(ApiKey.created_at.desc())
    )
    return list(rows.scalars())


async def revoke_key(session: AsyncSession, account_id: str, key_id: str) -> bool:
    key = (
        await session.execute(
            select(ApiKey).where(ApiKey.id == key_id, ApiKey.account_id == account_id)
        )
    ).scalar_one_or_none()
    if key is None or key.revoked_at is not None:
        return False
    key.revoked_at = utcnow()
    return True


async def revoke_and_announce(
    db: Database, redis: Redis, prefix: str, account_id: str, key_id: str
) -> bool:
    """revoke_key in a transaction of its own, then, once it is committed, the key generation
    moved: every API process stops answering from its kept copy of the key within a second
    (app/keycache.py). False when the account has no such live key."""
    async with db.session() as session:
        revoked = await revoke_key(session, account_id, key_id)
    if revoked:
        await bump(redis, prefix)
    return revoked
