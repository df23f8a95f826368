"""When each API key was last used (shown in the dashboard), written at most once a minute."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database, utcnow
from app.keys.models import ApiKey

# A key's last use is written at most this often (a write per request would serialise them).
LAST_USED_RESOLUTION_S = 60


def use_is_stale(key: ApiKey) -> bool:
    """Whether the key's recorded last use is older than the resolution (or missing)."""
    last = key.last_used_at
    return last is None or (utcnow() - last).total_seconds() >= LAST_USED_RESOLUTION_S


async def note_use(session: AsyncSession, key: ApiKey) -> None:
    """Record that `key` was used now (callers check use_is_stale first)."""
    now = utcnow()
    await session.execute(update(ApiKey).where(ApiKey.id == key.id).values(last_used_at=now))
    key.last_used_at = now


async def note_use_if_stale(db: Database, key: ApiKey) -> None:
    """Record a use of `key` when its recorded one is older than the resolution."""
    if use_is_stale(key):
        async with db.session() as session:
            await note_use(session, key)
