"""Empty databases with every table, without building the schema for every test.

Creating the tables costs ~0.2 s on SQLite and ~0.6 s on PostgreSQL (plus the database's own
creation and drop): paid by each of the suite's ~1,500 tests that open the app or a database,
it was minutes of the suite. Instead each test process builds the schema once (`create_all`,
as before) and every test gets a copy: the SQLite file copied, the PostgreSQL database made
with `CREATE DATABASE ... TEMPLATE`. The copies are what `create_all` makes: the tables,
no rows.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
import uuid
from pathlib import Path

import asyncpg
from sqlalchemy.engine import make_url

from app.db import Database
from app.models import create_all

# This process's schema copies' sources: the SQLite file, the PostgreSQL template's name.
_sqlite_source: Path | None = None
_pg_template: str | None = None
# The PostgreSQL databases of this process made from the template (their schema is there).
_from_template: set[str] = set()


async def _sqlite_template() -> Path:
    global _sqlite_source
    if _sqlite_source is None:
        path = Path(tempfile.mkdtemp(prefix="reelsmith-schema-")) / "schema.db"
        database = Database(f"sqlite+aiosqlite:///{path}")
        try:
            await create_all(database)
        finally:
            await database.dispose()
        conn = sqlite3.connect(path)  # the whole schema in the one file (its WAL folded in)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        _sqlite_source = path
    return _sqlite_source


async def create_pg_database(admin_dsn: str, prefix: str, template: str | None = None) -> str:
    """A new PostgreSQL database named `prefix` and a random part (a copy of `template` when
    given); its name."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    copy = f' TEMPLATE "{template}"' if template else ""
    conn = await asyncpg.connect(admin_dsn)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"{copy}')
    finally:
        await conn.close()
    return name


def pg_url(admin_dsn: str, name: str) -> str:
    """The SQLAlchemy URL of database `name` on the server of `admin_dsn`."""
    base = admin_dsn.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://")
    return f"{base}/{name}"


async def pg_template(admin_dsn: str) -> str:
    """This process's template database (made on first use): every table, no rows."""
    global _pg_template
    if _pg_template is None:
        name = await create_pg_database(admin_dsn, "reelsmith_tmpl")
        database = Database(pg_url(admin_dsn, name))
        try:
            await create_all(database)
        finally:
            await database.dispose()  # no connection left: a template must be idle to copy
        _pg_template = name
    return _pg_template


async def drop_pg_database(admin_dsn: str, name: str) -> None:
    conn = await asyncpg.connect(admin_dsn)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


async def remove_sources(admin_dsn: str) -> None:
    """This process's schema sources removed (at the end of the run): the SQLite file and its
    folder, the PostgreSQL template."""
    global _sqlite_source, _pg_template
    if _sqlite_source is not None:
        shutil.rmtree(_sqlite_source.parent, ignore_errors=True)
        _sqlite_source = None
    if _pg_template is not None:
        await drop_pg_database(admin_dsn, _pg_template)
        _pg_template = None


def made_from_template(url: str) -> None:
    _from_template.add(url)


async def ensure_schema(url: str) -> None:
    """Every table in the database at `url`: a copy of the schema for a SQLite file that does
    not exist yet, nothing for a database made from the template, else `create_all`."""
    if url in _from_template:
        return
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database:
        target = Path(parsed.database)
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(await _sqlite_template(), target)
            return
    database = Database(url)
    try:
        await create_all(database)
    finally:
        await database.dispose()
