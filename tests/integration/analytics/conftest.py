"""Analytics tests run the API on SQLite and on PostgreSQL (the `database_url` fixture)."""

from __future__ import annotations

import pytest

from app.config import Settings


@pytest.fixture
def settings(settings: Settings, database_url: str) -> Settings:
    return settings.model_copy(update={"database_url": database_url, "ab_min_sessions": 100})
