"""The dashboard's template images, generated once and committed (static/dashboard/):

  posters/<template>.jpg    a poster frame of each built-in template (the gallery's frame)
  posters/<template>-<w>x<h>.jpg   the same frame in the 9:16, 1:1 and 4:5 shapes (small)
  primitives/<id>.jpg       a thumbnail of each primitive for the editor's scene catalog

Usage: python scripts/dashboard_thumbs.py   (`make dashboard-thumbs`; part of `make gallery`)

Frames come from the composition page the renderer captures (as scripts/gallery.py), with
sample data: a primitive is shown in the scene of the first built-in template that uses it,
else alone with every built-in's sample data. No server and no network are needed.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from gallery import CHROMIUM_ARGS, OTHER_SHAPES, chromium_path, composition_for  # noqa: E402
from playwright.async_api import Browser, async_playwright  # noqa: E402

from app.composition.page import render_composition  # noqa: E402
from app.composition.timeline import build_timeline  # noqa: E402
from app.primitives.catalog import list_primitives  # noqa: E402
from app.spec import layout_size  # noqa: E402
from app.templates.binding import render_inputs, sample_data  # noqa: E402
from app.templates.builtins import builtin_as_view, builtins  # noqa: E402
from app.templates.schemas import SceneConfig, TemplateView  # noqa: E402

OUT = ROOT / "static" / "dashboard"
POSTER_WIDTH = 480
SHAPE_HEIGHT = 160  # the shape posters under a card's poster, side by side
THUMB_WIDTH = 320
# How far into a primitive's scene (0..1) its thumbnail is taken: most have settled by then.
THUMB_AT = 0.8
# Scene data for the primitives no built-in uses (their inputs are not in any sample data).
# ken-burns needs an image from the network, which frames never fetch: its caption shows.
SAMPLE_SCENE_DATA: dict[str, dict[str, object]] = {
    "poll-card": {
        "question": "Which format do your readers prefer?",
        "options": [
            {"label": "Hardcover", "value": 46},
            {"label": "E-book", "value": 31},
            {"label": "Audiobook", "value": 23},
        ],
    },
    "quote-card": {
        "quote": "Every dataset tells a story if you give it time.",
        "person_name": "Dr. Ada Okafor",
        "person_role": "University of Edinburgh",
    },
    "ken-burns": {"caption": "The archive, 1998", "credit": "Photo: reelsmith"},
}


def _one_scene(view: TemplateView, scene: SceneConfig, template_id: str | None) -> tuple[str, int]:
    """The composition page of `view` reduced to one scene, and the frame time."""
    single = view.model_copy(update={"scenes": [scene.model_copy(update={"enabled": True})]})
    scenes, data = render_inputs(single, sample_data(single, template_id))
    timeline = build_timeline(scenes, data)
    html = render_composition(timeline, single.defaults, None, None, data=data)
    first = timeline.scenes[0]
    return html, first.start_ms + int(first.duration_ms * THUMB_AT)


def primitive_composition(primitive_id: str) -> tuple[str, int]:
    for template_id, item in builtins().items():
        view = builtin_as_view(item, 0)
        for scene in view.scenes:
            if scene.primitiveId == primitive_id:
                return _one_scene(view, scene, template_id)
    # Unused by the built-ins: alone, with the data slots of every built-in for its inputs.
    view = builtin_as_view(next(iter(builtins().values())), 0)
    slots = {s.key: s for item in builtins().values() for s in item.dataSlots}
    view = view.model_copy(update={"dataSlots": list(slots.values())})
    scene = SceneConfig(primitiveId=primitive_id, sceneData=SAMPLE_SCENE_DATA.get(primitive_id, {}))
    return _one_scene(view, scene, None)


async def _shoot(
    browser: Browser,
    html: str,
    at_ms: int,
    out: Path,
    width: int,
    size: tuple[int, int] = (1280, 720),
    height: int | None = None,
) -> None:
    context = await browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = await context.new_page()
        await context.route("**/*", lambda route: route.abort())
        await page.set_content(html, wait_until="load")
        await page.evaluate("() => window.reelsmith.ready")
        await page.evaluate("ms => window.reelsmith.seek(ms)", at_ms)
        with tempfile.TemporaryDirectory() as folder:
            png = Path(folder) / "frame.png"
            await page.screenshot(path=str(png), type="png")
            out.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(
                ["ffmpeg", "-loglevel", "error", "-y", "-i", str(png), "-vf",
                 f"scale={width}:-2" if height is None else f"scale=-2:{height}", "-q:v", "5",
                 str(out)],
                check=True,
            )  # fmt: skip
    finally:
        await context.close()


async def generate() -> None:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            for template_id in builtins():
                html, at_ms = composition_for(template_id)
                out = OUT / "posters" / f"{template_id}.jpg"
                await _shoot(browser, html, at_ms, out, POSTER_WIDTH)
                print(f"poster {template_id} -> {out.relative_to(ROOT)}")
                for shape in OTHER_SHAPES:
                    html, at_ms = composition_for(template_id, shape)
                    size = layout_size(shape)
                    out = OUT / "posters" / f"{template_id}-{size[0]}x{size[1]}.jpg"
                    await _shoot(browser, html, at_ms, out, 0, size, SHAPE_HEIGHT)
                    print(f"poster {template_id} {shape} -> {out.relative_to(ROOT)}")
            for item in list_primitives(status="all"):
                try:
                    html, at_ms = primitive_composition(item.id)
                except Exception as exc:  # one primitive's sample problem must not stop the rest
                    print(f"primitive {item.id}: no thumbnail ({exc})")
                    continue
                out = OUT / "primitives" / f"{item.id}.jpg"
                await _shoot(browser, html, at_ms, out, THUMB_WIDTH)
                print(f"primitive {item.id} -> {out.relative_to(ROOT)}")
        finally:
            await browser.close()


if __name__ == "__main__":
    asyncio.run(generate())
