"""Render benchmark: a fixed 10 s 1280x720 composition, end to end vs a naive capture loop.

    .venv/bin/python bench/render_bench.py [--resolution 720p|1080p|4k] [--fps 30] [--parallel N]
    .venv/bin/python bench/render_bench.py --shapes [--resolution 720p]

Three scenes (title with the name sliding in, three stat counters counting up, a bar chart of
six bars) through the real pipeline (timeline, compose, capture, encode, mux with AAC).
Prints end-to-end fps (warm browser, all frames captured, encoded and muxed, wall clock), the
fps of a naive loop over the same page (one page, one Page.captureScreenshot PNG per frame,
no encode), their ratio, CPU seconds and peak RSS of the whole process tree (Chromium and
ffmpeg included). The last line is one JSON object.

`--shapes`: the same composition end to end (warm browser) in each output.aspectRatio (9:16 at
720p moves as many pixels as 16:9), then a 3 s GIF of its start (output.range) against the
whole MP4; target: the range costs at most its share of the whole plus 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.config import Settings
from app.renders.job import JobBrand, JobOutput, RenderJobSpec
from app.spec import ASPECT_RATIOS, DEVICE_SCALE, frame_size
from worker.render.browser import BrowserManager
from worker.render.compose import compose_page
from worker.render.page import frame_time_ms, open_capture_page
from worker.render.pipeline import render_video
from worker.render.server import serve_page
from worker.render.timeline import plan_timeline

SCENES: list[dict[str, Any]] = [
    {
        "primitiveId": "title-intro",
        "animationOption": "slide-up",
        "durationOverride": 3.5,
        "sceneData": {"person_name": "[person_name]", "subtitle": "A year of research"},
    },
    {
        "primitiveId": "stat-counters",
        "animationOption": "count-up",
        "durationOverride": 3.5,
        "transition": "fade",
        "sceneData": {
            "stats": [
                {"label": "Publications", "value": 214},
                {"label": "Citations", "value": 18432},
                {"label": "h-index", "value": 61},
            ]
        },
    },
    {
        "primitiveId": "bar-race",
        "animationOption": "grow",
        "durationOverride": 4.0,
        "transition": "fade",
        "sceneData": {"bars": "[bars]"},
    },
]  # 3.5 + 3.5 + 4.0 - two 0.5 s fades = 10.0 s
DATA = {
    "person_name": "Dr. Ada Okafor",
    "bars": [
        {"label": str(2019 + i), "value": v}
        for i, v in enumerate([1320, 1580, 1875, 2140, 2410, 2655])
    ],
}


class TreeMonitor:
    """Samples CPU time and RSS of this process and all its descendants."""

    def __init__(self, interval_s: float = 0.05) -> None:
        self.interval_s = interval_s
        self.root = psutil.Process()
        self.cpu: dict[int, float] = {}
        self.base: dict[int, float] = {}
        self.peak_rss = 0
        self.peak_pss = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _procs(self) -> list[psutil.Process]:
        return [self.root, *self.root.children(recursive=True)]

    def _sample(self, with_pss: bool = True) -> None:
        rss = pss = 0
        for p in self._procs():
            try:
                t = p.cpu_times()
                self.cpu[p.pid] = t.user + t.system
                # PSS reads smaps (costly, and it holds our GIL): only every few samples.
                mem = p.memory_full_info() if with_pss else p.memory_info()
                rss += mem.rss
                pss += getattr(mem, "pss", 0)
            except psutil.Error:
                continue
        self.peak_rss = max(self.peak_rss, rss)
        if with_pss:
            self.peak_pss = max(self.peak_pss, pss)

    def _run(self) -> None:
        n = 0
        while not self._stop.is_set():
            self._sample(with_pss=n % 10 == 0)
            n += 1
            self._stop.wait(self.interval_s)

    def __enter__(self) -> TreeMonitor:
        self._sample()
        self.base = dict(self.cpu)
        self.cpu = {}
        self.peak_rss = self.peak_pss = 0
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    @property
    def cpu_s(self) -> float:
        return sum(v - self.base.get(pid, 0.0) for pid, v in self.cpu.items())


async def naive_fps(settings: Settings, resolution: str, fps: int) -> tuple[float, int]:
    """One page, Page.captureScreenshot PNG per frame, no encode: frames per second."""
    timeline = plan_timeline(SCENES, DATA)
    manager = BrowserManager(settings, mode="screenshot")
    try:
        [warm] = await manager.acquire(1)
        with serve_page(compose_page(timeline, JobBrand(), JobOutput(), DATA, None)) as server:
            cap = await open_capture_page(
                warm, server.origin, server.page_url, DEVICE_SCALE[resolution], fps
            )
            total = round(timeline.duration_ms * fps / 1000)
            started = time.perf_counter()
            for i in range(total):
                await cap.seek(frame_time_ms(i, fps))
                await cap.cdp.send("Page.captureScreenshot", {"format": "png"})
            elapsed = time.perf_counter() - started
            await cap.close()
        return total / elapsed, total
    finally:
        await manager.close()


def job(resolution: str, fps: int, **output: Any) -> RenderJobSpec:
    return RenderJobSpec.model_validate(
        {
            "scenes": SCENES,
            "data": DATA,
            "output": {"resolution": resolution, "fps": fps, **output},
            "audio": {"includeVoiceover": False},
        }
    )


async def shapes_and_gif(settings: Settings, resolution: str, fps: int) -> dict[str, Any]:
    """End-to-end fps per shape, and a 3 s GIF range against the whole MP4 (warm browser)."""
    manager = BrowserManager(settings)
    figures: dict[str, Any] = {"resolution": resolution, "fps": fps, "shapes": {}}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.mp4"
        try:
            await render_video(job(resolution, fps), settings, None, out, manager=manager)
            for shape in ASPECT_RATIOS:
                started = time.perf_counter()
                result = await render_video(
                    job(resolution, fps, aspectRatio=shape), settings, None, out, manager=manager
                )
                wall = time.perf_counter() - started
                width, height = frame_size(resolution, shape)
                figures["shapes"][shape] = {
                    "size": f"{width}x{height}",
                    "seconds": round(wall, 2),
                    "fps": round(result.frames / wall, 1),
                }
                rate = result.frames / wall
                print(f"{shape:>5} {width}x{height:<5} {rate:7.1f} fps  ({wall:.2f} s)")
            gif = job(resolution, fps, format="gif", range={"startMs": 0, "endMs": 3000})
            started = time.perf_counter()
            await render_video(gif, settings, None, out, manager=manager)
            gif_s = time.perf_counter() - started
        finally:
            await manager.close()
    whole_s = figures["shapes"]["16:9"]["seconds"]
    budget = whole_s * 3 / 10 + 1
    figures.update(
        gif_range_s=round(gif_s, 2),
        whole_mp4_s=whole_s,
        gif_budget_s=round(budget, 2),
        gif_within_budget=gif_s <= budget,
    )
    print(
        f"3 s GIF range     {gif_s:.2f} s vs the whole 10 s MP4 {whole_s:.2f} s "
        f"(target <= {budget:.2f} s: {'met' if gif_s <= budget else 'missed'})"
    )
    print(json.dumps(figures))
    return figures


async def main() -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resolution", default="720p", choices=sorted(DEVICE_SCALE))
    parser.add_argument("--fps", type=int, default=30, choices=(30, 60))
    parser.add_argument("--parallel", type=int, default=0, help="capture pages (0 = auto)")
    parser.add_argument("--shapes", action="store_true", help="fps per shape, GIF range vs whole")
    args = parser.parse_args()
    settings = Settings(render_parallelism=args.parallel)
    if args.shapes:
        return await shapes_and_gif(settings, args.resolution, args.fps)
    request = RenderJobSpec.model_validate(
        {
            "scenes": SCENES,
            "data": DATA,
            "output": {"resolution": args.resolution, "fps": args.fps},
            "audio": {"includeVoiceover": False},
        }
    )
    manager = BrowserManager(settings)
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.mp4"
        try:
            cold_started = time.perf_counter()
            await render_video(request, settings, None, out, manager=manager)
            cold = time.perf_counter() - cold_started
            with TreeMonitor() as monitor:
                started = time.perf_counter()
                result = await render_video(request, settings, None, out, manager=manager)
                warm = time.perf_counter() - started
        finally:
            await manager.close()
        size = out.stat().st_size if out.exists() else 0
    naive, naive_frames = await naive_fps(settings, args.resolution, args.fps)
    frames = result.frames
    figures = {
        "resolution": args.resolution,
        "fps": args.fps,
        "frames": frames,
        "frames_captured": result.capture.captured,
        "capture_method": result.capture.mode,
        "capture_pages": result.capture.pages,
        "seconds_end_to_end": round(warm, 2),
        "fps_end_to_end": round(frames / warm, 1),
        "fps_cold_start": round(frames / cold, 1),
        "fps_naive": round(naive, 1),
        "ratio": round((frames / warm) / naive, 2),
        "cpu_s": round(monitor.cpu_s, 1),
        "peak_rss_mb": round(monitor.peak_rss / 2**20),
        "peak_pss_mb": round(monitor.peak_pss / 2**20),
        "output_mb": round(size / 2**20, 2),
        "cores": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in load],
    }
    print(f"composition       10 s, 3 scenes, {args.resolution} @ {args.fps} fps = {frames} frames")
    print(
        f"end to end        {figures['fps_end_to_end']:7.1f} fps  "
        f"({warm:.2f} s wall, warm browser; "
        f"{frames - result.capture.captured} of {frames} frames repeated, "
        f"{result.capture.pages} pages, {result.capture.mode})"
    )
    print(f"cold start        {figures['fps_cold_start']:7.1f} fps  (incl. browser launch)")
    print(f"naive loop        {naive:7.1f} fps  ({naive_frames} PNG screenshots, no encode)")
    print(f"ratio             {figures['ratio']:7.2f} x")
    print(f"cpu               {figures['cpu_s']:7.1f} s   (whole process tree)")
    print(
        f"peak memory       {figures['peak_rss_mb']:7d} MB  RSS summed over the process tree "
        f"(Chromium incl.; {figures['peak_pss_mb']} MB PSS, shared pages counted once)"
    )
    print(f"load before       {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    asyncio.run(main())
