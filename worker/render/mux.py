"""Join the encoded chunks without re-encoding and add the AAC track (+faststart)."""

from __future__ import annotations

from pathlib import Path

import ffmpeg

from app.media.ffmpeg import graph_command, run_ffmpeg
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
    return graph_command(out)


async def join_and_mux(
    chunks: list[Path], audio: Path | None, duration_s: float, out_path: Path, timeout_s: float
) -> Path:
    """Write `out_path`: the chunks back to back and one AAC track of exactly duration_s."""
    listing = out_path.with_suffix(".chunks.txt")
    listing.write_text("".join(f"file '{c.resolve()}'\n" for c in chunks))
    try:
        await run_ffmpeg(
            mux_args(listing, audio, duration_s, out_path),
            timeout_s,
            "mux",
            failed=RenderError,
            timed_out=RenderTimeout,
        )
    finally:
        listing.unlink(missing_ok=True)
    return out_path
