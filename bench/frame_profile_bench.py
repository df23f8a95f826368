"""Where a frame's time goes: one render per built-in template (or the ones named), profiled.

    .venv/bin/python bench/frame_profile_bench.py [--template pulse ...] [--resolution 720p]
        [--no-voiceover] [--parallel 1] [--json]

Each template renders with its sample data through the real pipeline (warm browser: one
render first to launch it, then the measured one) with one capture page, as a batch worker
renders it. A sampler in its own process (so its work is not counted) reads the CPU time of
every process of the render's tree, and of each of Chromium's threads, from /proc every
40 ms, and marks each stage of the job. Printed per template:

- frames, frames captured, frames repeated (the runtime says they cannot differ);
- CPU seconds per stage (voices, capture + encode, mix + mux + quality check) and in total;
- CPU milliseconds per *captured* frame for each part of the capture: the page's main thread
  (seek: scripts, style, layout, paint), its compositor and raster threads, the display
  compositor (Chromium's software GL draw and the frame readback), the browser process
  (screenshot JPEG encoding, the protocol), Playwright's driver (relaying each frame's image),
  this Python process (base64, the pipe, asyncio) and the ffmpeg encoders (JPEG decode, colour
  conversion, x264);
- the wall time of each step as the capture loop sees it (seek, beginFrame round trip with the
  image, the write into ffmpeg's pipe) and the JPEG's size;
- why frames are captured: for each moving thing on the page (a scene's cut or transition, a
  primitive's scripted motion, a CSS animation) the frames in which it moves and the frames in
  which it is the only thing moving (the frames that a still version of it would save).

The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from cpu_sampler import Sampler  # noqa: E402

from app.config import Settings  # noqa: E402
from app.templates.builtins import builtins  # noqa: E402
from worker.render import background as background_module  # noqa: E402
from worker.render import browser as browser_module  # noqa: E402
from worker.render import capture as capture_module  # noqa: E402
from worker.render import encode as encode_module  # noqa: E402
from worker.render import page as page_module  # noqa: E402
from worker.render import pipeline as pipeline_module  # noqa: E402
from worker.render.browser import BrowserManager  # noqa: E402
from worker.render.cli import job_spec  # noqa: E402
from worker.render.pipeline import render_video  # noqa: E402

# ---------- the capture loop's own view (wall time per step) ----------


class StepClock:
    """Wall time of the capture loop's steps, by wrapping them while the bench runs."""

    def __init__(self) -> None:
        self.seconds: Counter[str] = Counter()
        self.calls: Counter[str] = Counter()
        self.jpeg_bytes = 0
        self.sources: list[dict[str, Any]] = []
        self.flags: list[bool] = []

    def install(self) -> None:
        clock = self
        page_cls = page_module.CapturePage
        seek, begin = page_cls.seek, page_cls._begin_frame
        write = encode_module.RunEncoder.write
        differ = capture_module.differ_flags

        async def timed_seek(self: Any, ms: float) -> None:
            t = time.perf_counter()
            await seek(self, ms)
            clock.seconds["seek"] += time.perf_counter() - t
            clock.calls["seek"] += 1

        async def timed_begin(self: Any, screenshot: bool, fmt: str = "jpeg") -> bytes | None:
            t = time.perf_counter()
            frame = await begin(self, screenshot, fmt)
            clock.seconds["beginFrame + image"] += time.perf_counter() - t
            clock.calls["beginFrame + image"] += 1
            clock.jpeg_bytes += len(frame or b"")
            return frame

        async def timed_write(self: Any, frame: bytes) -> None:
            t = time.perf_counter()
            await write(self, frame)
            clock.seconds["write to ffmpeg"] += time.perf_counter() - t
            clock.calls["write to ffmpeg"] += 1

        async def flags_and_sources(cap: Any, total: int, fps: int) -> list[bool]:
            flags = await differ(cap, total, fps)
            clock.flags = flags
            clock.sources = await cap.page.evaluate("() => window.reelsmith.activeSources()")
            return flags

        page_cls.seek = timed_seek  # type: ignore[method-assign]
        page_cls._begin_frame = timed_begin  # type: ignore[method-assign]
        encode_module.RunEncoder.write = timed_write  # type: ignore[method-assign]
        capture_module.differ_flags = flags_and_sources

    def reset(self) -> None:
        self.seconds.clear()
        self.calls.clear()
        self.jpeg_bytes = 0


def skip_reasons(flags: list[bool], sources: list[dict[str, Any]], fps: int) -> list[dict]:
    """Per moving thing: the captured frames in which it moves, and those in which nothing
    else moves."""
    moving: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    for i in range(1, len(flags)):
        if not flags[i]:
            continue
        a, b = (i - 1) * 1000 / fps, i * 1000 / fps
        names = {
            f"{s['kind']}: scene {s['scene']} {s['primitive'] or ''} {s['what']}".strip()
            for s in sources
            if b > s["from"] and a < s["to"]
        }
        for name in names:
            moving[name] += 1
        if len(names) == 1:
            alone[next(iter(names))] += 1
    return [
        {"source": name, "frames_moving": n, "frames_only_it": alone[name]}
        for name, n in moving.most_common()
    ]


