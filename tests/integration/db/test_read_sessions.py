"""Database.read: the hot paths' read sessions (SQLite and PostgreSQL) see what is committed and
never wait for a writer, even one holding SQLite's write lock from BEGIN IMMEDIATE."""

from __future__ import annotations

import asyncio

from sqlalchemy import func, select

from app.accounts.models import Account
from app.accounts.service import create_account
from app.db import Database


async def count_accounts(db: Database) -> int:
    async with db.read() as session:
        return (await session.execute(select(func.count()).select_from(Account))).scalar_one()


async def test_a_read_answers_while_a_writer_holds_its_transaction_open(db: Database) -> None:
    async with db.session() as session:
        await create_account(session, "first@example.com", "pw")
    async with db.session() as writer:
        await create_account(writer, "second@example.com", "pw")  # not committed yet
        # A plain session here would wait for the writer (SQLite: the write lock, 30 s).
        assert await asyncio.wait_for(count_accounts(db), 5) == 1
    assert await count_accounts(db) == 2


async def test_rows_read_stay_usable_after_the_read_session_closes(db: Database) -> None:
    async with db.session() as session:
        created = await create_account(session, "reader@example.com", "pw", tier="studio")
    async with db.read() as session:
        account = await session.get(Account, created.id)
    assert account is not None and account.tier == "studio"
    # The connection went back to the pool as it came: a write transaction works after it.
    async with db.session() as session:
        await create_account(session, "after@example.com", "pw")
    assert await count_accounts(db) == 2
