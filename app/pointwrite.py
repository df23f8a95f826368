"""Point writes: one statement (an INSERT, an UPDATE, a SELECT; RETURNING read back), built once
at import, compiled once per database kind and run inside the caller's session transaction on
the driver's own connection — for the statements every render's create runs.

SQLAlchemy's async path costs 0.1–0.2 ms of CPU per statement here (the session and its
autoflush check, greenlet hand-offs, the execution context, result metadata), where SQLite
runs an indexed UPDATE in 5 µs: the create's five statements cost it more than its
checks. A `PointWrite` keeps what SQLAlchemy decides once (app/pointread.py does the same for
reads) — the SQL text, the order of its parameters and their conversions, the column
defaults SQLAlchemy would fill in Python (`id`, `created_at`), each result column's
conversion — and runs it:

- in a write transaction on a SQLite file that runs on the event loop's thread
  (app.sqlite_inline), on its `sqlite3` connection;
- on PostgreSQL, on the transaction's asyncpg connection (beginning the transaction as the
  driver adapter would, under its lock);
- otherwise (a transaction that waited for SQLite's lock on aiosqlite's thread, an in-memory
  database) through the session, as before.

The session sees the same transaction, and pending ORM changes are flushed first, as its
autoflush would. A driver's error is raised as SQLAlchemy raises it (IntegrityError,
OperationalError, ...: `sqlalchemy.exc.DBAPIError.instance`), so callers and the error
handler see no difference.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Select
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.dml import UpdateBase
from sqlalchemy.sql.schema import Column, ColumnDefault

from app.pointread import Compiled, compile_statement, expanded_sql
from app.pointtx import PointTx
from app.sqlite_inline import InlineConnection

_CONNECTION = "reelsmith.pointwrite.connection"  # Session.info: (transaction, conn, dialect)


class Unsupported(ValueError):
    """A statement a PointWrite cannot run without SQLAlchemy (a context-sensitive or SQL
    default, a sequence): found when it is first compiled, so tests catch it."""


class PointWrite:
    """A statement with named bind parameters, run inside a session's transaction:
    `await stmt.rows(session, name=value)` (RETURNING rows, named tuples), `.first(...)`,
    `.run(...)` (the number of rows it changed)."""

    def __init__(self, statement: Any, keys: Sequence[str] | None = None) -> None:
        """`keys`: for an INSERT of a table, the columns the caller gives (the others take
        their defaults, as SQLAlchemy fills them)."""
        self.statement = statement
        self.keys = list(keys) if keys is not None else None
        self._compiled: dict[str, Compiled] = {}
        if isinstance(statement, Select):
            columns = list(statement.selected_columns)
        elif isinstance(statement, UpdateBase):
            columns = list(statement.exported_columns)
        else:
            raise Unsupported(f"not a SELECT, INSERT, UPDATE or DELETE: {statement!r}")
        self._columns = columns
        self._select = isinstance(statement, Select)  # a result of rows, no rowcount

    def compiled(self, dialect: Dialect, coltypes: list[Any] | None = None) -> Compiled:
        """What SQLAlchemy decides for `dialect` (once per database kind)."""
        found = self._compiled.get(dialect.name)
        if found is None:
            found = self._compiled[dialect.name] = compile_statement(
                self.statement, self._columns, dialect, coltypes, self.keys, _default_of
            )
        return found

    async def rows(self, session: AsyncSession | PointTx, **params: Any) -> list[Any]:
        """Its rows (RETURNING, or a SELECT's), named tuples."""
        return (await self._execute(session, params))[0]

    async def first(self, session: AsyncSession | PointTx, **params: Any) -> Any:
        """Its first row (a named tuple) or None."""
        found = await self.rows(session, **params)
        return found[0] if found else None

    async def run(self, session: AsyncSession | PointTx, **params: Any) -> int:
        """Run it; the number of rows it changed."""
        return (await self._execute(session, params))[1]

    async def _execute(
        self, session: AsyncSession | PointTx, params: dict[str, Any]
    ) -> tuple[list, int]:
        if isinstance(session, PointTx):  # app/pointtx.py: the driver's connection itself
            if session.sqlite is not None:
                return self._run_sqlite(session.sqlite, session.dialect, params)
            return await self._run_postgresql(
                session.adapted, session.driver, session.dialect, params
            )
        sync = session.sync_session
        if not sync._is_clean():  # as the session's autoflush would
            await session.flush()
        # The transaction's connection, asked of the session once per transaction (asking
        # costs more than a SQLite statement): kept in its info beside the transaction.
        transaction = sync.get_transaction()
        kept = sync.info.get(_CONNECTION)
        if kept is not None and transaction is not None and kept[0] is transaction:
            pooled, dialect = kept[1], kept[2]
        else:
            conn = await session.connection()
            pooled = conn.sync_connection.connection  # type: ignore[union-attr]
            dialect = conn.dialect
            sync.info[_CONNECTION] = (sync.get_transaction(), pooled, dialect)
        driver = pooled.driver_connection
        if isinstance(driver, InlineConnection):
            return self._run_sqlite(driver.sqlite, dialect, params)
        if dialect.name == "postgresql":
            return await self._run_postgresql(pooled.dbapi_connection, driver, dialect, params)
        result = await session.execute(self.statement, params)
        found = list(result) if self._columns else []
        row = self.compiled(dialect).row
        changed = len(found) if self._select else result.rowcount  # type: ignore[attr-defined]
        return [row(*values) for values in found], changed

    def _run_sqlite(
        self, conn: sqlite3.Connection, dialect: Dialect, params: dict[str, Any]
    ) -> tuple[list, int]:
        compiled = self.compiled(dialect)
        args = compiled.args(params)
        try:
            cursor = conn.execute(compiled.sql, args)
            try:
                found = cursor.fetchall() if self._columns else []
                changed = cursor.rowcount
            finally:
                cursor.close()
        except sqlite3.Error as exc:
            raise DBAPIError.instance(compiled.sql, args, exc, sqlite3.Error) from exc
        return [compiled.as_row(values) for values in found], changed

    async def _run_postgresql(
        self, adapted: Any, driver: Any, dialect: Dialect, params: dict[str, Any]
    ) -> tuple[list, int]:
        # SQLAlchemy's asyncpg adapter begins its transaction at the first statement, under
        # its lock: the same here, so this statement is inside the session's transaction.
        async with adapted._execute_mutex:
            if adapted._transaction is None:
                await adapted._start_transaction()
            compiled = self._compiled.get(dialect.name)
            sql = compiled.sql if compiled else ""
            args: list[Any] = []
            try:
                if compiled is None:  # the result columns' types, asked of the server once
                    sql = expanded_sql(self.statement, dialect, self.keys)[1].statement
                    prepared = await driver.prepare(sql)
                    oids = [a.type.oid for a in prepared.get_attributes()]
                    compiled = self.compiled(dialect, oids)
                    sql = compiled.sql
                args = compiled.args(params)
                if self._columns:
                    found = await driver.fetch(sql, *args)
                    changed = len(found)
                else:
                    status = await driver.execute(sql, *args)
                    found, changed = [], _rows_changed(status)
            except Exception as exc:
                try:
                    adapted._handle_exception(exc)  # raises the adapter's DB-API error
                except Exception as translated:
                    base = dialect.loaded_dbapi.Error
                    raise DBAPIError.instance(sql, args, translated, base) from exc
                raise
        return [compiled.as_row(values) for values in found], changed


def _default_of(column: Column[Any], updating: bool) -> Callable[[], Any]:
    """The Python-side default (or onupdate) of a column as a function of nothing."""
    default = column.onupdate if updating else column.default
    if not isinstance(default, ColumnDefault):
        raise Unsupported(f"{column}: its default is not a value or a function")
    if default.is_scalar:
        value = default.arg
        return lambda: value
    if default.is_callable:
        function = default.arg  # SQLAlchemy's wrapper: takes the execution context
        return lambda: function(None)
    raise Unsupported(f"{column}: its default is SQL, run by SQLAlchemy only")


def _rows_changed(status: str) -> int:
    """asyncpg's command status ("UPDATE 1", "INSERT 0 1") as a row count."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0
