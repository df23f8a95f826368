"""Idempotency-Key records: the first answer to a POST, replayed for 24 h."""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import utcnow
from app.renders.errors import IdempotencyConflict
from app.renders.models import IdempotencyRecord

IDEMPOTENCY_TTL = timedelta(hours=24)


def body_hash(payload: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


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
