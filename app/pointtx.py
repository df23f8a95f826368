"""Point transactions: a write transaction that runs only point writes (app/pointwrite.py), begun
and ended on the driver's own connection, with no SQLAlchemy session around it.

A session costs more than the statements of a short transaction: constructing it, its
connection asked for through a greenlet, BEGIN and COMMIT each passed through SQLAlchemy's
transaction objects and pool events. A counted beacon is three point writes; measured on
this machine, a session and one point write cost 530–630 µs of CPU where the same BEGIN
IMMEDIATE, INSERT and COMMIT on the `sqlite3` connection cost 100.

`Database.points()` hands out a `PointTx` (or, where it cannot, a session: point writes run
on either). Its statements are the same SQL, in the same transaction semantics: on a SQLite
file the transaction runs on the write engine's own connection (BEGIN IMMEDIATE, committed
as the session commits it: synced on a thread under `synchronous=FULL`, the WAL checkpointed
off the loop), inside the process's writers' turn; on PostgreSQL on a pooled asyncpg
connection, begun as SQLAlchemy's adapter begins it. Code that needs a session inside one
(an ORM statement, a rare branch) raises `SessionNeeded`: the caller rolls back and runs the
whole transaction again in a session (`Database.points_or_session`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.engine import Dialect


class SessionNeeded(Exception):
    """Raised inside a point transaction by code that needs a session for what it must do
    now; the transaction is rolled back and run again in a session."""


@dataclass(frozen=True, slots=True)
class PointTx:
    """An open point transaction: the dialect, and the driver connection it runs on
    (`sqlite`: a `sqlite3.Connection`; `adapted`/`driver`: SQLAlchemy's asyncpg adapter and
    the asyncpg connection)."""

    dialect: Dialect
    sqlite: Any = None
    adapted: Any = None
    driver: Any = None
    info: dict[str, Any] = field(default_factory=dict)  # `transaction_info`


_TRANSACTION_INFO = "reelsmith.pointtx.info"  # Session.info: (transaction, its dict)


def transaction_info(session: Any) -> dict[str, Any]:
    """A dict that lives as long as the current transaction of a session or point transaction
    (what one step of it tells a later one: app/renders/claims.py's locks and busy figures).
    A session's dict made before its transaction began (it begins at its first statement)
    is that transaction's."""
    if isinstance(session, PointTx):
        return session.info
    sync = session.sync_session
    transaction = sync.get_transaction()
    kept = sync.info.get(_TRANSACTION_INFO)
    if kept is not None and kept[0] is None and transaction is not None:
        kept = sync.info[_TRANSACTION_INFO] = (transaction, kept[1])
    if kept is None or kept[0] is not transaction:
        kept = sync.info[_TRANSACTION_INFO] = (transaction, {})
    return kept[1]


def dialect_name(session: Any) -> str:
    """The database kind of a session or a point transaction."""
    if isinstance(session, PointTx):
        return str(session.dialect.name)
    return str(session.get_bind().dialect.name)


def need_session(session: Any) -> None:
    """SessionNeeded inside a point transaction (the caller runs it again in a session)."""
    if isinstance(session, PointTx):
        raise SessionNeeded()
