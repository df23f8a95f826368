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
class Compiled:
    """What SQLAlchemy decides for a statement on one database kind."""

    sql: str
    # per positional parameter: ("bind", the caller's name, its conversion), ("const", a
    # constant of the statement converted already: `status == "complete"`, each value of an
    # IN list) or ("default", a column's Python default as a function, its conversion)
    params: tuple[tuple[str, Any, Callable[[Any], Any] | None], ...]
    results: tuple[Callable[[Any], Any] | None, ...]
    row: type

    def args(self, params: dict[str, Any]) -> list[Any]:
        """The positional parameters for the caller's named ones."""
        args = []
        for how, what, convert in self.params:
            if how == "const":
                args.append(what)
                continue
            value = params[what] if how == "bind" else what()
            args.append(value if convert is None or value is None else convert(value))
        return args

    def as_row(self, values: Any) -> Any:
        """A driver's row as a named tuple of the converted values."""
        pairs = zip(self.results, values, strict=True)
        return self.row(*(v if f is None or v is None else f(v) for f, v in pairs))


def expanded_sql(statement: Any, dialect: Dialect, keys: list[str] | None = None) -> Any:
    """SQLAlchemy's compiled statement and its expanded state (IN lists of constants expanded)
    for `dialect`; `keys`: the columns an INSERT is given."""
    compiled = statement.compile(dialect=dialect, column_keys=keys)
    asked = {name for name, bind in compiled.binds.items() if bind.required}
    return compiled, compiled.construct_expanded_state(dict.fromkeys(asked)), asked


def compile_statement(
    statement: Any,
    columns: list[Any],
    dialect: Dialect,
    coltypes: list[Any] | None = None,
    keys: list[str] | None = None,
    default_of: Callable[[Any, bool], Callable[[], Any]] | None = None,
) -> Compiled:
    """`statement` compiled for `dialect`: its SQL text, its parameters in order with their
    conversions, the conversion of each result column (`coltypes`: the driver's type of each,
    which some conversions depend on, asyncpg's numbers). `default_of(column, updating)`: the
    Python-side default of a column SQLAlchemy would fill in (INSERT and UPDATE)."""
    compiled, state, asked = expanded_sql(statement, dialect, keys)
    prefetch = [*compiled.insert_prefetch, *compiled.update_prefetch]
    defaults = {c.key: c for c in prefetch}
    if defaults and default_of is None:
        raise ValueError(f"{statement}: has column defaults to fill in")
    params: list[tuple[str, Any, Callable[[Any], Any] | None]] = []
    for name in state.positiontup or ():
        bind = compiled.binds.get(name)  # None: one value of an expanded IN list
        convert = (
            bind.type.dialect_impl(dialect).bind_processor(dialect)
            if bind is not None
            else state.processors.get(name)
        )
        if name in defaults and default_of is not None:
            column = defaults[name]
            params.append(("default", default_of(column, column in compiled.update_prefetch),
                           convert))  # fmt: skip
        elif name in asked:
            params.append(("bind", name, convert))
        else:
            value = state.parameters[name]
            params.append(("const", value if convert is None or value is None
                           else convert(value), None))  # fmt: skip
    types = coltypes or [None] * len(columns)
    results = tuple(
        c.type.dialect_impl(dialect).result_processor(dialect, coltype)
        for c, coltype in zip(columns, types, strict=True)
    )
    row = namedtuple("Row", [c.key for c in columns], rename=True)  # type: ignore[misc]
    return Compiled(state.statement, tuple(params), results, row)


class PointRead:
    """A SELECT with named bind parameters, run as `await read.one(db, name=value)` (or
    `.all(...)`)."""

    def __init__(self, statement: Select[Any]) -> None:
        self.statement = statement
        self._compiled: dict[str, Compiled] = {}
        self._columns = list(statement.selected_columns)

    def compiled(self, dialect: Dialect, coltypes: list[Any] | None = None) -> Compiled:
        """What SQLAlchemy decides for `dialect` (once per database kind)."""
        found = self._compiled.get(dialect.name)
        if found is None:
            found = self._compiled[dialect.name] = compile_statement(
                self.statement, self._columns, dialect, coltypes
            )
        return found

    def sql(self, dialect: Dialect) -> str:
        """The SQL text for `dialect` (IN lists expanded)."""
        return expanded_sql(self.statement, dialect)[1].statement

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
            cursor = point_reader(db.sqlite_file).execute(compiled.sql, compiled.args(params))
            try:  # closed at once: an open statement would hold its read snapshot
                found = [cursor.fetchone()] if first else cursor.fetchall()
            finally:
                cursor.close()
            return [compiled.as_row(values) for values in found if values is not None]
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
                    prepared = await conn.driver_connection.prepare(self.sql(dialect))
                    oids = [a.type.oid for a in prepared.get_attributes()]
                    compiled = self.compiled(dialect, oids)
                args = compiled.args(params)
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
            return [compiled.as_row(values) for values in found if values is not None]
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
