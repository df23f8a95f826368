"""The poster PNG and preview GIF made at completion: cut by one ffmpeg run (one seek, one
decode), byte for byte the files the two separate cuts (`png_args`, `gif_args`) make."""

from __future__ import annotations

import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.media.ffmpeg import run_ffmpeg
from app.media.storage import LocalStorage
from app.renders.thumbnails import gif_args, png_args
from worker import completion
from worker.completion import PREVIEW_GIF_S, frame_seek_s, make_posters


@pytest.fixture
def video(tmp_path: Path) -> Path:
    """4 s of moving 720p30 H.264 with a key frame every second, as renders are encoded."""
    out = tmp_path / "video.mp4"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=30:d=4",
         "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p", str(out)],
        check=True, timeout=60,
    )  # fmt: skip
    return out


async def test_posters_are_cut_by_one_ffmpeg_and_match_the_separate_cuts(
    video: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs: list[list[str]] = []

    async def counted(args: list[str], *rest: Any, **options: Any) -> str:
        runs.append(args)
        return await run_ffmpeg(args, *rest, **options)

    monkeypatch.setattr(completion, "run_ffmpeg", counted)
    storage = LocalStorage(tmp_path / "media", "http://x")
    timing = SimpleNamespace(duration_ms=4000, fps=30, poster_at_ms=1400.0)
    png_key, gif_key = await make_posters(storage, SimpleNamespace(id="job"), 1, video, timing)

    assert png_key and gif_key
    assert len(runs) == 1, "the poster and the GIF are cut by one ffmpeg"
    at_s = frame_seek_s(timing.poster_at_ms, timing.fps)
    png, gif = tmp_path / "apart.png", tmp_path / "apart.gif"
    await run_ffmpeg(png_args(video, at_s, png), 60, "PNG")
    await run_ffmpeg(gif_args(video, at_s, PREVIEW_GIF_S, 15, gif), 60, "GIF")
    assert storage.path(png_key).read_bytes() == png.read_bytes()
    assert storage.path(gif_key).read_bytes() == gif.read_bytes()
