"""Database engine, sessions and the declarative base (SQLite or PostgreSQL, same code)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import JSON, DateTime, MetaData, String, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DisconnectionError, OperationalError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator
from sqlalchemy.util import greenlet_spawn

from app.groupcommit import GroupCommit
from app.pointtx import PointTx, SessionNeeded
from app.sqlite_inline import READ_BUSY_TIMEOUT_MS, close_point_readers, inline_creator

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_id() -> str:
    return str(uuid.uuid4())


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on both SQLite (which drops tzinfo) and PostgreSQL."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {datetime: UTCDateTime(), dict[str, Any]: JSON, list[Any]: JSON}


class IdMixin:
    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)


class TimestampMixin:
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


READ_ONLY = "reelsmith_read_only"  # execution option of Database.read connections


def upsert_insert(dialect: str) -> Any:
    """The INSERT that takes ON CONFLICT of a dialect by name: PostgreSQL's or SQLite's."""
    return postgresql.insert if dialect == "postgresql" else sqlite.insert


# PostgreSQL connections a process keeps (the default of REELSMITH_DATABASE_POOL_SIZE).
POOL_SIZE = 15
SQLITE_SYNCHRONOUS = "normal"  # Settings.sqlite_synchronous says what each mode keeps
# A pooled PostgreSQL connection rested longer than this is pinged before it is handed out
# (a dead one is replaced, not given to a request); one in steady use is not: a ping is a
# round trip, about a tenth of a status read's CPU. A connection that dies in use fails its
# statement (503), and SQLAlchemy then replaces every connection of the pool.
PING_AFTER_IDLE_S = 2.0


def _ping_rested_connections(engine: AsyncEngine) -> None:
    """SQLAlchemy's `pool_pre_ping`, for connections that rested `PING_AFTER_IDLE_S`."""

    @event.listens_for(engine.sync_engine, "connect")
    @event.listens_for(engine.sync_engine, "checkin")
    def _rested_since(_dbapi_conn: Any, record: Any) -> None:
        record.info["rested_since"] = time.monotonic()

    @event.listens_for(engine.sync_engine, "checkout")
    def _ping_if_rested(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        rested = record.info.get("rested_since")
        if rested is not None and time.monotonic() - rested < PING_AFTER_IDLE_S:
            return
        try:
            cursor = dbapi_conn.cursor()
            cursor.execute("SELECT 1")
            cursor.close()
        except Exception as exc:  # the pool replaces it and checks out another
            raise DisconnectionError(f"a pooled connection did not answer: {exc}") from exc


def dump_json(value: Any) -> str:
    """A JSON column's text: orjson (in C; a render's job spec is its largest value, written
    on every create), compact and UTF-8. What orjson does not take (an integer past 64 bits,
    a key that is not a string) goes through the standard library, as before. NaN and
    infinities, which JSON has no words for, are written null (PostgreSQL refuses them)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)


def load_json(text: str | bytes) -> Any:
    """A JSON column's value (orjson; the standard library for what it refuses, e.g. a NaN
    written before `dump_json`)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


JSON_CODEC = {"json_serializer": dump_json, "json_deserializer": load_json}


def make_engine(
    database_url: str, pool_size: int = POOL_SIZE, synchronous: str = SQLITE_SYNCHRONOUS
) -> AsyncEngine:
    """The engine of a database URL; on PostgreSQL a pool of `pool_size` connections kept and
    as many more opened under a burst (each new one costs a connection's set-up: a pool too
    small for the load opens and closes connections all the time)."""
    if not database_url.startswith("sqlite"):
        engine = create_async_engine(
            database_url, pool_size=pool_size, max_overflow=pool_size, **JSON_CODEC
        )
        _ping_rested_connections(engine)
        return engine
    path = database_url.split("///", 1)[-1]
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(database_url, connect_args={"timeout": 30}, **JSON_CODEC)

    @event.listens_for(engine.sync_engine, "connect")
    def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" hook below issue BEGIN itself (pysqlite recipe).
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={_synchronous(synchronous)}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _sqlite_begin_immediate(conn: Any) -> None:
        # Take the write lock at BEGIN so read-then-write transactions (credit charges)
        # serialize instead of failing with "database is locked" on upgrade. Reads
        # (Database.read) begin deferred: under WAL they neither wait for nor block writers.
        if conn.get_execution_options().get(READ_ONLY):
            conn.exec_driver_sql("BEGIN")
        else:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _sqlite_file(database_url: str) -> str | None:
    """The file of a SQLite URL, None for other databases and in-memory ones."""
    if not database_url.startswith("sqlite"):
        return None
    path = database_url.split("///", 1)[-1].split("?", 1)[0]
    return path if path and path != ":memory:" else None


