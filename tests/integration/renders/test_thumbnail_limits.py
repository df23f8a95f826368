"""POST /api/thumbnail runs ffmpeg in the API process: each call has a time limit, is killed when
it passes or when the request is cancelled, and a timeout answers a JSON error (real ffmpeg)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.media.storage import get_storage, thumbnail_keys, video_key
from app.renders import thumbnails
from app.renders.models import RenderJob
from tests.support.render_support import child_processes, note_preexisting_processes


@pytest.fixture(autouse=True)
def _note_preexisting_processes() -> None:
    note_preexisting_processes()


@pytest.fixture
def stalled_input(tmp_path: Path) -> Path:
    """A named pipe nobody writes to: ffmpeg blocks opening it until it is killed."""
    path = tmp_path / "stalled.mp4"
    os.mkfifo(path)
    return path


def png_of(src: Path, out: Path) -> list[str]:
    return thumbnails.png_args(src, 0.0, out)


async def test_thumbnail_ffmpeg_over_its_limit_is_killed(stalled_input: Path, tmp_path: Path):
    started = time.monotonic()
    with pytest.raises(thumbnails.FfmpegTimeout, match="PNG took longer than 0.5 s"):
        await thumbnails.run_ffmpeg(png_of(stalled_input, tmp_path / "t.png"), 0.5, "PNG")
    assert time.monotonic() - started < 10
    assert child_processes("ffmpeg") == []


async def test_cancelled_thumbnail_ffmpeg_is_killed(stalled_input: Path, tmp_path: Path):
    task = asyncio.create_task(
        thumbnails.run_ffmpeg(png_of(stalled_input, tmp_path / "t.png"), 60, "PNG")
    )
    deadline = time.monotonic() + 10
    while not child_processes("ffmpeg") and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert child_processes("ffmpeg"), "ffmpeg never started"
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert child_processes("ffmpeg") == []


async def completed_job(app: Any, settings: Settings, account_id: str, tmp_path: Path) -> str:
    """A finished 1 s 720p30 video in storage and its completed job row."""
    video = tmp_path / "v.mp4"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=30:d=1",
         "-pix_fmt", "yuv420p", str(video)],
        check=True, timeout=60,
    )  # fmt: skip
    async with app.config["REELSMITH_DB"].session() as session:
        job = RenderJob(
            account_id=account_id,
            template_id="pulse",
            status="complete",
            stage="done",
            progress=100,
            request={"output": {"fps": 30}},
            duration_ms=1000,
        )
        session.add(job)
        await session.flush()
        job.output_key = video_key(job.id, 1)
        job_id = job.id
    get_storage(settings).put(video_key(job_id, 1), video)
    return job_id


async def test_thumbnail_timeout_answers_json_504_and_stores_nothing(
    app: Any,
    client: Any,
    make_user: Any,
    settings: Settings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
):
    user = await make_user()
    job_id = await completed_job(app, settings, user.account.id, tmp_path)
    storage = get_storage(settings)

    monkeypatch.setattr(thumbnails, "FFMPEG_TIMEOUT_S", 0.001)  # no ffmpeg starts that fast
    resp = await client.post(
        "/api/thumbnail", json={"renderJobId": job_id, "durationSec": 1}, headers=user.headers
    )
    body = await resp.get_json()
    assert resp.status_code == 504, body
    assert body["success"] is False and body["error"] == "timeout"
    assert body["message"].startswith(
        "Thumbnail generation timed out: the PNG and GIF took longer than"
    )
    assert not any(storage.exists(key) for key in thumbnail_keys(job_id))
    assert child_processes("ffmpeg") == []

    monkeypatch.undo()  # the same request within the real limit works
    resp = await client.post(
        "/api/thumbnail", json={"renderJobId": job_id, "durationSec": 1}, headers=user.headers
    )
    assert resp.status_code == 200, await resp.get_json()
    assert all(storage.exists(key) for key in thumbnail_keys(job_id))
