"""Voiceovers and the audio mix: speech at each scene's start, music looped and ducked under it,
loudness normalized to -16 LUFS (two-pass EBU R128 loudnorm), true peak <= -1 dBTP, exactly
as long as the timeline."""

from __future__ import annotations

import asyncio
import json
import re
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
from app.media.ffmpeg import ffmpeg_command, graph_command, run_ffmpeg, untrusted_audio_input
from app.voices.music import is_url, tracks
from worker.render.assets import fetch_asset
from worker.render.errors import RenderError, RenderInputError, RenderTimeout
from worker.voices.engines import VoiceError, decode_audio
from worker.voices.service import VoiceService

RATE = 48000
TARGET_LUFS = -16.0
TARGET_TP = -1.5  # dBTP; a little under the -1 dBTP ceiling to leave room for the AAC encode
TARGET_LRA = 11.0
DEFAULT_MUSIC_VOLUME = 0.3
MUSIC_FADE_IN_S = 1.0
MUSIC_FADE_OUT_S = 2.0
FFMPEG_TIMEOUT_S = 300.0
VOICE_STEM = "voice.wav"  # the voice alone, placed on the timeline, beside the mix (quality)
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
    out: dict[int, Voiceover] = {}
    for index, raw in enumerate(scenes):
        config = scene_dict(raw)
        script = config.get("voScript")
        if not script or config.get("enabled") is False or should_skip(config, data):
            continue
        text = substitute(script, data).text
        if not text.strip():
            continue
        try:
            speech = await asyncio.to_thread(service.speak, text, voice_id, language, tier, quality)
        except VoiceError as exc:
            raise RenderInputError(f"scene {index + 1} voiceover: {exc}") from exc
        out[index] = Voiceover(
            index, speech.audio_path, speech.duration_ms, speech.timestamps_json(),
            speech.engine, speech.voice, text,
        )  # fmt: skip
    return out


def voice_track(timeline: Any, voiceovers: Mapping[int, Voiceover], total: int) -> np.ndarray:
    """Mono 48 kHz samples: each voiceover placed at its scene's start, cut at the end."""
    track = np.zeros(total, dtype=np.float32)
    for scene in timeline.scenes:
        vo = voiceovers.get(scene.index)
        if vo is None:
            continue
        samples = decode_audio(Path(vo.audio_path).read_bytes(), RATE)
        start = int(round(scene.start_ms * RATE / 1000))
        if start >= total:
            continue
        part = samples[: total - start]
        track[start : start + len(part)] += part
    return track


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
    """ffmpeg argv for voice + looped, faded, ducked music, stereo 48 kHz, exact length."""
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
    output = ffmpeg.output(mixed, str(out), acodec="pcm_f32le", ar=RATE, ac=2)
    return graph_command(output)


async def _run(args: list[str], what: str) -> str:
    return await run_ffmpeg(
        args, FFMPEG_TIMEOUT_S, what, failed=RenderError, timed_out=RenderTimeout
    )


def _loudnorm(**measured: Any) -> str:
    base = f"I={TARGET_LUFS}:TP={TARGET_TP}:LRA={TARGET_LRA}"
    extra = "".join(f":{k}={v}" for k, v in measured.items())
    return f"loudnorm={base}{extra}"


async def measure_loudness(path: Path) -> dict[str, str]:
    """First loudnorm pass: the input's integrated loudness, true peak, LRA and threshold."""
    args = ffmpeg_command(
        "-nostats", "-i", str(path), "-af", _loudnorm(print_format="json"), "-f", "null", "-",
        loglevel="info",  # loudnorm prints its figures at info level
        overwrite=False,
    )  # fmt: skip
    text = await _run(args, "loudness measurement")
    match = re.search(r"\{[^{}]*\"input_i\"[^{}]*\}", text)
    if match is None:
        raise RenderError("ffmpeg loudness measurement failed: no loudnorm figures in its output")
    return json.loads(match.group(0))


def normalize_args(src: Path, measured: dict[str, str], duration_s: float, out: Path) -> list[str]:
    """Second loudnorm pass (linear when possible), back to 48 kHz, exact length, 16-bit WAV."""
    chain = ",".join([
        _loudnorm(
            measured_I=measured["input_i"], measured_TP=measured["input_tp"],
            measured_LRA=measured["input_lra"], measured_thresh=measured["input_thresh"],
            offset=measured["target_offset"], linear="true",
        ),
        f"aresample={RATE}",
        f"apad=whole_dur={duration_s}",
        f"atrim=duration={duration_s}",
    ])  # fmt: skip
    return ffmpeg_command(
        "-i", str(src), "-af", chain, "-ar", str(RATE), "-ac", "2", "-c:a", "pcm_s16le", str(out)
    )  # fmt: skip


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
        track = await asyncio.to_thread(voice_track, timeline, voiceovers, total)
        voice = write_pcm(workdir / VOICE_STEM, track)
    if voice is None and music is None:
        return write_pcm(out, np.zeros((total, 2), dtype=np.float32), channels=2)
    premix = workdir / "premix.wav"
    args = premix_args(voice, music, volume, duration_s, premix)
    await _run(args, "audio mix")
    measured = await measure_loudness(premix)
    if float(measured["input_i"]) < -70.0:  # silence (or nearly): nothing to normalize
        return write_pcm(out, np.zeros((total, 2), dtype=np.float32), channels=2)
    await _run(normalize_args(premix, measured, duration_s, out), "loudnorm")
    premix.unlink(missing_ok=True)
    return out
