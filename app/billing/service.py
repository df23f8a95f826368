"""Credit balance and usage history (the ledger, newest first, cursor-paginated)."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account, LedgerEntry


class BadCursor(ValueError):
    pass


@dataclass
class UsagePage:
    account: Account
    entries: list[LedgerEntry]
    next_cursor: str | None


def encode_cursor(entry: LedgerEntry) -> str:
    raw = f"{entry.created_at.isoformat()}|{entry.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        stamp, entry_id = raw.split("|", 1)
        return datetime.fromisoformat(stamp), entry_id
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadCursor(cursor) from exc


async def usage_page(
    session: AsyncSession, account_id: str, limit: int, cursor: str | None
) -> UsagePage:
    """One page of the account's ledger, newest first; next_cursor is None on the last page."""
    account = (await session.execute(select(Account).where(Account.id == account_id))).scalar_one()
    stmt = select(LedgerEntry).where(LedgerEntry.account_id == account_id)
    if cursor:
        stamp, entry_id = decode_cursor(cursor)
        stmt = stmt.where(
            or_(
                LedgerEntry.created_at < stamp,
                and_(LedgerEntry.created_at == stamp, LedgerEntry.id < entry_id),
            )
        )
    stmt = stmt.order_by(LedgerEntry.created_at.desc(), LedgerEntry.id.desc()).limit(limit + 1)
    rows = list((await session.execute(stmt)).scalars())
    more = len(rows) > limit
    rows = rows[:limit]
    return UsagePage(account, rows, encode_cursor(rows[-1]) if more and rows else None)
