"""Signing in and the overview in Chromium, at desktop and phone width, keyboard only."""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, expect
from sqlalchemy import select

from app.accounts.models import Account
from app.db import Database
from tests.browser.dashboard.conftest import Dashboard, SignedIn, open_signed_in

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def balance(dashboard: Dashboard) -> int:
    """The journey account's credits now (the dashboard is shared by the journey files, and
    the render journey may have run first)."""
    db = Database(dashboard.settings.database_url)
    try:
        async with db.session() as session:
            found = await session.scalar(
                select(Account.credits).where(Account.email == dashboard.email)
            )
    finally:
        await db.dispose()
    assert found is not None
    return int(found)


async def test_overview_after_sign_in(signed_in: SignedIn, dashboard: Dashboard) -> None:
    page = signed_in.page
    await expect(page.get_by_role("heading", name="Overview")).to_be_visible()
    credits = await balance(dashboard)
    assert 0 < credits <= 500  # seeded with 500
    await expect(page.get_by_test_id("credits")).to_have_text(str(credits))
    assert signed_in.errors == []


async def test_phone_width_menu_and_keyboard_sign_out(
    browser: Browser, dashboard: Dashboard
) -> None:
    signed = await open_signed_in(browser, dashboard, viewport={"width": 390, "height": 844})
    page = signed.page
    try:
        nav = page.get_by_role("navigation", name="Dashboard")
        await expect(nav).to_be_hidden()
        toggle = page.get_by_role("button", name="Menu")
        await toggle.focus()
        await page.keyboard.press("Enter")
        await expect(nav).to_be_visible()
        await expect(toggle).to_have_attribute("aria-expanded", "true")
        await page.get_by_role("button", name="Sign out").focus()
        await page.keyboard.press("Enter")
        await page.wait_for_url("**/app/login")
        await expect(page.get_by_role("status")).to_have_text("Signed out.")
        assert signed.errors == []
    finally:
        await signed.context.close()
