"""Shared fixtures: real SQLite and PostgreSQL databases, real Redis, the app and keys."""

from __future__ import annotations

import asyncio
import os
import socket
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import redis as sync_redis
from redis.asyncio import Redis

from app import create_app
from app.accounts.models import Account
from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.keys.service import create_key
from app.workdir import close_work_folder
from tests.support import schema
from tests.support.ordering import order

PG_ADMIN_DSN = os.environ.get("REELSMITH_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
TEST_REDIS_URL = os.environ.get("REELSMITH_TEST_REDIS", "redis://127.0.0.1:6379/13")


def _pg_available() -> bool:

    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            return True
    except OSError:
        return False


PG_AVAILABLE = _pg_available()


async def _create_pg_database(*, tables: bool = False) -> tuple[str, str]:
    """A new database: empty, or with every table (a copy of this process's template)."""
    template = await schema.pg_template(PG_ADMIN_DSN) if tables else None
    name = await schema.create_pg_database(PG_ADMIN_DSN, "reelsmith_test", template)
    url = schema.pg_url(PG_ADMIN_DSN, name)
    if tables:
        schema.made_from_template(url)
    return name, url


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A fresh database on each engine: empty, or with every table when the test opens the app
    or `db` (which would create them); PostgreSQL skipped only when not answering."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path}/test.db"
        return
    if not PG_AVAILABLE:
        pytest.skip("PostgreSQL is not answering on 127.0.0.1:5432")
    tables = bool({"app", "db"} & set(request.fixturenames))
    name, url = await _create_pg_database(tables=tables)
    try:
        yield url
    finally:
        await schema.drop_pg_database(PG_ADMIN_DSN, name)


@pytest_asyncio.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    await schema.ensure_schema(database_url)
    database = Database(database_url)
    try:
        yield database
    finally:
        await database.dispose()


# Every Redis namespace of this run starts with RUN_PREFIX, so the end-of-run sweep removes this
# run's keys only (another suite running at the same time on the same Redis keeps its own).
# Kept in the environment: modules that import this file again, and child processes, agree.
RUN_PREFIX = os.environ.setdefault("REELSMITH_TEST_RUN_PREFIX", f"rstest:{uuid.uuid4().hex[:6]}")
# The suite's many renders (in this process and in worker subprocesses, which inherit the
# environment) speak with the quick engines, Piper and espeak-ng; the neural voices (Kokoro,
# hibari) are tested with settings that ask for them (tests/integration/worker/voices).
os.environ.setdefault("REELSMITH_VOICE_QUALITY", "basic")
# A render's next attempt after a transient failure comes after 1 s, 4 s, 16 s instead of
# 5 s, 20 s, 80 s (the fault tests wait through them).
os.environ.setdefault("REELSMITH_RENDER_RETRY_SCALE", "0.2")


def new_namespace() -> str:
    """A fresh Redis namespace of this run, for one test's settings."""
    return f"{RUN_PREFIX}:{uuid.uuid4().hex[:8]}"


def make_settings(tmp_path: Path, **overrides: Any) -> Settings:
    ns = new_namespace()
    values: dict[str, Any] = {
        "database_url": f"sqlite+aiosqlite:///{tmp_path}/app.db",
        "redis_url": TEST_REDIS_URL,
        "redis_prefix": ns,
        "queue_name": f"{ns}:queue",
        "media_dir": tmp_path / "media",
        "cache_dir": tmp_path / "cache",
        "work_dir": tmp_path / "work",
        "data_dir": tmp_path / "data",
        "public_url": "http://testserver",
        "env": "development",
        # Off so suites that call an endpoint many times are not throttled;
        # tests/integration/ratelimit turns it on.
        "rate_limit_enabled": False,
    }
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
def settings(tmp_path: Path) -> Iterator[Settings]:
    settings = make_settings(tmp_path)
    yield settings
    close_work_folder(settings)  # this process's work folder of the test (and its lock)


@pytest.fixture(scope="session")
def settings_maker() -> Callable[..., Settings]:
    """make_settings itself, for fixtures wider than one test: settings_maker(folder, **over)."""
    return make_settings


@pytest.fixture
def settings_factory(tmp_path: Path) -> Callable[..., Settings]:
    """make_settings for this test's tmp_path: settings_factory(max_body_bytes=512)."""
    return lambda **overrides: make_settings(tmp_path, **overrides)


def namespace_patterns(prefix: str) -> list[str]:
    """Redis key patterns of one namespace: our own keys and arq's keys of our job ids."""
    return [f"{prefix}*", f"arq:*:{prefix}:*"]


async def _clear_namespace(settings: Settings) -> None:

    redis = Redis.from_url(settings.redis_url)
    try:
        for pattern in namespace_patterns(settings.redis_prefix):
            keys = [k async for k in redis.scan_iter(match=pattern)]
            if keys:
                await redis.delete(*keys)
    finally:
        await redis.aclose()


@pytest.fixture(scope="session", autouse=True)
def schema_sources_removed() -> Iterator[None]:
    """At the end of the run, this process's schema sources (tests/support/schema.py) are
    removed: the SQLite file, the PostgreSQL template database."""
    yield
    asyncio.run(schema.remove_sources(PG_ADMIN_DSN))


@pytest.fixture(scope="session", autouse=True)
def test_redis_left_clean() -> Iterator[None]:
    """At the end of the run, remove every key of this run's namespaces (worker processes and
    tests without the app fixture leave some), so nothing stays behind in the test Redis."""
    yield

    client = sync_redis.Redis.from_url(TEST_REDIS_URL)
    try:
        for pattern in namespace_patterns(RUN_PREFIX):
            keys = list(client.scan_iter(match=pattern))
            if keys:
                client.delete(*keys)
        aborts = [m for m, _ in client.zscan_iter("arq:abort", match=f"{RUN_PREFIX}*")]
        if aborts:
            client.zrem("arq:abort", *aborts)
    finally:
        client.close()


@pytest_asyncio.fixture
async def app(settings: Settings) -> AsyncIterator[Any]:
    application = create_app(settings)
    await schema.ensure_schema(settings.database_url)
    async with application.test_app():
        yield application
    await _clear_namespace(settings)


@pytest_asyncio.fixture
async def client(app: Any) -> Any:
    return app.test_client()


@dataclass
class User:
    account: Account
    key: str
    password: str

    @property
    def headers(self) -> dict[str, str]:
        return {"X-API-Key": self.key}


MakeUser = Callable[..., Awaitable[User]]


@pytest_asyncio.fixture
async def make_user(app: Any) -> MakeUser:
    """Create an account with a key: await make_user(tier="studio", credits=100, scopes="admin")."""

    async def factory(
        tier: str = "studio", credits: int = 100, scopes: str = "admin", email: str | None = None
    ) -> User:
        database: Database = app.config["REELSMITH_DB"]
        password = "correct horse battery staple"
        async with database.session() as session:
            account = await create_account(
                session, email or f"{uuid.uuid4().hex[:10]}@example.com", password, tier, credits
            )
            _, raw = await create_key(session, account.id, "test", scopes)
        return User(account=account, key=raw, password=password)

    return factory


@pytest.fixture(scope="session")
def event_loop_policy() -> asyncio.AbstractEventLoopPolicy:
    return asyncio.DefaultEventLoopPolicy()


# Every Database a test opens must be disposed before the test's event loop closes: an engine
# left open keeps aiosqlite's worker thread alive past the loop, which then fails with "Event
# loop is closed" at some later test or at exit.
@pytest.fixture(autouse=True)
def every_database_is_disposed() -> Iterator[None]:
    open_urls: dict[int, str] = {}
    real_init, real_dispose = Database.__init__, Database.dispose

    def init(self: Database, database_url: str, *args: Any, **kwargs: Any) -> None:
        real_init(self, database_url, *args, **kwargs)
        open_urls[id(self)] = database_url

    async def dispose(self: Database) -> None:
        await real_dispose(self)
        open_urls.pop(id(self), None)

    # Its own MonkeyPatch, so a test calling monkeypatch.undo() does not switch the guard off.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Database, "__init__", init)
        patch.setattr(Database, "dispose", dispose)
        yield
    assert not open_urls, f"Database(...) created and never disposed: {sorted(open_urls.values())}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    order(items)  # the longest files first (tests/support/ordering.py)
