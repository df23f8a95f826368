"""Running ffmpeg: the one command prefix and the one bounded runner, for the API (thumbnails)
and the worker (encode, audio mix, mux)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

FFMPEG = "ffmpeg"
KILL_WAIT_S = 10.0

# Demuxers an untrusted audio file (a downloaded `musicTrack`, a voice vendor's answer) may be
# read with. Playlists (hls), concat lists, image sequences and the like are refused: they can
# make ffmpeg read other files or fetch URLs. `mov` is the MP4/M4A demuxer.
AUDIO_FORMATS = ("mp3", "wav", "ogg", "flac", "aac", "mov", "mp4", "m4a", "matroska", "webm")


def ffmpeg_command(*args: str, loglevel: str = "error", overwrite: bool = True) -> list[str]:
    """argv for one ffmpeg: no banner, never reads the terminal, only errors logged (stderr is
    what a failure reports), overwrites its output."""
    prefix = [FFMPEG, "-hide_banner", "-nostdin", "-loglevel", loglevel]
    return [*prefix, *(["-y"] if overwrite else []), *args]


def graph_command(stream: Any) -> list[str]:
    """argv for an ffmpeg-python output graph (`ffmpeg.output(...)`) with the one prefix."""
    return ffmpeg_command(*stream.get_args())


def untrusted_audio_input(protocols: str = "file") -> dict[str, str]:
    """Input options for audio from outside: only the given protocols (`file`, or `pipe` for
    stdin) and only AUDIO_FORMATS, so the file cannot point ffmpeg anywhere else."""
    return {"protocol_whitelist": protocols, "format_whitelist": ",".join(AUDIO_FORMATS)}


def untrusted_audio_args(protocols: str = "file") -> list[str]:
    """untrusted_audio_input as argv, to go before `-i`."""
    options = untrusted_audio_input(protocols)
    return [arg for name, value in options.items() for arg in (f"-{name}", value)]


class FfmpegFailed(Exception):
    """ffmpeg exited with an error; the message ends with the last line it said."""


class FfmpegTimeout(FfmpegFailed):
    """ffmpeg ran past its time limit and was killed."""


async def run_ffmpeg(
    args: list[str],
    timeout_s: float,
    what: str,
    *,
    failed: Callable[[str], Exception] = FfmpegFailed,
    timed_out: Callable[[str], Exception] = FfmpegTimeout,
) -> str:
    """Run one ffmpeg with a time limit; returns what it wrote to stderr.

    It is killed (and reaped) on timeout, on cancellation and on any other error while waiting,
    so no ffmpeg outlives its call. Errors are `timed_out(message)` / `failed(message)` (the
    worker passes its RenderTimeout / RenderError; the API keeps FfmpegTimeout / FfmpegFailed).
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
            message = f"{what} took longer than {timeout_s:g} s (ffmpeg was stopped)"
            raise timed_out(message) from exc
        raise
    text = err.decode(errors="replace")
    if proc.returncode != 0:
        lines = text.strip().splitlines()
        last = lines[-1] if lines else "no message"
        raise failed(f"ffmpeg {what} failed (exit {proc.returncode}): {last}")
    return text
