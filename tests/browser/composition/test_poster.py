"""settledAt / posterAtMs: the poster is the frame where the first scene showing recipient data
has finished entering, so it shows the person, fully drawn."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image, ImageChops

from app.composition.page import render_composition
from app.composition.timeline import build_timeline
from app.templates.binding import prepare_render
from app.templates.builtins import BUILTIN_IDS, builtins
from tests.browser.conftest import open_composition

pytestmark = pytest.mark.asyncio(loop_scope="session")

# For each visible text node of a scene: its text and the product of its and its ancestors'
# opacity, visibility included.
SHOWN_TEXT = """
(index) => {
  const scene = document.querySelector(`.rs-scene[data-index="${index}"]`);
  const out = [];
  const walker = document.createTreeWalker(scene, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.data.trim() || node.parentElement.closest("script")) continue;
    let opacity = 1, visible = true;
    for (let e = node.parentElement; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      opacity *= Number(cs.opacity);
      if (cs.visibility === "hidden" || cs.display === "none") visible = false;
    }
    out.push({ text: node.data, opacity, visible });
  }
  return out;
}
"""


def builtin_page(template_id: str, data: dict[str, Any] | None = None) -> tuple[str, Any, dict]:
    item = builtins()[template_id]
    scenes, filled = prepare_render(item.scenes, item.dataSlots, data or item.sampleData)
    timeline = build_timeline(scenes, filled)
    html = render_composition(timeline, item.defaults.model_dump(), {}, None, data=filled)
    return html, timeline, filled


def element_text(nodes: list[dict[str, Any]], wanted: str) -> list[dict[str, Any]]:
    """The text nodes that together show `wanted` (split into words or letters or whole)."""
    joined = "".join(n["text"].split() and "".join(n["text"].split()) for n in nodes)
    assert "".join(wanted.split()) in joined, (wanted, joined)
    return [n for n in nodes if n["text"].strip() in wanted]


# The box of the innermost visible element of a scene whose text holds `wanted` (spaces
# ignored), marked so it can be hidden.
TEXT_BOX = """
([index, wanted]) => {
  const squash = (t) => t.replace(/\\s+/g, "");
  const scene = document.querySelector(`.rs-scene[data-index="${index}"]`);
  const holds = (e) => !e.closest("script, style, template")
    && e.getBoundingClientRect().width > 0 && squash(e.textContent).includes(squash(wanted));
  let found = null;
  // document order: an element comes before what it holds, so the deepest one is found last
  for (const e of scene.querySelectorAll("*")) if (holds(e)) found = e;
  found.setAttribute("data-test-name", "");
  const r = found.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
}
"""


def drawn_share(shot: bytes, bare: bytes, box: list[float]) -> float:
    """The share of the box's pixels that change by at least 60 levels when the name is made
    transparent (`bare`): the name's own drawn pixels, as opposed to background (a title's
    glyphs fill 27-39 % of their box in the built-ins)."""
    crop = tuple(
        round(v) for v in (max(box[0], 0), max(box[1], 0), min(box[2], 1280), min(box[3], 720))
    )
    with_name = Image.open(BytesIO(shot)).convert("RGB").crop(crop)
    without = Image.open(BytesIO(bare)).convert("RGB").crop(crop)
    diff = ImageChops.difference(with_name, without).convert("L")
    pixels = list(diff.getdata())
    assert pixels, box
    return sum(1 for p in pixels if p >= 60) / len(pixels)


@pytest.mark.parametrize("template_id", BUILTIN_IDS)
async def test_the_poster_shows_the_first_personalized_scene_fully_in(browser, template_id) -> None:
    html, timeline, data = builtin_page(template_id)
    first = next(s for s in timeline.scenes if s.personalized)
    page = await open_composition(browser, html)
    try:
        poster = await page.page.evaluate("reelsmith.posterAtMs()")
        assert poster == await page.page.evaluate("i => reelsmith.settledAt(i)", first.index)
        assert first.start_ms + first.transition_ms <= poster < first.end_ms
        # the frame the renderer takes at 30 fps
        await page.seek(await page.page.evaluate("reelsmith.posterAtMs(undefined, 30)"))
        nodes = await page.page.evaluate(SHOWN_TEXT, first.index)
        # The data this scene shows: its person (or company) name, as the data has it.
        shown = data.get("person_name") if first.primitive_id != "logo-reveal" else None
        wanted = shown or data["company_name"]
        parts = element_text(nodes, wanted)
        assert parts and all(n["visible"] and n["opacity"] == 1 for n in parts), parts
        # Everything else the scene shows has entered too.
        assert all(n["opacity"] == 1 for n in nodes if n["visible"]), nodes
        # ...and the name's box in the frame is drawn text, not the background.
        box = await page.page.evaluate(TEXT_BOX, [first.index, wanted])
        shot = await page.page.screenshot()
        hide = "document.querySelector('[data-test-name]').style.opacity = '0'"
        await page.page.evaluate(hide)
        share = drawn_share(shot, await page.page.screenshot(), box)
        assert share >= 0.15, (template_id, wanted, box, share)
    finally:
        await page.close()


async def test_pulse_poster_is_priya_at_full_opacity_not_the_dark_first_frame(browser) -> None:
    html, timeline, _ = builtin_page("pulse")
    page = await open_composition(browser, html)
    try:
        poster = await page.page.evaluate("reelsmith.posterAtMs()")
        assert timeline.scenes[0].personalized and poster > 1000
        await page.seek(poster)
        name = await page.page.evaluate(
            "(() => { const e = document.querySelector('.rs-scene[data-index=\"0\"] .ti-name');"
            " return [e.textContent.trim(), getComputedStyle(e).opacity]; })()"
        )
        assert name == ["Priya Shah", "1"]
    finally:
        await page.close()


async def test_two_recipients_posters_differ_only_where_the_name_is(browser) -> None:
    frames, boxes = [], []
    for name in ("Priya Shah", "Tomasz Nowak"):
        data = {**builtins()["pulse"].sampleData, "person_name": name}
        html, _, _ = builtin_page("pulse", data)
        page = await open_composition(browser, html)
        try:
            await page.seek(await page.page.evaluate("reelsmith.posterAtMs()"))
            frames.append(Image.open(BytesIO(await page.page.screenshot())).convert("RGB"))
            boxes.append(
                await page.page.evaluate(
                    "(() => { const r = Array.from(document.querySelectorAll("
                    "'.rs-scene[data-index=\"0\"] :is(.ti-name, .ti-subtitle)'))"
                    ".map(e => e.getBoundingClientRect());"
                    " return [Math.min(...r.map(x => x.left)), Math.min(...r.map(x => x.top)),"
                    " Math.max(...r.map(x => x.right)), Math.max(...r.map(x => x.bottom))]; })()"
                )
            )
        finally:
            await page.close()
    diff = ImageChops.difference(frames[0], frames[1]).getbbox()
    assert diff is not None, "the two posters are identical"
    left = min(b[0] for b in boxes) - 2
    top = min(b[1] for b in boxes) - 2
    right = max(b[2] for b in boxes) + 2
    bottom = max(b[3] for b in boxes) + 2
    assert left <= diff[0] and top <= diff[1] and diff[2] <= right and diff[3] <= bottom


async def test_without_a_personalized_scene_the_first_scene_settled_is_the_poster(browser) -> None:
    scenes = [
        {"primitiveId": "cta-card", "sceneData": {"headline": "Hello", "url": "x.com"}},
        {"primitiveId": "outro", "transition": "fade", "sceneData": {"message": "Bye"}},
        {"primitiveId": "outro", "enabled": False},
    ]
    timeline = build_timeline(scenes, {})
    assert not any(s.personalized for s in timeline.scenes)
    page = await open_composition(browser, render_composition(timeline, {}, {}, None, data={}))
    try:
        start = timeline.scenes[1].start_ms
        at = "p => reelsmith.posterAtMs(p)"
        assert await page.page.evaluate(at, {"scene": 1, "offsetMs": 700}) == start + 700
        assert (
            await page.page.evaluate(at, {"scene": 1, "offsetMs": 10**9})
            == timeline.scenes[1].end_ms
        )
        first = await page.page.evaluate("reelsmith.settledAt(0)")
        assert await page.page.evaluate(at, {"scene": 2, "offsetMs": 100}) == first  # skipped
        assert await page.page.evaluate("reelsmith.posterAtMs()") == first
    finally:
        await page.close()


async def test_an_explicit_poster_at_wins_over_the_personalized_scene(browser) -> None:
    html, timeline, data = builtin_page("pulse")
    second = timeline.scenes[1]
    chosen = {"scene": second.index, "offsetMs": 400}
    carried = render_composition(
        timeline, builtins()["pulse"].defaults.model_dump(), {}, None, data=data, poster_at=chosen
    )
    page = await open_composition(browser, carried)
    try:
        assert timeline.scenes[0].personalized
        assert await page.page.evaluate("reelsmith.posterAtMs()") == second.start_ms + 400
        # the argument wins over what the page carries
        other = {"scene": 0, "offsetMs": 10}
        assert await page.page.evaluate("p => reelsmith.posterAtMs(p)", other) == 10
    finally:
        await page.close()


async def test_the_poster_time_snaps_to_a_frame_that_still_shows_its_scene(browser) -> None:
    scenes = [
        {"primitiveId": "title-intro", "durationOverride": 1.01, "sceneData": {"subtitle": "A"}},
        {"primitiveId": "outro", "transition": "cut", "sceneData": {"message": "B"}},
    ]
    timeline = build_timeline(scenes, {})
    page = await open_composition(browser, render_composition(timeline, {}, {}, None, data={}))
    try:
        at = "([p, fps]) => reelsmith.posterAtMs(p, fps)"
        # 505 ms is between frames 15 (500) and 16 (533.3) at 30 fps: the later one
        assert await page.page.evaluate(at, [{"scene": 0, "offsetMs": 505}, 30]) == 16000 / 30
        # a frame time stays itself
        assert await page.page.evaluate(at, [{"scene": 0, "offsetMs": 500}, 30]) == 500
        # 1009 ms: the next frame (1033.3 ms) shows scene 1 (cut at 1010 ms), so the one before
        assert await page.page.evaluate(at, [{"scene": 0, "offsetMs": 1009}, 30]) == 1000
    finally:
        await page.close()


async def test_a_scene_has_settled_when_nothing_in_it_moves_until_it_leaves(browser) -> None:
    scenes = [
        {"primitiveId": "title-intro", "sceneData": {"person_name": "Ana", "subtitle": "Hi"}},
        {"primitiveId": "stat-counters", "transition": "slide", "sceneData": {"stats": "[s]"}},
        {"primitiveId": "outro", "animationOption": "fade-out", "transition": "cut"},
    ]
    timeline = build_timeline(scenes, {"s": [{"label": "x", "value": 1200}]})
    html = render_composition(timeline, {}, {}, None, data={"s": [{"label": "x", "value": 1200}]})
    page = await open_composition(browser, html)
    try:
        for scene, after in zip(timeline.scenes, timeline.scenes[1:] + [None], strict=True):
            settled = await page.page.evaluate("i => reelsmith.settledAt(i)", scene.index)
            assert scene.start_ms + scene.transition_ms <= settled < scene.end_ms
            # the last still moment: before the next scene enters, or outro's fade to black
            leaves = after.start_ms - 1 if after is not None else scene.end_ms - 900
            differ = "([a, b]) => reelsmith.canDiffer(a, b)"
            assert not await page.page.evaluate(differ, [settled, leaves]), scene.primitive_id
            assert await page.page.evaluate(differ, [settled - 200, settled])
        assert await page.page.evaluate("reelsmith.settledAt(42)") is None
    finally:
        await page.close()
