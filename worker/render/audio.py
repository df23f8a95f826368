"""Voiceovers and the audio mix: speech at each scene's start, music looped and ducked under it,
loudness normalized to -16 LUFS (EBU R128: the mix measured once with ffmpeg's ebur128, then
one gain and a look-ahead peak limiter), true peak <= -1 dBTP, exactly as long as the
timeline."""

from __future__ import annotations

import asyncio
import re
import subprocess
import wave
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ffmpeg
import numpy as np

from app.composition.timeline import scene_dict, should_skip
from app.composition.variables import substitute
from app.config import Settings
from app.media.ffmpeg import (
    ffmpeg_command,
    run_ffmpeg,
    untrusted_audio_args,
    untrusted_audio_input,
)
from app.voices.music import is_url, tracks
from worker.render.assets import fetch_asset
from worker.render.errors import RenderError, RenderInputError, RenderTimeout
from worker.render.turns import is_interactive
from worker.voices.engines import VoiceError
from worker.voices.service import VoiceService

RATE = 48000
TARGET_LUFS = -16.0
TARGET_TP = -1.5  # dBTP; a little under the -1 dBTP ceiling to leave room for the AAC encode
# The limiter holds sample peaks here: the peaks between samples (and the AAC encode) add up to
# about 1 dB, so the file stays under TARGET_TP.
LIMIT_DBFS = TARGET_TP - 1.0
DEFAULT_MUSIC_VOLUME = 0.3
MUSIC_FADE_IN_S = 1.0
MUSIC_FADE_OUT_S = 2.0
FFMPEG_TIMEOUT_S = 300.0
DECODE_TIMEOUT_S = 60.0  # the voiceovers' decode (seconds of speech)
VOICE_STEM = "voice.wav"  # the voice alone, placed on the timeline, beside the mix (quality)
INTERACTIVE_VOICES = 2  # lines of an opened video spoken at once (one voice process each)
AUDIO_TYPES = ("audio/", "application/ogg", "application/octet-stream", "video/mp4", "video/ogg")


@dataclass
class Voiceover:
    """The speech for one scene (by its index in the template)."""

    scene_index: int
    audio_path: Path
    duration_ms: int
    word_timestamps: list[dict[str, Any]]
    engine: str
    voice: str
    text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _option(options: Any, name: str, default: Any = None) -> Any:
    if isinstance(options, Mapping):
        value = options.get(name, default)
    else:
        value = getattr(options, name, default)
    return default if value is None else value


async def prepare_voiceovers(
    scenes: Sequence[Any],
    data: Mapping[str, Any],
    audio_options: Any,
    language: str,
    settings: Settings,
    tier: str,
    service: VoiceService | None = None,
) -> dict[int, Voiceover]:
    """Speak every enabled, non-skipped scene's `voScript` (after `[variable]` substitution).

    Empty when `includeVoiceover` is off. Identical scripts are synthesized once (voice cache).
    Raises RenderInputError with the scene number when a voice cannot be produced.
    """
    if not _option(audio_options, "includeVoiceover", False):
        return {}
    voice_id = _option(audio_options, "voiceId")
    quality = _option(audio_options, "voiceQuality", settings.voice_quality)
    service = service or VoiceService(settings)
    lines: list[tuple[int, str]] = []
    for index, raw in enumerate(scenes):
        config = scene_dict(raw)
        script = config.get("voScript")
        if not script or config.get("enabled") is False or should_skip(config, data):
            continue
        text = substitute(script, data).text
        if text.strip():
            lines.append((index, text))
    # An opened video's viewer waits for its voice (its live page needs it): its lines are
    # spoken two at a time (a second voice process, on the other core); others one at a time.
    at_once = asyncio.Semaphore(INTERACTIVE_VOICES if is_interactive() else 1)

    async def speak(index: int, text: str) -> Voiceover:
        async with at_once:
            try:
                speech = await asyncio.to_thread(
                    service.speak, text, voice_id, language, tier, quality
                )
            except VoiceError as exc:
                raise RenderInputError(f"scene {index + 1} voiceover: {exc}") from exc
        return Voiceover(
            index, speech.audio_path, speech.duration_ms, speech.timestamps_json(),
            speech.engine, speech.voice, text,
        )  # fmt: skip

    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(speak(index, text)) for index, text in lines]
    except BaseExceptionGroup as failed:  # the first scene's error, as one line at a time gave
        raise failed.exceptions[0] from None
    return {task.result().scene_index: task.result() for task in tasks}


