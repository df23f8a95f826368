"""Trigger tests run on SQLite and PostgreSQL, with an SMTP server and a Twilio-format SMS
API on the loopback."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio
from redis.asyncio import Redis

from app.config import Settings
from app.db import Database
from tests.support.triggers import SMS_SID, SMS_TOKEN, SmtpServer, TwilioServer


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    with SmtpServer() as server:
        yield server


@pytest.fixture
def twilio() -> Iterator[TwilioServer]:
    with TwilioServer() as server:
        yield server


@pytest.fixture
def settings(
    settings_factory: Any, database_url: str, smtp: SmtpServer, twilio: TwilioServer
) -> Settings:
    return settings_factory(
        database_url=database_url,
        allow_private_urls=True,
        smtp_host="127.0.0.1",
        smtp_port=smtp.port,
        smtp_from="Reelsmith <videos@reelsmith.test>",
        sms_base_url=twilio.url,
        sms_account_sid=SMS_SID,
        sms_auth_token=SMS_TOKEN,
        sms_from="+15550001111",
        trigger_retry_scale=0.00001,
        webhook_retry_scale=0.0002,
    )


@pytest_asyncio.fixture
async def redis(settings: Settings) -> AsyncIterator[Redis]:
    client = Redis.from_url(settings.redis_url)
    yield client
    await client.aclose()


@pytest.fixture
def appdb(app: Any) -> Database:
    return app.config["REELSMITH_DB"]
