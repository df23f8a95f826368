"""Frames of three videos the built-in composer makes from a prompt, for docs/api/ai.md:
docs/gallery/ai-<name>.png (960x540) and, printed, each prompt's scenes as a Markdown table.

Usage: python scripts/ai_gallery.py   (`make gallery`)

Each prompt is composed (`create`, empty template), given the composer's sample data
(app/ai/samples.py) and spoken by the offline voice (espeak-ng, the default voice), so the
scenes last what the rendered video's do; the frame is the chosen scene's settled frame on the
composition page the renderer captures. No server and no network are needed.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

from app.ai.builtin import create  # noqa: E402
from app.ai.samples import sample_data  # noqa: E402
from app.ai.schemas import TemplateState  # noqa: E402
from app.ai.service import estimated_seconds  # noqa: E402
from app.config import Settings  # noqa: E402
from app.renders.job import build_job_spec  # noqa: E402
from app.renders.schemas import AudioOptions, OutputOptions, RenderOptions  # noqa: E402
from worker.render.browser import BASE_ARGS, find_chromium  # noqa: E402
from worker.render.pipeline import Prepared, prepare  # noqa: E402
from worker.render.server import serve_page  # noqa: E402

OUT_DIR = ROOT / "docs" / "gallery"
# name -> (prompt, the primitive whose settled frame is shown)
PROMPTS = {
    "donors": (
        "A 30 second thank-you video for our donors: how much each gave this year, a map of "
        "the countries their money reached, a quote from a beneficiary, and a call to action "
        "to give again",
        "stat-counters",
    ),
    "gym-welcome": (
        "a welcome video for new gym members with the headline 'Welcome to the club, [name]', "
        "their membership start date, how many classes are included and a button to book a "
        "first session",
        "title-intro",
    ),
    "learning-recap": (
        "a monthly learning recap for an online course: hours learned, lessons completed, "
        "completion rate and the top 3 topics",
        "stat-counters",
    ),
}


async def prepared_video(prompt: str, workdir: Path) -> tuple[Prepared, int]:
    """The composed template spoken and laid out as its 720p render, and its estimate."""
    made = create(prompt, TemplateState())
    slots = [s.model_dump() for s in made.dataSlots]
    template = {"name": "From a prompt", "scenes": [s.model_dump() for s in made.scenes],
                "dataSlots": slots}  # fmt: skip
    options = RenderOptions(
        audio=AudioOptions(includeVoiceover=True), output=OutputOptions(resolution="720p")
    )
    spec = build_job_spec(template, sample_data(slots), "enterprise", options=options)
    settings = Settings(cache_dir=workdir / "cache", work_dir=workdir / "work",
                        data_dir=workdir / "data", media_dir=workdir / "media")  # fmt: skip
    prepared = await prepare(spec, settings, lambda stage, percent: None, workdir)
    return prepared, estimated_seconds(made.scenes, made.dataSlots)


def scenes_table(prepared: Prepared, estimate: int) -> str:
    rows = [
        "| # | primitive | seconds | on screen (sample data) | voiceover |",
        "|---|---|---|---|---|",
    ]
    spoken = {i: vo.text for i, vo in prepared.voiceovers.items()}
    for n, scene in enumerate(prepared.timeline.scenes, 1):
        data = scene.config.get("sceneData") or {}
        shown = "; ".join(
            f"{k}: {v}" for k, v in data.items() if isinstance(v, str) and k != "url"
        ) or "-"  # fmt: skip
        rows.append(f"| {n} | {scene.primitive_id} | {scene.duration_ms / 1000:.1f} | "
                    f"{shown} | {spoken.get(scene.index, '')} |")  # fmt: skip
    total = prepared.timeline.duration_ms / 1000
    rows.append(f"\nestimatedDuration {estimate} s; rendered {total:.1f} s")
    return "\n".join(rows)


async def main() -> int:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(
            executable_path=find_chromium(Settings()), args=list(BASE_ARGS)
        )
        try:
            for name, (prompt, primitive) in PROMPTS.items():
                with tempfile.TemporaryDirectory() as tmp:
                    prepared, estimate = await prepared_video(prompt, Path(tmp))
                    scene = next(s for s in prepared.timeline.scenes if s.primitive_id == primitive)
                    context = await browser.new_context(viewport={"width": 1280, "height": 720})
                    page = await context.new_page()
                    with serve_page(prepared.page, prepared.assets) as server:
                        await page.goto(server.page_url, wait_until="load")
                        await page.evaluate("() => window.reelsmith.ready")
                        at = await page.evaluate("i => reelsmith.settledAt(i)", scene.index)
                        await page.evaluate("ms => reelsmith.seek(ms)", at)
                        path = OUT_DIR / f"ai-{name}.png"
                        shot = Image.open(BytesIO(await page.screenshot(type="png")))
                        small = shot.convert("RGB").resize((960, 540), Image.LANCZOS)
                        small.quantize(256).save(path, optimize=True)
                    await context.close()
                print(f"## {name}: {prompt}\n{scenes_table(prepared, estimate)}")
                print(f"frame at {at / 1000:.1f} s -> {path.relative_to(ROOT)}\n")
        finally:
            await browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
