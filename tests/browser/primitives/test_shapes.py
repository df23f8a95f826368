"""One template, every shape: every primitive (each option, typical and longest text) and
every built-in template laid out at 9:16, 1:1 and 4:5 (16:9 is the text-fit suite's). At each
scene's settled frame: text inside the shape's safe area and its own box, no two texts
overlapping, nothing of the content cut by the frame (tests/support/layout.py); and a shape's
frame is its own layout, not a letterboxed copy of the 16:9 one."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from app.composition.page import render_composition
from app.composition.timeline import build_timeline
from app.primitives.catalog import catalog, get_primitive
from app.spec import layout_size
from app.templates.binding import prepare_render
from app.templates.builtins import BUILTIN_IDS, builtins
from tests.browser.conftest import open_composition
from tests.support.fit_samples import fit_case
from tests.support.layout import settled_layout_problems

pytestmark = [pytest.mark.asyncio(loop_scope="session"), pytest.mark.slow]

SHAPES = ("9:16", "1:1", "4:5")


def _scenes(primitive_id: str, fields: dict[str, Any]) -> list[dict[str, Any]]:
    info = get_primitive(primitive_id)
    assert info is not None
    return [
        {"primitiveId": primitive_id, "animationOption": option, "transition": "cut", **fields}
        for option in info.animationOptions
    ]


@pytest.mark.parametrize("which", ["typical", "maximum"])
@pytest.mark.parametrize("primitive_id", sorted(catalog()))
@pytest.mark.parametrize("shape", SHAPES)
async def test_every_primitive_lays_itself_out_in_every_shape(
    make_composition, shape: str, primitive_id: str, which: str
) -> None:
    fields, data = fit_case(primitive_id, which)
    page = await make_composition(
        _scenes(primitive_id, fields), data, output={"aspectRatio": shape}
    )
    assert await page.page.evaluate("reelsmith.stage") == {
        "shape": shape,
        "width": layout_size(shape)[0],
        "height": layout_size(shape)[1],
    }
    found = {k: v for k, v in (await settled_layout_problems(page)).items() if v}
    assert found == {}, f"{primitive_id} ({which}) at {shape}: {found}"
    assert page.errors == [], page.errors
    if which == "typical":  # the shape cuts no typical text that 16:9 shows whole
        landscape = await make_composition(_scenes(primitive_id, fields), data)
        assert await truncated(page) <= await truncated(landscape), f"{primitive_id} at {shape}"


async def truncated(page: Any) -> set[tuple[int, str]]:
    """(scene, element) of every text the fit rules cut short with "…"."""
    report = await page.page.evaluate("reelsmith.fitReport()")
    return {(entry["scene"], entry["element"]) for entry in report if entry["truncated"]}


def builtin_html(template_id: str, shape: str) -> str:
    item = builtins()[template_id]
    scenes, filled = prepare_render(item.scenes, item.dataSlots, item.sampleData)
    timeline = build_timeline(scenes, filled)
    output = {"aspectRatio": shape}
    return render_composition(timeline, item.defaults.model_dump(), output, None, data=filled)


@pytest.mark.parametrize("template_id", BUILTIN_IDS)
@pytest.mark.parametrize("shape", SHAPES)
async def test_every_builtin_template_lays_itself_out_in_every_shape(
    browser, shape: str, template_id: str
) -> None:
    page = await open_composition(browser, builtin_html(template_id, shape))
    try:
        found = {k: v for k, v in (await settled_layout_problems(page)).items() if v}
        assert found == {}, f"{template_id} at {shape}: {found}"
        assert page.errors == [], page.errors
    finally:
        await page.close()


def _small(png: bytes, size: tuple[int, int]) -> Image.Image:
    return Image.open(BytesIO(png)).convert("L").resize(size)


def _difference(a: Image.Image, b: Image.Image) -> float:
    pairs = zip(a.getdata(), b.getdata(), strict=True)
    return sum(abs(x - y) for x, y in pairs) / (a.width * a.height)


@pytest.mark.parametrize("shape", SHAPES)
async def test_a_shape_is_its_own_layout_not_a_letterboxed_landscape_frame(
    browser, shape: str
) -> None:
    """The 16:9 frame scaled into the shape (letterboxed, as a player would show it) differs
    clearly from the shape's own frame (mean difference in grey levels on a 1/8 thumbnail)."""
    width, height = layout_size(shape)
    shots = {}
    for which in ("16:9", shape):
        page = await open_composition(browser, builtin_html("pulse", which))
        try:
            at = await page.page.evaluate("reelsmith.settledAt(0)")
            shots[which] = await page.frame(at)
        finally:
            await page.close()
    own = Image.open(BytesIO(shots[shape])).convert("L")
    assert own.size == (width, height)
    landscape = Image.open(BytesIO(shots["16:9"])).convert("L")
    scale = min(width / 1280, height / 720)
    boxed = Image.new("L", (width, height), 0)
    fitted = landscape.resize((round(1280 * scale), round(720 * scale)))
    boxed.paste(fitted, ((width - fitted.width) // 2, (height - fitted.height) // 2))
    size = (width // 8, height // 8)
    difference = _difference(own.resize(size), boxed.resize(size))
    assert difference > 12, f"{shape}: {difference:.1f} levels from the letterboxed 16:9 frame"
