"""The poster of a real render: the frame where the first scene showing the recipient has
settled, cut from the video itself (real Chromium, real ffmpeg, 720p).

Bars: the poster PNG is pixel-identical to the video's frame number posterAtMs * fps / 1000
decoded by ffmpeg on its own (select by frame number, PNG out); two recipients' posters differ
by more than 40 levels in at least 10 % of the pixels of the name's box (read from the page at
posterAtMs; measured 28 %), and outside that box agree to PSNR >= 50 dB (measured 68 dB: two
H.264 encodes at the same QP differ a little where prediction reaches into the name)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from PIL import Image

from app.config import Settings
from app.media.storage import LocalStorage
from app.renders.job import RenderJobSpec, load_job_spec
from worker.completion import make_posters
from worker.render.browser import BrowserManager
from worker.render.page import open_capture_page
from worker.render.pipeline import RenderResult, prepare, render_video
from worker.render.server import serve_page

pytestmark = pytest.mark.slow

SCENES = [
    {
        "primitiveId": "title-intro",
        "durationOverride": 2.0,
        "sceneData": {"person_name": "[person_name]", "subtitle": "Your Q3 review"},
    },
    {
        "primitiveId": "stat-counters",
        "durationOverride": 1.5,
        "transition": "fade",
        "sceneData": {"stats": [{"label": "Deals", "value": 12}]},
    },
]
NAME_BOX = """() => { const r = document.querySelector('.rs-scene[data-index="0"] .ti-name')
  .getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"""


def spec_for(name: str) -> RenderJobSpec:
    return load_job_spec(
        {
            "scenes": SCENES,
            "data": {"person_name": name},
            "output": {"resolution": "720p", "fps": 30},
        }
    )


def decoded_frame(video: Path, number: int, out: Path) -> np.ndarray:
    """Frame `number` of `video` as ffmpeg decodes it (selected by number, not by time)."""
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-i", str(video), "-vf", f"select=eq(n\\,{number})",
         "-frames:v", "1", str(out)],
        check=True, timeout=60,
    )  # fmt: skip
    return np.asarray(Image.open(out).convert("RGB"), dtype=np.int16)


async def name_box(spec: RenderJobSpec, at_ms: float, settings: Settings, workdir: Path) -> Any:
    """The name's box (CSS px = video px at 720p) on the render's own page at `at_ms`."""
    prepared = await prepare(spec, settings, lambda stage, percent: None, workdir)
    manager = BrowserManager(settings)
    try:
        [warm] = await manager.acquire(1)
        with serve_page(prepared.page, prepared.assets) as server:
            cap = await open_capture_page(warm, server.origin, server.page_url, 1.0, 30)
            try:
                await cap.seek(at_ms)
                return await cap.page.evaluate(NAME_BOX)
            finally:
                await cap.close()
    finally:
        await manager.close()


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = float(np.mean((a.astype(np.float64) - b) ** 2))
    return float("inf") if mse == 0 else 10 * np.log10(255**2 / mse)


async def test_two_recipients_posters_differ_where_the_name_is_and_are_video_frames(
    manager: BrowserManager, settings: Settings, tmp_path: Path
) -> None:
    storage = LocalStorage(tmp_path / "media", "http://x")
    posters: list[np.ndarray] = []
    boxes: list[Any] = []
    results: list[RenderResult] = []
    for n, name in enumerate(("Priya Shah", "Tomasz Nowak")):
        video = tmp_path / f"v{n}.mp4"
        result = await render_video(spec_for(name), settings, None, video, manager=manager)
        results.append(result)
        number = round(result.poster_at_ms * result.fps / 1000)
        assert number * 1000 / result.fps == pytest.approx(result.poster_at_ms)  # a frame time
        png_key, gif_key = await make_posters(
            storage, SimpleNamespace(id=f"job{n}"), 1, video, result
        )
        assert png_key and gif_key
        poster = np.asarray(Image.open(storage.path(png_key)).convert("RGB"), dtype=np.int16)
        frame = decoded_frame(video, number, tmp_path / f"frame{n}.png")
        assert np.array_equal(poster, frame), "the poster is not the video's frame at posterAtMs"
        posters.append(poster)
        boxes.append(
            await name_box(spec_for(name), result.poster_at_ms, settings, tmp_path / f"p{n}")
        )
    # The first scene shows the name: its poster is where that scene has settled (after the
    # title's entry), on the same frame for both.
    assert results[0].poster_at_ms == results[1].poster_at_ms > 500
    assert results[0].poster_at_ms <= results[0].scene_starts_ms[1]  # before the fade shows
    left = int(min(b[0] for b in boxes)) - 4
    top = int(min(b[1] for b in boxes)) - 4
    right = int(max(b[2] for b in boxes)) + 4
    bottom = int(max(b[3] for b in boxes)) + 4
    inside = np.zeros(posters[0].shape[:2], dtype=bool)
    inside[top:bottom, left:right] = True
    diff = np.abs(posters[0] - posters[1]).max(axis=2)
    changed = float(np.mean(diff[inside] > 40))
    assert changed >= 0.10, f"the name's box barely differs ({changed:.1%})"
    outside = psnr(posters[0][~inside], posters[1][~inside])
    assert outside >= 50, f"the posters differ outside the name's box (PSNR {outside:.1f} dB)"
