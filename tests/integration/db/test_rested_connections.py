"""PostgreSQL's pooled connections: one that rested is pinged before a request gets it, so a
server restarted while the API was quiet costs no request an error; one in steady use is not
pinged (a round trip of CPU on every answer). A private cluster, restarted for real."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select, text
from sqlalchemy.dialects.postgresql.asyncpg import AsyncAdapt_asyncpg_cursor

from app import db as db_module
from app.accounts.models import Account
from app.db import Database
from app.models import create_all
from tests.support.faults import PrivatePostgres

pytestmark = pytest.mark.slow


def statements_sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every statement the driver's cursors are given, the pool's own pings included (they
    bypass the engine's execute events)."""
    sent: list[str] = []
    execute = AsyncAdapt_asyncpg_cursor.execute

    def watched(self, statement, *args, **kwargs):  # type: ignore[no-untyped-def]
        sent.append(statement)
        return execute(self, statement, *args, **kwargs)

    monkeypatch.setattr(AsyncAdapt_asyncpg_cursor, "execute", watched)
    return sent


async def read_accounts(db: Database) -> list[str]:
    async with db.read() as session:
        return list((await session.execute(select(Account.id))).scalars())


async def test_a_rested_connection_is_pinged_and_a_restart_costs_no_request(
    pg: PrivatePostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db_module, "PING_AFTER_IDLE_S", 0.5)
    db = Database(pg.url)
    try:
        await create_all(db)
        assert await read_accounts(db) == []  # the pool now holds a connection
        # PostgreSQL crashes and comes back while nobody asks anything
        await asyncio.to_thread(pg.stop)
        await asyncio.to_thread(pg.start)
        await asyncio.sleep(0.6)
        assert await read_accounts(db) == []  # the dead connection was replaced, not used
    finally:
        await db.dispose()


async def test_a_connection_in_steady_use_is_not_pinged(
    pg: PrivatePostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = Database(pg.url)
    sent = statements_sent(monkeypatch)
    try:
        await create_all(db)
        await read_accounts(db)
        sent.clear()
        for _ in range(20):
            async with db.read() as session:
                await session.execute(text("SELECT 2"))
        assert sent.count("SELECT 2") == 20, sent
        assert "SELECT 1" not in sent, sent  # no ping between answers
    finally:
        await db.dispose()
