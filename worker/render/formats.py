"""Deliver stage: the rendered MP4 (H.264/AAC, the master the quality check and the posters
read) made into the file `output.format` asks for.

- `mp4`: the master itself.
- `webm`: VP9 (constant quality, realtime speed, row threads) with Opus 128 kb/s.
- `gif`: one palette for the whole clip (palettegen over every frame, then paletteuse), at
  most GIF_MAX_FPS frames a second and GIF_LONG_SIDE px on the long side, looping, no audio.
- `png`: the master's first frame (the capture was one frame: `output.frameAtMs` or the
  poster frame).
"""

from __future__ import annotations

from pathlib import Path

from app.media.ffmpeg import ffmpeg_command, run_ffmpeg
from app.spec import GIF_LONG_SIDE, GIF_MAX_FPS
from worker.render.errors import RenderError, RenderTimeout

EXTENSIONS = {"mp4": "mp4", "webm": "webm", "gif": "gif", "png": "png"}


def gif_size(width: int, height: int, long_side: int = GIF_LONG_SIDE) -> tuple[int, int]:
    """The GIF's frame size: the video's, scaled down (never up) so its long side is at most
    `long_side`, even sides."""
    scale = min(1.0, long_side / max(width, height))
    return max(2, round(width * scale / 2) * 2), max(2, round(height * scale / 2) * 2)


def gif_fps(fps: int) -> float:
    """At most GIF_MAX_FPS; 30 and 60 fps become 15 (every 2nd or 4th frame)."""
    return float(min(fps, GIF_MAX_FPS))


def webm_args(master: Path, out: Path) -> list[str]:
    return ffmpeg_command(
        "-i", str(master),
        "-map", "0:v", "-map", "0:a?",
        "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "33",
        "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1",
        "-pix_fmt", "yuv420p",
        "-c:a", "libopus", "-b:a", "128k",
        "-f", "webm", str(out),
    )  # fmt: skip


def gif_args(master: Path, out: Path, fps: int, size: tuple[int, int]) -> list[str]:
    width, height = gif_size(*size)
    graph = (
        f"fps={gif_fps(fps):g},scale={width}:{height}:flags=lanczos,split[a][b];"
        "[a]palettegen=max_colors=256:stats_mode=full[p];"
        "[b][p]paletteuse=dither=sierra2_4a"
    )
    return ffmpeg_command(
        "-i", str(master), "-an", "-filter_complex", graph, "-loop", "0", "-f", "gif", str(out)
    )  # fmt: skip


def png_args(master: Path, out: Path) -> list[str]:
    return ffmpeg_command(
        "-i", str(master), "-map", "0:v", "-frames:v", "1", "-f", "image2", "-c:v", "png",
        str(out),
    )  # fmt: skip


async def deliver(
    master: Path, fmt: str, fps: int, size: tuple[int, int], timeout_s: float
) -> Path:
    """The file of format `fmt` made from `master` (beside it, same name, the format's
    extension); `master` itself for mp4."""
    if fmt == "mp4":
        return master
    out = master.with_name(f"{master.stem}-out.{EXTENSIONS[fmt]}")
    if fmt == "webm":
        args = webm_args(master, out)
    elif fmt == "gif":
        args = gif_args(master, out, fps, size)
    elif fmt == "png":
        args = png_args(master, out)
    else:
        raise RenderError(f"output.format {fmt!r} is not one of {', '.join(EXTENSIONS)}")
    await run_ffmpeg(args, timeout_s, f"{fmt} output", failed=RenderError, timed_out=RenderTimeout)
    if not out.exists() or out.stat().st_size == 0:
        raise RenderError(f"the {fmt} output came out empty")
    return out
