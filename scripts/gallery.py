"""Render one frame of each built-in template into docs/gallery/<id>.png (1280x720).

Usage: python scripts/gallery.py [template_id or recipient id ...]   (`make gallery`)

Each frame comes from the composition page the renderer captures, with the template's
sample data, seeked into its most telling scene. No server and no network are needed.
Then the posters of a few recipients whose data is hard to draw (RECIPIENTS): an Arabic name,
a Chinese name with an emoji, a 60-character company name.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.async_api import async_playwright  # noqa: E402

from app.composition.page import render_composition  # noqa: E402
from app.composition.timeline import Timeline, build_timeline  # noqa: E402
from app.templates.binding import render_inputs, sample_data  # noqa: E402
from app.templates.builtins import builtin_as_view, builtins  # noqa: E402

OUT_DIR = ROOT / "docs" / "gallery"
# The renderer's text and color settings (worker/render/browser.py), so frames match videos.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--font-render-hinting=none",
    "--force-color-profile=srgb",
    "--hide-scrollbars",
]
# The scene that shows each template best, and how far into it (0..1) the frame is taken.
SHOWCASE = {
    "emeritus": ("world-map", 0.85),
    "laureate": ("milestone-timeline", 0.85),
    "rewind": ("badge-unlock", 0.75),
    "pulse": ("comparison-bars", 0.8),
    "handshake": ("milestone-timeline", 0.85),
}


# Posters (the poster frame: the first personalized scene, settled) of hard-to-draw data.
RECIPIENTS = {
    # The poster the dashboard's screenshots show (its demo account's recipients).
    "poster-pulse": ("pulse", {"person_name": "Ada Lovelace"}),
    "poster-arabic-name": ("pulse", {"person_name": "ليلى عبد الرحمن"}),
    "poster-chinese-name-emoji": ("rewind", {"person_name": "王小明 🎉"}),
    "poster-long-company": (
        "handshake",
        {"company_name": "Northwind Transcontinental Logistics & Supply Chain Partners"},
    ),
}
POSTER = -1  # frame time: the page's own poster rule


def chromium_path() -> str:
    for candidate in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium"):
        if os.path.exists(candidate):
            return candidate
    found = shutil.which("chromium")
    if not found:
        raise SystemExit("Chromium not found: install chromium-headless-shell (make system)")
    return found


def frame_time(template_id: str, timeline: Timeline) -> int:
    """Milliseconds of the showcase frame: into the chosen scene, else mid second scene."""
    primitive, fraction = SHOWCASE.get(template_id, ("", 0.5))
    scenes = timeline.scenes
    chosen = next((s for s in scenes if s.primitive_id == primitive), None)
    chosen = chosen or scenes[min(1, len(scenes) - 1)]
    return chosen.start_ms + int(chosen.duration_ms * fraction)


def composition_for(name: str) -> tuple[str, int]:
    """The composition page of a built-in (or a RECIPIENTS entry) and the frame time."""
    template_id, extra = RECIPIENTS.get(name, (name, {}))
    view = builtin_as_view(builtins()[template_id], 0)
    scenes, data = render_inputs(view, {**sample_data(view, template_id), **extra})
    timeline = build_timeline(scenes, data)
    html = render_composition(timeline, view.defaults, None, None, data=data)
    return html, POSTER if name in RECIPIENTS else frame_time(template_id, timeline)


async def render_gallery(template_ids: list[str]) -> list[Path]:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    written = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            for template_id in template_ids:
                html, at_ms = composition_for(template_id)
                context = await browser.new_context(
                    viewport={"width": 1280, "height": 720}, device_scale_factor=1
                )
                page = await context.new_page()
                await context.route("**/*", lambda route: route.abort())
                await page.set_content(html, wait_until="load")
                await page.evaluate("() => window.reelsmith.ready")
                if at_ms == POSTER:
                    at_ms = await page.evaluate("() => window.reelsmith.posterAtMs()")
                await page.evaluate("ms => window.reelsmith.seek(ms)", at_ms)
                path = OUT_DIR / f"{template_id}.png"
                await page.screenshot(path=str(path), type="png")
                await context.close()
                written.append(path)
                print(f"{template_id}: frame at {at_ms / 1000:.1f}s -> {path.relative_to(ROOT)}")
        finally:
            await browser.close()
    return written


def main(argv: list[str]) -> int:
    known = [*builtins(), *RECIPIENTS]
    wanted = argv or known
    unknown = [t for t in wanted if t not in known]
    if unknown:
        print(f"unknown gallery frame(s): {', '.join(unknown)}; known: {', '.join(known)}")
        return 2
    asyncio.run(render_gallery(wanted))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
