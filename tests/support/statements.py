"""Every SQL statement a database runs, as the tests count them: through SQLAlchemy (its
`before_cursor_execute` event on each of the Database's engines) and point writes, which run
on the driver's own connection past those events (app/pointwrite.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import Integer, bindparam, event, insert, update

from app.accounts.models import Account, LedgerEntry
from app.db import Database
from app.pointwrite import PointWrite


@contextmanager
def statements_run(db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The SQL text of each statement run while inside, in order."""
    seen: list[str] = []

    def through_sqlalchemy(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    run = PointWrite._execute

    async def point_write(self: PointWrite, session: Any, params: Any) -> Any:
        seen.append(str(self.statement.compile(dialect=db.engine.dialect)))
        return await run(self, session, params)

    with monkeypatch.context() as patched:
        patched.setattr(PointWrite, "_execute", point_write)
        for engine in db.engines:
            event.listen(engine.sync_engine, "before_cursor_execute", through_sqlalchemy)
        try:
            yield seen
        finally:
            for engine in db.engines:
                event.remove(engine.sync_engine, "before_cursor_execute", through_sqlalchemy)


# Point writes the database tests share (app/pointwrite.py, app/pointtx.py): a ledger row, and
# a credit charge guarded in its WHERE (its new balance and the account's creation time back).
LEDGER = LedgerEntry.__table__
ACCOUNTS = Account.__table__
ADD_LEDGER = PointWrite(
    insert(LEDGER), keys=["account_id", "kind", "amount", "balance_after", "reason", "reference"]
)
TAKE = PointWrite(
    update(ACCOUNTS)
    .where(ACCOUNTS.c.id == bindparam("account"))
    .where(ACCOUNTS.c.credits >= bindparam("need", type_=Integer))
    .values(credits=ACCOUNTS.c.credits - bindparam("need", type_=Integer))
    .returning(ACCOUNTS.c.credits, ACCOUNTS.c.created_at)
)


def entry(account_id: str, amount: int, balance: int) -> dict[str, object]:
    """A charge's ledger row for ADD_LEDGER."""
    return {"account_id": account_id, "kind": "charge", "amount": amount,
            "balance_after": balance, "reason": "render", "reference": None}  # fmt: skip
