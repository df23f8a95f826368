"""Every ffmpeg of the audio mix has a time limit and dies with its step (real ffmpeg)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from worker.render import audio
from worker.render.errors import RenderError, RenderTimeout


def ffmpeg_children(ignore: set[int]) -> list[psutil.Process]:
    """Live ffmpeg processes started by this test process (not those in `ignore`)."""
    found = []
    for proc in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.NoSuchProcess):
            if (
                proc.pid not in ignore
                and "ffmpeg" in proc.name()
                and proc.status() != psutil.STATUS_ZOMBIE
            ):
                found.append(proc)
    return found


@pytest.fixture
def before() -> Iterator[set[int]]:
    """ffmpeg processes alive before the test; the test's own leftovers are ended after it."""
    pids = {p.pid for p in psutil.Process().children(recursive=True)}
    yield pids
    for proc in ffmpeg_children(pids):  # only on failure: the test asserts there are none
        with contextlib.suppress(psutil.NoSuchProcess):
            proc.kill()


@pytest.fixture
def stalled_input(tmp_path: Path) -> Path:
    """A named pipe nobody writes to: ffmpeg blocks opening it until it is killed."""
    path = tmp_path / "stalled.wav"
    os.mkfifo(path)
    return path


async def test_loudness_measurement_over_its_limit_is_killed(
    stalled_input: Path, before: set[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(audio, "FFMPEG_TIMEOUT_S", 0.5)
    started = time.monotonic()
    with pytest.raises(RenderTimeout, match="loudness measurement took longer than"):
        await audio.measure_loudness(stalled_input)
    assert time.monotonic() - started < 10
    assert ffmpeg_children(before) == []


async def test_cancelled_loudness_measurement_leaves_no_ffmpeg(
    stalled_input: Path, before: set[int]
) -> None:
    task = asyncio.create_task(audio.measure_loudness(stalled_input))
    deadline = time.monotonic() + 10
    while not ffmpeg_children(before) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert ffmpeg_children(before), "ffmpeg never started"
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert ffmpeg_children(before) == []


async def test_loudness_of_a_file_ffmpeg_cannot_read_is_a_readable_error(
    tmp_path: Path, before: set[int]
) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not audio at all")
    with pytest.raises(RenderError, match="ffmpeg loudness measurement failed"):
        await audio.measure_loudness(bad)
    assert ffmpeg_children(before) == []
