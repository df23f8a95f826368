"""Webhook tests: loopback receivers are allowed (a setting), the retry schedule is short."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from redis.asyncio import Redis

from app.config import Settings
from app.db import Database
from tests.support.webhooks import SCALE


@pytest.fixture
def settings(settings_factory: Any) -> Settings:
    return settings_factory(allow_private_urls=True, webhook_retry_scale=SCALE)


@pytest_asyncio.fixture
async def redis(settings: Settings) -> AsyncIterator[Redis]:
    client = Redis.from_url(settings.redis_url)
    yield client
    await client.aclose()


@pytest.fixture
def appdb(app: Any) -> Database:
    return app.config["REELSMITH_DB"]
