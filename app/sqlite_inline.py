"""SQLite reads on the event loop's own thread, for the hot point reads (`Database.read`).

SQLAlchemy's aiosqlite driver runs every DB-API call (cursor, execute, fetch, close, BEGIN,
rollback) on aiosqlite's thread and wakes the event loop for each answer: about ten thread
hand-offs and loop wake-ups per query, which cost more CPU than the query. A point read of an
indexed row in a WAL database takes tens of microseconds and never waits for a writer, so the
read engine hands SQLAlchemy these objects instead: aiosqlite's interface, answered at once by
the stdlib `sqlite3` connection in the calling thread; only a commit that syncs the file
(PRAGMA synchronous=FULL) goes to a thread. A write transaction runs here only when it got
the write lock at once (app.db.Database.session); one that must wait for it keeps
aiosqlite's thread.

A reader can still meet SQLITE_BUSY in rare moments (a WAL reset after a crash); its
busy_timeout is short (READ_BUSY_TIMEOUT_MS) so the loop never waits long.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

READ_BUSY_TIMEOUT_MS = 250
# SQLite has one writer at a time, so one commit runs at a time: two threads are plenty.
_COMMITS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="sqlite-commit")
# An unsynced commit (synchronous=NORMAL) runs on the event loop, so the write connection does
# not checkpoint the WAL inside a commit (SQLite's automatic checkpoint syncs the files: ~7 ms
# of the loop's time every thousand pages); a thread checkpoints it every this many commits.
CHECKPOINT_EVERY_COMMITS = 200
_checkpointing: set[str] = set()
_checkpointing_lock = threading.Lock()
log = logging.getLogger(__name__)


def checkpoint(path: str) -> None:
    """Copy the WAL's committed pages into the database file (PASSIVE: never waits for, nor
    blocks, readers and the writer), on the calling thread."""
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=READ_BUSY_TIMEOUT_MS / 1000)
        try:
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            conn.close()
    except sqlite3.Error:
        log.warning("WAL checkpoint of %s failed (the next one retries)", path, exc_info=True)
    finally:
        with _checkpointing_lock:
            _checkpointing.discard(path)


def checkpoint_soon(path: str) -> None:
    """A checkpoint of the file on a commit thread, unless one is on its way already."""
    with _checkpointing_lock:
        if path in _checkpointing:
            return
        _checkpointing.add(path)
    _COMMITS.submit(checkpoint, path)


class InlineCursor:
    """aiosqlite.Cursor's interface over a sqlite3 cursor, answered in the calling thread."""

    __slots__ = ("_cursor",)

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor

    async def __aenter__(self) -> InlineCursor:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._cursor.close()

    @property
    def description(self) -> Any:
        return self._cursor.description

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    @property
    def arraysize(self) -> int:
        return self._cursor.arraysize

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        self._cursor.arraysize = value

    async def execute(self, sql: str, parameters: Sequence[Any] | None = None) -> InlineCursor:
        if parameters is None:
            self._cursor.execute(sql)
        else:
            self._cursor.execute(sql, parameters)
        return self

    async def executemany(self, sql: str, seq: Any) -> InlineCursor:
        self._cursor.executemany(sql, seq)
        return self

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchmany(self, size: int | None = None) -> list[Any]:
        return self._cursor.fetchmany(size if size is not None else self._cursor.arraysize)

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    async def close(self) -> None:
        self._cursor.close()


class _Immediate:
    """Stands in for aiosqlite's request queue (SQLAlchemy puts its isolation-level change
    there): runs the function at once and answers the future."""

    __slots__ = ()

    def put_nowait(self, item: tuple[Any, Callable[[], Any]]) -> None:
        future, function = item
        try:
            result = function()
        except BaseException as exc:  # handed to the awaiting caller
            if future is not None:
                future.set_exception(exc)
            return
        if future is not None:
            future.set_result(result)


