"""List slots as rows in Chromium: the render form's key stats with add and remove (the rows
renumbered, the data posted as typed), the server's message beside the field of the item that
lacks a value; the batch page's *Check rows* showing each row's warnings and the cost from the
dry run, and a bad row fixed in its own form. No console errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.async_api import expect
from sqlalchemy import select

from app.db import Database
from app.renders.models import RenderJob
from tests.browser.dashboard.conftest import Dashboard, SignedIn

pytestmark = pytest.mark.asyncio(loop_scope="session")

# REELSMITH_SHOTS=<folder>: keep a PNG of each step (to look at the forms).
SHOTS = os.environ.get("REELSMITH_SHOTS")
LONG = "Maximilian Alexander Wolfeschlegelsteinhausen-Featherstonehaugh"


async def shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


async def job_data(dashboard: Dashboard, job_id: str) -> dict:  # type: ignore[type-arg]
    db = Database(dashboard.settings.database_url)
    try:
        async with db.session() as session:
            job = (
                await session.execute(select(RenderJob).where(RenderJob.id == job_id))
            ).scalar_one()
            return dict(job.request["data"])
    finally:
        await db.dispose()


async def test_key_stats_are_rows_with_add_remove_and_typed_fields(
    signed_in: SignedIn, dashboard: Dashboard
) -> None:
    page = signed_in.page
    await page.goto(dashboard.url("/app/render?template=pulse"))
    stats = page.get_by_test_id("list-keyStats")
    await expect(stats.get_by_role("group", name="Key stats (required)")).to_have_count(0)
    await expect(stats.locator("[data-row]")).to_have_count(1)
    await page.get_by_label("Recipient name").fill("Priya Shah")
    await page.get_by_label("Period").fill("Q3 2026")
    await page.get_by_label("Key stat 1: Label").fill("Revenue")
    await page.get_by_label("Key stat 1: Value").fill("1284000")
    await page.get_by_label("Key stat 1: Prefix").fill("$")
    await stats.get_by_role("button", name="Add a key stat").click()
    await expect(page.get_by_label("Key stat 2: Label")).to_be_focused()
    await page.get_by_label("Key stat 2: Label").fill("Churned")
    await stats.get_by_role("button", name="Add a key stat").click()
    await page.get_by_label("Key stat 3: Label").fill("NPS")  # its value left out on purpose
    await page.get_by_role("button", name="Remove key stat 2").click()
    await expect(stats.locator("[data-row]")).to_have_count(2)
    await expect(page.get_by_label("Key stat 2: Label")).to_have_value("NPS")  # renumbered
    assert (
        await page.get_by_label("Key stat 2: Label").get_attribute("name")
        == "data.keyStats.1.label"
    )
    # Categories: a number field is a number input.
    assert await page.get_by_label("Category 1: Value").get_attribute("type") == "number"
    await page.get_by_label("Voiceover").uncheck()
    await shot(page, "render-list-rows")

    await page.get_by_role("button", name="Render (1 credit)").click()
    await expect(page.get_by_test_id("form-error")).to_contain_text("data.keyStats[1].value")
    value = page.get_by_label("Key stat 2: Value")
    await expect(value).to_have_attribute("aria-invalid", "true")
    await expect(page.locator('[id="data.keyStats.1.value-error"]')).to_have_text("is required")
    await expect(page.get_by_label("Key stat 1: Label")).to_have_value("Revenue")  # kept
    await shot(page, "render-list-rows-error")
    await value.fill("61")
    await page.get_by_label("Voiceover").uncheck()
    await page.get_by_role("button", name="Render (1 credit)").click()
    await page.wait_for_url("**/app/renders/*")
    data = await job_data(dashboard, page.url.rsplit("/", 1)[1])
    assert data["keyStats"] == [
        {"label": "Revenue", "value": "1284000", "prefix": "$"},
        {"label": "NPS", "value": "61"},
    ]
    assert "categories" not in data  # its blank row is no item
    # The refused form was answered 400 (the browser logs the status); nothing else.
    assert [e for e in signed_in.errors if "status of 400" not in e] == []


async def test_check_rows_shows_warnings_and_cost_and_a_bad_row_is_fixed_in_its_form(
    signed_in: SignedIn, dashboard: Dashboard
) -> None:
    page = signed_in.page
    await page.goto(dashboard.url("/app/batches/new?template=pulse"))
    csv_text = (
        "name,period,stats\n"
        'Priya Shah,Q3,"[{""label"": ""NPS"", ""value"": 61}]"\n'
        f'{LONG},Q3,"[{{""label"": ""NPS"", ""value"": 61}}]"\n'
        "Sam Lee,Q3,[]\n"
    )
    await page.get_by_label("CSV (first line: column names)").fill(csv_text)
    await page.get_by_role("button", name="Check rows").click()
    await expect(page.get_by_test_id("bad-row")).to_have_count(1)
    await expect(page.get_by_test_id("bad-row")).to_contain_text("is required")
    warned = page.get_by_test_id("warn-row")
    await expect(warned).to_have_count(1)
    await expect(warned.get_by_test_id("row-warning").first).to_contain_text(
        "person_name: shrunk to"
    )
    await expect(page.get_by_test_id("cost")).to_contain_text("Cost: 3 credits")
    await expect(page.get_by_test_id("cost")).to_contain_text("2 of 3 rows ready")
    await expect(page.get_by_test_id("warned-rows")).to_have_text("1 with warnings")
    await expect(page.get_by_role("button", name="Start batch")).to_have_count(0)
    fix = page.get_by_test_id("fix-row")
    await expect(fix).to_have_count(1)
    await expect(page.get_by_label("Row 3: Recipient name")).to_have_value("Sam Lee")
    await shot(page, "batch-check-rows")

    await fix.get_by_label("Key stat 1: Label").fill("Workouts")
    await fix.get_by_label("Key stat 1: Value").fill("212")
    await fix.get_by_role("button", name="Save row 3").click()
    await expect(page.get_by_test_id("bad-row")).to_have_count(0)
    box = page.get_by_label("CSV (first line: column names)")
    await expect(box).to_contain_text(
        'Sam Lee,Q3,"[{""label"": ""Workouts"", ""value"": ""212""}]"'
    )
    await expect(page.get_by_test_id("cost")).to_contain_text("3 of 3 rows ready")
    await expect(page.get_by_role("button", name="Start batch (3 credits)")).to_have_count(1)
    await shot(page, "batch-fixed")
    assert signed_in.errors == []
