"""API keys and webhooks in Chromium: a key created and shown once (and working), a webhook
registered to a receiver on the loopback and a test sent through the real worker; a request
without the CSRF token is refused; another account's webhook is not reachable by URL."""

from __future__ import annotations

import re
import uuid

import httpx
import pytest
from playwright.async_api import Browser, expect

from tests.browser.dashboard.conftest import Dashboard, SignedIn, open_signed_in, seed_account
from tests.support.webhooks import Receiver

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_create_a_key_shown_once(signed_in: SignedIn, dashboard: Dashboard) -> None:
    page = signed_in.page
    await (
        page.get_by_role("navigation", name="Dashboard")
        .get_by_role("link", name="API keys")
        .click()
    )
    await page.get_by_label("Name").fill("laptop")
    await page.get_by_label("render-only").check()
    await page.get_by_role("button", name="Create key").click()
    shown = page.get_by_test_id("new-key")
    await expect(shown).to_be_visible()
    raw = (await shown.text_content() or "").strip()
    assert raw.startswith("rs_")
    await page.get_by_role("button", name="Copy key").click()
    await expect(page.get_by_role("button", name=re.compile("Copied|Selected"))).to_be_visible()
    # The key works against the API, and is never shown again.
    resp = httpx.get(dashboard.url("/api/render/none"), headers={"X-API-Key": raw}, timeout=10)
    assert resp.status_code == 404  # authenticated, then not found
    await page.goto(dashboard.url("/app/keys"))
    assert raw not in await page.content()
    await expect(page.get_by_role("cell", name="laptop", exact=True)).to_be_visible()
    # A state change without the page's CSRF token is refused, even signed in.
    status = await page.evaluate(
        """async () => (await fetch('/app/keys', {method: 'POST',
            headers: {'X-Requested-With': 'fetch'},
            body: new URLSearchParams({name: 'x'})})).status"""
    )
    assert status == 403
    assert signed_in.errors == [] or all("403" in e for e in signed_in.errors)


async def test_register_a_webhook_and_send_a_test(
    signed_in: SignedIn, browser: Browser, dashboard: Dashboard
) -> None:
    page = signed_in.page
    with Receiver() as receiver:
        await page.goto(dashboard.url("/app/webhooks"))
        await page.get_by_label("URL").fill(receiver.url)
        await page.get_by_label("test.event").check()
        await page.get_by_label("render.complete").check()
        await page.get_by_role("button", name="Register").click()
        await expect(page.get_by_test_id("secret")).to_contain_text("whsec_")
        await page.get_by_role("button", name="Send test").click()
        await expect(page.get_by_test_id("test-status")).to_have_text("200", timeout=20_000)
        assert receiver.events() == ["test.event"]
        webhook_url = page.url
        await page.goto(webhook_url)
        await expect(page.get_by_test_id("delivery-log")).to_contain_text("#1: 200")
        assert signed_in.errors == []
    # Another account signed in cannot open it.
    other_email = f"other-{uuid.uuid4().hex[:8]}@example.com"
    await seed_account(dashboard.settings.database_url, other_email)
    other = await open_signed_in(browser, dashboard, other_email)
    try:
        resp = await other.page.goto(webhook_url)
        assert resp is not None and resp.status == 404
        await expect(other.page.get_by_role("heading", name="Webhook not found")).to_be_visible()
    finally:
        await other.context.close()


async def test_pages_fit_a_phone_without_sideways_scrolling(
    browser: Browser, dashboard: Dashboard
) -> None:
    signed = await open_signed_in(browser, dashboard, viewport={"width": 390, "height": 844})
    try:
        for path in ("/app/keys", "/app/webhooks", "/app/triggers", "/app/billing", "/app"):
            await signed.page.goto(dashboard.url(path))
            width = await signed.page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{path} is {width} px wide at 390 px"
        assert signed.errors == []
    finally:
        await signed.context.close()