def voice_track(
    timeline: Any, voiceovers: Mapping[int, Voiceover], total: int, workdir: Path
) -> np.ndarray:
    """Mono 48 kHz samples: each voiceover placed at its scene's start, cut at the end."""
    track = np.zeros(total, dtype=np.float32)
    placed = [
        (scene, voiceovers[scene.index])
        for scene in timeline.scenes
        if scene.index in voiceovers and int(round(scene.start_ms * RATE / 1000)) < total
    ]
    decoded = decode_voices([vo.audio_path for _, vo in placed], workdir)
    for (scene, _vo), samples in zip(placed, decoded, strict=True):
        start = int(round(scene.start_ms * RATE / 1000))
        part = samples[: total - start]
        track[start : start + len(part)] += part
    return track


def decode_voices(paths: Sequence[Path], workdir: Path) -> list[np.ndarray]:
    """Every voiceover file as float32 mono at 48 kHz, by one ffmpeg run (one per file cost
    ~50 ms of start-up each). Only plain audio formats are read, from these files only."""
    if not paths:
        return []
    outs = [workdir / f"voice-{i}.f32" for i in range(len(paths))]
    args: list[str] = []
    for path in paths:
        args += [*untrusted_audio_args("file"), "-i", str(path)]
    for i, out in enumerate(outs):
        args += ["-map", f"{i}:a:0", "-f", "f32le", "-ac", "1", "-ar", str(RATE), str(out)]
    proc = subprocess.run(
        ffmpeg_command(*args), capture_output=True, timeout=DECODE_TIMEOUT_S, check=False
    )
    try:
        if proc.returncode != 0:
            raise VoiceError(f"could not decode the voiceovers: {proc.stderr.decode()[-200:]}")
        return [np.fromfile(out, dtype="<f4") for out in outs]
    finally:
        for out in outs:
            out.unlink(missing_ok=True)


def write_pcm(path: Path, samples: np.ndarray, channels: int = 1) -> Path:
    """16-bit PCM WAV at 48 kHz (samples shaped (n,) or (n, channels))."""
    pcm = (np.clip(samples, -1.0, 1.0) * 32767.0).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return path


def audio_extension(content_type: str) -> str | None:
    """Extension for a downloaded music file (ffmpeg probes the format), None if not audio."""
    return "" if content_type.startswith(AUDIO_TYPES) else None


async def fetch_music(url: str, settings: Settings, workdir: Path) -> Path:
    """Download a music file by URL under the same rules as logos (`fetch_asset`)."""
    return await fetch_asset(
        url, settings, workdir, "music-download", "audio.musicTrack", audio_extension,
        "not an audio file",
    )  # fmt: skip


async def resolve_music(track: str | None, settings: Settings, workdir: Path) -> Path | None:
    """The music file for `musicTrack`: a bundled bed id, an URL, or None."""
    if not track:
        return None
    if is_url(track):
        return await fetch_music(track, settings, workdir)
    bed = tracks().get(track)
    if bed is None:
        raise RenderInputError(f"audio.musicTrack: unknown track {track!r}")
    return bed.path


