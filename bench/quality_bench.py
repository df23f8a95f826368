"""Quality report cost: the checks against the render of the same video.

    .venv/bin/python bench/quality_bench.py [--template pulse] [--resolution 720p] [--rounds 3]
                                            [--warm] [--music corporate-drive]

Renders a built-in template with its sample data through the real pipeline (as `reelsmith
render TEMPLATE --resolution 720p` does: a browser launched for it; `--warm` times a second
render on the warm browser instead; `--music` adds a bundled bed, ducked under the voice),
then runs `check_video` on the file `--rounds` times, without and with the voice stem, and
prints the median check time, the render time, their ratio (the budget is 5 %), the CPU
seconds of the check's ffprobe + ffmpeg, the load of the machine, and the report of the real
render. The last line is one JSON object.
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
from app.spec import DEVICE_SCALE
from worker.render import audio
from worker.render.browser import BrowserManager
from worker.render.cli import job_spec, load_template
from worker.render.page import open_capture_page, page_info
from worker.render.pipeline import Prepared, RenderResult, prepare, render_video
from worker.render.quality import Expectations, QualityReport, check_video
from worker.render.server import serve_page

BUDGET = 0.05


async def moving_intervals(
    prepared: Prepared, settings: Settings, resolution: str, fps: int
) -> list[tuple[float, float]]:
    """The composition runtime's activeIntervals for the page (what capture reads)."""
    manager = BrowserManager(settings)
    try:
        [warm] = await manager.acquire(1)
        with serve_page(prepared.page, prepared.assets) as server:
            cap = await open_capture_page(
                warm, server.origin, server.page_url, DEVICE_SCALE[resolution], fps
            )
            info = await page_info(cap, fps)
            await cap.close()
    finally:
        await manager.close()
    return info.intervals


async def expectations(
    result: RenderResult, prepared: Prepared, settings: Settings, workdir: Path
) -> tuple[Expectations, Path | None]:
    """What the pipeline would pass for this job, and the voice stem it would keep."""
    timeline = prepared.timeline
    words = [
        [scene.start_ms + int(w["startMs"]) for w in scene.config.get("wordTimestamps") or []]
        for scene in timeline.scenes
    ]
    stem = None
    if prepared.voiceovers:
        total = round(timeline.duration_ms * audio.RATE / 1000)
        track = audio.voice_track(timeline, prepared.voiceovers, total)
        stem = audio.write_pcm(workdir / "voice.wav", track)
    expect = Expectations(
        fps=result.fps,
        width=result.width,
        height=result.height,
        duration_ms=result.duration_ms,
        audio=bool(prepared.voiceovers) or bool(prepared.spec.audio.musicTrack),
        word_starts_ms=[w for w in words if w],
        moving_ms=await moving_intervals(prepared, settings, result.resolution, result.fps),
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
    parser.add_argument("--template", default="pulse")
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
        expect, stem = await expectations(result, prepared, settings, workdir)
        onsets_s, onsets_cpu, report = await timed_checks(out, expect, args.rounds)
        with_stem = replace(expect, voice_stem=stem)
        stem_s, stem_cpu, stem_report = await timed_checks(out, with_stem, args.rounds)
    load_after = os.getloadavg()
    figures = {
        "template": args.template,
        "music": args.music,
        "resolution": args.resolution,
        "video_s": round(result.duration_ms / 1000, 2),
        "frames": result.frames,
        "render_s": round(render_s, 2),
        "render_browser": "warm" if args.warm else "launched for it",
        "check_s": round(onsets_s, 3),
        "check_cpu_s": round(onsets_cpu, 3),
        "ratio": round(onsets_s / render_s, 4),
        "check_with_stem_s": round(stem_s, 3),
        "check_with_stem_cpu_s": round(stem_cpu, 3),
        "ratio_with_stem": round(stem_s / render_s, 4),
        "budget": BUDGET,
        "cores": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "report": report.to_json(),
        "report_with_stem": stem_report.to_json(),
    }
    print(
        f"video             {args.template}, {figures['video_s']} s, {result.frames} frames, "
        f"{args.resolution} @ {result.fps} fps, music: {args.music or 'none'}"
    )
    print(f"render            {render_s:7.2f} s   (browser {figures['render_browser']})")
    for label, wall, cpu in (("check", onsets_s, onsets_cpu), ("check + stem", stem_s, stem_cpu)):
        print(
            f"{label:<17} {wall:7.3f} s   ({cpu:.2f} CPU s in ffprobe + ffmpeg; median of "
            f"{args.rounds}) = {wall / render_s:.1%} of the render (budget {BUDGET:.0%})"
        )
    print(
        f"load              {' '.join(f'{x:.2f}' for x in load_before)} before, "
        f"{' '.join(f'{x:.2f}' for x in load_after)} after, on {os.cpu_count()} cores"
    )
    for label, shown in (("report", report), ("report + stem", stem_report)):
        print(f"{label:<17} {shown.status}")
        for check in shown.checks:
            print(f"  {check.name:<10} {check.status:<5} {check.detail}")
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    asyncio.run(main())
