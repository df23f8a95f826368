"""Quality report cost: the checks against the render of the same video.

    .venv/bin/python bench/quality_bench.py [--template rewind] [--resolution 720p] [--rounds 3]
                                            [--warm] [--music corporate-drive]

Renders a built-in template with its sample data through the real pipeline (as `reelsmith
render TEMPLATE --resolution 720p` does: a browser launched for it; `--warm` times a second
render on the warm browser instead; `--music` adds a bundled bed, ducked under the voice). The
render runs the quality check itself after the mux (the voice stem beside it): its share of
the render's wall time is the figure that counts (budget 5 %). Then `check_video` runs again on
the file `--rounds` times, without and with the voice stem, for the median and the CPU seconds
of its ffprobe + ffmpeg. Prints the machine's load and the report. The last line is one JSON
object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.config import Settings
from app.renders.quality import QualityReport
from app.spec import DEVICE_SCALE, RESOLUTIONS
from worker.render import audio
from worker.render.browser import BrowserManager
from worker.render.cli import job_spec, load_template
from worker.render.page import PageInfo, open_capture_page, page_info
from worker.render.pipeline import Prepared, prepare, render_video
from worker.render.quality import Expectations, check_video
from worker.render.quality.expect import expectations
from worker.render.server import serve_page

BUDGET = 0.05


async def read_page(prepared: Prepared, settings: Settings) -> PageInfo:
    """What the runtime reports for the page (what capture reads with page_info)."""
    output = prepared.spec.output
    manager = BrowserManager(settings)
    try:
        [warm] = await manager.acquire(1)
        with serve_page(prepared.page, prepared.assets) as server:
            cap = await open_capture_page(
                warm, server.origin, server.page_url, DEVICE_SCALE[output.resolution], output.fps
            )
            info = await page_info(cap, output.fps)
            await cap.close()
    finally:
        await manager.close()
    return info


async def job_expectations(
    prepared: Prepared, settings: Settings, workdir: Path
) -> tuple[Expectations, Path | None]:
    """What the pipeline passes for this job (`Prepared.quality_plan` + the page), and the
    voice stem it keeps."""
    stem = None
    if prepared.voiceovers:
        total = round(prepared.timeline.duration_ms * audio.RATE / 1000)
        track = audio.voice_track(prepared.timeline, prepared.voiceovers, total, workdir)
        stem = audio.write_pcm(workdir / audio.VOICE_STEM, track)
    page = await read_page(prepared, settings)
    plan = prepared.quality_plan()
    output = prepared.spec.output
    expect = expectations(
        fps=output.fps,
        size=RESOLUTIONS[output.resolution],
        duration_ms=prepared.timeline.duration_ms,
        soundtrack=plan["soundtrack"],
        word_starts_ms=plan["wordStartsMs"],
        missing=plan["missingGlyphs"],
        moving_ms=page.intervals,
        fit=page.fit,
        voice_stem=None,
    )
    return expect, stem


async def timed_checks(
    video: Path, expect: Expectations, rounds: int
) -> tuple[float, float, QualityReport]:
    """Median wall seconds, mean child CPU seconds per run, and the last report."""
    walls, cpus = [], []
    report = None
    for _ in range(rounds):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        report = await check_video(video, expect, 120.0)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    assert report is not None
    return statistics.median(walls), statistics.mean(cpus), report


async def main() -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--template", default="rewind")
    parser.add_argument("--resolution", default="720p", choices=sorted(DEVICE_SCALE))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warm", action="store_true", help="time a render on a warm browser")
    parser.add_argument("--music", default=None, help="a bundled music track under the voice")
    args = parser.parse_args()
    settings = Settings()
    spec = job_spec(load_template(args.template), None, args.resolution, None, None)
    if args.music:
        spec = spec.model_copy(
            update={"audio": spec.audio.model_copy(update={"musicTrack": args.music})}
        )
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        out = workdir / "video.mp4"
        manager = BrowserManager(settings)
        try:
            if args.warm:
                await render_video(spec, settings, None, out, manager=manager)
            started = time.perf_counter()
            result = await render_video(spec, settings, None, out, manager=manager)
            render_s = time.perf_counter() - started
        finally:
            await manager.close()
        prepared = await prepare(spec, settings, lambda stage, percent: None, workdir / "job")
        expect, stem = await job_expectations(prepared, settings, workdir)
        onsets_s, onsets_cpu, report = await timed_checks(out, expect, args.rounds)
        with_stem = replace(expect, voice_stem=stem)
        stem_s, stem_cpu, stem_report = await timed_checks(out, with_stem, args.rounds)
    load_after = os.getloadavg()
    in_render = result.quality_s
    figures = {
        "template": args.template,
        "music": args.music,
        "resolution": args.resolution,
        "video_s": round(result.duration_ms / 1000, 2),
        "frames": result.frames,
        "render_s": round(render_s, 2),
        "render_browser": "warm" if args.warm else "launched for it",
        "check_in_render_s": round(in_render, 3),
        "ratio_in_render": round(in_render / render_s, 4),
        "check_s": round(onsets_s, 3),
        "check_cpu_s": round(onsets_cpu, 3),
        "check_with_stem_s": round(stem_s, 3),
        "check_with_stem_cpu_s": round(stem_cpu, 3),
        "ratio_with_stem": round(stem_s / render_s, 4),
        "budget": BUDGET,
        "cores": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "poster_at_ms": result.poster_at_ms,
        "report": result.quality.to_json(),
    }
    print(
        f"video             {args.template}, {figures['video_s']} s, {result.frames} frames, "
        f"{args.resolution} @ {result.fps} fps, music: {args.music or 'none'}"
    )
    print(
        f"render            {render_s:7.2f} s   (browser {figures['render_browser']}; the check "
        f"inside it: {in_render:.3f} s = {in_render / render_s:.1%}, budget {BUDGET:.0%})"
    )
    for label, wall, cpu in (("check", onsets_s, onsets_cpu), ("check + stem", stem_s, stem_cpu)):
        print(
            f"{label:<17} {wall:7.3f} s   ({cpu:.2f} CPU s in ffprobe + ffmpeg; median of "
            f"{args.rounds}) = {wall / render_s:.1%} of the render"
        )
    print(
        f"load              {' '.join(f'{x:.2f}' for x in load_before)} before, "
        f"{' '.join(f'{x:.2f}' for x in load_after)} after, on {os.cpu_count()} cores"
    )
    for label, shown in (("report (render)", result.quality), ("report, onsets", report),
                         ("report + stem", stem_report)):  # fmt: skip
        print(f"{label:<17} {shown.status}")
        for check in shown.checks:
            print(f"  {check.name:<10} {check.status:<5} {check.detail}")
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    asyncio.run(main())
