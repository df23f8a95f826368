"""Our engine against Remotion on render_bench.py's composition (issue 32: 720p30, >= 5x).

    .venv/bin/python bench/remotion_bench.py [--runs 3] [--concurrency 1 2] [--keep DIR]

Renders render_bench.py's fixed 10 s composition (a title with the name, three stat
counters, a six-bar chart; 300 frames at 1280x720, 30 fps) two ways, alternating, `--runs`
times each:

- ours: render_bench's job through the real pipeline (timeline, compose, capture, encode,
  AAC mux), warm browser, as render_bench.py measures it end to end;
- Remotion: the same composition written for Remotion in bench/remotion/ (the engine's own
  markup, CSS and fonts, the same texts, timings and easing, in React with interpolate()),
  rendered by @remotion/renderer's renderMedia() to an H.264 MP4 with Remotion's defaults,
  in the system's Chromium headless shell, once per `--concurrency` (Remotion's own setting:
  tabs rendering frames at once). Its browser is opened and the composition selected once
  (a Node process serving render requests), so it too renders with a warm browser; the
  webpack bundle is made once, outside the timing (kept in bench/remotion/node_modules/.cache
  until a source changes).

Both sides render once untimed first. Each timed run: wall seconds, end-to-end fps (frames /
wall) and CPU seconds of the whole process tree (Chromium, ffmpeg and Remotion's compositor
included; processes that exited during the run are counted through the parents that reaped
them, as batch_bench.py's TreeCpu counts), and the CPU seconds the rest of the machine used
meanwhile ("other": a run with much of it was slowed by another load; its wall time and fps
mean little, its CPU seconds still hold). Prints a markdown table of every run and one of
medians; the last line is one JSON object with the ratios against Remotion's best setting
(highest median fps): ours fps / Remotion fps, and Remotion CPU s / ours.

The Remotion side needs Node.js and its packages, once:  (cd bench/remotion && npm ci)
Not part of `make test`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from render_bench import job

from app.config import Settings
from worker.render.browser import BrowserManager, find_chromium, supports_begin_frame
from worker.render.pipeline import render_video

ROOT = Path(__file__).resolve().parent.parent
REMOTION_DIR = ROOT / "bench" / "remotion"
BUNDLE_DIR = REMOTION_DIR / "node_modules" / ".cache" / "reelsmith-bench-bundle"
# What the bundle is made of: remade when any of these is newer than it.
BUNDLE_INPUTS = [
    *sorted((REMOTION_DIR / "src").iterdir()),
    REMOTION_DIR / "package-lock.json",
    ROOT / "static" / "composition.css",
    *(
        ROOT / "primitives_html" / p / "scene.css"
        for p in ("title-intro", "stat-counters", "bar-race")
    ),
]
RESOLUTION, FPS = "720p", 30
MARK = "@@bench "


class TreeCpu:
    """CPU seconds of a process and its descendants, counted as batch_bench.TreeCpu counts
    them: each process's own time plus the time of the children it has reaped (/proc's cutime
    and cstime), so a process that ran and exited between two readings (an ffmpeg, a closed
    tab's renderer) is counted in full through its parent. `skip`: pids whose subtrees are not
    part of the measure (the idle Remotion server, a child of this process, while our engine
    renders). `other`: the CPU seconds the rest of the machine used meanwhile (all cores' busy
    time less the tree's): another load that slowed the run down."""

    def __init__(self, pid: int, skip: tuple[int, ...] = ()) -> None:
        self.root = psutil.Process(pid)
        self.skip = skip
        self.base = 0.0

    def _walk(self) -> float:
        skipped: set[int] = set()
        for pid in self.skip:
            try:
                proc = psutil.Process(pid)
                skipped |= {pid, *(c.pid for c in proc.children(recursive=True))}
            except psutil.Error:
                continue
        total = 0.0
        for proc in [self.root, *self.root.children(recursive=True)]:
            if proc.pid in skipped:
                continue
            try:
                t = proc.cpu_times()
            except psutil.Error:
                continue
            total += t.user + t.system + t.children_user + t.children_system
        return total

    @staticmethod
    def _busy() -> float:
        t = psutil.cpu_times()
        return sum(t) - t.idle - getattr(t, "iowait", 0.0)

    def __enter__(self) -> TreeCpu:
        self.base = self._walk()
        self.busy = self._busy()
        return self

    def __exit__(self, *exc: object) -> None:
        self.used = self._walk() - self.base
        self.other = max(0.0, self._busy() - self.busy - self.used)


class RemotionServer:
    """`node render.mjs serve`: one browser, one selected composition, a render per request."""

    def __init__(self, serve_url: str, browser: str) -> None:
        self.proc = subprocess.Popen(
            ["node", "render.mjs", "serve", serve_url, browser],
            cwd=REMOTION_DIR,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.info = self._reply()

    def _reply(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith(MARK):
                return json.loads(line[len(MARK) :])
        raise RuntimeError(f"the Remotion server stopped (exit {self.proc.wait()})")

    def render(self, out: Path, concurrency: int, x264_preset: str | None) -> dict[str, Any]:
        assert self.proc.stdin is not None
        request = {"out": str(out), "concurrency": concurrency, "x264Preset": x264_preset}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return self._reply()

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def remotion_ready() -> str | None:
    """Why the Remotion side cannot run, or None."""
    if not shutil.which("node"):
        return "Node.js is not installed (the Remotion side runs in Node)"
    if not (REMOTION_DIR / "node_modules" / "@remotion" / "renderer").is_dir():
        return "bench/remotion has no node_modules: run `npm ci` in bench/remotion once"
    return None


def ensure_bundle() -> str:
    """Remotion's webpack bundle of bench/remotion/src (made only when a source changed)."""
    index = BUNDLE_DIR / "index.html"
    newest = max(p.stat().st_mtime for p in BUNDLE_INPUTS)
    if index.exists() and index.stat().st_mtime > newest:
        return str(BUNDLE_DIR)
    started = time.perf_counter()
    done = subprocess.run(
        ["node", "render.mjs", "bundle", str(BUNDLE_DIR)],
        cwd=REMOTION_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    reply = [line for line in done.stdout.splitlines() if line.startswith(MARK)]
    if not reply:
        raise RuntimeError(f"bundling failed:\n{done.stdout}\n{done.stderr}")
    print(f"bundled bench/remotion in {time.perf_counter() - started:.1f} s (not timed)")
    return str(json.loads(reply[-1][len(MARK) :])["serveUrl"])


def probe(path: Path) -> str:
    """'1280x720 30/1 fps, 300 frames, h264' of a written video."""
    out = subprocess.run(
        [
            "ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets",
            "-show_entries", "stream=width,height,r_frame_rate,nb_read_packets,codec_name",
            "-of", "json", str(path),
        ],
        capture_output=True,
        text=True,
        check=True,
    )  # fmt: skip
    s = json.loads(out.stdout)["streams"][0]
    return (
        f"{s['width']}x{s['height']} {s['r_frame_rate']} fps, "
        f"{s['nb_read_packets']} frames, {s['codec_name']}"
    )


def row(
    key: str, engine: str, setting: str, wall: float, frames: int, cpu: TreeCpu
) -> dict[str, Any]:
    return {
        "key": key,
        "engine": engine,
        "setting": setting,
        "seconds": round(wall, 2),
        "fps": round(frames / wall, 1),
        "cpu_s": round(cpu.used, 1),
        "other_cpu_s": round(cpu.other, 1),
    }


def medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "seconds": round(statistics.median(r["seconds"] for r in runs), 2),
        "fps": round(statistics.median(r["fps"] for r in runs), 1),
        "cpu_s": round(statistics.median(r["cpu_s"] for r in runs), 1),
        "runs": len(runs),
    }


def print_tables(runs: list[dict[str, Any]], summary: dict[str, dict[str, Any]]) -> None:
    print()
    print("| engine | setting | run | wall s | fps | CPU s | other CPU s |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    counts: dict[str, int] = {}
    for r in runs:
        key = f"{r['engine']} {r['setting']}"
        counts[key] = counts.get(key, 0) + 1
        print(
            f"| {r['engine']} | {r['setting']} | {counts[key]} | {r['seconds']:.2f} "
            f"| {r['fps']:.1f} | {r['cpu_s']:.1f} | {r['other_cpu_s']:.1f} |"
        )
    ours = summary["ours"]
    print()
    print("| median | wall s | fps | CPU s | ours fps / its fps | its CPU s / ours |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for key, m in summary.items():
        print(
            f"| {key} | {m['seconds']:.2f} | {m['fps']:.1f} | {m['cpu_s']:.1f} "
            f"| {ours['fps'] / m['fps']:.2f} | {m['cpu_s'] / ours['cpu_s']:.2f} |"
        )
    print()


async def timed_runs(
    args: argparse.Namespace, settings: Settings, remotion: RemotionServer
) -> tuple[list[dict[str, Any]], int]:
    """Every timed run, ours and Remotion's at each concurrency in turn; and how many frames
    our engine captured (the others it repeats: nothing moves on screen)."""
    request = job(RESOLUTION, FPS)
    manager = BrowserManager(settings)
    runs: list[dict[str, Any]] = []
    captured = 0
    with tempfile.TemporaryDirectory() as tmp:
        ours_out = Path(tmp) / "ours.mp4"
        remotion_out = {c: Path(tmp) / f"remotion-c{c}.mp4" for c in args.concurrency}
        try:
            # Untimed first renders: browsers warm, pages and caches as in later runs.
            await render_video(request, settings, None, ours_out, manager=manager)
            first = remotion_out[max(args.concurrency)]
            await asyncio.to_thread(remotion.render, first, max(args.concurrency), args.x264_preset)
            print(f"ours      {probe(ours_out)}")
            print(f"remotion  {probe(first)}")
            for _ in range(args.runs):
                with TreeCpu(os.getpid(), skip=(remotion.proc.pid,)) as cpu:
                    started = time.perf_counter()
                    result = await render_video(request, settings, None, ours_out, manager=manager)
                    wall = time.perf_counter() - started
                captured = result.capture.captured
                setting = f"{result.capture.pages} pages, {result.capture.mode}"
                runs.append(row("ours", "ours", setting, wall, result.frames, cpu))
                print(runs[-1], flush=True)
                for c in args.concurrency:
                    with TreeCpu(remotion.proc.pid) as cpu:
                        started = time.perf_counter()
                        done = await asyncio.to_thread(
                            remotion.render, remotion_out[c], c, args.x264_preset
                        )
                        wall = time.perf_counter() - started
                    key, setting = f"remotion c{c}", f"concurrency {c}"
                    if args.x264_preset:
                        key, setting = (
                            f"{key} {args.x264_preset}",
                            f"{setting}, x264 {args.x264_preset}",
                        )
                    runs.append(row(key, "remotion", setting, wall, done["frames"], cpu))
                    print(runs[-1], flush=True)
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                for path in [ours_out, *remotion_out.values()]:
                    shutil.copy(path, args.keep / path.name)
        finally:
            await manager.close()
    return runs, captured


async def main() -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each (default 3)")
    parser.add_argument(
        "--concurrency", type=int, nargs="+", default=[1, 2], help="Remotion's, one or more"
    )
    parser.add_argument("--parallel", type=int, default=0, help="our capture pages (0 = auto)")
    parser.add_argument(
        "--x264-preset",
        help="Remotion's x264 preset instead of its default (medium); ours is ultrafast",
    )
    parser.add_argument("--keep", type=Path, help="copy the last MP4 of each setting here")
    args = parser.parse_args()
    problem = remotion_ready()
    if problem:
        sys.exit(f"remotion_bench: {problem}")
    settings = Settings(render_parallelism=args.parallel)
    chromium = find_chromium(settings)
    if not supports_begin_frame(chromium):
        sys.exit(f"remotion_bench: {chromium} is not a headless shell (Remotion's default mode)")
    package = REMOTION_DIR / "node_modules" / "remotion" / "package.json"
    remotion_version = json.loads(package.read_text())["version"]
    serve_url = ensure_bundle()
    load_before = os.getloadavg()
    remotion = RemotionServer(serve_url, chromium)
    try:
        runs, captured = await timed_runs(args, settings, remotion)
    finally:
        remotion.close()
    load_after = os.getloadavg()
    keys = dict.fromkeys(r["key"] for r in runs)
    summary = {k: medians([r for r in runs if r["key"] == k]) for k in keys}
    print_tables(runs, summary)
    ours = summary["ours"]
    best_key = max((k for k in summary if k != "ours"), key=lambda k: summary[k]["fps"])
    best = summary[best_key]
    fps_ratio = ours["fps"] / best["fps"]
    figures = {
        "composition": "render_bench.py, 10 s, 1280x720, 30 fps, 300 frames",
        "remotion_version": remotion_version,
        "chromium": chromium,
        "runs": args.runs,
        "ours": {**ours, "frames_captured": captured},
        "remotion": {k: v for k, v in summary.items() if k != "ours"},
        "remotion_best": best_key,
        "fps_ratio_ours_over_remotion": round(fps_ratio, 2),
        "cpu_s_ratio_remotion_over_ours": round(best["cpu_s"] / ours["cpu_s"], 2),
        "target_fps_ratio": 5,
        "target_met": fps_ratio >= 5,
        "cores": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
    }
    print(
        f"ours {ours['fps']:.1f} fps vs Remotion {remotion_version}'s best ({best_key}) "
        f"{best['fps']:.1f} fps: {fps_ratio:.2f}x (target 5x: "
        f"{'met' if fps_ratio >= 5 else 'missed'}); Remotion uses "
        f"{figures['cpu_s_ratio_remotion_over_ours']:.2f}x our CPU seconds"
    )
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    asyncio.run(main())
