"""Credit balance and usage history (the ledger, newest first, cursor-paginated)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account, LedgerEntry
from app.cursors import BadCursor, decode_cursor, encode_cursor


@dataclass
class UsagePage:
    account: Account
    entries: list[LedgerEntry]
    next_cursor: str | None


def ledger_cursor(entry: LedgerEntry) -> str:
    return encode_cursor(f"{entry.created_at.isoformat()}|{entry.id}")


def ledger_position(cursor: str) -> tuple[datetime, str]:
    """The (created_at, id) after which the next page starts; BadCursor otherwise."""
    raw = decode_cursor(cursor)
    try:
        stamp, entry_id = raw.split("|", 1)
        return datetime.fromisoformat(stamp), entry_id
    except ValueError as exc:
        raise BadCursor(cursor) from exc


async def usage_page(
    session: AsyncSession, account_id: str, limit: int, cursor: str | None
) -> UsagePage:
    """One page of the account's ledger, newest first; next_cursor is None on the last page."""
    account = (await session.execute(select(Account).where(Account.id == account_id))).scalar_one()
    stmt = select(LedgerEntry).where(LedgerEntry.account_id == account_id)
    if cursor:
        stamp, entry_id = ledger_position(cursor)
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
    return UsagePage(account, rows, ledger_cursor(rows[-1]) if more and rows else None)
