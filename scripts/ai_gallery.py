"""Frames of three videos the built-in composer makes from a prompt, for docs/api/ai.md:
docs/gallery/ai-<name>.png (960x540) and, printed, each prompt's scenes as a Markdown table.

Usage: python scripts/ai_gallery.py   (`make gallery`)

Each prompt is composed (`create`, empty template), given the composer's sample data
(app/ai/samples.py), spoken by the default voice with the deployment's voice setting (offline
Kokoro by default) and rendered to a 720p MP4 by the render pipeline; the frame is cut from
that MP4 (ffmpeg) at the chosen scene's settled moment. No server and no network are needed.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
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
from app.renders.job import RenderJobSpec, build_job_spec  # noqa: E402
from app.renders.schemas import AudioOptions, OutputOptions, RenderOptions  # noqa: E402
from worker.render.browser import BASE_ARGS, close_browser_managers, find_chromium  # noqa: E402
from worker.render.pipeline import Prepared, prepare, render_video  # noqa: E402
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
    # From the second held-out set (the composer was not written for it).
    "marathon": (
        "Congratulate a marathon runner: their finishing time in minutes, their place in their "
        "age group, the date of the race, a photo at the finish line and a finisher badge",
        "stat-counters",
    ),
}


async def prepared_video(prompt: str, workdir: Path) -> tuple[Prepared, int, Settings]:
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
    prepared = await prepare(spec, settings, lambda stage, percent: None, workdir / "prepare")
    return prepared, estimated_seconds(made.scenes, made.dataSlots), settings


def probe_seconds(path: Path) -> float:
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "json", str(path)],
        capture_output=True, check=True, timeout=60, text=True,
    )  # fmt: skip
    return float(json.loads(out.stdout)["format"]["duration"])


async def rendered_frame(
    spec: RenderJobSpec, settings: Settings, at_ms: int, workdir: Path, out: Path
) -> float:
    """Render the job to MP4, cut the frame at `at_ms` to `out` (960x540); the MP4's seconds."""
    try:
        result = await render_video(spec, settings, None, workdir / "video.mp4")
    finally:
        await close_browser_managers()
    frame = workdir / "frame.png"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-ss", f"{at_ms / 1000:.3f}", "-i", str(result.path),
         "-frames:v", "1", str(frame)],
        check=True, timeout=120,
    )  # fmt: skip
    small = Image.open(frame).convert("RGB").resize((960, 540), Image.LANCZOS)
    small.quantize(256).save(out, optimize=True)
    return probe_seconds(result.path)


def scenes_table(prepared: Prepared, estimate: int, mp4_s: float) -> str:
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
    rows.append(f"\nestimatedDuration {estimate} s; timeline {total:.1f} s; MP4 {mp4_s:.1f} s")
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
                    prepared, estimate, settings = await prepared_video(prompt, Path(tmp))
                    scene = next(s for s in prepared.timeline.scenes if s.primitive_id == primitive)
                    context = await browser.new_context(viewport={"width": 1280, "height": 720})
                    page = await context.new_page()
                    with serve_page(prepared.page, prepared.assets) as server:
                        await page.goto(server.page_url, wait_until="load")
                        await page.evaluate("() => window.reelsmith.ready")
                        at = await page.evaluate("i => reelsmith.settledAt(i)", scene.index)
                    await context.close()
                    path = OUT_DIR / f"ai-{name}.png"
                    mp4_s = await rendered_frame(prepared.spec, settings, at, Path(tmp), path)
                print(f"## {name}: {prompt}\n{scenes_table(prepared, estimate, mp4_s)}")
                print(f"frame at {at / 1000:.1f} s -> {path.relative_to(ROOT)}\n")
        finally:
            await browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
