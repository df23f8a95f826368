"""reelsmith.fitReport(): what fitting did to each text element, the same in the video and in a
preview of any size."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Browser

from tests.browser.conftest import composition_html, open_composition

pytestmark = pytest.mark.asyncio(loop_scope="session")

PULSE_LIKE = [
    {"primitiveId": "title-intro", "sceneData": {"person_name": "[person_name]"}},
    {
        "primitiveId": "stat-counters",
        "transition": "cut",
        "sceneData": {"stats": "[keyStats]", "title": "[period] at a glance"},
    },
]


def entry(report: list[dict[str, Any]], element: str, prop: str | None = None) -> dict[str, Any]:
    found = [e for e in report if e["element"] == element and (prop is None or e["prop"] == prop)]
    assert len(found) == 1, (element, prop, report)
    return found[0]


async def test_a_long_name_shrinks_and_reports_its_scale_and_field(make_composition) -> None:
    data = {
        "person_name": "Maximiliana Alexandra Featherstonehaugh-Worthington",
        "period": "Q3",
        "keyStats": [{"label": "Revenue", "value": 5}, {"label": "New customers", "value": 9}],
    }
    page = await make_composition(PULSE_LIKE, data)
    report = await page.page.evaluate("reelsmith.fitReport()")
    name = entry(report, ".ti-name")
    assert name["field"] == "person_name" and name["scene"] == 0
    assert name["declared"] == 116 and name["size"] < 116 and 0.4 < name["scale"] < 1
    assert not name["truncated"]
    label = entry(report, ".sc-label", "stats[1].label")
    assert label["field"] == "keyStats[1].label" and label["scale"] == 1
    assert entry(report, ".sc-title")["field"] == "period"


async def test_text_past_every_size_is_cut_with_an_ellipsis_and_reported(make_composition) -> None:
    name = "Wolfeschlegelsteinhausenbergerdorff" * 500
    page = await make_composition(PULSE_LIKE[:1], {"person_name": name})
    report = entry(await page.page.evaluate("reelsmith.fitReport()"), ".ti-name")
    assert report["truncated"] and report["size"] == 52  # the declared minimum
    shown = await page.page.evaluate("document.querySelector('.ti-name').textContent")
    assert shown.endswith("\u2026") and name.startswith(shown[:-1]) and len(shown) < 200
    await page.seek(3000)  # the name in place (entering, it slides up from below its box)
    box = await page.page.evaluate(
        "(() => { const e = document.querySelector('.ti-name');"
        " return [e.scrollWidth, e.clientWidth, e.scrollHeight]; })()"
    )
    assert box[0] <= box[1] and box[2] < 3 * 52 * 1.06  # two lines at the minimum size


async def test_a_one_character_name_stays_at_its_full_size(make_composition) -> None:
    page = await make_composition(PULSE_LIKE[:1], {"person_name": "J"})
    report = entry(await page.page.evaluate("reelsmith.fitReport()"), ".ti-name")
    assert report["scale"] == 1 and not report["truncated"]


async def test_the_preview_of_any_size_fits_text_exactly_like_the_video(browser: Browser) -> None:
    data = {
        "person_name": "محمد بن عبدالله الفلاني Featherstonehaugh",
        "period": "Q3 2026 — the long quarter of everything",
        "keyStats": [{"label": "Revenue from enterprise renewals", "value": -1284000000}],
    }
    html = composition_html(PULSE_LIKE, data)
    video = await open_composition(browser, html)
    context = await browser.new_context(viewport={"width": 480, "height": 270})
    try:
        preview = await context.new_page()
        await preview.set_content(html, wait_until="load")
        await preview.evaluate("() => window.reelsmith.ready")
        scaled = await preview.evaluate("document.getElementById('rs-stage').style.transform")
        assert "scale(0.375)" in scaled  # the stage really is scaled down
        want = await video.page.evaluate("reelsmith.fitReport()")
        assert any(e["scale"] < 1 for e in want)
        assert await preview.evaluate("reelsmith.fitReport()") == want
    finally:
        await video.close()
        await context.close()


async def test_a_primitive_may_size_an_element_for_its_data(make_composition) -> None:
    quote = "We shipped in weeks, not quarters, and the whole team finally slept. " * 3
    page = await make_composition(
        [{"primitiveId": "quote-card"}], {"quote": quote, "person_name": "Maria"}
    )
    report = entry(await page.page.evaluate("reelsmith.fitReport()"), ".qc-text")
    assert report["declared"] == 38  # a quote over 140 characters starts smaller (not 46)
    assert report["field"] == "quote"


# Whether the browser draws an element's text cut with "…" (text-overflow: ellipsis): its text
# run is wider than its content box, in fractions of a pixel.
DRAWN_CUT = """
() => Array.from(document.querySelectorAll('.rs-scene .sc-number')).map(e => {
  const range = document.createRange();
  range.selectNodeContents(e);
  return [e.textContent, range.getBoundingClientRect().width > e.getBoundingClientRect().width];
})
"""


async def test_a_text_that_fits_by_the_report_is_not_drawn_cut(make_composition) -> None:
    """Layout widths are whole pixels: "Sam Lee" measured 278 px in a 278 px card and the
    report said it fits, while the browser, measuring 278.4, drew "Sam L…". Each value here
    (the sample data of a composed onboarding video) must be drawn whole."""
    stats = [
        {"label": "Team", "value": "Blue Team"},
        {"label": "Manager", "value": "Sam Lee"},
        {"label": "Start date", "value": "2026-03-14"},
    ]
    scenes = [{"primitiveId": "stat-counters", "sceneData": {"stats": stats, "title": "Hi"}}]
    page = await make_composition(scenes, {})
    report = await page.page.evaluate("reelsmith.fitReport()")
    numbers = [e for e in report if e["element"] == ".sc-number"]
    assert len(numbers) == 3 and not any(e["truncated"] for e in numbers)
    assert await page.page.evaluate(DRAWN_CUT) == [
        ["Blue Team", False], ["Sam Lee", False], ["Mar 14, 2026", False]
    ]  # fmt: skip
