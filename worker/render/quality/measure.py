"""Measuring a finished video: one ffprobe (streams, colour tags, durations) and, started with
it, one ffmpeg run that decodes the file once with every measuring filter: blackdetect,
freezedetect and a sampled signalstats on the video; ebur128 (true peak) and a speech-band
8 kHz mono copy on the audio (plus the voice stem, when given, through the same filters)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from app.media.ffmpeg import FfmpegFailed, ffmpeg_command, run_ffmpeg, untrusted_audio_args
from worker.render.audio import EBUR128, ebur128_summary
from worker.render.errors import RenderTimeout
from worker.render.quality.report import Expectations

FFPROBE = "ffprobe"
# blackdetect: a frame is black when 98 % of its pixels are below 10 % of the luma range.
BLACK_PIXEL_TH = 0.10
BLACK_PICTURE_TH = 0.98
# freezedetect: frames within -60 dB of each other for 0.5 s form a frozen stretch.
FREEZE_NOISE = 0.001
FREEZE_DETECT_S = 0.5
SAMPLE_WIDTH = 320  # the video detectors read frames nearest-neighbour scaled to this width
# Speech timing: an 8 kHz speech-band (200 Hz high-pass) copy, its level per ms.
SYNC_RATE = 8000
SYNC_HIGHPASS_HZ = 200
# What ffmpeg logs for each damaged video frame or audio packet it decoded around.
DAMAGE = re.compile(r"concealing \d+ DC, \d+ AC, \d+ MV errors|Error while decoding stream")


@dataclass
class Probe:
    """What ffprobe says: the container's duration and the first video and audio streams."""

    duration_s: float | None = None
    video: dict[str, Any] | None = None
    audio: dict[str, Any] | None = None
    error: str | None = None


@dataclass
class Measurements:
    """What the one decoding run measured."""

    black_ms: list[tuple[float, float]] = field(default_factory=list)
    frozen_ms: list[tuple[float, float]] = field(default_factory=list)
    integrated_lufs: float | None = None
    true_peak_dbtp: float | None = None
    luma: tuple[int, int] | None = None  # lowest and highest luma sample seen
    damaged: int = 0  # frames or packets the decoders had to conceal or drop
    mix: np.ndarray | None = None  # speech-band mono samples at SYNC_RATE
    stem: np.ndarray | None = None
    error: str | None = None


class _Unreadable(FfmpegFailed):
    """ffprobe or ffmpeg could not read the file (reported, not raised)."""


# ---------- running ffprobe and ffmpeg ----------


def probe_args(path: Path, out: Path) -> list[str]:
    """ffprobe argv: streams and format as JSON into `out` (the runner keeps only stderr)."""
    return [
        FFPROBE, "-v", "error", "-show_streams", "-show_format", "-of", "json",
        "-o", str(out), str(path),
    ]  # fmt: skip


def read_probe(text: str) -> Probe:
    """The container duration and the first video and audio streams of ffprobe's JSON."""
    data = json.loads(text or "{}")
    streams = data.get("streams") or []
    duration = (data.get("format") or {}).get("duration")
    return Probe(
        duration_s=float(duration) if duration not in (None, "N/A") else None,
        video=next((s for s in streams if s.get("codec_type") == "video"), None),
        audio=next((s for s in streams if s.get("codec_type") == "audio"), None),
    )


def measure_args(
    path: Path,
    video: bool,
    audio: bool,
    fps: int,
    stem: Path | None,
    mix_out: Path,
    stem_out: Path,
) -> list[str]:
    """ffmpeg argv that decodes `path` once through every measuring filter, on one thread:
    the decoder's and the filters' threads cost a third more CPU for the same figures (the
    check runs beside a render that keeps every core busy)."""
    inputs = ["-threads", "1", "-i", str(path)]
    chains: list[str] = []
    outputs: list[str] = []
    if video:
        chains += [
            # every 4th pixel of a 720p row (nearest neighbour keeps the sample values): the
            # detectors read the same statistics at a fraction of the cost
            f"[0:v:0]scale={SAMPLE_WIDTH}:-2:flags=neighbor,"
            f"blackdetect=d=0:pix_th={BLACK_PIXEL_TH}:pic_th={BLACK_PICTURE_TH},"
            f"freezedetect=n={FREEZE_NOISE}:d={FREEZE_DETECT_S},split[vq][vs]",
            f"[vs]select='not(mod(n,{max(1, fps)}))',"
            "signalstats,metadata=mode=print:key=lavfi.signalstats.YMIN,"
            "metadata=mode=print:key=lavfi.signalstats.YMAX,nullsink",
        ]
        outputs += ["-map", "[vq]", "-f", "null", "-"]
    if audio:
        band = f"aresample=async=1:first_pts=0,highpass=f={SYNC_HIGHPASS_HZ}"
        chains += [
            "[0:a:0]asplit[al][ae]",
            f"[al]{EBUR128},anullsink",
            f"[ae]{band}[mix]",
        ]
        outputs += _pcm_output("[mix]", mix_out)
        if stem is not None:
            inputs += [*untrusted_audio_args("file"), "-i", str(stem)]
            chains.append(f"[1:a:0]{band}[stem]")
            outputs += _pcm_output("[stem]", stem_out)
    return ffmpeg_command(
        "-nostats", *inputs, "-filter_complex_threads", "1", "-filter_complex", ";".join(chains),
        *outputs,
        loglevel="info",  # the filters report at info level
    )  # fmt: skip


