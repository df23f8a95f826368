"""Running ffmpeg as a bounded step: the API (thumbnails) and the worker (encode, mix, mux)."""

from __future__ import annotations

import asyncio
import contextlib

KILL_WAIT_S = 10.0


class FfmpegFailed(Exception):
    """ffmpeg exited with an error; `stderr` holds the end of what it said."""

    def __init__(self, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.stderr = stderr


class FfmpegTimeout(FfmpegFailed):
    """ffmpeg ran past its time limit and was killed."""


async def run_ffmpeg(args: list[str], timeout_s: float, what: str) -> str:
    """Run one ffmpeg with a time limit; returns what it wrote to stderr.

    It is killed (and reaped) on timeout, on cancellation and on any other error while waiting,
    so no ffmpeg outlives its call. FfmpegTimeout / FfmpegFailed say what went wrong.
    """
    proc = await asyncio.create_subprocess_exec(
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        _, err = await asyncio.wait_for(proc.communicate(), timeout_s)
    except BaseException as exc:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(proc.wait(), KILL_WAIT_S)
        if isinstance(exc, TimeoutError):
            raise FfmpegTimeout(f"{what} took longer than {timeout_s:g} s") from exc
        raise
    text = err.decode(errors="replace")
    if proc.returncode != 0:
        raise FfmpegFailed(f"ffmpeg could not make the {what} (exit {proc.returncode})", text)
    return text
