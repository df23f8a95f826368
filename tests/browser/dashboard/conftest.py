"""One live dashboard for the browser journeys: a real API (Hypercorn) and a real worker
process on a fresh SQLite database, a seeded studio account, and signed-in Chromium pages that
collect console errors (a journey must end with none)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser, BrowserContext, Page

from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.models import create_all
from tests.support.live_server import free_port, live_server, server_env

PASSWORD = "dashboard journey password"


@dataclass
class Dashboard:
    base: str
    settings: Settings
    email: str
    password: str = PASSWORD

    def url(self, path: str) -> str:
        return self.base + path


async def seed_account(database_url: str, email: str, credits: int = 500) -> str:
    db = Database(database_url)
    await create_all(db)
    try:
        async with db.session() as session:
            account = await create_account(session, email, PASSWORD, "studio", credits)
            return account.id
    finally:
        await db.dispose()


@pytest.fixture(scope="session")
def dashboard(tmp_path_factory: pytest.TempPathFactory, settings_maker: Any) -> Iterator[Dashboard]:
    """The API and a worker serving one fresh database (shared by the dashboard journeys)."""
    base_dir: Path = tmp_path_factory.mktemp("dashboard")
    port = free_port()
    settings: Settings = settings_maker(
        base_dir, public_url=f"http://127.0.0.1:{port}", allow_private_urls=True
    )
    email = f"journey-{uuid.uuid4().hex[:8]}@example.com"
    asyncio.run(seed_account(settings.database_url, email))
    env = {
        **os.environ,
        **server_env(settings),
        "REELSMITH_CACHE_DIR": str(settings.cache_dir),
        "REELSMITH_WORKER_CONCURRENCY": "1",
        "REELSMITH_RENDER_PARALLELISM": "1",
    }
    worker = subprocess.Popen([sys.executable, "-m", "app.cli", "worker"], env=env)
    try:
        with live_server(settings, port) as base:
            yield Dashboard(base, settings, email)
    finally:
        worker.terminate()
        worker.wait(30)


@dataclass
class SignedIn:
    page: Page
    context: BrowserContext
    errors: list[str] = field(default_factory=list)


async def open_signed_in(
    browser: Browser, dashboard: Dashboard, email: str | None = None, **context_options: Any
) -> SignedIn:
    """A new browser context signed in through the form (console errors collected)."""
    context = await browser.new_context(**context_options)
    page = await context.new_page()
    signed = SignedIn(page, context)
    page.on("console", lambda m: signed.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: signed.errors.append(str(e)))
    await page.goto(dashboard.url("/app/login"))
    await page.get_by_label("Email").fill(email or dashboard.email)
    await page.get_by_label("Password").fill(dashboard.password)
    await page.get_by_role("button", name="Sign in").click()
    await page.wait_for_url(dashboard.url("/app"))
    return signed


@pytest_asyncio.fixture(loop_scope="session")
async def signed_in(browser: Browser, dashboard: Dashboard) -> AsyncIterator[SignedIn]:
    signed = await open_signed_in(browser, dashboard)
    try:
        yield signed
    finally:
        await signed.context.close()
