"""Segments (worker/render/segments.py, captured by worker/render/capture.py): frame ranges
rendered separately and joined by stream copy decode to the same frames as the single-piece
render (real Chromium, ffmpeg)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import Settings
from tests.support.capture import even_segments, render_page_to_mp4, render_segment
from tests.support.render_support import contract_page, frame_hashes, keyframes, probe
from worker.render.browser import BrowserManager
from worker.render.capture import capture_video
from worker.render.encode import step_timeout
from worker.render.errors import RenderError
from worker.render.mux import join_and_mux, join_video
from worker.render.scenecache import PlannedSegment, SegmentCache, capture_plan
from worker.render.server import serve_page

pytestmark = pytest.mark.slow

FPS = 30
SCENES = [
    {"color": "#e61e28", "start": 0, "dur": 1300},
    {"color": "#14c85a", "start": 1300, "dur": 1200},
    {"color": "#283cdc", "start": 2500, "dur": 1500},
]  # 4 s: 120 frames


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
        "whole": [range(120)],
        "halves": even_segments(120, [60, 60]),
        "uneven": even_segments(120, [30, 60, 30]),
        "seconds": even_segments(120, [30, 30, 30, 30]),
    }
    with serve_page(html) as server:
        for name, segments in segmentations.items():
            work = tmp_path / name
            work.mkdir()
            made = await capture_video(
                server, settings, manager, work, resolution="720p", fps=FPS, segments=segments,
                parallel=2,
            )  # fmt: skip
            out = tmp_path / f"{name}.mp4"
            await join_and_mux(made.paths, None, made.duration_s, out, step_timeout(settings))
            assert frame_hashes(out) == expected, name
            # Each segment starts on a keyframe: the join needs no re-encode.
            starts = [s.start for s in segments]
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
    joined = await join_video(parts, tmp_path / "joined.mp4", step_timeout(settings))
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
        await capture_video(
            server, settings, manager, tmp_path, resolution="720p", fps=FPS,
            segments=[range(100, 130)],
        )  # fmt: skip


async def test_off_the_one_second_grid_one_file_per_page_decodes_like_one_file_per_segment(
    manager: BrowserManager, settings: Settings, tmp_path: Path
):
    """Segments starting off the one-second grid (as scene cuts do): captured without the
    scene cache, each page encodes its run as one file with forced key frames at the cuts;
    with it, one file per segment (kept, then copied). Both decode to the same frames."""
    html = contract_page(SCENES, fade_ms=200)
    plan = [
        PlannedSegment(frames, {"segment": n})
        for n, frames in enumerate((range(0, 45), range(45, 52), range(52, 101), range(101, 120)))
    ]
    cache = SegmentCache(tmp_path / "cache", 1 << 30)
    outs = {}
    with serve_page(html) as server:
        for name in ("runs", "kept", "copied"):
            work = tmp_path / name
            work.mkdir()
            if name == "runs":
                made = await capture_video(
                    server, settings, manager, work, resolution="720p", fps=FPS,
                    segments=[s.frames for s in plan], parallel=2,
                )  # fmt: skip
            else:
                made = await capture_plan(
                    server, settings, manager, work, resolution="720p", fps=FPS, plan=plan,
                    cache=cache, parallel=2,
                )  # fmt: skip
                assert (made.hits, made.segments) == ((4, 4) if name == "copied" else (0, 4))
            assert len(made.paths) == (2 if name == "runs" else 4), made.paths
            outs[name] = tmp_path / f"{name}.mp4"
            await join_and_mux(
                made.paths, None, made.duration_s, outs[name], step_timeout(settings)
            )
    expected = frame_hashes(outs["runs"])
    assert len(expected) == 120
    assert frame_hashes(outs["kept"]) == expected
    assert frame_hashes(outs["copied"]) == expected
    # A GOP starts at every cut and one second after it.
    assert keyframes(outs["runs"]) == [0, 30, 45, 52, 82, 101]
    assert keyframes(outs["kept"]) == keyframes(outs["runs"])
