"""Point writes (app/pointwrite.py) on SQLite files and PostgreSQL: inside the session's
transaction (its rollback takes them back), the column defaults SQLAlchemy would fill
(ids, UTC timestamps), RETURNING rows converted as the ORM reads them, the rows changed,
pending ORM objects flushed first, the driver's errors raised as SQLAlchemy's, and the same
answers through SQLAlchemy when the transaction is not on the driver's own connection."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import (
    Column,
    MetaData,
    String,
    Table,
    bindparam,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.dialects import sqlite
from sqlalchemy.exc import IntegrityError

from app.accounts.models import Account, LedgerEntry
from app.accounts.service import create_account
from app.db import Database, new_id
from app.pointwrite import PointWrite
from app.renders.models import RenderJob
from tests.support.statements import ACCOUNTS, ADD_LEDGER, TAKE, entry

RETIER = PointWrite(
    update(ACCOUNTS).where(ACCOUNTS.c.id == bindparam("account")).values(tier=bindparam("tier"))
)
NEW_JOB = PointWrite(insert(RenderJob.__table__), keys=["account_id", "template_id", "request"])
JOB_STATUSES = PointWrite(
    select(RenderJob.id, RenderJob.request, RenderJob.status)
    .where(RenderJob.account_id == bindparam("account"), RenderJob.status.in_(["pending"]))
    .order_by(RenderJob.id)
)


async def _account(db: Database, credits: int = 10) -> str:
    async with db.session() as session:
        return (await create_account(session, "w@example.com", "point-w-pw", credits=credits)).id


async def test_writes_take_defaults_and_return_rows_as_the_orm_reads_them(db: Database) -> None:
    account_id = await _account(db, credits=10)
    before = datetime.now(UTC) - timedelta(seconds=1)
    async with db.session() as session:
        taken = await TAKE.first(session, account=account_id, need=3)
        assert taken.credits == 7 and taken.created_at.tzinfo is not None
        assert await ADD_LEDGER.run(session, **entry(account_id, -3, 7)) == 1
        assert await TAKE.first(session, account=account_id, need=100) is None  # not enough
        request = {"scenes": [{"primitiveId": "title-intro"}], "é": ["ü", 1.5, True, None]}
        await NEW_JOB.run(session, account_id=account_id, template_id="pulse", request=request)
        (found,) = await JOB_STATUSES.rows(session, account=account_id)
        assert found.request == request and found.status == "pending"
        assert await RETIER.run(session, account=account_id, tier="studio") == 1
        assert await RETIER.run(session, account="no-such-account", tier="studio") == 0
    async with db.session() as session:
        account = await session.get(Account, account_id)
        charges = select(LedgerEntry).where(LedgerEntry.kind == "charge")
        (ledger,) = (await session.execute(charges)).scalars()
        (job,) = (await session.execute(select(RenderJob))).scalars()
    assert account is not None and account.credits == 7 and account.tier == "studio"
    assert ledger.amount == -3 and ledger.balance_after == 7
    assert uuid.UUID(ledger.id) and ledger.created_at >= before
    assert ledger.created_at.tzinfo is not None
    assert uuid.UUID(job.id) and job.request == request and job.progress == 0


async def test_a_rollback_takes_point_writes_back(db: Database) -> None:
    account_id = await _account(db, credits=10)

    class Stop(Exception):
        pass

    with pytest.raises(Stop):
        async with db.session() as session:
            assert (await TAKE.first(session, account=account_id, need=4)).credits == 6
            await ADD_LEDGER.run(session, **entry(account_id, -4, 6))
            raise Stop
    async with db.session() as session:
        assert (await session.get(Account, account_id)).credits == 10  # type: ignore[union-attr]
        charges = select(LedgerEntry).where(LedgerEntry.kind == "charge")
        assert list((await session.execute(charges)).scalars()) == []


async def test_pending_orm_objects_are_flushed_first(db: Database) -> None:
    async with db.session() as session:
        account = Account(id=new_id(), email="orm@example.com", password_hash="x", credits=5)
        session.add(account)  # not flushed: the ledger row's foreign key needs it
        await ADD_LEDGER.run(session, **entry(account.id, 5, 5))
    async with db.session() as session:
        (ledger,) = (await session.execute(select(LedgerEntry))).scalars()
    assert ledger.account_id == account.id


async def test_a_drivers_error_is_raised_as_sqlalchemys(db: Database) -> None:
    with pytest.raises(IntegrityError):
        async with db.session() as session:
            await ADD_LEDGER.run(session, **entry("no-such-account", -1, 0))
    account_id = await _account(db)  # the database goes on
    async with db.session() as session:
        assert (await TAKE.first(session, account=account_id, need=1)).credits == 9


async def test_a_transaction_off_the_drivers_connection_goes_through_sqlalchemy(
    db: Database,
) -> None:
    account_id = await _account(db, credits=10)
    async with db.sessionmaker() as session, session.begin():  # aiosqlite's thread on SQLite
        assert (await TAKE.first(session, account=account_id, need=2)).credits == 8
        assert await ADD_LEDGER.run(session, **entry(account_id, -2, 8)) == 1
    async with db.session() as session:
        assert (await session.get(Account, account_id)).credits == 8  # type: ignore[union-attr]


def test_a_sql_default_stays_in_the_sql_and_a_python_one_is_filled() -> None:
    table = Table("t", MetaData(), Column("id", String, primary_key=True, default="x"),
                  Column("at", String, default=func.now()))  # fmt: skip
    compiled = PointWrite(insert(table), keys=[]).compiled(sqlite.dialect())
    assert "CURRENT_TIMESTAMP" in compiled.sql
    assert [(how, what()) for how, what, _ in compiled.params] == [("default", "x")]


async def test_a_sessions_second_transaction_runs_its_own_point_writes(db: Database) -> None:
    account_id = await _account(db, credits=10)

    class Stop(Exception):
        pass

    async with db.sessionmaker() as session:
        async with session.begin():
            assert (await TAKE.first(session, account=account_id, need=1)).credits == 9
        with pytest.raises(Stop):
            async with session.begin():  # a new transaction (a new connection on PostgreSQL)
                assert (await TAKE.first(session, account=account_id, need=2)).credits == 7
                raise Stop
        async with session.begin():
            assert (await TAKE.first(session, account=account_id, need=1)).credits == 8
    async with db.session() as session:
        assert (await session.get(Account, account_id)).credits == 8  # type: ignore[union-attr]


async def test_a_select_off_the_drivers_connection_answers_its_rows(db: Database) -> None:
    account_id = await _account(db, credits=10)
    balance = PointWrite(select(ACCOUNTS.c.credits).where(ACCOUNTS.c.id == bindparam("account")))
    async with db.sessionmaker() as session, session.begin():  # aiosqlite's thread on SQLite
        assert (await balance.first(session, account=account_id)).credits == 10
        assert await balance.run(session, account=account_id) == 1  # rows found
        assert await balance.first(session, account="no-such-account") is None
