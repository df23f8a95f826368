"""The templates pages in Chromium: fork a built-in, edit a scene, watch the live preview
follow, save, reload, publish a new version, see a field's error beside it; keyboard reorder,
adding from the catalog, and the editor at phone width."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Browser, Page, expect

from tests.browser.dashboard.conftest import Dashboard, SignedIn, open_signed_in

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def fork_rewind(page: Page, dashboard: Dashboard) -> str:
    await page.goto(dashboard.url("/app/templates"))
    await expect(page.get_by_role("heading", name="Built-in templates")).to_be_visible()
    await page.get_by_role("button", name="Fork Rewind", exact=True).click()
    await page.wait_for_url(re.compile(r".*/app/templates/[0-9a-f-]{8,}$"))
    await expect(page.get_by_role("status").first).to_contain_text("Forked 'Rewind'")
    return page.url


async def test_fork_edit_preview_save_publish(signed_in: SignedIn, dashboard: Dashboard) -> None:
    page = signed_in.page
    editor_url = await fork_rewind(page, dashboard)
    await expect(page.get_by_test_id("version")).to_have_text("Version 1")
    preview = page.frame_locator("#tp-preview-frame")
    await expect(preview.locator("#rp-scenes")).to_contain_text("Intro", timeout=20_000)

    # Edit the first scene: its label and duration; the draft preview follows unsaved state.
    label = page.locator("#f-scenes-0-label")
    await expect(label).to_have_value("Intro")
    await label.fill("Welcome back")
    await page.locator("#f-scenes-0-defaultDuration").fill("4.5")
    await expect(page.locator("#tp-dirty")).to_be_visible()
    await expect(preview.locator(".rp-badge")).to_have_text("draft", timeout=20_000)
    await expect(preview.locator("#rp-scenes")).to_contain_text("Welcome back", timeout=20_000)

    await page.get_by_role("button", name="Save", exact=True).click()
    await expect(page.locator("#tp-status")).to_have_text("Saved; version 1.")
    await expect(page.locator("#tp-dirty")).to_be_hidden()

    await page.reload()
    await expect(page.locator("#f-scenes-0-label")).to_have_value("Welcome back")
    await expect(page.locator("#f-scenes-0-defaultDuration")).to_have_value("4.5")
    await expect(page.get_by_test_id("version")).to_have_text("Version 1")

    await page.get_by_role("button", name="Publish new version").click()
    await expect(page.get_by_test_id("version")).to_have_text("Version 2")
    await expect(page.locator("#tp-status")).to_have_text("Published version 2.")
    await page.goto(editor_url)
    await expect(page.get_by_test_id("version")).to_have_text("Version 2")

    # An invalid value: the error is shown beside that field, and nothing is saved.
    duration = page.locator("#f-scenes-1-defaultDuration")
    await duration.fill("500")
    await page.get_by_role("button", name="Save", exact=True).click()
    error = page.locator("#f-scenes-1-defaultDuration-error")
    await expect(error).to_contain_text("less than or equal to 120")
    await expect(duration).to_have_attribute("aria-invalid", "true")
    await expect(duration).to_be_focused()
    await expect(page.locator("#tp-status")).to_contain_text("Not saved")
    await duration.fill("6")
    await page.get_by_role("button", name="Save", exact=True).click()
    await expect(page.locator("#tp-status")).to_have_text("Saved; version 2.")
    await expect(error).to_have_count(0)
    assert signed_in.errors == []


async def test_reorder_by_keyboard_add_from_catalog_and_slots(
    signed_in: SignedIn, dashboard: Dashboard
) -> None:
    page = signed_in.page
    await fork_rewind(page, dashboard)
    second = await page.locator("#f-scenes-1-label").input_value()
    move = page.get_by_role("button", name="Move scene 1 down")
    await move.focus()
    await page.keyboard.press("Enter")
    await expect(page.locator("#f-scenes-1-label")).to_have_value("Intro")
    await expect(page.locator("#f-scenes-0-label")).to_have_value(second)
    # The keyboard stays on the moved scene.
    await expect(page.get_by_role("button", name="Move scene 2 down")).to_be_focused()

    count = await page.locator(".tp-scene").count()
    await page.get_by_text("Add a scene from the primitive catalog").click()
    card = page.locator('.tp-catalog li[data-primitive="quote-card"]')
    await expect(card).to_contain_text("Quote")
    await expect(card.locator(".tp-prim-thumb")).to_be_visible()
    await card.get_by_role("button").click()
    await expect(page.locator(".tp-scene")).to_have_count(count + 1)
    await expect(page.locator(f"#f-scenes-{count}-label")).to_be_focused()

    # Remove (after confirming) the scene just added, then add it again.
    page.once("dialog", lambda dialog: dialog.accept())
    await page.get_by_role("button", name=f"Remove scene {count + 1}").click()
    await expect(page.locator(".tp-scene")).to_have_count(count)
    await card.get_by_role("button").click()
    await expect(page.locator(".tp-scene")).to_have_count(count + 1)

    await page.get_by_role("button", name="Add data slot").click()
    slot_key = page.locator(".tp-slot").last.get_by_label("Key")
    await expect(slot_key).to_be_focused()
    await slot_key.fill("bad key")
    await page.get_by_role("button", name="Save", exact=True).click()
    slots = await page.locator(".tp-slot").count()
    slot_error = page.locator(f"#f-dataSlots-{slots - 1}-key-error")
    await expect(slot_error).to_be_visible()
    await slot_key.fill("favoriteQuote")
    await page.locator(".tp-slot").last.get_by_label("Required").check()
    await page.get_by_label("Accent color").fill("#ff0066")
    await page.get_by_role("button", name="Save", exact=True).click()
    await expect(page.locator("#tp-status")).to_have_text("Saved; version 1.")
    await page.reload()
    await expect(page.locator(".tp-scene")).to_have_count(count + 1)
    await expect(page.locator("#f-scenes-0-label")).to_have_value(second)
    await expect(page.get_by_label("Accent color")).to_have_value("#ff0066")
    await expect(page.locator(".tp-slot").last.get_by_label("Key")).to_have_value("favoriteQuote")
    assert signed_in.errors == []


async def test_assistant_writes_scripts_and_translates(
    signed_in: SignedIn, dashboard: Dashboard
) -> None:
    page = signed_in.page
    await fork_rewind(page, dashboard)
    await page.get_by_label("Script tone").select_option("celebratory")
    await page.get_by_role("button", name="Write scripts").click()
    await expect(page.locator("#tp-ai-note")).to_contain_text("celebratory tone")
    script = await page.locator("#f-scenes-0-voScript").input_value()
    assert script.strip()
    await page.get_by_label("Translate scripts to").select_option("pt")
    await page.get_by_role("button", name="Translate", exact=True).click()
    await expect(page.locator("#tp-ai-note")).to_contain_text("Portuguese")
    await expect(page.locator("#f-scenes-0-voScript")).not_to_have_value(script)
    await expect(page.get_by_label("Script language")).to_have_value("pt")
    await page.get_by_label("Prompt builder").fill("add a call to action at the end")
    await page.get_by_role("button", name="Apply prompt").click()
    await expect(page.locator("#tp-ai-note")).to_contain_text("suggested tone")
    assert signed_in.errors == []


async def test_editor_at_phone_width(browser: Browser, dashboard: Dashboard) -> None:
    signed = await open_signed_in(browser, dashboard, viewport={"width": 390, "height": 844})
    page = signed.page
    try:
        await fork_rewind(page, dashboard)
        await expect(page.locator("#f-scenes-0-label")).to_be_visible()
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        await expect(page.get_by_role("button", name="Save", exact=True)).to_be_visible()
        assert signed.errors == []
    finally:
        await signed.context.close()


async def test_the_poster_frame_is_chosen_previewed_and_saved(
    signed_in: SignedIn, dashboard: Dashboard
) -> None:
    page = signed_in.page
    await fork_rewind(page, dashboard)
    preview = page.frame_locator("#tp-preview-frame")
    poster = preview.locator(".rp-poster")
    await expect(poster).to_be_visible(timeout=20_000)
    automatic = await poster.locator(".rp-scene-time").text_content()
    pick = page.get_by_label("Poster frame")
    await expect(pick).to_have_value("")  # automatic: the rule
    await pick.select_option("1")
    await expect(pick).to_be_focused()  # the keyboard stays on the choice
    await page.get_by_label("Milliseconds into the scene").fill("1500")
    # the draft preview's poster follows: scene 2 starts after the 4 s intro (a fade in)
    await expect(poster.locator(".rp-scene-time")).not_to_have_text(automatic or "", timeout=20_000)
    await poster.click()
    at = await page.frame("tp-preview-frame").evaluate("window.reelsmithPreview.player.currentTime")
    start = await page.frame("tp-preview-frame").evaluate(
        "window.reelsmithPreview.player.scenes.find(s => s.index === 1).start"
    )
    assert at == start + 1500
    await page.get_by_role("button", name="Save", exact=True).click()
    await expect(page.locator("#tp-status")).to_have_text("Saved; version 1.")
    await page.reload()
    await expect(page.get_by_label("Poster frame")).to_have_value("1")
    await expect(page.get_by_label("Milliseconds into the scene")).to_have_value("1500")
    await page.get_by_label("Poster frame").select_option("")
    await expect(page.get_by_label("Milliseconds into the scene")).to_have_count(0)
    assert signed_in.errors == []
