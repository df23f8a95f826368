"""Does every built-in template still look the same? Frames of today's engine against a saved
reference, by SSIM (ffmpeg's ssim filter, every frame).

    .venv/bin/python bench/look_bench.py --save REF_DIR      # render the references
    .venv/bin/python bench/look_bench.py --against REF_DIR   # render again, compare

Each built-in renders with its sample data at 720p30 without voiceover (so the timing does
not depend on a voice), one capture page, to REF_DIR/<template>.mp4 (`--save`) or a temporary
file compared frame by frame with the reference (`--against`). Printed per template: frames,
mean and lowest SSIM (all planes) and the lowest frame's number; the quality bar is a lowest
SSIM of at least 0.98 (`--bar`). Exit status 1 when a template misses it or its frame count
differs. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.templates.builtins import builtins  # noqa: E402
from worker.render.browser import BrowserManager  # noqa: E402
from worker.render.cli import job_spec  # noqa: E402
from worker.render.pipeline import render_video  # noqa: E402

FRAME_LINE = re.compile(r"n:(\d+) .*All:([\d.]+|inf)")


def ssim_frames(video: Path, reference: Path) -> list[float]:
    """SSIM (all planes) of each frame of `video` against the same frame of `reference`."""
    with tempfile.NamedTemporaryFile(suffix=".log") as stats:
        subprocess.run(
            [
                "ffmpeg", "-v", "error", "-i", str(video), "-i", str(reference),
                "-lavfi", f"[0:v][1:v]ssim=stats_file={stats.name}", "-f", "null", "-",
            ],
            check=True,
        )  # fmt: skip
        text = Path(stats.name).read_text()
    return [1.0 if m.group(2) == "inf" else float(m.group(2)) for m in FRAME_LINE.finditer(text)]


def frame_count(path: Path) -> int:
    out = subprocess.run(
        [
            "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", str(path),
        ],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return int(out.stdout.strip())


async def render(template: str, out: Path, manager: BrowserManager, settings: Settings) -> None:
    doc = builtins()[template].model_dump(mode="json")
    spec = job_spec(doc, None, "720p", 30, False)
    await render_video(spec, settings, None, out, manager=manager, parallel=1)


async def main(args: argparse.Namespace) -> int:
    settings = Settings(render_parallelism=1)
    manager = BrowserManager(settings)
    templates = args.template or list(builtins())
    results: list[dict[str, Any]] = []
    folder = Path(args.save or args.against)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for template in templates:
                if args.save:
                    await render(template, folder / f"{template}.mp4", manager, settings)
                    print(f"saved {folder / template}.mp4")
                    continue
                out = Path(tmp) / f"{template}.mp4"
                await render(template, out, manager, settings)
                reference = folder / f"{template}.mp4"
                frames, ref_frames = frame_count(out), frame_count(reference)
                scores = ssim_frames(out, reference)
                low = min(range(len(scores)), key=scores.__getitem__)
                row = {
                    "template": template,
                    "frames": frames,
                    "reference_frames": ref_frames,
                    "ssim_mean": round(sum(scores) / len(scores), 5),
                    "ssim_min": round(scores[low], 5),
                    "lowest_frame": low,
                    "ok": frames == ref_frames and scores[low] >= args.bar,
                }
                results.append(row)
                print(
                    f"{template:10s} {frames} frames (reference {ref_frames})  SSIM mean "
                    f"{row['ssim_mean']:.5f}, lowest {row['ssim_min']:.5f} at frame {low}  "
                    f"{'ok' if row['ok'] else 'MISSED'}"
                )
    finally:
        await manager.close()
    if args.against:
        print(json.dumps({"bar": args.bar, "templates": results}))
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", help="render the references into this folder")
    group.add_argument("--against", help="compare with the references in this folder")
    parser.add_argument("--template", action="append", help="a built-in id (repeatable)")
    parser.add_argument("--bar", type=float, default=0.98, help="lowest SSIM allowed")
    sys.exit(asyncio.run(main(parser.parse_args())))