def premix_args(
    voice: Path | None, music: Path | None, volume: float, duration_s: float, out: Path
) -> list[str]:
    """ffmpeg argv for voice + looped, faded, ducked music, stereo 48 kHz, exact length, its
    integrated loudness measured in the same run (ebur128 on a second branch, the summary at
    info level: `premix_loudness` reads it)."""
    streams = []
    speech = None
    if voice is not None:
        speech = ffmpeg.input(str(voice)).audio.filter("aformat", channel_layouts="stereo")
    if music is not None:
        bed = (
            # music may be a downloaded file: it is read as plain audio from this file only
            ffmpeg.input(str(music), stream_loop=-1, **untrusted_audio_input("file"))
            .audio.filter("aresample", RATE)
            .filter("aformat", sample_fmts="fltp", channel_layouts="stereo")
            .filter("atrim", duration=duration_s)
            .filter("asetpts", "N/SR/TB")
            .filter("afade", t="in", d=min(MUSIC_FADE_IN_S, duration_s / 4))
            .filter(
                "afade",
                t="out",
                st=max(0.0, duration_s - min(MUSIC_FADE_OUT_S, duration_s / 4)),
                d=min(MUSIC_FADE_OUT_S, duration_s / 4),
            )
            .filter("volume", volume)
        )
        if speech is not None:
            split = speech.filter_multi_output("asplit")
            speech = split[0]
            # Duck the bed ~12 dB while someone speaks; release slowly so it swells between phrases.
            bed = ffmpeg.filter(
                [bed, split[1]], "sidechaincompress",
                threshold=0.02, ratio=6, attack=15, release=350, makeup=1,
            )  # fmt: skip
        streams.append(bed)
    if speech is not None:
        streams.insert(0, speech)
    mixed = (
        streams[0]
        if len(streams) == 1
        else ffmpeg.filter(streams, "amix", inputs=len(streams), duration="first", normalize=0)
    )
    mixed = mixed.filter("apad", whole_dur=duration_s).filter("atrim", duration=duration_s)
    branches = mixed.filter_multi_output("asplit")
    output = ffmpeg.output(branches[0], str(out), acodec="pcm_f32le", ar=RATE, ac=2)
    measured = branches[1].filter("ebur128", framelog="verbose").output("-", f="null")
    args = ffmpeg.merge_outputs(output, measured).get_args()
    return ffmpeg_command("-nostats", *args, loglevel="info")


async def _run(args: list[str], what: str) -> str:
    return await run_ffmpeg(
        args, FFMPEG_TIMEOUT_S, what, failed=RenderError, timed_out=RenderTimeout
    )


@dataclass(frozen=True)
class Loudness:
    """What ebur128 measured of a whole file: its integrated loudness (what the gain needs)."""

    integrated_lufs: float


_SUMMARY_I = re.compile(r"Integrated loudness:\s+I:\s+(-?inf|-?[\d.]+) LUFS")
_SUMMARY_PEAK = re.compile(r"True peak:\s+Peak:\s+(-?inf|-?[\d.]+) dBFS")


EBUR128 = "ebur128=peak=true:framelog=verbose"  # the summary at info level, frames at verbose
# The mix's own measurements set the gain: the integrated loudness is all they need. True peak
# (4x oversampled, a third of ebur128's cost) is held by the limiter and checked on the file by
# the quality report (EBUR128).
INTEGRATED = "ebur128=framelog=verbose"
# A limiter that works hard lowers the loudness a little (0.4 LU on `pulse`): past this, the
# gain is corrected once.
LOUDNESS_SLACK_LU = 0.25


def ebur128_summary(log: str) -> tuple[float | None, float | None]:
    """Integrated loudness (LUFS) and true peak (dBTP) of the last summary ffmpeg's ebur128
    printed in `log` (ffmpeg may set a filter graph up twice, and the first, unused copy prints
    an empty one); None for what is not there. The mix's normalization and the quality report
    both read it."""
    integrated, peak = _SUMMARY_I.findall(log), _SUMMARY_PEAK.findall(log)
    return (
        float(integrated[-1]) if integrated else None,
        float(peak[-1]) if peak else None,
    )


def _read_summary(text: str) -> Loudness:
    integrated, _peak = ebur128_summary(text)
    if integrated is None:
        raise RenderError("ffmpeg loudness measurement failed: no ebur128 summary in its output")
    return Loudness(integrated)


