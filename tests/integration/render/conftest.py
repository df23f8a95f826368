"""Fixtures for the render engine's integration tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from app.config import Settings
from worker.render.browser import BrowserManager


@pytest_asyncio.fixture
async def manager(settings: Settings) -> AsyncIterator[BrowserManager]:
    """A browser manager closed after the test."""
    m = BrowserManager(settings)
    try:
        yield m
    finally:
        await m.close()
