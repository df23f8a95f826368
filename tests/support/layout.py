"""What a settled frame of the composition page shows, checked from the browser's own layout:
every visible piece of text lies inside its own element's box (nothing spills or is clipped),
inside the frame's safe area (5 % in from each edge of the page's shape), and no two pieces of
text of different elements overlap. Boxes are DOM ranges over the text nodes a viewer can see.
Used by the text-fit and the shapes suites (tests/browser/primitives/)."""

from __future__ import annotations

from typing import Any


def safe_area(width: int = 1280, height: int = 720) -> dict[str, float]:
    """The frame's safe area: 5 % in from each edge (64 px left and right, 36 px top and
    bottom of the 1280x720 layout; 36 and 64 of the 720x1280 one)."""
    return {
        "left": width * 0.05,
        "top": height * 0.05,
        "right": width * 0.95,
        "bottom": height * 0.95,
    }


SAFE = safe_area()

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


def problems(boxes: list[dict[str, Any]], safe: dict[str, float] = SAFE) -> list[str]:
    """What is wrong with the text boxes of one settled frame."""
    found = []
    for item in boxes:
        where = f"{item['id']} {item['text']!r}"
        if not _inside(item["box"], safe):
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
    """Per scene (option): the problems at its settled frame, in the page's own shape."""
    stage = await page.page.evaluate("reelsmith.stage")
    safe = safe_area(stage["width"], stage["height"])
    out = {}
    for scene in await page.page.evaluate("reelsmith.scenes"):
        at = await page.page.evaluate("i => reelsmith.settledAt(i)", scene["index"])
        await page.seek(at)
        boxes = await page.page.evaluate(TEXT_BOXES, scene["index"])
        out[f"scene {scene['index']} at {at:.0f} ms"] = problems(boxes, safe)
    return out


# Every visible element of the scene's content (inside its .rs-frame, else the scene) that
# reaches past the frame's edge: a chart, card or bar cut by the frame. Decorations marked
# aria-hidden (rings, glows, a full-bleed photo) may bleed.
CROPPED = """
(index) => {
  const scene = document.querySelector(`.rs-scene[data-index="${index}"]`);
  const stage = document.getElementById("rs-stage").getBoundingClientRect();
  const shown = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || Number(cs.opacity) < 0.05)
        return false;
      if (e.getAttribute("aria-hidden") === "true") return false;
    }
    return true;
  };
  const out = [];
  for (const el of scene.querySelectorAll(".rs-frame *")) {
    if (el.closest("script, style") || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const cut = r.left < stage.left - 1 || r.top < stage.top - 1 ||
      r.right > stage.right + 1 || r.bottom > stage.bottom + 1;
    if (cut) {
      const classes = String(el.getAttribute("class") || "").split(" ").join(".");
      out.push(`${el.tagName.toLowerCase()}.${classes} is cut by the frame: ` +
        `[${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ` +
        `${Math.round(r.bottom)}]`);
    }
  }
  return out;
}
"""


async def settled_layout_problems(page: Any) -> dict[str, list[str]]:
    """settled_problems plus what the frame cuts (CROPPED), per scene."""
    stage = await page.page.evaluate("reelsmith.stage")
    safe = safe_area(stage["width"], stage["height"])
    out = {}
    for scene in await page.page.evaluate("reelsmith.scenes"):
        at = await page.page.evaluate("i => reelsmith.settledAt(i)", scene["index"])
        await page.seek(at)
        boxes = await page.page.evaluate(TEXT_BOXES, scene["index"])
        cut = await page.page.evaluate(CROPPED, scene["index"])
        out[f"scene {scene['index']} ({scene['primitive']}) at {at:.0f} ms"] = (
            problems(boxes, safe) + cut
        )
    return out