async def measure_loudness(path: Path) -> Loudness:
    """The file's integrated loudness (EBU R128, ffmpeg's ebur128 at the file's own rate: a
    fifth of what a loudnorm pass costs, which works at 192 kHz)."""
    args = ffmpeg_command(
        "-nostats", "-i", str(path), "-af", INTEGRATED, "-f", "null", "-",
        loglevel="info", overwrite=False,
    )  # fmt: skip
    return _read_summary(await _run(args, "loudness measurement"))


def normalize_args(src: Path, gain_db: float, duration_s: float, out: Path) -> list[str]:
    """`gain_db`, peaks held under LIMIT_DBFS by a look-ahead limiter (its delay compensated,
    so speech stays where it was placed), exact length, 16-bit WAV at 48 kHz; the result is
    measured in the same run (ebur128 on a second branch, printed at info level)."""
    chain = ",".join([
        f"volume={gain_db:.2f}dB",
        f"alimiter=limit={10 ** (LIMIT_DBFS / 20):.4f}:attack=5:release=50:level=false"
        ":latency=true",
        f"aresample={RATE}",
        f"apad=whole_dur={duration_s}",
        f"atrim=duration={duration_s}",
        "asplit=2[out][measure]",
    ])  # fmt: skip
    return ffmpeg_command(
        "-nostats", "-i", str(src), "-filter_complex",
        f"[0:a]{chain};[measure]{INTEGRATED}[measured]",
        "-map", "[out]", "-ac", "2", "-c:a", "pcm_s16le", str(out),
        "-map", "[measured]", "-f", "null", "-",
        loglevel="info",
    )  # fmt: skip


async def normalize(src: Path, measured: Loudness, duration_s: float, out: Path) -> Loudness:
    """Bring `src` to TARGET_LUFS in `out`: one gain and the limiter, and when the limiter took
    more than LOUDNESS_SLACK_LU off, once more with that added. Returns what `out` measures."""
    gain = TARGET_LUFS - measured.integrated_lufs
    args = normalize_args(src, gain, duration_s, out)
    result = _read_summary(await _run(args, "loudness normalization"))
    short = TARGET_LUFS - result.integrated_lufs
    if abs(short) > LOUDNESS_SLACK_LU and result.integrated_lufs > -70.0:
        args = normalize_args(src, gain + short, duration_s, out)
        result = _read_summary(await _run(args, "loudness normalization"))
    return result


async def mix_audio(
    timeline: Any,
    voiceovers: Mapping[int, Voiceover],
    audio_options: Any,
    settings: Settings,
    workdir: Path,
) -> Path:
    """The final soundtrack (48 kHz stereo 16-bit WAV), exactly `timeline.duration_ms` long."""
    workdir.mkdir(parents=True, exist_ok=True)
    total = max(1, int(round(timeline.duration_ms * RATE / 1000)))
    duration_s = total / RATE
    out = workdir / "soundtrack.wav"
    volume = float(_option(audio_options, "musicVolume", DEFAULT_MUSIC_VOLUME))
    music = None
    if volume > 0:
        music = await resolve_music(_option(audio_options, "musicTrack"), settings, workdir)
    voice = None
    if voiceovers:
        track = await asyncio.to_thread(voice_track, timeline, voiceovers, total, workdir)
        voice = write_pcm(workdir / VOICE_STEM, track)
    if voice is None and music is None:
        return write_pcm(out, np.zeros((total, 2), dtype=np.float32), channels=2)
    premix = workdir / "premix.wav"
    args = premix_args(voice, music, volume, duration_s, premix)
    measured = _read_summary(await _run(args, "audio mix"))  # one run: mixed and measured
    if measured.integrated_lufs <= -70.0:  # silence (or nearly): nothing to normalize
        return write_pcm(out, np.zeros((total, 2), dtype=np.float32), channels=2)
    await normalize(premix, measured, duration_s, out)
    premix.unlink(missing_ok=True)
    return out
