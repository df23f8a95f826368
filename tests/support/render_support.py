"""A small page implementing the window.reelsmith contract, and helpers to inspect videos."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import psutil

TEST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;width:1280px;height:720px;overflow:hidden;background:#000}
.scene{position:absolute;inset:0;opacity:0}
.box{position:absolute;top:560px;left:0;width:120px;height:120px;background:#fff}
</style></head><body>
<script>
const SCENES = __SCENES__;  // [{color, start, dur}] in ms
const MOVE_MS = 400;        // each scene's box slides in during its first 400 ms
const FADE_MS = __FADE__;   // cross-fade overlap at each boundary
const els = SCENES.map(s => { const d = document.createElement('div'); d.className = 'scene';
  d.style.background = s.color; const b = document.createElement('div'); b.className = 'box';
  d.appendChild(b); document.body.appendChild(d); return d; });
const duration = SCENES.reduce((m, s) => Math.max(m, s.start + s.dur), 0);
function intervals() { const out = [];
  for (const s of SCENES) { out.push([s.start - FADE_MS, s.start + MOVE_MS]); }
  return out; }
window.reelsmith = {
  ready: document.fonts.ready.then(() => true),
  duration,
  seek(ms) { SCENES.forEach((s, i) => { const t = ms - s.start;
      let o = (t >= 0 && t < s.dur) ? 1 : 0;
      if (FADE_MS && i > 0 && t < 0 && t >= -FADE_MS) o = 1 + t / FADE_MS;
      els[i].style.opacity = o;
      const p = Math.max(0, Math.min(1, t / MOVE_MS));
      els[i].firstChild.style.transform = `translateX(${p * 1000}px)`; }); },
  activeIntervals: intervals,
  // the poster: where the first scene's box has slid in (snapped up to a frame with `fps`)
  posterAtMs(posterAt, fps) { const t = SCENES.length ? SCENES[0].start + MOVE_MS : 0;
    return fps ? Math.ceil(t * fps / 1000) * 1000 / fps : t; },
  fitReport() { return []; },
  canDiffer(a, b) { const lo = Math.min(a, b), hi = Math.max(a, b);
    return intervals().some(([s, e]) => s <= hi && e >= lo); },
};
window.reelsmith.seek(0);
</script></body></html>"""


def contract_page(scenes: list[dict[str, Any]], fade_ms: int = 0) -> str:
    """A composition page: solid-color scenes, each with a white box sliding in."""
    return TEST_PAGE.replace("__SCENES__", json.dumps(scenes)).replace("__FADE__", str(fade_ms))


def decoded_frames(path: Path) -> np.ndarray:
    """All frames of the video decoded to RGB (frames, h, w, 3)."""
    info = probe(path)
    v = next(s for s in info["streams"] if s["codec_type"] == "video")
    w, h = int(v["width"]), int(v["height"])
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        check=True,
        capture_output=True,
        timeout=120,
    ).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, h, w, 3)


def keyframes(path: Path) -> list[int]:
    """Indices of the key frames of the video stream."""
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "packet=flags",
         "-of", "csv=p=0", str(path)],
        check=True, capture_output=True, text=True, timeout=60,
    ).stdout.split()  # fmt: skip
    return [i for i, flags in enumerate(out) if flags.startswith("K")]


def frame_hashes(path: Path) -> list[str]:
    """md5 of each decoded frame (ffmpeg's framemd5 of the yuv planes)."""
    out = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-map", "0:v", "-f", "framemd5", "-"],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    return [
        line.rsplit(",", 1)[-1].strip() for line in out.splitlines() if not line.startswith("#")
    ]


def probe(path: Path) -> dict[str, Any]:
    out = subprocess.run(
        [
            "ffprobe",
            "-v",
            "error",
            "-show_streams",
            "-show_format",
            "-count_frames",
            "-of",
            "json",
            str(path),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    return json.loads(out)


# Processes alive before the current test began (e.g. a browser kept by a session fixture of
# another test folder); set by note_preexisting_processes from an autouse fixture.
preexisting_pids: set[int] = set()


def note_preexisting_processes() -> None:
    """Leak checks count only processes a test started itself: call before each test."""
    preexisting_pids.clear()
    preexisting_pids.update(p.pid for p in psutil.Process().children(recursive=True))


def child_processes(name: str) -> list[psutil.Process]:
    """Live descendants of this test process whose name contains `name`, started by this test."""
    found = []
    for p in psutil.Process().children(recursive=True):
        if p.pid in preexisting_pids:
            continue
        try:
            if name in p.name() and p.status() != psutil.STATUS_ZOMBIE:
                found.append(p)
        except psutil.NoSuchProcess:
            pass
    return found


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
