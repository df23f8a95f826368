"""Fixtures of the render tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from redis.asyncio import Redis

from app.config import Settings


@pytest_asyncio.fixture
async def redis(settings: Settings) -> AsyncIterator[Redis]:
    client = Redis.from_url(settings.redis_url)
    yield client
    await client.aclose()
