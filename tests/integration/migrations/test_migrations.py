"""Alembic migrations build the schema the models describe, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

import app.models  # noqa: F401
from app.db import Base, make_engine
from app.migrations import upgrade


async def diff_against_models(database_url: str) -> list[object]:
    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:

            def compare(sync_conn):  # type: ignore[no-untyped-def]
                context = MigrationContext.configure(sync_conn, opts={"compare_type": True})
                return compare_metadata(context, Base.metadata)

            return await conn.run_sync(compare)
    finally:
        await engine.dispose()


async def table_names(database_url: str) -> set[str]:
    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
    finally:
        await engine.dispose()


async def test_upgrade_head_matches_models_with_no_difference(database_url: str):
    await asyncio.to_thread(upgrade, database_url)
    tables = await table_names(database_url)
    assert {"accounts", "api_keys", "ledger_entries", "sessions", "projects"} <= tables
    assert "alembic_version" in tables
    diff = await diff_against_models(database_url)
    assert diff == [], (
        "models and migrations differ; generate a revision "
        "(see docs/notes/platform.md, 'Migrations'): " + repr(diff)
    )


async def test_upgrade_is_idempotent(database_url: str):
    await asyncio.to_thread(upgrade, database_url)
    await asyncio.to_thread(upgrade, database_url)
    assert "accounts" in await table_names(database_url)
