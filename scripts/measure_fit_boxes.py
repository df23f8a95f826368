"""The boxes the dry-run fit estimate measures text against: primitives_html/fit_boxes.json,
generated once and committed.

Usage: python scripts/measure_fit_boxes.py   (`make fit-boxes`; --check compares instead)

For every primitive and animation option, the composition page is opened in Chromium with
typical sample data (tests/support/fit_samples.py, every text element shown; and with 1, 2, ...
list items, where a box depends on how many there are: `byCount`) and, for each text element
its fit.json declares, the first element the selector matches is read as the
runtime's fitElement() reads it: the designed font size (before any fitting), the face
(family, weight), letter spacing (em), text-transform, and the box width (fit.json's `width`,
a selector's content box, or the element's own box as the runtime takes it). The estimate
(app/composition/fit_estimate.py) lays recipient text out in that box with the bundled fonts'
advance widths, without a browser. It is an estimate; the render's quality report is the
browser's measurement.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.async_api import Browser, Page, async_playwright  # noqa: E402

from app.composition.fit import fit_rules  # noqa: E402
from app.composition.fit_estimate import BOXES_FILE  # noqa: E402
from app.composition.page import render_composition  # noqa: E402
from app.composition.timeline import build_timeline  # noqa: E402
from app.primitives.catalog import catalog  # noqa: E402
from app.primitives.items import list_schemas  # noqa: E402
from tests.support.fit_samples import KEEP, fit_case  # noqa: E402

MAX_COUNT = 8  # list items measured for a list without a declared max
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"]

# What a rule without `prop` shows, when it is recipient text (the first one present).
SHOWS: dict[tuple[str, str], list[str]] = {
    ("title-intro", ".ti-name"): ["title", "person_name"],
    ("outro", ".ou-message"): ["message"],
    ("percentile-gauge", ".pg-kicker"): ["kicker"],
}

# What a primitive does to the text before fitting it (its scene.js or template), for the
# estimate: `longer` [n, px]: a text longer than n characters is designed at px (quote-card);
# `url` n: the scheme is dropped and the rest cut to n characters by the template (cta-card).
ADJUST: dict[tuple[str, str], dict[str, Any]] = {
    ("quote-card", ".qc-text"): {"longer": [140, 38]},
    ("cta-card", ".cta-url"): {"url": 60},
}

# Read in the page: per rule, the first element it matches, as fitElement() sees it.
MEASURE = """
(rules) => {
  const px = (v) => { const n = parseFloat(v); return isFinite(n) ? n : 0; };
  const contentWidth = (node) => {
    const cs = getComputedStyle(node);
    return node.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight);
  };
  const boxWidth = (el, rule) => {
    if (typeof rule.width === "number") return rule.width;
    if (typeof rule.width === "string") {
      const host = el.parentElement && el.parentElement.closest(rule.width);
      if (host) return contentWidth(host);
    }
    const parent = el.parentElement ? contentWidth(el.parentElement) : Infinity;
    if (getComputedStyle(el).display.indexOf("inline") === 0) return parent;
    return Math.min(el.clientWidth, parent);
  };
  const scene = document.querySelector(".rs-scene");
  return rules.map((rule) => {
    const el = scene.querySelector(rule.selector);
    if (!el) return null;
    const cs = getComputedStyle(el);
    const size = px(cs.fontSize);
    const designed = rule.max || el.__rsDesigned || size;
    const family = cs.fontFamily.split(",")[0].replace(/["']/g, "").trim();
    const spacing = cs.letterSpacing === "normal" ? 0 : px(cs.letterSpacing) / (size || 1);
    return {
      size: Math.round(designed * 100) / 100,
      family: family,
      weight: parseInt(cs.fontWeight, 10) || 400,
      tracking: Math.round(spacing * 1000) / 1000,
      upper: cs.textTransform === "uppercase",
      box: Math.round(boxWidth(el, rule) * 10) / 10,
    };
  });
}
"""


def chromium_path() -> str:
    for candidate in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium"):
        if Path(candidate).exists():
            return candidate
    raise SystemExit("no Chromium installed (make system)")


LONG = ("Quarterly pipeline momentum across regional enterprise accounts " * 3).strip()


def _long(value: Any, name: str = "") -> Any:
    """Every shown string of the sample made long (numbers and lists kept as they are)."""
    if any(k in name for k in KEEP):
        return value
    if isinstance(value, dict):
        return {k: _long(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_long(v, name) for v in value]
    return LONG if isinstance(value, str) else value


def _counted(value: Any, count: int | None) -> Any:
    """A sample list with `count` items (its own items repeated)."""
    if count is None or not isinstance(value, list) or not value:
        return value
    return [value[i % len(value)] for i in range(count)]


def _list_counts(primitive_id: str) -> tuple[str | None, list[int]]:
    """The primitive's list prop and the item counts it shows (1 to its max, or 8)."""
    for name, schema in list_schemas(primitive_id).items():
        return name, list(range(1, (schema.max or MAX_COUNT) + 1))
    return None, []


async def measure_option(
    browser: Page,
    primitive_id: str,
    option: str,
    long: bool = False,
    count: int | None = None,
) -> list[Any]:
    """The boxes with typical data; `long`: with every text long, which widens the boxes that
    are sized by their content up to their limit; `count`: with that many list items."""
    fields, data = fit_case(primitive_id, "typical")
    name, _ = _list_counts(primitive_id)
    if name is not None and count is not None:
        scene_data = dict(fields.get("sceneData") or {})
        if name in scene_data:
            scene_data[name] = _counted(scene_data[name], count)
        fields = {**fields, "sceneData": scene_data}
        data = {**data, name: _counted(data.get(name), count)} if name in data else data
    if long:
        fields = {**fields, "sceneData": _long(fields.get("sceneData") or {})}
        data = _long(data)
    scene = {"primitiveId": primitive_id, "animationOption": option, "transition": "cut", **fields}
    html = render_composition(build_timeline([scene], data), {}, {}, None, data=data)
    page = browser  # one page per primitive: each document replaces the last one whole
    await page.set_content(html, wait_until="load")
    await page.evaluate("() => window.reelsmith.ready")
    rules = [r.model_dump(exclude_none=True) for r in fit_rules(primitive_id)]
    found: list[Any] = await page.evaluate(MEASURE, rules)
    return found


async def widest(
    browser: Page, primitive_id: str, option: str, count: int | None = None
) -> list[Any]:
    """The boxes with typical text, each as wide as it gets with long text."""
    found = await measure_option(browser, primitive_id, option, count=count)
    wide = await measure_option(browser, primitive_id, option, long=True, count=count)
    for box, longest in zip(found, wide, strict=True):
        if box is not None and longest is not None:
            box["box"] = max(box["box"], longest["box"])
    return found


async def measure_primitive(browser: Browser, primitive_id: str) -> dict[str, Any]:
    """Every animation option's boxes of one primitive, on a page of its own."""
    rules = fit_rules(primitive_id)
    options: dict[str, Any] = {}
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        await context.route("**/*", lambda route: route.abort())
        page = await context.new_page()
        for option in catalog()[primitive_id].animationOptions:
            found = await widest(page, primitive_id, option)
            _, counts = _list_counts(primitive_id)
            by_count = [await widest(page, primitive_id, option, n) for n in counts]
            for index, box in enumerate(found):
                if box is None:
                    continue
                boxes = {
                    str(n): other[index]["box"]
                    for n, other in zip(counts, by_count, strict=True)
                    if other[index] is not None
                }
                if any(abs(b - box["box"]) > 1 for b in boxes.values()):
                    box["byCount"] = boxes
            entries = {}
            for rule, box in zip(rules, found, strict=True):
                shows = [rule.prop] if rule.prop else SHOWS.get((primitive_id, rule.selector))
                if box is None or not shows:
                    continue  # not shown in this option, or text the primitive makes
                extra = ADJUST.get((primitive_id, rule.selector), {})
                entries[rule.selector] = {"shows": shows, **box, **extra}
            options[option] = entries
    finally:
        await context.close()
    return options


PAGES = 3  # primitives measured at once (each page mostly waits on the browser)


async def measure_all() -> dict[str, Any]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            gate = asyncio.Semaphore(PAGES)

            async def one(primitive_id: str) -> dict[str, Any]:
                async with gate:
                    return await measure_primitive(browser, primitive_id)

            names = sorted(catalog())
            measured = await asyncio.gather(*(one(n) for n in names))
        finally:
            await browser.close()
    return dict(zip(names, measured, strict=True))


def close(a: Any, b: Any) -> bool:
    """Equal, numbers within 2 % or 2 px (layouts differ a little between Chromium builds)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(a - b) <= max(2.0, 0.02 * max(abs(a), abs(b)))
    return bool(a == b)


def as_text(measured: dict[str, Any]) -> str:
    """The file: one line per text element (diffs stay readable)."""
    lines = ["{"]
    for i, (primitive_id, options) in enumerate(sorted(measured.items())):
        lines.append(f"  {json.dumps(primitive_id)}: {{")
        for j, (option, entries) in enumerate(options.items()):
            lines.append(f"    {json.dumps(option)}: {{")
            for k, (selector, entry) in enumerate(entries.items()):
                comma = "," if k < len(entries) - 1 else ""
                body = json.dumps(entry, ensure_ascii=False, sort_keys=True)
                lines.append(f"      {json.dumps(selector)}: {body}{comma}")
            lines.append("    }" + ("," if j < len(options) - 1 else ""))
        lines.append("  }" + ("," if i < len(measured) - 1 else ""))
    return "\n".join(lines) + "\n}\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    args = parser.parse_args()
    measured = asyncio.run(measure_all())
    if args.check:
        committed = json.loads(BOXES_FILE.read_text(encoding="utf-8"))
        if not close(measured, committed):
            print(f"{BOXES_FILE} is out of date: run scripts/measure_fit_boxes.py")
            return 1
        print(f"{BOXES_FILE} is up to date")
        return 0
    BOXES_FILE.write_text(as_text(measured), encoding="utf-8")
    print(f"wrote {BOXES_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
