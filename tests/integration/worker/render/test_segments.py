"""Segments (worker/render/segments.py): frame ranges rendered separately and joined by
stream copy decode to the same frames as the single-piece render (real Chromium, ffmpeg)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from app.config import Settings
from tests.support.render_support import contract_page, frame_hashes, probe
from worker.render.browser import BrowserManager
from worker.render.errors import RenderError
from worker.render.mux import join_and_mux
from worker.render.segments import (
    PlannedSegment,
    even_plan,
    join_segments,
    render_plan,
    render_segment,
    whole,
)
from worker.render.server import serve_page
from worker.render.stitch import render_page_to_mp4, step_timeout

pytestmark = pytest.mark.slow

FPS = 30
SCENES = [
    {"color": "#e61e28", "start": 0, "dur": 1300},
    {"color": "#14c85a", "start": 1300, "dur": 1200},
    {"color": "#283cdc", "start": 2500, "dur": 1500},
]  # 4 s: 120 frames


def keyframes(path: Path) -> list[int]:
    """Indices of the key frames of the video stream."""
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "packet=flags",
         "-of", "csv=p=0", str(path)],
        check=True, capture_output=True, text=True, timeout=60,
    ).stdout.split()  # fmt: skip
    return [i for i, flags in enumerate(out) if flags.startswith("K")]


async def test_segmented_renders_equal_the_single_piece_render(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    html = contract_page(SCENES, fade_ms=200)
    single = await render_page_to_mp4(
        html, settings, manager, tmp_path / "single.mp4", resolution="720p", parallel=1
    )
    expected = frame_hashes(single.path)
    assert len(expected) == 120 and len(set(expected)) > 3

    segmentations = {
        "whole": whole(120),
        "halves": even_plan(120, [60, 60]),
        "uneven": even_plan(120, [30, 60, 30]),
        "seconds": even_plan(120, [30, 30, 30, 30]),
    }
    with serve_page(html) as server:
        for name, plan in segmentations.items():
            work = tmp_path / name
            work.mkdir()
            made = await render_plan(
                server, settings, manager, work, resolution="720p", fps=FPS, plan=plan,
                parallel=2,
            )  # fmt: skip
            out = tmp_path / f"{name}.mp4"
            await join_and_mux(made.paths, None, made.duration_s, out, step_timeout(settings))
            assert frame_hashes(out) == expected, name
            # Each segment starts on a keyframe: the join needs no re-encode.
            starts = [s.frames.start for s in plan]
            assert set(starts) <= set(keyframes(out)), name
            assert probe(out)["format"]["format_name"].startswith("mov")


async def test_render_segment_writes_a_range_starting_on_a_keyframe(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    html = contract_page(SCENES, fade_ms=0)
    single = await render_page_to_mp4(
        html, settings, manager, tmp_path / "single.mp4", resolution="720p", parallel=1
    )
    expected = frame_hashes(single.path)
    with serve_page(html) as server:
        parts = [
            await render_segment(
                server, settings, manager, tmp_path, resolution="720p", fps=FPS, frames=frames
            )
            for frames in (range(0, 60), range(60, 90), range(90, 120))
        ]
    assert [len(frame_hashes(p)) for p in parts] == [60, 30, 30]
    assert all(keyframes(p)[0] == 0 for p in parts)
    joined = await join_segments(parts, tmp_path / "joined.mp4", step_timeout(settings))
    assert frame_hashes(joined) == expected
    # A range that does not start on the GOP grid is a valid segment of its own frames.
    with serve_page(html) as server:
        odd = await render_segment(
            server, settings, manager, tmp_path, resolution="720p", fps=FPS,
            frames=range(45, 75),
        )  # fmt: skip
    assert keyframes(odd)[0] == 0 and len(frame_hashes(odd)) == 30


async def test_a_range_outside_the_video_is_refused(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    with (
        serve_page(contract_page(SCENES)) as server,
        pytest.raises(RenderError, match="outside the video"),
    ):
        await render_plan(
                server, settings, manager, tmp_path, resolution="720p", fps=FPS,
                plan=[PlannedSegment(range(100, 130))],
            )  # fmt: skip
