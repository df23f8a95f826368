"""Point reads (app/pointread.py) on SQLite files and PostgreSQL: the same values the ORM reads
(UTC datetimes, JSON, booleans, numbers, nulls), every commit seen at once, rows in the
statement's order, and on PostgreSQL connections the server killed replaced within the read
(the pool's other connections of that time with it, as SQLAlchemy does)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
from sqlalchemy import bindparam, select

from app import sqlite_inline
from app.accounts.service import create_account
from app.db import Database
from app.models import create_all
from app.pointread import PointRead
from app.renders.models import RenderJob

JOB = PointRead(select(*RenderJob.__table__.c).where(RenderJob.id == bindparam("job")))
JOBS_OF = PointRead(
    select(RenderJob.id, RenderJob.row_number)
    .where(RenderJob.account_id == bindparam("account"))
    .order_by(RenderJob.row_number.desc())
)

# constants of the statement, an IN list among them, beside the caller's parameter
FINISHED_OF = PointRead(
    select(RenderJob.id)
    .where(
        RenderJob.account_id == bindparam("account"),
        RenderJob.status.in_(["complete", "failed"]),
        RenderJob.deleted_at.is_(None),
    )
    .order_by(RenderJob.row_number)
)


async def _account(db: Database) -> str:
    async with db.session() as session:
        return (await create_account(session, "p@example.com", "point-read-pw")).id


async def _job(db: Database, account_id: str, **fields: object) -> RenderJob:
    async with db.session() as session:
        job = RenderJob(account_id=account_id, template_id="pulse", request={}, **fields)
        session.add(job)
    return job


async def test_a_point_read_gives_the_values_the_orm_reads(db: Database) -> None:
    account_id = await _account(db)
    started = datetime(2026, 11, 27, 9, 30, 15, 250_000, tzinfo=UTC)
    made = await _job(
        db,
        account_id,
        status="complete",
        progress=100,
        row_number=7,
        started_at=started,
        completed_at=started + timedelta(seconds=42),
        voiceovers=[{"scene": 0, "words": ["Hi", "Ada"]}],
        quality={"loudnessLufs": -16.1, "ok": True},
        refunded=True,
        error=None,
    )
    row = await JOB.one(db, job=made.id)
    async with db.read() as session:
        orm = await session.get(RenderJob, made.id)
    assert orm is not None
    for column in RenderJob.__table__.c:
        assert getattr(row, column.key) == getattr(orm, column.key), column.key
    assert row.started_at == started and row.started_at.tzinfo is not None
    assert row.voiceovers == [{"scene": 0, "words": ["Hi", "Ada"]}]
    assert row.refunded is True and row.error is None and row.row_number == 7


async def test_a_point_read_sees_each_commit_at_once_and_keeps_the_order(db: Database) -> None:
    account_id = await _account(db)
    assert await JOB.one(db, job="no-such-job") is None
    assert await JOBS_OF.all(db, account=account_id) == []
    jobs = [await _job(db, account_id, row_number=n) for n in (1, 3, 2)]
    assert [r.row_number for r in await JOBS_OF.all(db, account=account_id)] == [3, 2, 1]
    for status in ("rendering", "complete"):
        async with db.session() as session:
            job = await session.get(RenderJob, jobs[0].id)
            assert job is not None
            job.status = status
        assert (await JOB.one(db, job=jobs[0].id)).status == status
    async with db.session() as session:
        failed = await session.get(RenderJob, jobs[1].id)
        assert failed is not None
        failed.status = "failed"
    assert [r.id for r in await FINISHED_OF.all(db, account=account_id)] == [
        jobs[0].id,
        jobs[1].id,
    ]


async def test_a_killed_postgresql_connection_is_replaced_within_the_read(db: Database) -> None:
    if db.engine.dialect.name != "postgresql":
        return  # SQLite has no server to lose
    account_id = await _account(db)
    made = await _job(db, account_id)
    # two reads at once: the pool holds two used connections, neither pinged before reuse
    assert [r.id for r in await asyncio.gather(*(JOB.one(db, job=made.id) for _ in "ab"))] == [
        made.id,
        made.id,
    ]
    name = db.engine.url.database
    dsn = db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    admin = await asyncpg.connect(dsn)
    try:
        killed = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = $1 AND pid <> pg_backend_pid()",
            name,
        )
    finally:
        await admin.close()
    assert killed >= 2
    assert (await JOB.one(db, job=made.id)).id == made.id  # no error reached the caller


async def test_disposing_a_database_closes_its_point_read_connections(tmp_path: Path) -> None:
    path = tmp_path / "closed.db"
    db = Database(f"sqlite+aiosqlite:///{path}")
    await create_all(db)
    assert await JOB.one(db, job="none") is None
    assert any(key[0] == str(path) for key in sqlite_inline._readers)
    await db.dispose()
    assert not any(key[0] == str(path) for key in sqlite_inline._readers)
