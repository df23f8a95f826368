"""Idempotency-Key: the first answer to a create (POST /api/render, /api/render/batch,
/api/events/ingest) is stored under the key and replayed for 24 h; the same key with another
body or endpoint is a conflict. One function, `create_once`, for every such route."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ForeignKey, String, UniqueConstraint, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt

from app.db import Base, Database, IdMixin, utcnow
from app.errors import DomainError, Kind

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 255
IDEMPOTENCY_TTL = timedelta(hours=24)


class IdempotencyRecord(IdMixin, Base):
    """The first answer to a POST carrying an Idempotency-Key (kept 24 h)."""

    __tablename__ = "idempotency_records"
    __table_args__ = (UniqueConstraint("account_id", "key", name="uq_idempotency_account_key"),)

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    key: Mapped[str] = mapped_column(String(255))
    endpoint: Mapped[str] = mapped_column(String(64))
    request_hash: Mapped[str] = mapped_column(String(64))
    response: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime]


class KeyTooLong(DomainError):
    kind = Kind.INVALID

    def __init__(self) -> None:
        super().__init__(f"{HEADER} must be at most {MAX_KEY_LENGTH} characters")


class IdempotencyConflict(DomainError):
    """The key was already used with another body or endpoint (409)."""

    kind = Kind.CONFLICT

    def __init__(self, key: str) -> None:
        super().__init__(
            f"This {HEADER} was already used with a different request body; "
            "use a new key for a different request"
        )
        self.key = key


@dataclass(frozen=True)
class Answer:
    body: dict[str, Any]
    replayed: bool  # the stored first answer (nothing was made this time)


def parse_key(header: str | None) -> str | None:
    """The key of an Idempotency-Key header (None when absent or blank); KeyTooLong."""
    key = (header or "").strip()
    if len(key) > MAX_KEY_LENGTH:
        raise KeyTooLong()
    return key or None


def body_hash(payload: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


async def create_once(
    db: Database,
    account_id: str,
    header: str | None,
    endpoint: str,
    request: Callable[[], dict[str, Any]],
    make: Callable[[Any], Awaitable[dict[str, Any]]],
    *,
    points: bool = False,
) -> Answer:
    """Replay the stored answer for a known key, or `make` the answer in one transaction that
    also stores it under the key (without a key: just `make` it, and the body, `request()`,
    is never fingerprinted; `points`: `make` runs point writes only, so without a key its
    transaction is a point transaction, app/pointtx.py). A concurrent twin with the same key
    loses the unique constraint and, on its second attempt, replays the winner's answer.
    IdempotencyConflict for a key used with another body or endpoint."""
    key = parse_key(header)
    if key is None and points:
        return Answer(await db.points_or_session(make), replayed=False)
    if key is None:
        async with db.session() as session:
            return Answer(await make(session), replayed=False)
    digest = body_hash(request())
    retrying = AsyncRetrying(
        stop=stop_after_attempt(2),
        retry=retry_if_exception(lambda exc: isinstance(exc, IntegrityError)),
        reraise=True,
    )
    async for attempt in retrying:
        with attempt:
            async with db.session() as session:
                stored = await replay(session, account_id, key, endpoint, digest)
                if stored is not None:
                    return Answer(stored, replayed=True)
                answer = await make(session)
                remember(session, account_id, key, endpoint, digest, answer)
                await session.flush()
            return Answer(answer, replayed=False)
    raise AssertionError("unreachable: the last attempt returns or raises")


async def replay(
    session: AsyncSession, account_id: str, key: str, endpoint: str, digest: str
) -> dict[str, Any] | None:
    """The stored first answer for this key, None when the key is new (or expired);
    IdempotencyConflict when the key was used with a different body or endpoint."""
    record = (
        await session.execute(
            select(IdempotencyRecord).where(
                IdempotencyRecord.account_id == account_id, IdempotencyRecord.key == key
            )
        )
    ).scalar_one_or_none()
    if record is None:
        return None
    if record.created_at < utcnow() - IDEMPOTENCY_TTL:
        await session.delete(record)
        await session.flush()
        return None
    if record.request_hash != digest or record.endpoint != endpoint:
        raise IdempotencyConflict(key)
    return dict(record.response)


def remember(
    session: AsyncSession,
    account_id: str,
    key: str,
    endpoint: str,
    digest: str,
    response: dict[str, Any],
) -> None:
    session.add(
        IdempotencyRecord(
            account_id=account_id,
            key=key,
            endpoint=endpoint,
            request_hash=digest,
            response=response,
            created_at=utcnow(),
        )
    )


async def purge_idempotency(session: AsyncSession) -> int:
    """Drop records older than 24 h (run by the worker sweep)."""
    result = await session.execute(
        delete(IdempotencyRecord).where(IdempotencyRecord.created_at < utcnow() - IDEMPOTENCY_TTL)
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
