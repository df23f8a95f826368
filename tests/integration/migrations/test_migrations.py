"""Alembic migrations build the schema the models describe, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

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
        "(see docs/develop/design/platform.md, 'Migrations'): " + repr(diff)
    )


async def test_upgrade_is_idempotent(database_url: str):
    await asyncio.to_thread(upgrade, database_url)
    await asyncio.to_thread(upgrade, database_url)
    assert "accounts" in await table_names(database_url)


async def test_0002_backfills_the_root_builtin_of_fork_chains(database_url: str):
    await asyncio.to_thread(upgrade, database_url, "0001")
    engine = make_engine(database_url)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO accounts (id, email, password_hash, tier, credits, created_at)"
                    " VALUES ('acc', 'm@example.com', 'x', 'studio', 0, :now)"
                ),
                {"now": datetime.now(UTC)},
            )
            for tid, base in (("t1", "emeritus"), ("t2", "t1"), ("t3", None), ("t4", "gone")):
                await conn.execute(
                    text(
                        "INSERT INTO templates (id, account_id, name, visibility, scenes,"
                        " data_slots, defaults, tags, usage_count, base_template_id, version,"
                        " created_at, updated_at) VALUES (:id, 'acc', :id, 'private', '[]', '[]',"
                        " '{}', '[]', 0, :base, 1, :now, :now)"
                    ),
                    {"id": tid, "base": base, "now": datetime.now(UTC)},
                )
        await asyncio.to_thread(upgrade, database_url)
        async with engine.connect() as conn:
            rows = await conn.execute(text("SELECT id, root_builtin FROM templates ORDER BY id"))
            roots = dict(rows.all())
    finally:
        await engine.dispose()
    assert roots == {"t1": "emeritus", "t2": "emeritus", "t3": None, "t4": None}