class InlineConnection:
    """aiosqlite.Connection's interface over a sqlite3 connection, answered in the calling
    thread."""

    def __init__(
        self, conn: sqlite3.Connection, synced: bool = True, path: str | None = None
    ) -> None:
        self._conn = conn
        self._connection: sqlite3.Connection | None = conn  # SQLAlchemy checks it is open
        self._tx = _Immediate()
        self._synced = synced  # PRAGMA synchronous=FULL: each commit waits for the disk
        self._path = path  # set: this connection's commits schedule the WAL's checkpoints
        self._commits = 0

    @property
    def sqlite(self) -> sqlite3.Connection:
        """The stdlib connection itself (app/pointwrite.py runs statements on it)."""
        return self._conn

    @property
    def isolation_level(self) -> str | None:
        return self._conn.isolation_level

    def cursor(self) -> InlineCursor:
        return InlineCursor(self._conn.cursor())

    async def execute(self, sql: str, parameters: Sequence[Any] | None = None) -> InlineCursor:
        return await self.cursor().execute(sql, parameters)

    async def commit(self) -> None:
        # Under synchronous=NORMAL a WAL commit appends to the log without syncing it: tens
        # of microseconds, done here (a thread hand-off would cost more CPU than the commit).
        # A synced commit (FULL) waits for the disk: the one call worth a thread (the loop
        # never waits for the disk). Its own threads, not the loop's default executor: that
        # one may be busy with long work (a worker's uploads, synthesis) while this
        # transaction holds the database's write lock, and every other writer would wait.
        if not self._conn.in_transaction:
            return
        if self._synced:
            await asyncio.get_running_loop().run_in_executor(_COMMITS, self._conn.commit)
            return
        self._conn.commit()
        self._commits += 1
        if self._path is not None and self._commits % CHECKPOINT_EVERY_COMMITS == 0:
            checkpoint_soon(self._path)

    async def rollback(self) -> None:
        self._conn.rollback()

    async def create_function(self, *args: Any, **kw: Any) -> None:
        self._conn.create_function(*args, **kw)

    async def close(self) -> None:
        if self._connection is not None:
            self._connection = None
            self._conn.close()

    def stop(self) -> None:
        if self._connection is not None:
            self._connection = None
            self._conn.close()


def inline_creator(path: str, synced: bool = True, writer: bool = False) -> Callable[[], Any]:
    """An `async_creator` for create_async_engine: a connection to the file at `path`
    (`synced`: its commits wait for the disk, on a thread; `writer` without `synced`: its
    commits schedule the WAL's checkpoints on a thread, none inside a commit)."""

    async def connect() -> InlineConnection:
        conn = sqlite3.connect(path, timeout=READ_BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
        if synced or not writer:
            return InlineConnection(conn, synced)
        conn.execute("PRAGMA wal_autocheckpoint=0")  # checkpoint_soon does it, off the loop
        return InlineConnection(conn, synced, path)

    return connect


# The point reads' query-only connections (app/pointread.py) by (file, thread): a connection
# serves the thread that opened it (the event loop's); `close_point_readers` ends a file's
# when its Database is disposed.
_readers: dict[tuple[str, int], sqlite3.Connection] = {}
_readers_lock = threading.Lock()


def point_reader(path: str) -> sqlite3.Connection:
    """This thread's query-only connection to the SQLite file."""
    key = (path, threading.get_ident())
    conn = _readers.get(key)
    if conn is None:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA query_only=ON")  # a write through it fails, never blocks
        conn.execute(f"PRAGMA busy_timeout={READ_BUSY_TIMEOUT_MS}")
        with _readers_lock:
            _readers[key] = conn
    return conn


def close_point_readers(path: str) -> None:
    """Close every thread's point-read connection to the SQLite file."""
    with _readers_lock:
        keys = [key for key in _readers if key[0] == path]
        conns = [_readers.pop(key) for key in keys]
    for conn in conns:
        conn.close()
