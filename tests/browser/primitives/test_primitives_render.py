"""Each primitive renders at 720p and 4k, every option, with no errors and no junk text."""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image, ImageChops

from app.primitives.catalog import get_primitive
from tests.support.samples import EMPTY, FULL

pytestmark = pytest.mark.asyncio(loop_scope="session")

JUNK = ("undefined", "NaN", "null", "[object Object]")


def _scenes(primitive_id: str, option: str | None = None, extra: dict | None = None) -> list[dict]:
    fields = dict(extra or {})
    if option:
        fields["animationOption"] = option
    return [{"primitiveId": primitive_id, **fields}]


@pytest.mark.parametrize("primitive_id", sorted(FULL))
async def test_primitive_renders_every_option_at_720p_without_errors(
    make_composition, primitive_id
):
    info = get_primitive(primitive_id)
    assert info is not None
    fields, data = FULL[primitive_id]
    for option in info.animationOptions:
        page = await make_composition(_scenes(primitive_id, option, fields), data)
        duration = await page.page.evaluate("reelsmith.duration")
        texts = []
        for t in (duration * 0.1, duration * 0.5, duration):
            await page.seek(t)
            texts.append(await page.text())
        assert page.errors == [], f"{primitive_id}/{option}: {page.errors}"
        visible = texts[-1]
        assert visible.strip(), f"{primitive_id}/{option} shows nothing at the end"
        for junk in JUNK:
            assert junk not in visible, f"{primitive_id}/{option} shows {junk!r}"
        await page.close()


@pytest.mark.parametrize("primitive_id", sorted(FULL))
async def test_primitive_renders_at_4k_pixel_ratio(make_composition, primitive_id):
    fields, data = FULL[primitive_id]
    page = await make_composition(_scenes(primitive_id, None, fields), data, dpr=3)
    png = await page.frame(await page.page.evaluate("reelsmith.duration") - 1)
    assert page.errors == []
    image = Image.open(BytesIO(png))
    assert image.size == (3840, 2160)
    assert len(set(image.convert("L").resize((64, 36)).getdata())) > 4  # not a blank frame


@pytest.mark.parametrize("primitive_id", sorted(EMPTY))
async def test_primitive_handles_missing_optional_data(make_composition, primitive_id):
    info = get_primitive(primitive_id)
    assert info is not None
    for option in info.animationOptions[:2]:
        page = await make_composition(_scenes(primitive_id, option), EMPTY[primitive_id])
        await page.seek(await page.page.evaluate("reelsmith.duration"))
        visible = await page.text()
        assert page.errors == [], page.errors
        for junk in JUNK:
            assert junk not in visible, f"{primitive_id}/{option} shows {junk!r} with empty data"
        await page.close()


def _static_pairs(intervals: list[list[float]], duration: float) -> list[tuple[float, float]]:
    """Two times inside each gap between active intervals (where nothing may move)."""
    pairs, cursor = [], 0.0
    for start, end in intervals + [[duration, duration]]:
        if start - cursor > 120:
            pairs.append((cursor + 20, start - 20))
        cursor = max(cursor, end)
    return pairs


@pytest.mark.parametrize("primitive_id", sorted(FULL))
async def test_options_look_different_and_static_holds_are_honest(make_composition, primitive_id):
    info = get_primitive(primitive_id)
    assert info is not None
    fields, data = FULL[primitive_id]
    early_frames = {}
    for option in info.animationOptions:
        page = await make_composition(_scenes(primitive_id, option, fields), data)
        duration = await page.page.evaluate("reelsmith.duration")
        early_frames[option] = await page.frame(500)
        intervals = await page.page.evaluate("reelsmith.activeIntervals()")
        for a, b in _static_pairs(intervals, duration):
            can = await page.page.evaluate("([a, b]) => reelsmith.canDiffer(a, b)", [a, b])
            assert can is False
            assert await page.frame(a) == await page.frame(b), (
                f"{primitive_id}/{option} moves between {a} and {b} ms "
                "but declared nothing active there"
            )
        await page.close()
    frames = list(early_frames.items())
    for i, (name_a, a) in enumerate(frames):
        for name_b, b in frames[i + 1 :]:
            box = ImageChops.difference(Image.open(BytesIO(a)), Image.open(BytesIO(b))).getbbox()
            assert box is not None, f"{primitive_id}: {name_a} and {name_b} look the same at 500 ms"


async def test_stat_counters_count_up_and_keep_written_symbols(make_composition):
    stats = [
        {"label": "Revenue", "value": 1250000, "prefix": "$"},
        {"label": "Share", "value": "92%"},
        {"label": "Budget", "value": "$1,200"},
        {"label": "Rank", "value": "Top 5%"},
    ]
    page = await make_composition([{"primitiveId": "stat-counters"}], {"stats": stats})
    numbers = "Array.from(document.querySelectorAll('.sc-number')).map(n => n.textContent)"
    await page.seek(4900)
    assert await page.page.evaluate(numbers) == ["$1.25M", "92%", "$1,200", "Top 5%"]
    await page.seek(700)
    counting = await page.page.evaluate(numbers)
    assert counting[0].startswith("$0.") and counting[0].endswith("M")
    assert counting[1] != "92%" and counting[1].endswith("%")
    assert counting[3] == "Top 5%"