# ---------- one template ----------

GROUPS = (
    ("page main thread (seek: JS, style, layout, paint)", ()),
    ("page compositor + raster threads", ()),
    ("display compositor (software GL draw, readback)", ("chromium gpu-process", "Viz")),
    ("browser process (JPEG encode, protocol)", ("chromium browser",)),
    ("Playwright driver (relays the image)", ("playwright driver",)),
    ("Python (base64, pipe, asyncio)", ("python",)),
    ("ffmpeg encoders (JPEG decode, colour, x264)", ("ffmpeg encode",)),
)


def grouped(categories: dict[str, float], threads: dict[str, float]) -> dict[str, float]:
    """The capture's CPU by part: Chromium's by thread where the thread says more."""
    out: dict[str, float] = defaultdict(float)
    renderer = sum(v for k, v in categories.items() if k == "chromium renderer")
    main = sum(
        v
        for k, v in threads.items()
        if k.startswith(("chromium renderer / CrRendererMain", "chromium renderer / chromium"))
    )
    out[GROUPS[0][0]] = main
    out[GROUPS[1][0]] = max(0.0, renderer - main)
    for label, prefixes in GROUPS[2:]:
        for k, v in categories.items():
            if any(k.startswith(p) for p in prefixes):
                out[label] += v
    rest = sum(categories.values()) - sum(out.values())
    out["other (utility processes, ffmpeg mux/check, voices)"] = max(0.0, rest)
    return dict(out)


async def profile(
    template: str, settings: Settings, manager: BrowserManager, args: argparse.Namespace
) -> dict[str, Any]:
    doc = builtins()[template].model_dump(mode="json")
    spec = job_spec(doc, None, args.resolution, 30, not args.no_voiceover)
    # The measured render speaks its personal lines afresh, as each row of a batch does (the
    # warm-up render leaves the template's shared lines in the voice cache).
    data = dict(doc.get("sampleData") or {})
    names = ("Jordan Avery", "Priya Nair", "Lena Park", "Tomas Weber", "Amara Diallo")
    data["person_name"] = names[int(time.time()) % len(names)]
    offline = {**doc, "dataSource": None}  # the sample data is complete: no outside source
    measured = job_spec(offline, data, args.resolution, 30, not args.no_voiceover)
    clock = STEP
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "warm.mp4"
        if not args.no_voiceover or not WARM:  # launch the browser (and fill the voice cache)
            await render_video(spec, settings, None, out, manager=manager, parallel=args.parallel)
            WARM.append(template)
        clock.reset()
        sampler = Sampler()
        stages: list[str] = []

        def on_progress(stage: str, percent: float) -> None:
            if not stages or stages[-1] != stage:
                stages.append(stage)
                sampler.mark(stage)

        sampler.mark("start")
        load = os.getloadavg()[0]
        started = time.perf_counter()
        result = await render_video(
            measured, settings, on_progress, out, manager=manager, parallel=args.parallel
        )
        wall = time.perf_counter() - started
        sampler.mark("end")
        sampled = sampler.finish()
    marks = sampled["marks"]
    stage_cpu = {}
    for before, after in zip(marks, marks[1:], strict=False):
        stage_cpu[before["label"]] = round(
            sum(after["cpu"].values()) - sum(before["cpu"].values()), 2
        )
    capture_cats = _between(marks, "rendering", "encoding")
    capture_threads = sampled["threads"]  # the whole render; Chromium works only in capture
    parts = grouped(capture_cats, capture_threads)
    captured = result.capture.captured
    per_frame = {k: round(v * 1000 / max(captured, 1), 2) for k, v in parts.items()}
    steps = {k: round(clock.seconds[k] * 1000 / max(clock.calls[k], 1), 2) for k in clock.seconds}
    total_cpu = sum(sampled["categories"].values())
    figures = {
        "template": template,
        "frames": result.frames,
        "captured": captured,
        "repeated": result.frames - captured,
        "video_s": round(result.duration_ms / 1000, 2),
        "wall_s": round(wall, 2),
        "cpu_s": round(total_cpu, 2),
        "cpu_s_capture": round(sum(capture_cats.values()), 2),
        "stage_cpu_s": stage_cpu,
        "capture_cpu_ms_per_captured_frame": per_frame,
        "capture_ms_per_captured_frame": round(
            sum(capture_cats.values()) * 1000 / max(captured, 1), 1
        ),
        "step_wall_ms": steps,
        "jpeg_kb": round(clock.jpeg_bytes / max(clock.calls["beginFrame + image"], 1) / 1024, 1),
        "categories": {k: round(v, 2) for k, v in sampled["categories"].items()},
        "threads": dict(sorted(capture_threads.items(), key=lambda kv: -kv[1])[:16]),
        "why_captured": skip_reasons(clock.flags, clock.sources, 30),
        "load_average": round(load, 2),
    }
    print_template(figures)
    return figures