def _synchronous(mode: str) -> str:
    """The PRAGMA synchronous value of a setting (`normal` or `full`, Settings)."""
    if mode not in ("normal", "full"):
        raise ValueError(f"sqlite synchronous must be normal or full, not {mode!r}")
    return mode.upper()


def make_inline_engine(
    path: str, read_only: bool, synchronous: str = SQLITE_SYNCHRONOUS
) -> AsyncEngine:
    """A SQLite engine answered on the event loop's thread (app.sqlite_inline).

    `read_only` (for `Database.read`): query-only, each read in a deferred transaction (under
    WAL a reader sees one committed state and neither waits for nor blocks the writer), a
    short busy timeout. Otherwise (for `Database.session`): BEGIN IMMEDIATE with no busy
    timeout at all, so taking the write lock either succeeds at once or fails at once and the
    session goes to aiosqlite's thread to wait for it: the event loop never waits for a lock.
    """
    synced = _synchronous(synchronous) == "FULL"
    engine = create_async_engine(
        f"sqlite+aiosqlite:///{path}",
        async_creator=inline_creator(path, synced, writer=not read_only),
        **JSON_CODEC,
    )

    @event.listens_for(engine.sync_engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        if read_only:
            cur.execute("PRAGMA query_only=ON")  # a write through it fails, never blocks
            cur.execute(f"PRAGMA busy_timeout={READ_BUSY_TIMEOUT_MS}")
        else:
            cur.execute(f"PRAGMA synchronous={_synchronous(synchronous)}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=0")
        cur.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")

    return engine


# How long a write transaction waits for its turn among this process's others before it goes
# to aiosqlite's thread to wait for SQLite's lock (the lock's own busy timeout is 30 s).
WRITE_TURN_WAIT_S = 30.0


def _begin_immediate(conn: Any) -> bool:
    """BEGIN IMMEDIATE on a `sqlite3` connection with no busy timeout: False when another
    connection holds the write lock (the caller waits for it elsewhere)."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        if _lock_taken(exc):
            return False
        raise
    return True


def _locked(exc: OperationalError) -> bool:
    return _lock_taken(exc.orig if exc.orig is not None else exc)


def _lock_taken(exc: BaseException) -> bool:
    """Whether SQLite refused because another connection holds the lock."""
    text = str(exc).lower()
    return "locked" in text or "busy" in text


class Database:
    """Owns the engine and hands out sessions; one per process."""

    def __init__(
        self,
        database_url: str,
        pool_size: int = POOL_SIZE,
        sqlite_synchronous: str = SQLITE_SYNCHRONOUS,
    ) -> None:
        self.url = database_url
        sync = sqlite_synchronous
        self.engine = make_engine(database_url, pool_size, sync)
        self.sessionmaker = async_sessionmaker(self.engine, expire_on_commit=False)
        self.sqlite_file = sqlite_file = _sqlite_file(database_url)
        self.read_engine = make_inline_engine(sqlite_file, True) if sqlite_file else None
        self.write_engine = make_inline_engine(sqlite_file, False, sync) if sqlite_file else None
        # The process's write transactions on a SQLite file take turns here (first come,
        # first served) rather than each trying the file's lock and, finding it taken, waiting
        # on a thread of aiosqlite's: the lock is the file's, one writer at a time anyway.
        self.write_turn = asyncio.Lock()
        self._point_writer: Any = None  # the write engine's connection for point transactions
        self.group_commit = GroupCommit(self, in_turn=self.url.startswith("sqlite"))  # beacons

    async def _take_turn(self) -> bool:
        """This process's turn to write (False: not within WRITE_TURN_WAIT_S, e.g. a session
        opened inside another: it then waits for SQLite's lock on a thread, as before)."""
        if not self.write_turn.locked():
            await self.write_turn.acquire()  # free: taken without waiting
            return True
        try:
            await asyncio.wait_for(self.write_turn.acquire(), WRITE_TURN_WAIT_S)
        except TimeoutError:
            return False
        return True

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """A session inside one transaction: commits on success, rolls back on error.

        On a SQLite file the transaction runs on the event loop's thread when the write lock
        is free at its start (`make_inline_engine`): a short transaction then costs its SQL,
        not a dozen hand-offs to aiosqlite's thread and back. The process's own writers take
        turns first (`write_turn`); when another process holds the lock, the transaction runs
        on aiosqlite's thread, which waits for the lock (busy_timeout)."""
        if self.write_engine is not None:
            async with self._writers_turn(), self._sqlite_session() as session:
                yield session
            return
        async with self.sessionmaker() as session, session.begin():
            yield session

    @asynccontextmanager
    async def _writers_turn(self) -> AsyncIterator[bool]:
        """This process's turn to write, held while inside (True: taken; False: not within
        WRITE_TURN_WAIT_S, the transaction then waits for SQLite's lock on a thread)."""
        turn = await self._take_turn()
        try:
            yield turn
        finally:
            if turn:
                self.write_turn.release()

    @asynccontextmanager
    async def _sqlite_session(self) -> AsyncIterator[AsyncSession]:
        """A write transaction on the SQLite file: inline when the lock is free at BEGIN
        IMMEDIATE, else on aiosqlite's thread (which waits for it)."""
        assert self.write_engine is not None
        inline = AsyncSession(bind=self.write_engine, expire_on_commit=False)
        try:
            await inline.connection()  # BEGIN IMMEDIATE now: the lock at once, or not
        except OperationalError as exc:
            await inline.close()
            if not _locked(exc):
                raise
        else:
            async with inline:
                try:
                    yield inline
                except BaseException:
                    await inline.rollback()
                    raise
                await inline.commit()
            return
        async with self.sessionmaker() as session, session.begin():
            yield session

    @asynccontextmanager
    async def points(self) -> AsyncIterator[AsyncSession | PointTx]:
        """A write transaction for point writes only (app/pointtx.py): on the driver's own
        connection — a SQLite file's write connection when its lock is free at BEGIN
        IMMEDIATE (inside the process's writers' turn), a pooled asyncpg connection —, else a
        session. Commits on success, rolls back on error."""
        if self.write_engine is not None:
            async with self._writers_turn() as turn:
                conn = await self._sqlite_point_writer() if turn else None
                if conn is not None and _begin_immediate(conn.sqlite):
                    try:
                        yield PointTx(self.write_engine.dialect, sqlite=conn.sqlite)
                        await conn.commit()
                    except BaseException:
                        if conn.sqlite.in_transaction:
                            conn.sqlite.rollback()
                        raise
                    return
                async with self._sqlite_session() as session:
                    yield session
            return
        if self.engine.dialect.name != "postgresql":  # an in-memory SQLite database
            async with self.session() as session:
                yield session
            return
        async with self._pg_points() as tx:
            yield tx

    @asynccontextmanager
    async def _pg_points(self) -> AsyncIterator[PointTx]:
        pooled = await self.engine.raw_connection()
        adapted = pooled.dbapi_connection
        try:
            yield PointTx(self.engine.dialect, adapted=adapted, driver=pooled.driver_connection)
            if adapted._transaction is not None:  # begun by the first point write
                await adapted._call_and_discard(adapted._transaction.commit)
        except BaseException:
            if adapted._transaction is not None:
                try:
                    await adapted._call_and_discard(adapted._transaction.rollback)
                except BaseException:
                    await greenlet_spawn(pooled.invalidate)  # state unknown: never pooled again
            raise
        finally:
            if pooled.dbapi_connection is not None:
                await greenlet_spawn(pooled.close)  # back to the pool

    async def points_or_session(self, work: Any) -> Any:
        """`await work(tx)` in a point transaction; when it needs a session (SessionNeeded),
        rolled back and run again in a session."""
        try:
            async with self.points() as tx:
                return await work(tx)
        except SessionNeeded:
            async with self.session() as session:
                return await work(session)

    async def _sqlite_point_writer(self) -> Any:
        """The write engine's connection kept for point transactions (used inside the turn)."""
        assert self.write_engine is not None
        if self._point_writer is None:
            self._point_writer = await self.write_engine.raw_connection()
        return self._point_writer.driver_connection

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A session for reads only, on the hot paths (key look-up, job status): PostgreSQL in
        autocommit, so no BEGIN and COMMIT round trips (each statement sees what was committed
        when it ran); SQLite in a deferred transaction, so a read never takes the write lock.
        Never write through it (on a SQLite file it is query-only). A SQLite file's reads run
        on the event loop's thread (`make_read_engine`): for one indexed row that costs less
        than handing the query to aiosqlite's thread and back."""
        if self.read_engine is not None:
            async with AsyncSession(bind=self.read_engine, expire_on_commit=False) as session:
                yield session
            return
        async with self.engine.connect() as conn:
            if conn.dialect.name == "sqlite":
                await conn.execution_options(**{READ_ONLY: True})
            else:
                await conn.execution_options(isolation_level="AUTOCOMMIT")
            async with AsyncSession(bind=conn, expire_on_commit=False) as session:
                yield session

    @property
    def engines(self) -> list[AsyncEngine]:
        """Every engine statements of this database go through (to watch them all)."""
        extra = [e for e in (self.read_engine, self.write_engine) if e is not None]
        return [self.engine, *extra]

    async def dispose(self) -> None:
        if self._point_writer is not None:
            writer, self._point_writer = self._point_writer, None
            await greenlet_spawn(writer.close)
        if self.sqlite_file is not None:
            close_point_readers(self.sqlite_file)
        await self.engine.dispose()
        for engine in (self.read_engine, self.write_engine):
            if engine is not None:
                await engine.dispose()
