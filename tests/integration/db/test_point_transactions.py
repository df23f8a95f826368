"""Point transactions (app/pointtx.py, `Database.points`) on SQLite files and PostgreSQL: point
writes begun and committed on the driver's own connection, with no session; an error rolls
every write back; code that needs a session makes the whole transaction run again in one
(`points_or_session`); a SQLite file whose lock another connection holds gets a session that
waits for it; PostgreSQL's connections go back to the pool usable."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account, LedgerEntry
from app.accounts.service import create_account
from app.db import Database
from app.pointtx import PointTx, need_session, transaction_info
from tests.support.statements import ADD_LEDGER, TAKE, entry


class Stop(Exception):
    pass


async def _account(db: Database, credits: int = 10) -> str:
    async with db.session() as session:
        return (await create_account(session, "t@example.com", "point-tx-pw", credits=credits)).id


async def _state(db: Database, account_id: str) -> tuple[int, list[int]]:
    async with db.session() as session:
        credits = (await session.get(Account, account_id)).credits  # type: ignore[union-attr]
        charges = select(LedgerEntry.amount).where(LedgerEntry.kind == "charge")
        amounts = (await session.execute(charges)).scalars()
        return credits, sorted(amounts)


async def _charge(tx: PointTx | AsyncSession, account_id: str, need: int) -> int:
    taken = await TAKE.first(tx, account=account_id, need=need)
    await ADD_LEDGER.run(tx, **entry(account_id, -need, taken.credits))
    return int(taken.credits)


async def test_point_writes_commit_on_the_drivers_connection(db: Database) -> None:
    account_id = await _account(db)
    async with db.points() as tx:
        assert isinstance(tx, PointTx)  # no session
        assert await _charge(tx, account_id, 3) == 7
    assert await _state(db, account_id) == (7, [-3])
    for _ in range(30):  # more transactions than PostgreSQL's pool has connections
        async with db.points() as tx:
            await _charge(tx, account_id, 0)
    assert (await _state(db, account_id))[0] == 7


async def test_an_error_rolls_every_write_back(db: Database) -> None:
    account_id = await _account(db)
    with pytest.raises(Stop):
        async with db.points() as tx:
            await _charge(tx, account_id, 4)
            raise Stop
    with pytest.raises(IntegrityError):  # the driver's error, as SQLAlchemy raises it
        async with db.points() as tx:
            await _charge(tx, account_id, 2)
            await ADD_LEDGER.run(tx, **entry("no-such-account", -1, 0))
    assert await _state(db, account_id) == (10, [])
    async with db.points() as tx:  # the connection is usable again
        assert await _charge(tx, account_id, 1) == 9


async def test_work_that_needs_a_session_runs_again_in_one(db: Database) -> None:
    account_id = await _account(db)
    seen: list[str] = []

    async def work(tx: PointTx | AsyncSession) -> int:
        seen.append(type(tx).__name__)
        balance = await _charge(tx, account_id, 2)
        need_session(tx)  # e.g. an ORM statement on a rare branch
        return balance

    assert await db.points_or_session(work) == 8
    assert seen == ["PointTx", "AsyncSession"]
    assert await _state(db, account_id) == (8, [-2])  # charged once: the first run rolled back


async def test_a_sqlite_file_locked_by_another_connection_gets_a_session_that_waits(
    db: Database, database_url: str
) -> None:
    if db.sqlite_file is None:
        pytest.skip("SQLite's file lock")
    account_id = await _account(db)
    other = sqlite3.connect(db.sqlite_file, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # another process's writer, as far as this one knows
    kinds: list[str] = []

    async def write() -> None:
        async with db.points() as tx:
            kinds.append(type(tx).__name__)
            await _charge(tx, account_id, 5)

    task = asyncio.create_task(write())
    await asyncio.sleep(0.3)
    assert not task.done()  # waiting for the lock on aiosqlite's thread, not failing
    other.execute("COMMIT")
    other.close()
    await asyncio.wait_for(task, 10)
    assert kinds == ["AsyncSession"]
    assert await _state(db, account_id) == (5, [-5])
    async with db.points() as tx:  # the lock is free again: the driver's connection
        assert isinstance(tx, PointTx)


async def test_transaction_info_lives_as_long_as_its_transaction(db: Database) -> None:
    """What a step of a transaction tells a later one (`transaction_info`): kept through the
    transaction (a session's, made before its first statement, is that transaction's), and
    a fresh one for the next transaction, in a session or a point transaction."""
    async with AsyncSession(db.engine) as session:
        transaction_info(session)["said"] = 1  # before the session's transaction began
        await session.execute(select(Account.id).limit(1))
        assert transaction_info(session) == {"said": 1}
        await session.commit()
        await session.execute(select(Account.id).limit(1))
        assert transaction_info(session) == {}
    async with db.points() as tx:
        transaction_info(tx)["said"] = 2
        assert transaction_info(tx) == {"said": 2}
    async with db.points() as tx:
        assert transaction_info(tx) == {}
