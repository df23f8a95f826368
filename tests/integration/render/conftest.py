"""Fixtures for the render engine's integration tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest
import pytest_asyncio

from app.config import Settings
from worker.render.browser import BrowserManager


@pytest.fixture
def settings(settings_factory: Callable[..., Settings]) -> Settings:
    """The engine tests fetch logos and data from servers on the loopback, which the outbound
    guard refuses unless private addresses are allowed explicitly."""
    return settings_factory(allow_private_urls=True)


@pytest_asyncio.fixture
async def manager(settings: Settings) -> AsyncIterator[BrowserManager]:
    """A browser manager closed after the test."""
    m = BrowserManager(settings)
    try:
        yield m
    finally:
        await m.close()


@pytest.fixture(autouse=True)
def _note_preexisting_processes() -> None:
    """Leak checks count only processes a test started itself."""
    import psutil
    import render_support

    render_support.preexisting_pids.clear()
    render_support.preexisting_pids.update(p.pid for p in psutil.Process().children(recursive=True))
