"""Point reads: one SELECT, built once at import, compiled once per database kind and run on
the driver's own connection, for the reads polled most (a job's status, the template listing).

SQLAlchemy's async path costs about 0.2 ms of CPU per statement here (the greenlet hand-offs,
the session, the execution context and result metadata), where SQLite answers an indexed row
in 10 µs and asyncpg's prepared statement in a few tens. A `PointRead` keeps what SQLAlchemy
decides once — the SQL text, the order of its parameters, each column's result conversion
for the dialect (UTC datetimes, JSON, booleans) — and each call only runs it:

- on a SQLite file, on a query-only `sqlite3` connection of the calling thread (under WAL a
  lone SELECT reads one committed state and never waits for the writer; a short busy timeout
  covers the rare WAL reset);
- on PostgreSQL, on a connection of the engine's own pool (its rested-connection ping
  included), through asyncpg's cached prepared statement; a connection found dead is replaced
  and the read tried once more (a read changes nothing);
- elsewhere (an in-memory SQLite database), through SQLAlchemy as before.

Rows come back as named tuples with the selected columns' names, as SQLAlchemy's rows do.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Select
from sqlalchemy.engine import Dialect
from sqlalchemy.util import greenlet_spawn

from app.errors import dependency_down
from app.sqlite_inline import point_reader

if TYPE_CHECKING:
    from app.db import Database


@dataclass(frozen=True)
class _Compiled:
    sql: str
    # per positional parameter: the caller's bind name and its conversion, or a constant of
    # the statement (`status == "complete"`, each value of an IN list) converted already
    params: tuple[tuple[str, Callable[[Any], Any] | None] | tuple[None, Any], ...]
    results: tuple[Callable[[Any], Any] | None, ...]
    row: type


class PointRead:
    """A SELECT with named bind parameters, run as `await read.one(db, name=value)` (or
    `.all(...)`)."""

    def __init__(self, statement: Select[Any]) -> None:
        self.statement = statement
        self._compiled: dict[str, _Compiled] = {}
        self._names = tuple(c.key for c in statement.selected_columns)

    def compiled(self, dialect: Dialect, coltypes: list[Any] | None = None) -> _Compiled:
        """What SQLAlchemy decides for `dialect`; `coltypes`: the driver's type of each result
        column, which some conversions depend on (asyncpg's numbers)."""
        found = self._compiled.get(dialect.name)
        if found is None:
            found = self._compiled[dialect.name] = self._compile(dialect, coltypes)
        return found

    def sql(self, dialect: Dialect) -> tuple[str, Any, set[str]]:
        """The SQL text for `dialect` (IN lists expanded), SQLAlchemy's expanded state and
        the names the caller binds."""
        compiled = self.statement.compile(dialect=dialect)
        asked = {name for name, bind in compiled.binds.items() if bind.required}
        state = compiled.construct_expanded_state(dict.fromkeys(asked))
        return state.statement, state, asked

    def _compile(self, dialect: Dialect, coltypes: list[Any] | None) -> _Compiled:
        sql, state, asked = self.sql(dialect)
        params: list[Any] = []
        for name in state.positiontup or ():
            convert = state.processors.get(name)
            if name in asked:
                params.append((name, convert))
            else:
                value = state.parameters[name]
                params.append((None, value if convert is None or value is None else convert(value)))
        types = coltypes or [None] * len(self._names)
        results = tuple(
            c.type.dialect_impl(dialect).result_processor(dialect, coltype)
            for c, coltype in zip(self.statement.selected_columns, types, strict=True)
        )
        row = namedtuple("Row", self._names, rename=True)  # type: ignore[misc]
        return _Compiled(sql, tuple(params), results, row)

    def _row(self, compiled: _Compiled, values: Any) -> Any:
        pairs = zip(compiled.results, values, strict=True)
        return compiled.row(*(v if f is None or v is None else f(v) for f, v in pairs))

    @staticmethod
    def _args(compiled: _Compiled, params: dict[str, Any]) -> list[Any]:
        args = []
        for name, convert in compiled.params:
            if name is None:
                args.append(convert)  # a constant, converted once
                continue
            value = params[name]
            args.append(value if convert is None or value is None else convert(value))
        return args

    async def one(self, db: Database, **params: Any) -> Any:
        """The first row (a named tuple) or None."""
        rows = await self._run(db, params, first=True)
        return rows[0] if rows else None

    async def all(self, db: Database, **params: Any) -> list[Any]:
        """Every row (named tuples), in the statement's order."""
        return await self._run(db, params, first=False)

    async def _run(self, db: Database, params: dict[str, Any], first: bool) -> list[Any]:
        if db.sqlite_file is not None:
            compiled = self.compiled(db.engine.dialect)
            cursor = point_reader(db.sqlite_file).execute(
                compiled.sql, self._args(compiled, params)
            )
            try:  # closed at once: an open statement would hold its read snapshot
                found = [cursor.fetchone()] if first else cursor.fetchall()
            finally:
                cursor.close()
            return [self._row(compiled, values) for values in found if values is not None]
        if db.engine.dialect.name == "postgresql":
            return await self._run_postgresql(db, params, first)
        async with db.read() as session:
            result = await session.execute(self.statement, params)
            found = [result.first()] if first else list(result)
        row = self.compiled(db.engine.dialect).row
        return [row(*values) for values in found if values is not None]

    async def _run_postgresql(self, db: Database, params: dict[str, Any], first: bool) -> Any:
        dialect = db.engine.dialect
        pool = db.engine.sync_engine.pool
        for attempt in (1, 2):
            # Checking out and in run SQLAlchemy's pool code (its ping of a rested connection
            # included), which awaits through a greenlet; the read itself is asyncpg's.
            conn = await greenlet_spawn(pool.connect)
            try:
                compiled = self._compiled.get(dialect.name)
                if compiled is None:  # the result columns' types, asked of the server once
                    prepared = await conn.driver_connection.prepare(self.sql(dialect)[0])
                    oids = [a.type.oid for a in prepared.get_attributes()]
                    compiled = self.compiled(dialect, oids)
                args = self._args(compiled, params)
                driver = conn.driver_connection
                found = (
                    [await driver.fetchrow(compiled.sql, *args)]
                    if first
                    else await driver.fetch(compiled.sql, *args)
                )
            except BaseException as exc:
                lost = _connection_lost(exc, conn.driver_connection)
                if lost:  # as SQLAlchemy does on a disconnect: the pool's older ones go too
                    await greenlet_spawn(pool._invalidate, conn, exc)
                else:
                    await greenlet_spawn(conn.invalidate, exc)  # never reused in doubt
                await greenlet_spawn(conn.close)
                if attempt == 1 and lost:
                    continue  # a restarted server: once more, on a fresh connection
                raise
            await greenlet_spawn(conn.close)
            return [self._row(compiled, values) for values in found if values is not None]
        raise AssertionError("unreachable")


def _connection_lost(exc: BaseException, driver: Any) -> bool:
    """The connection died under the read (the server restarted or ended it): its errors, a
    connection now closed, or asyncpg's protocol meeting the server's goodbye mid-request."""
    if not isinstance(exc, Exception):
        return False  # a cancellation is not retried
    return (
        dependency_down(exc) == "database"
        or driver.is_closed()
        or type(exc).__name__ == "InternalClientError"
    )
