"""Streaming encoder: JPEG frames on stdin -> one run, an H.264 MP4 (BT.709, closed GOPs).

Every run uses the same fixed GOP (one second), constant QP, no B-frames and no scene
cuts, so a GOP encodes the same whatever run it lands in: runs split on GOP boundaries
join without re-encoding and the decoded video does not depend on parallelism.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from pathlib import Path

import ffmpeg

from app.config import Settings
from app.media.ffmpeg import graph_command
from worker.render.errors import RenderError, RenderTimeout

log = logging.getLogger(__name__)

FFMPEG_STEP_TIMEOUT_S = 120.0
QP = 18
# ultrafast vs veryfast at QP 18, 300 frames 720p: 0.9 vs 1.8 CPU s, 1.18 vs 0.86 MB per 10 s.
X264_PRESET = "ultrafast"
X264_THREADS = 2  # fixed: x264 results depend on the thread count
BT709 = {
    "colorspace": "bt709",
    "color_primaries": "bt709",
    "color_trc": "bt709",
    "color_range": "tv",
}
# Chromium's JPEGs are full-range BT.601 YCbCr of sRGB pixels. Convert the matrix and range
# to limited-range BT.709 explicitly (relabelling the samples instead would shift greens by
# ~7%); `fast=1` keeps primaries and transfer as they are (sRGB content ~ BT.709 primaries).
# Measured on solid colors after decode: within 3/255 per channel; cheaper than going
# through RGB with swscale (0.5 vs 1.5 CPU s per 300 frames at 720p).
COLOR_FILTERS: tuple[tuple[str, dict[str, str]], ...] = (
    (
        "colorspace",
        {
            "all": "bt709",
            "iall": "bt601-6-625",
            "irange": "pc",
            "range": "tv",
            "fast": "1",
            "format": "yuv420p",
        },
    ),
    ("format", {"pix_fmts": "yuv420p"}),
)


def step_timeout(settings: Settings) -> float:
    """How long any single ffmpeg step (accepting a frame, finishing a run, the mux) gets."""
    return min(float(settings.job_timeout_s), FFMPEG_STEP_TIMEOUT_S)


def gop_size(fps: int) -> int:
    """Frames per closed GOP (one second): a segment is cut into GOPs of this many frames."""
    return fps


def encoder_args(out_path: Path, fps: int, frames: int, keyframes: Sequence[int] = ()) -> list[str]:
    """ffmpeg argv for one run: image2pipe JPEG in, H.264 yuv420p BT.709 MP4 out. A GOP
    starts at frame 0, at each of `keyframes` (frame numbers in the run), and every `gop`
    frames after the last start (x264 counts keyint from the last key frame)."""
    stream = ffmpeg.input("pipe:", f="image2pipe", vcodec="mjpeg", framerate=fps)
    for name, kwargs in COLOR_FILTERS:
        stream = stream.filter(name, **kwargs)
    gop = gop_size(fps)
    out = stream.output(
        str(out_path),
        vcodec="libx264",
        preset=X264_PRESET,
        tune="animation",
        qp=QP,
        g=gop,
        keyint_min=gop,
        sc_threshold=0,
        bf=0,
        flags="+cgop",
        threads=X264_THREADS,
        pix_fmt="yuv420p",
        r=fps,
        **{"frames:v": frames, "x264-params": "scenecut=0:open-gop=0:rc-lookahead=0"},
        **_forced(keyframes),
        **BT709,
        video_track_timescale=fps * 1000,
        f="mp4",
    )
    return graph_command(out)


def _forced(keyframes: Sequence[int]) -> dict[str, str]:
    """ffmpeg's -force_key_frames for exact frame numbers (an IDR each: GOPs stay closed)."""
    if not keyframes:
        return {}
    return {"force_key_frames": "expr:" + "+".join(f"eq(n,{k})" for k in sorted(keyframes))}


class RunEncoder:
    """One ffmpeg process encoding a run (contiguous frames) into `out_path`."""

    def __init__(
        self,
        out_path: Path,
        fps: int,
        frames: int,
        timeout_s: float,
        keyframes: Sequence[int] = (),
    ) -> None:
        self.out_path = out_path
        self.keyframes = keyframes
        self.fps = fps
        self.frames = frames
        self.timeout_s = timeout_s
        self.written = 0
        self._proc: asyncio.subprocess.Process | None = None
        self._stderr: asyncio.Task[bytes] | None = None

    async def start(self) -> None:
        self._proc = await asyncio.create_subprocess_exec(
            *encoder_args(self.out_path, self.fps, self.frames, self.keyframes),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        assert self._proc.stderr is not None
        self._stderr = asyncio.ensure_future(self._proc.stderr.read())

    async def write(self, frame: bytes) -> None:
        """Queue one encoded image; waits while ffmpeg's pipe is full."""
        assert self._proc is not None and self._proc.stdin is not None
        self._proc.stdin.write(frame)
        self.written += 1
        try:
            await asyncio.wait_for(self._proc.stdin.drain(), self.timeout_s)
        except TimeoutError as exc:
            raise RenderTimeout(
                f"ffmpeg stopped accepting frames for {self.timeout_s:.0f}s"
            ) from exc
        except (BrokenPipeError, ConnectionResetError) as exc:
            raise RenderError(f"ffmpeg exited while encoding: {await self._error_text()}") from exc

    async def finish(self) -> Path:
        """Close the input and wait for ffmpeg; raises with ffmpeg's message on failure."""
        assert self._proc is not None and self._proc.stdin is not None
        if self.written != self.frames:
            raise RenderError(f"encoder got {self.written} frames, expected {self.frames}")
        self._proc.stdin.close()
        try:
            rc = await asyncio.wait_for(self._proc.wait(), self.timeout_s)
        except TimeoutError as exc:
            await self.abort()
            raise RenderTimeout(f"ffmpeg did not finish within {self.timeout_s:.0f}s") from exc
        if rc != 0:
            raise RenderError(f"ffmpeg failed (exit {rc}): {await self._error_text()}")
        return self.out_path

    async def _error_text(self) -> str:
        if self._stderr is None:
            return ""
        with contextlib.suppress(Exception):
            text = (await asyncio.wait_for(self._stderr, 5)).decode(errors="replace")
            return text.strip().splitlines()[-1] if text.strip() else "no message"
        return "no message"

    async def abort(self) -> None:
        """Kill ffmpeg if it still runs (error paths); never leaves a process behind."""
        proc = self._proc
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(proc.wait(), 10)
        if self._stderr is not None and not self._stderr.done():
            self._stderr.cancel()
