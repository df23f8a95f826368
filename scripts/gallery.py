"""Render one frame of each built-in template into docs/gallery/<id>.png (1280x720).

Usage: python scripts/gallery.py [template_id or recipient id ...]   (`make gallery`)

Each built-in also in the other shapes, the same frame laid out at 9:16, 1:1 and 4:5
(docs/gallery/shapes/<id>-<w>x<h>.png, at half size), and one GIF rendered by the engine: a
3-second square GIF of pulse's personalized title (output.range, docs/gallery/pulse-1x1.gif).

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

from PIL import Image  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

from app.composition.page import render_composition  # noqa: E402
from app.composition.timeline import Timeline, build_timeline  # noqa: E402
from app.config import Settings  # noqa: E402
from app.renders.job import build_job_spec  # noqa: E402
from app.renders.schemas import OutputOptions, OutputRange, RenderOptions  # noqa: E402
from app.spec import layout_size  # noqa: E402
from app.templates.binding import render_inputs, sample_data  # noqa: E402
from app.templates.builtins import builtin_as_view, builtins  # noqa: E402
from worker.render.browser import close_browser_managers  # noqa: E402
from worker.render.pipeline import render_video  # noqa: E402

OUT_DIR = ROOT / "docs" / "gallery"
SHAPES_DIR = OUT_DIR / "shapes"
OTHER_SHAPES = ("9:16", "1:1", "4:5")
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


def composition_for(name: str, shape: str = "16:9") -> tuple[str, int]:
    """The composition page of a built-in (or a RECIPIENTS entry) in a shape, and the frame
    time."""
    template_id, extra = RECIPIENTS.get(name, (name, {}))
    view = builtin_as_view(builtins()[template_id], 0)
    scenes, data = render_inputs(view, {**sample_data(view, template_id), **extra})
    timeline = build_timeline(scenes, data)
    output = {"aspectRatio": shape}
    html = render_composition(timeline, view.defaults, output, None, data=data)
    return html, POSTER if name in RECIPIENTS else frame_time(template_id, timeline)


def shape_path(template_id: str, shape: str) -> Path:
    width, height = layout_size(shape)
    return SHAPES_DIR / f"{template_id}-{width}x{height}.png"


async def render_gallery(template_ids: list[str]) -> list[Path]:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    written = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            for template_id in template_ids:
                shapes = ["16:9"] if template_id in RECIPIENTS else ["16:9", *OTHER_SHAPES]
                for shape in shapes:
                    html, at_ms = composition_for(template_id, shape)
                    width, height = layout_size(shape)
                    context = await browser.new_context(
                        viewport={"width": width, "height": height}, device_scale_factor=1
                    )
                    page = await context.new_page()
                    await context.route("**/*", lambda route: route.abort())
                    await page.set_content(html, wait_until="load")
                    await page.evaluate("() => window.reelsmith.ready")
                    if at_ms == POSTER:
                        at_ms = await page.evaluate("() => window.reelsmith.posterAtMs()")
                    await page.evaluate("ms => window.reelsmith.seek(ms)", at_ms)
                    landscape = shape == "16:9"
                    path = (
                        OUT_DIR / f"{template_id}.png"
                        if landscape
                        else shape_path(template_id, shape)
                    )
                    path.parent.mkdir(parents=True, exist_ok=True)
                    await page.screenshot(path=str(path), type="png")
                    await context.close()
                    if not landscape:  # half size: the shapes are shown side by side
                        with Image.open(path) as image:
                            image.resize((width // 2, height // 2), Image.LANCZOS).save(path)
                    written.append(path)
                    where = path.relative_to(ROOT)
                    print(f"{template_id} {shape}: frame at {at_ms / 1000:.1f}s -> {where}")
        finally:
            await browser.close()
    return written


async def render_gif() -> Path:
    """A 3-second square GIF of pulse's personalized title, rendered by the engine."""
    view = builtin_as_view(builtins()["pulse"], 0).model_dump(mode="json")
    output = OutputOptions(
        resolution="720p", aspectRatio="1:1", format="gif", range=OutputRange(startMs=0, endMs=3000)
    )
    spec = build_job_spec(
        view, sample_data(builtin_as_view(builtins()["pulse"], 0), "pulse"), "enterprise",
        options=RenderOptions(output=output), strict=False,
    )  # fmt: skip
    spec = spec.model_copy(
        update={"audio": spec.audio.model_copy(update={"includeVoiceover": False})}
    )
    path = OUT_DIR / "pulse-1x1.gif"
    work = OUT_DIR / "pulse-1x1.mp4"
    try:
        result = await render_video(spec, Settings(), None, work)
    finally:
        await close_browser_managers()
    result.path.replace(path)
    work.unlink(missing_ok=True)
    print(f"pulse 1:1 GIF, 0-3 s -> {path.relative_to(ROOT)}")
    return path


def main(argv: list[str]) -> int:
    known = [*builtins(), *RECIPIENTS]
    wanted = argv or known
    unknown = [t for t in wanted if t not in known]
    if unknown:
        print(f"unknown gallery frame(s): {', '.join(unknown)}; known: {', '.join(known)}")
        return 2
    asyncio.run(render_gallery(wanted))
    if not argv or "pulse" in argv:
        asyncio.run(render_gif())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
