"""Campaign analytics in Chromium: a seeded A/B batch of finished videos with viewing
sessions; the heatmap's scene frames load (cut by ffmpeg on demand), the winner is shown, the
recipients CSV downloads, at desktop and phone width, with no console errors."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from playwright.async_api import Browser, expect
from sqlalchemy import select

from app.accounts.models import Account
from app.db import Database
from app.media.storage import get_storage
from tests.browser.dashboard.conftest import Dashboard, SignedIn, open_signed_in
from tests.support import campaigns

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def seed(dashboard: Dashboard, folder: Path) -> str:
    db = Database(dashboard.settings.database_url)
    try:
        async with db.session() as session:
            account = await session.scalar(select(Account).where(Account.email == dashboard.email))
        assert account is not None
        campaigns.store_clip(get_storage(dashboard.settings), folder)
        (template_id,) = await campaigns.make_templates(db, account.id, 1)
        return await campaigns.ab_campaign(db, account.id, template_id)
    finally:
        await db.dispose()


async def test_open_the_campaign_analytics_of_a_batch(
    browser: Browser, dashboard: Dashboard, signed_in: SignedIn, tmp_path: Path
) -> None:
    batch_id = await seed(dashboard, tmp_path)
    page = signed_in.page
    await page.get_by_role("link", name="Analytics").click()
    await page.get_by_role("link", name=f"Batch {batch_id[:8]}").click()
    await expect(page.get_by_role("heading", name="Scene retention")).to_be_visible()
    await expect(page.get_by_test_id("retention-0")).to_have_text("100%")
    # every scene's frame is a real image (cut from the video when first asked for)
    frames = page.get_by_test_id("heatmap").get_by_role("img", name="Scene")
    await expect(frames).to_have_count(3)
    for i in range(3):
        await expect(frames.nth(i)).to_have_js_property("complete", True, timeout=30_000)
        width = await frames.nth(i).evaluate("img => img.naturalWidth")
        assert width == 480
    await expect(page.get_by_test_id("ab-winner")).to_contain_text("Green")
    await expect(page.get_by_test_id("ab-status")).to_contain_text("Winner: Green")
    await expect(page.get_by_test_id("recipients").locator("tbody tr")).to_have_count(50)
    async with page.expect_download() as info:
        await page.get_by_role("link", name="Export CSV").click()
    download = await info.value
    table = list(csv.DictReader(io.StringIO(Path(await download.path()).read_text())))
    assert len(table) == 60 and {r["variant"] for r in table} == {"a", "b"}
    await page.get_by_role("link", name="Next page").click()
    await expect(page.get_by_test_id("recipients").locator("tbody tr")).to_have_count(10)
    assert signed_in.errors == []

    phone = await open_signed_in(browser, dashboard, viewport={"width": 390, "height": 844})
    try:
        await phone.page.goto(dashboard.url(f"/app/analytics/{batch_id}"))
        await expect(phone.page.get_by_test_id("retention-2")).to_be_visible()
        overflow = await phone.page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0
        assert phone.errors == []
    finally:
        await phone.context.close()
