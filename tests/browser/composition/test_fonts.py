"""Every character drawn by a bundled face: mixed scripts, a right-to-left name in a
left-to-right template, emoji sequences, combining marks.

Two checks per piece of text: Chromium's own account of which font drew it (CDP
CSS.getPlatformFontsForNode: every run from a web font of the page), and the frame itself
against the same text drawn with the bundled families followed by a catch-all face that draws
a solid box for every character, ahead of the system's fallback: equal pixels mean no glyph
came from anywhere but the bundled faces (a missing one would now be a box)."""

from __future__ import annotations

import base64
import io
from functools import cache
from typing import Any

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable
from playwright.async_api import Browser

from app.composition.glyphs import drawn
from tests.browser.conftest import composition_html, open_composition

pytestmark = pytest.mark.asyncio(loop_scope="session")

NAMES = {
    "arabic": "محمد بن سلمان",
    "hebrew": "שרה כהן",
    "devanagari": "अनन्या शर्मा",
    "thai": "สมชาย ใจดี",
    "chinese": "王小明",
    "japanese": "山田 はなこ",
    "korean": "김민준",
    "greek": "Ελένη Παπαδοπούλου",
    "cyrillic": "Дмитрий Иванов",
    "vietnamese": "Nguyễn Văn Đức",
    "combining": "Zoe\u0308 Jose\u0301 A\u030a",
    "mixed": "Ana 王 محمد Ελένη",
    "emoji": "Sam 👩🏽‍💻 👨‍👩‍👧‍👦 👍🏿 🇯🇵 🏴󠁧󠁢󠁳󠁣󠁴󠁿 ❤️",
}


@cache
def catch_all_font() -> str:
    """A font (base64) whose one glyph, a solid box, stands for every drawn character of the
    first two Unicode planes (cmap format 13: ranges onto one glyph)."""
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", "box"])
    glyphs = {}
    for name, (x0, y0, x1, y1) in {".notdef": (0, 0, 10, 10), "box": (50, 0, 450, 700)}.items():
        pen = TTGlyphPen(None)
        pen.moveTo((x0, y0))
        pen.lineTo((x0, y1))
        pen.lineTo((x1, y1))
        pen.lineTo((x1, y0))
        pen.closePath()
        glyphs[name] = pen.glyph()
    builder.setupGlyf(glyphs)
    builder.setupCharacterMap({0x41: "box"})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "box": (500, 50)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "RS Box", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    table = CmapSubtable.newSubtable(13)
    table.platformID, table.platEncID, table.language = 3, 10, 0
    table.cmap = {
        cp: "box" for cp in range(0x21, 0x20000) if not 0xD800 <= cp <= 0xDFFF and drawn(cp)
    }
    builder.font["cmap"].tables = [table]
    out = io.BytesIO()
    builder.save(out)
    return base64.b64encode(out.getvalue()).decode()


ADD_BOX_FONT = """async (b64) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const face = new FontFace("rs-test-box", bytes);
  document.fonts.add(await face.load());
}"""


async def bundled_only(page: Any, index: int, name: str) -> bool:
    """Whether the scene's title and subtitle look the same with a box after the bundled
    faces instead of the system's fallback."""
    scene = f'.rs-scene[data-index="{index}"]'
    await page.seek(await page.page.evaluate("i => reelsmith.settledAt(i)", index))
    box = await page.page.evaluate(
        "s => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {x: r.left, y: r.top, width: r.width, height: r.height}; }",
        f"{scene} .rs-frame",
    )
    before = await page.page.screenshot(clip=box)
    await page.page.evaluate(ADD_BOX_FONT, catch_all_font())
    families = await page.page.evaluate(
        """s => Array.from(document.querySelectorAll(s)).map(e => {
             const list = getComputedStyle(e).fontFamily.replace(/,\\s*sans-serif\\s*$/, "");
             e.style.fontFamily = list + ', "rs-test-box"';
             return list; })""",
        f"{scene} :is(.ti-name, .ti-subtitle)",
    )
    assert all(f.endswith("rs-noto-cjk") for f in families), families
    after = await page.page.screenshot(clip=box)
    return before == after


def scenes() -> list[dict[str, Any]]:
    # The name as the title, and inside a left-to-right sentence.
    return [
        {
            "primitiveId": "title-intro",
            "transition": "cut",
            "sceneData": {"person_name": name, "subtitle": f"Your year, {name}!"},
        }
        for name in NAMES.values()
    ]


async def platform_fonts(page: Any, selector: str) -> list[list[dict[str, Any]]]:
    cdp = await page.context.new_cdp_session(page)
    await cdp.send("DOM.enable")
    await cdp.send("CSS.enable")
    root = (await cdp.send("DOM.getDocument", {"depth": -1}))["root"]["nodeId"]
    nodes = await cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})
    out = []
    for node in nodes["nodeIds"]:
        out.append((await cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node}))["fonts"])
    await cdp.detach()
    return out


async def test_every_glyph_comes_from_a_web_font_of_the_page(browser: Browser) -> None:
    page = await open_composition(browser, composition_html(scenes(), {}))
    try:
        for selector in (".ti-name-inner", ".ti-subtitle"):
            for name, fonts in zip(NAMES, await platform_fonts(page.page, selector), strict=True):
                assert fonts, (name, selector)
                system = [f["familyName"] for f in fonts if not f["isCustomFont"]]
                assert system == [], f"{name} ({selector}) drawn by system fonts {system}"
        assert page.errors == []
    finally:
        await page.close()


async def test_the_frame_equals_the_text_drawn_by_the_bundled_faces_alone(browser) -> None:
    page = await open_composition(browser, composition_html(scenes(), {}))
    try:
        for index, name in enumerate(NAMES):
            assert await bundled_only(page, index, name), f"{name}: a glyph is not bundled"
    finally:
        await page.close()


async def test_the_check_sees_a_character_no_bundled_face_has(make_composition) -> None:
    tibetan = "བཀྲ་ཤིས་"  # no bundled family draws Tibetan: the system's fallback did
    page = await make_composition(
        [{"primitiveId": "title-intro", "sceneData": {"person_name": tibetan}}], {}
    )
    assert not await bundled_only(page, 0, "tibetan")


async def test_a_right_to_left_name_keeps_its_order_inside_a_left_to_right_sentence(
    make_composition,
) -> None:
    data = {"person_name": "محمد بن سلمان"}
    page = await make_composition(
        [{"primitiveId": "title-intro", "sceneData": {"subtitle": "Thanks, [person_name]!"}}], data
    )
    # Left to right around an isolated right-to-left name: "Thanks," first, "!" last.
    order = await page.page.evaluate(
        """() => {
          const p = document.querySelector('.ti-subtitle');
          const text = p.firstChild.data;
          const at = (i) => { const r = document.createRange(); r.setStart(p.firstChild, i);
            r.setEnd(p.firstChild, i + 1); return r.getBoundingClientRect().left; };
          return { text, thanks: at(0), name: at(text.indexOf('م')), bang: at(text.length - 1),
                   align: getComputedStyle(p).textAlign };
        }"""
    )
    assert order["text"] == "Thanks, \u2068محمد بن سلمان\u2069!"
    assert order["thanks"] < order["name"] < order["bang"]
    assert order["align"] == "left"