def _between(marks: list[dict[str, Any]], start: str, end: str) -> dict[str, float]:
    labels = [m["label"] for m in marks]
    a = marks[labels.index(start)] if start in labels else marks[0]
    b = marks[labels.index(end)] if end in labels else marks[-1]
    return {k: b["cpu"].get(k, 0.0) - a["cpu"].get(k, 0.0) for k in b["cpu"]}


def print_template(f: dict[str, Any]) -> None:
    print(
        f"\n== {f['template']}: {f['video_s']} s, {f['frames']} frames, {f['captured']} captured, "
        f"{f['repeated']} repeated; {f['wall_s']} s wall, {f['cpu_s']} CPU s "
        f"(load average {f['load_average']})"
    )
    print("CPU s by stage: " + ", ".join(f"{k} {v}" for k, v in f["stage_cpu_s"].items()))
    print(f"capture + encode: {f['capture_ms_per_captured_frame']} CPU ms per captured frame")
    for name, ms in f["capture_cpu_ms_per_captured_frame"].items():
        print(f"  {ms:7.2f} ms  {name}")
    print(
        "capture loop wall ms per call: "
        + ", ".join(f"{k} {v}" for k, v in f["step_wall_ms"].items())
        + f"; JPEG {f['jpeg_kb']} KB"
    )
    print("busiest threads (CPU s): " + ", ".join(f"{k} {v}" for k, v in f["threads"].items()))
    print("why frames are captured (frames moving / frames only it moves):")
    for row in f["why_captured"][:14]:
        print(f"  {row['frames_moving']:4d} / {row['frames_only_it']:4d}  {row['source']}")


STEP = StepClock()
WARM: list[str] = []  # templates rendered once before their measured render


def try_variant(args: argparse.Namespace) -> None:
    """Apply the variant asked for (one cost at a time): Chromium flags, CSS appended to the
    page, the screenshot's JPEG quality, the x264 preset and threads."""
    if args.no_bake:
        background_module.BAKE_BACKGROUND = False
    if args.chromium_arg:
        browser_module.BASE_ARGS.extend(args.chromium_arg)
    if args.jpeg_quality:
        page_module.JPEG_QUALITY = args.jpeg_quality
    if args.x264_preset:
        encode_module.X264_PRESET = args.x264_preset
    if args.x264_threads:
        encode_module.X264_THREADS = args.x264_threads
    if args.css:
        extra = "<style>" + Path(args.css).read_text() + "</style></head>"
        compose = pipeline_module.compose_page

        def with_css(*a: Any, **kw: Any) -> str:
            return compose(*a, **kw).replace("</head>", extra, 1)

        pipeline_module.compose_page = with_css  # type: ignore[assignment]


async def main(args: argparse.Namespace) -> None:
    STEP.install()
    try_variant(args)
    settings = Settings(render_parallelism=args.parallel)
    manager = BrowserManager(settings)
    results = []
    try:
        for template in args.template or list(builtins()):
            results.append(await profile(template, settings, manager, args))
    finally:
        await manager.close()
    print("\n| template | frames | captured | CPU s | capture CPU ms / captured frame | JPEG KB |")
    print("|---|---|---|---|---|---|")
    for f in results:
        print(
            f"| {f['template']} | {f['frames']} | {f['captured']} | {f['cpu_s']} | "
            f"{f['capture_ms_per_captured_frame']} | {f['jpeg_kb']} |"
        )
    print(json.dumps({"resolution": args.resolution, "templates": results}))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--template", action="append", help="a built-in id (repeatable)")
    parser.add_argument("--resolution", default="720p", choices=["720p", "1080p", "4k"])
    parser.add_argument("--parallel", type=int, default=1, help="capture pages per job")
    parser.add_argument("--no-voiceover", action="store_true")
    variant = parser.add_argument_group("a variant to measure against the default")
    variant.add_argument(
        "--no-bake", action="store_true", help="gradients drawn every frame (no baked background)"
    )
    variant.add_argument("--chromium-arg", action="append", help="an extra Chromium flag")
    variant.add_argument("--css", help="a CSS file appended to every page")
    variant.add_argument("--jpeg-quality", type=int, help="screenshot JPEG quality")
    variant.add_argument("--x264-preset", help="x264 preset")
    variant.add_argument("--x264-threads", type=int, help="x264 threads")
    asyncio.run(main(parser.parse_args()))
