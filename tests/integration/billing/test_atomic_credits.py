"""Credits move atomically through the ledger, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import func, select

from app.accounts.models import Account, LedgerEntry
from app.accounts.service import (
    InsufficientCredits,
    charge_credits,
    create_account,
    grant_credits,
    refund_credits,
)
from app.db import Database
from app.models import create_all


async def ledger_sum(db: Database, account_id: str) -> tuple[int, int]:
    async with db.session() as session:
        total = (
            await session.execute(
                select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
                    LedgerEntry.account_id == account_id
                )
            )
        ).scalar_one()
        balance = (
            await session.execute(select(Account.credits).where(Account.id == account_id))
        ).scalar_one()
    return int(total), balance


async def test_100_concurrent_charges_against_50_credits_succeed_exactly_50_times(db: Database):
    async with db.session() as session:
        account = await create_account(session, "race@example.com", "pw", "studio", credits=50)

    async def charge_one(i: int) -> bool:
        try:
            async with db.session() as session:
                await charge_credits(session, account.id, 1, "render", reference=f"job-{i}")
            return True
        except InsufficientCredits:
            return False

    results = await asyncio.gather(*(charge_one(i) for i in range(100)))
    assert results.count(True) == 50
    total, balance = await ledger_sum(db, account.id)
    assert balance == 0
    assert total == balance
    async with db.session() as session:
        charges = (
            await session.execute(
                select(func.count()).where(
                    LedgerEntry.account_id == account.id, LedgerEntry.kind == "charge"
                )
            )
        ).scalar_one()
    assert charges == 50


async def test_short_charge_charges_nothing_and_writes_no_ledger_row(db: Database):
    async with db.session() as session:
        account = await create_account(session, "short@example.com", "pw", "studio", credits=3)
    with pytest.raises(InsufficientCredits) as info:
        async with db.session() as session:
            await charge_credits(session, account.id, 5, "batch", reference="batch-1")
    assert (info.value.balance, info.value.needed) == (3, 5)
    total, balance = await ledger_sum(db, account.id)
    assert (total, balance) == (3, 3)


async def test_ledger_explains_balance_after_grants_charges_refunds(db: Database):
    async with db.session() as session:
        account = await create_account(session, "mix@example.com", "pw", "studio", credits=10)
        await charge_credits(session, account.id, 4, "render", "job-1")
        await refund_credits(session, account.id, 1, "render failed", "job-1")
        await grant_credits(session, account.id, 7, "top-up")
    total, balance = await ledger_sum(db, account.id)
    assert balance == 14 and total == balance
    async with db.session() as session:
        rows = (
            await session.execute(
                select(LedgerEntry)
                .where(LedgerEntry.account_id == account.id)
                .order_by(LedgerEntry.created_at)
            )
        ).scalars()
        assert [(r.kind, r.amount, r.balance_after) for r in rows] == [
            ("grant", 10, 10),
            ("charge", -4, 6),
            ("refund", 1, 7),
            ("grant", 7, 14),
        ]


async def test_charge_rolls_back_with_its_transaction(db: Database):
    async with db.session() as session:
        account = await create_account(session, "tx@example.com", "pw", "studio", credits=5)
    with pytest.raises(RuntimeError):
        async with db.session() as session:
            await charge_credits(session, account.id, 2, "render", "job-x")
            raise RuntimeError("job insert failed")
    assert await ledger_sum(db, account.id) == (5, 5)


async def test_sqlite_read_then_write_transactions_serialize(tmp_path):
    """BEGIN IMMEDIATE: a transaction that reads before writing never hits 'database is locked'
    and never loses an update, because it holds the write lock from its first statement."""
    db = Database(f"sqlite+aiosqlite:///{tmp_path}/serial.db")
    await create_all(db)
    try:
        async with db.session() as session:
            account = await create_account(session, "serial@example.com", "pw", "studio", 0)

        async def read_then_write() -> None:
            async with db.session() as session:
                current = (
                    await session.execute(select(Account.credits).where(Account.id == account.id))
                ).scalar_one()
                await asyncio.sleep(0.001)  # let the others interleave
                acc = await session.get(Account, account.id)
                assert acc is not None
                acc.credits = current + 1

        await asyncio.gather(*(read_then_write() for _ in range(20)))
        async with db.session() as session:
            final = (
                await session.execute(select(Account.credits).where(Account.id == account.id))
            ).scalar_one()
        assert final == 20
    finally:
        await db.dispose()
