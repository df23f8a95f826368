"""Text that fits: every primitive, every option, with every text field at one character, at
typical length and at the longest the tier limits allow. At each scene's settled frame:

- every piece of text lies inside its own element's box (nothing spills or is clipped),
- inside the frame's safe area: 5 % in from each edge (64 px left and right, 36 px top and
  bottom of the 1280x720 layout),
- and no two pieces of text of different elements overlap.

Boxes are the browser's own: DOM ranges over the text nodes a viewer can see."""

from __future__ import annotations

from typing import Any

import pytest

from app.primitives.catalog import catalog, get_primitive
from tests.support.fit_samples import SETS, fit_case

pytestmark = [pytest.mark.asyncio(loop_scope="session"), pytest.mark.slow]

SAFE = {"left": 64, "top": 36, "right": 1280 - 64, "bottom": 720 - 36}

# Every visible text node of the scene: its box (union of its line rects) and its element's.
TEXT_BOXES = """
(index) => {
  const scene = document.querySelector(`.rs-scene[data-index="${index}"]`);
  const shown = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const gone = cs.display === "none" || cs.visibility === "hidden";
      if (gone || Number(cs.opacity) < 0.05) return false;
    }
    return true;
  };
  const out = [];
  const walker = document.createTreeWalker(scene, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.data.trim() || el.closest("script") || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    // Line boxes, not glyph content areas (which overhang tight line heights by design).
    const cs = getComputedStyle(el);
    const lh = parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.2;
    const lines = rects.map((r) => {
      const mid = (r.top + r.bottom) / 2, half = Math.min(lh, r.height) / 2;
      return [r.left, mid - half, r.right, mid + half];
    });
    let own = el.getBoundingClientRect();
    own = { left: own.left, top: own.top, right: own.right, bottom: own.bottom };
    // A clipping ancestor narrows what can be seen of it; so does the element itself when it
    // ends what it clips with a visible "…" (text-overflow: ellipsis).
    const cutsItself = cs.textOverflow === "ellipsis" && cs.overflowX !== "visible";
    if (cutsItself) {
      for (const line of lines) {
        line[0] = Math.max(line[0], own.left);
        line[2] = Math.min(line[2], own.right);
      }
    }
    for (let e = el.parentElement; e && e !== scene; e = e.parentElement) {
      const ov = getComputedStyle(e);
      if (ov.overflowX === "visible" && ov.overflowY === "visible") continue;
      const c = e.getBoundingClientRect();
      own = { left: Math.max(own.left, c.left), top: Math.max(own.top, c.top),
              right: Math.min(own.right, c.right), bottom: Math.min(own.bottom, c.bottom) };
    }
    const text = node.data.length > 40 ? node.data.slice(0, 40) + "..." : node.data;
    const classes = String(el.getAttribute("class") || "").split(" ").join(".");
    const id = el.tagName.toLowerCase() + "." + classes;
    const box = {
      left: Math.min(...lines.map((r) => r[0])), top: Math.min(...lines.map((r) => r[1])),
      right: Math.max(...lines.map((r) => r[2])), bottom: Math.max(...lines.map((r) => r[3])),
    };
    out.push({ id, text, box, lines,
      el: own,
    });
  }
  return out;
}
"""


def _inside(inner: dict[str, float], outer: dict[str, float], slack: float = 1.0) -> bool:
    return (
        inner["left"] >= outer["left"] - slack
        and inner["top"] >= outer["top"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


def _spans_within(item: dict[str, Any], el: dict[str, float]) -> bool:
    """Each line inside the element across, and its middle inside it down (a clamped extra
    line would fall below it)."""
    return all(
        left >= el["left"] - 1.5
        and right <= el["right"] + 1.5
        and el["top"] - 1 <= (top + bottom) / 2 <= el["bottom"] + 1
        for left, top, right, bottom in item["lines"]
    )


def _overlap(a: list[float], b: list[float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 1.5 and h > 1.5 else 0.0


def problems(boxes: list[dict[str, Any]]) -> list[str]:
    """What is wrong with the text boxes of one settled frame."""
    found = []
    for item in boxes:
        where = f"{item['id']} {item['text']!r}"
        if not _inside(item["box"], SAFE):
            found.append(f"{where} leaves the safe area: {item['box']}")
        if not _spans_within(item, item["el"]):
            found.append(f"{where} spills out of its element: {item['box']} > {item['el']}")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if a["id"] == b["id"] and a["el"] == b["el"]:
                continue
            for la in a["lines"]:
                if any(_overlap(la, lb) > 4 for lb in b["lines"]):
                    found.append(f"{a['id']} {a['text']!r} overlaps {b['id']} {b['text']!r}")
                    break
    return found


async def settled_problems(page: Any) -> dict[str, list[str]]:
    """Per scene (option): the problems at its settled frame."""
    out = {}
    for scene in await page.page.evaluate("reelsmith.scenes"):
        at = await page.page.evaluate("i => reelsmith.settledAt(i)", scene["index"])
        await page.seek(at)
        boxes = await page.page.evaluate(TEXT_BOXES, scene["index"])
        out[f"scene {scene['index']} at {at:.0f} ms"] = problems(boxes)
    return out


def _scenes(primitive_id: str, fields: dict[str, Any]) -> list[dict[str, Any]]:
    info = get_primitive(primitive_id)
    assert info is not None
    return [
        {"primitiveId": primitive_id, "animationOption": option, "transition": "cut", **fields}
        for option in info.animationOptions
    ]


@pytest.mark.parametrize("which", sorted(SETS))
@pytest.mark.parametrize("primitive_id", sorted(catalog()))
async def test_every_text_fits_its_box_the_safe_area_and_its_neighbours(
    make_composition, primitive_id: str, which: str
) -> None:
    fields, data = fit_case(primitive_id, which)
    page = await make_composition(_scenes(primitive_id, fields), data)
    found = {k: v for k, v in (await settled_problems(page)).items() if v}
    assert found == {}, f"{primitive_id} ({which}): {found}"
    assert page.errors == [], page.errors