def _pcm_output(label: str, out: Path) -> list[str]:
    return ["-map", label, "-ac", "1", "-ar", str(SYNC_RATE), "-f", "f32le", str(out)]


def parse_measurements(log: str, video_end_ms: float) -> Measurements:
    """The stretches, loudness and luma range in ffmpeg's log (a stretch still open at the
    end of the file ends with it)."""
    found = Measurements()
    for start, end in re.findall(r"black_start:(\S+) black_end:(\S+)", log):
        found.black_ms.append((float(start) * 1000, float(end) * 1000))
    opened: float | None = None
    for kind, value in re.findall(r"lavfi\.freezedetect\.freeze_(start|end): (\S+)", log):
        if kind == "start":
            opened = float(value) * 1000
        elif opened is not None:
            found.frozen_ms.append((opened, float(value) * 1000))
            opened = None
    if opened is not None:
        found.frozen_ms.append((opened, video_end_ms))
    luma = re.findall(r"lavfi\.signalstats\.Y(MIN|MAX)=(\d+)", log)
    lows = [int(v) for k, v in luma if k == "MIN"]
    highs = [int(v) for k, v in luma if k == "MAX"]
    if lows and highs:
        found.luma = (min(lows), max(highs))
    found.damaged = len(re.findall(DAMAGE, log))
    found.integrated_lufs, found.true_peak_dbtp = ebur128_summary(log)
    return found


def stream_seconds(stream: dict[str, Any] | None, probe: Probe) -> float:
    if stream is not None and stream.get("duration") not in (None, "N/A"):
        return float(stream["duration"])
    return probe.duration_s or 0.0


async def _probe(path: Path, scratch: Path, timeout_s: float) -> Probe:
    out = scratch / "probe.json"
    try:
        await run_ffmpeg(
            probe_args(path, out), timeout_s, "probe", failed=_Unreadable, timed_out=RenderTimeout
        )
    except _Unreadable as exc:
        message = str(exc).replace("ffmpeg probe failed", "ffprobe failed")
        return Probe(error=message.replace(str(path), path.name))
    return read_probe(out.read_text() if out.exists() else "")


@dataclass
class _Decoded:
    """What the decoding run left: its log, or why it failed, and the speech-band copies."""

    log: str = ""
    error: str | None = None
    mix: np.ndarray | None = None
    stem: np.ndarray | None = None


async def _decode(
    path: Path, video: bool, audio: bool, expect: Expectations, scratch: Path, timeout_s: float
) -> _Decoded:
    if not (video or audio):
        return _Decoded()
    mix_out, stem_out = scratch / "mix.f32", scratch / "stem.f32"
    args = measure_args(path, video, audio, expect.fps, expect.voice_stem, mix_out, stem_out)
    try:
        log = await run_ffmpeg(
            args, timeout_s, "quality measurement", failed=_Unreadable, timed_out=RenderTimeout
        )
    except _Unreadable as exc:
        return _Decoded(error=str(exc).replace(str(path), path.name))
    return _Decoded(
        log=log,
        mix=np.fromfile(mix_out, dtype="<f4") if mix_out.exists() else None,
        stem=np.fromfile(stem_out, dtype="<f4") if stem_out.exists() else None,
    )


async def _settled(task: asyncio.Future[Any]) -> None:
    """Cancel `task` and wait until it is gone (its ffmpeg killed and reaped)."""
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task


async def measure(
    path: Path, expect: Expectations, timeout_s: float, *, workdir: Path | None = None
) -> tuple[Probe, Measurements]:
    """Measure `path`: one ffprobe and one decoding ffmpeg, started together.

    Both runs share `timeout_s`; RenderTimeout when they take longer. A file ffprobe or ffmpeg
    cannot read comes back with the `error` of its Probe or Measurements set, not raised.
    Temporary files (the 8 kHz speech copies) go to a folder made in `workdir` (default: beside
    the video) and removed after.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    with tempfile.TemporaryDirectory(prefix=".quality-", dir=workdir or path.parent) as tmp:
        scratch = Path(tmp)
        # A render has a video and an audio stream: decode on that guess while ffprobe runs
        # (its start-up no longer adds to the wall time), again if the guess was wrong.
        guess = asyncio.ensure_future(_decode(path, True, True, expect, scratch, timeout_s))
        try:
            probe = await _probe(path, scratch, timeout_s)
            streams = (probe.video is not None, probe.audio is not None)
            if probe.error is None and streams == (True, True):
                decoded = await guess
            else:
                await _settled(guess)
                remaining = max(0.1, deadline - loop.time())
                decoded = await _decode(path, *streams, expect, scratch, remaining)
        finally:
            await _settled(guess)
    found = parse_measurements(decoded.log, stream_seconds(probe.video, probe) * 1000)
    found.error, found.mix, found.stem = decoded.error, decoded.mix, decoded.stem
    return probe, found
