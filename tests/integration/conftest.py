"""Fixtures shared by the integration tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from redis.asyncio import Redis

from app.config import Settings
from tests.support.faults import PrivatePostgres, postgres_unavailable, private_postgres


@pytest_asyncio.fixture
async def redis(settings: Settings) -> AsyncIterator[Redis]:
    client = Redis.from_url(settings.redis_url)
    yield client
    await client.aclose()


@pytest.fixture
def pg() -> Iterator[PrivatePostgres]:
    """A throwaway PostgreSQL cluster of this test's own, to stop and start (skipped with the
    reason when the server binaries or a way to run them as their user are missing)."""
    if why := postgres_unavailable():
        pytest.skip(why)
    with private_postgres() as cluster:
        yield cluster
