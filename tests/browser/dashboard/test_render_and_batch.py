"""Render one and a batch in Chromium against the live API and worker: a short template (two
short scenes, 720p, no voiceover) rendered from the form and played; a CSV whose column needs
fuzzy mapping and with one bad row uploaded, fixed, started, watched to the end, its results
downloaded. No console errors."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from playwright.async_api import expect

from app.accounts.service import get_account_by_email
from app.db import Database
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template
from tests.browser.dashboard.conftest import Dashboard, SignedIn

pytestmark = [pytest.mark.asyncio(loop_scope="session"), pytest.mark.slow]

SHORT = {
    "name": "Short journey",
    "scenes": [
        {"primitiveId": "title-intro", "durationOverride": 1.5},
        {"primitiveId": "title-intro", "durationOverride": 1.5, "animationOption": "scale-in"},
    ],
    "dataSlots": [
        {"key": "person_name", "label": "Customer name", "type": "text", "required": True},
        {"key": "score", "label": "Score", "type": "number", "required": False},
    ],
    "defaults": {"resolution": "720p", "fps": 30, "includeVoiceover": False},
}
# "Customer Nam" is no name nor alias of the slot: only the fuzzy match maps it.
BAD_CSV = "Customer Nam,Score\nRobin Hart,12\nSam Lee,lots\n"
RENDER_WAIT_MS = 300_000


async def short_template(dashboard: Dashboard) -> str:
    db = Database(dashboard.settings.database_url)
    try:
        async with db.session() as session:
            account = await get_account_by_email(session, dashboard.email)
            assert account is not None
            view, _ = await create_template(
                session, account.id, CreateTemplate.model_validate(SHORT)
            )
            return view.id
    finally:
        await db.dispose()


async def test_render_one_then_a_batch_from_a_csv(
    signed_in: SignedIn, dashboard: Dashboard, tmp_path: Path
) -> None:
    page = signed_in.page
    template_id = await short_template(dashboard)

    # Render one: the form from the data slots, the lowest resolution, no voiceover.
    await page.goto(dashboard.url("/app/render"))
    await page.get_by_role("link", name="Render with Short journey").click()
    await page.get_by_label("Customer name").fill("Robin Hart")
    await page.get_by_label("Score").fill("42")
    await page.get_by_label("Resolution").select_option("720p")
    await expect(page.get_by_label("Voiceover")).not_to_be_checked()
    await page.get_by_role("button", name="Render (1 credit)").click()
    await page.wait_for_url("**/app/renders/*")
    await expect(page.get_by_role("status")).to_have_text("Render queued.")
    video = page.get_by_test_id("video")
    await expect(video).to_be_visible(timeout=RENDER_WAIT_MS)  # the page reloads when done
    await expect(page.get_by_test_id("job-status")).to_have_text("complete")
    job_id = page.url.rsplit("/", 1)[1]
    await expect(page.get_by_test_id("player-link")).to_have_attribute(
        "href", dashboard.url(f"/v/{job_id}")
    )
    assert (await video.get_attribute("poster") or "").endswith(".png")
    played = await video.evaluate(
        """async (v) => {
            v.muted = true;
            await v.play();
            await new Promise((ok) => setTimeout(ok, 700));
            return v.currentTime;
        }"""
    )
    assert played > 0.2

    # A batch: upload the CSV, see the fuzzy mapping and the bad row, fix it, start.
    await page.goto(dashboard.url(f"/app/batches/new?template={template_id}"))
    upload = tmp_path / "people.csv"
    upload.write_text(BAD_CSV)
    await page.get_by_label("Upload a CSV file").set_input_files(upload)
    await page.get_by_role("button", name="Check rows").click()
    # (exact: the bad row's fix form has a "Row 2: Customer name" field)
    await expect(page.get_by_label("Customer Nam", exact=True)).to_have_value("person_name")
    bad = page.get_by_test_id("bad-row")
    await expect(bad).to_have_count(1)
    await expect(bad).to_contain_text("Score 'lots' is not a number")
    await expect(page.get_by_test_id("form-error")).to_contain_text("nothing was queued")
    await expect(page.get_by_role("button", name="Start batch")).to_have_count(0)
    box = page.get_by_label("CSV (first line: column names)")
    await expect(box).to_have_value(BAD_CSV.strip() + "\n")
    await box.fill(BAD_CSV.replace("lots", "7"))
    await page.get_by_role("button", name="Check rows").click()
    await expect(page.get_by_test_id("bad-row")).to_have_count(0)
    await expect(page.get_by_test_id("cost")).to_contain_text("Cost: 2 credits")
    await page.get_by_role("button", name="Start batch (2 credits)").click()
    await page.wait_for_url("**/app/batches/*")
    status = page.get_by_test_id("batch-status")
    await expect(status).to_have_text("complete", timeout=RENDER_WAIT_MS)
    jobs = page.get_by_test_id("batch-jobs")
    await expect(jobs.get_by_role("link", name="Player")).to_have_count(2)
    await page.set_viewport_size({"width": 390, "height": 844})  # phone width: no sideways page
    assert await page.evaluate("document.documentElement.scrollWidth") <= 390
    await page.set_viewport_size({"width": 1280, "height": 720})

    async with page.expect_download() as download:
        await page.get_by_test_id("results-csv").click()
    path = await (await download.value).path()
    rows = list(csv.DictReader(io.StringIO(Path(path).read_text())))
    assert [(r["recipient"], r["status"]) for r in rows] == [
        ("Robin Hart", "complete"),
        ("Sam Lee", "complete"),
    ]
    assert all(r["player_url"].startswith(dashboard.url("/v/")) for r in rows)
    assert all(r["video_url"].endswith(".mp4") for r in rows)
    assert signed_in.errors == []
