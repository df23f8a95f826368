"""Every Database a test opens must be disposed before the test's event loop closes.

An engine left open keeps aiosqlite's worker thread alive past the loop, which then fails
with "Event loop is closed" at some later test or at exit.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.db import Database


@pytest.fixture(autouse=True)
def every_database_is_disposed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    open_urls: dict[int, str] = {}
    real_init, real_dispose = Database.__init__, Database.dispose

    def init(self: Database, database_url: str) -> None:
        real_init(self, database_url)
        open_urls[id(self)] = database_url

    async def dispose(self: Database) -> None:
        await real_dispose(self)
        open_urls.pop(id(self), None)

    monkeypatch.setattr(Database, "__init__", init)
    monkeypatch.setattr(Database, "dispose", dispose)
    yield
    assert not open_urls, f"Database(...) created and never disposed: {sorted(open_urls.values())}"
