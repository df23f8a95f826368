"""Join the encoded chunks without re-encoding and add the AAC track (+faststart)."""

from __future__ import annotations

from pathlib import Path

import ffmpeg

from app.media.ffmpeg import FfmpegFailed, FfmpegTimeout
from app.media.ffmpeg import run_ffmpeg as ffmpeg_step
from worker.render.encode import FFMPEG
from worker.render.errors import RenderError, RenderTimeout

AUDIO_RATE = 48000


def mux_args(chunk_list: Path, audio: Path | None, duration_s: float, out_path: Path) -> list[str]:
    """ffmpeg argv: concat demuxer (stream copy) + audio padded/cut to the exact duration."""
    video = ffmpeg.input(str(chunk_list), f="concat", safe=0)
    if audio is None:
        sound = ffmpeg.input(f"anullsrc=r={AUDIO_RATE}:cl=stereo", f="lavfi", t=duration_s)
    else:
        sound = ffmpeg.input(str(audio))
    sound = sound.audio.filter("apad").filter("atrim", duration=duration_s)
    out = ffmpeg.output(
        video.video,
        sound,
        str(out_path),
        vcodec="copy",
        acodec="aac",
        audio_bitrate="160k",
        ar=AUDIO_RATE,
        ac=2,
        movflags="+faststart",
        t=duration_s,
        f="mp4",
    )
    return [FFMPEG, "-hide_banner", "-nostdin", "-loglevel", "error", "-y", *out.get_args()]


async def run_ffmpeg(args: list[str], timeout_s: float, what: str) -> str:
    """Run one ffmpeg step of a render (`app.media.ffmpeg.run_ffmpeg`: killed on timeout,
    cancellation or error); returns its stderr text, raises the engine's errors."""
    try:
        return await ffmpeg_step(args, timeout_s, what)
    except FfmpegTimeout as exc:
        raise RenderTimeout(f"ffmpeg {what} took longer than {timeout_s:.0f}s") from exc
    except FfmpegFailed as exc:
        lines = exc.stderr.strip().splitlines()
        raise RenderError(f"ffmpeg {what} failed: {lines[-1] if lines else exc}") from exc


async def join_and_mux(
    chunks: list[Path], audio: Path | None, duration_s: float, out_path: Path, timeout_s: float
) -> Path:
    """Write `out_path`: the chunks back to back and one AAC track of exactly duration_s."""
    listing = out_path.with_suffix(".chunks.txt")
    listing.write_text("".join(f"file '{c.resolve()}'\n" for c in chunks))
    try:
        await run_ffmpeg(mux_args(listing, audio, duration_s, out_path), timeout_s, "mux")
    finally:
        listing.unlink(missing_ok=True)
    return out_path
