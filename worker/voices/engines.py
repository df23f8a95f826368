"""The `VoiceEngine` interface, the `Synthesis` result and the errors every engine raises."""

from __future__ import annotations

import subprocess
import uuid
import wave
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from app.media.ffmpeg import ffmpeg_command, untrusted_audio_args


class VoiceError(Exception):
    """A voiceover could not be produced; the message says why and what to do."""

    def __init__(self, message: str, *, code: str = "voice_failed") -> None:
        super().__init__(message)
        self.code = code


class LanguageNotSpoken(VoiceError):
    """The engine has no acceptable voice for the language (it would produce gibberish)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="language_not_supported")


class EngineUnavailable(VoiceError):
    """An online engine is switched off, misconfigured or unreachable."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="engine_unavailable")


@dataclass
class WordTimestamp:
    """One spoken word: `word` as written in the script, times in ms from the audio start."""

    word: str
    startMs: int  # SPEC field name
    endMs: int  # SPEC field name


@dataclass
class Synthesis:
    """What an engine returns: a mono WAV file, its length and word-level timing."""

    audio_path: Path
    duration_ms: int
    word_timestamps: list[WordTimestamp]
    engine: str
    voice: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def timestamps_json(self) -> list[dict[str, Any]]:
        return [asdict(w) for w in self.word_timestamps]


@dataclass
class Speech:
    """Raw engine output before it is written: samples plus word spans in samples."""

    samples: np.ndarray  # float32 mono in [-1, 1]
    sample_rate: int
    words: list[tuple[str, int, int]]  # (word, start_sample, end_sample)


class VoiceEngine(Protocol):
    """Anything that turns text into speech with word timing."""

    name: str

    def synthesize(self, text: str, voice: str, language: str) -> Synthesis: ...


def write_wav(path: Path, samples: np.ndarray, sample_rate: int) -> None:
    """Write float samples as 16-bit mono PCM (atomically: tmp file then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pcm = (np.clip(samples, -1.0, 1.0) * 32767.0).astype("<i2")
    tmp = path.with_suffix(path.suffix + ".tmp")
    with wave.open(str(tmp), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(sample_rate)
        out.writeframes(pcm.tobytes())
    tmp.replace(path)


def read_wav(path: Path) -> tuple[np.ndarray, int]:
    """Read a 16-bit PCM WAV (mono or first channel) as float32 samples."""
    with wave.open(str(path), "rb") as src:
        rate = src.getframerate()
        channels = src.getnchannels()
        width = src.getsampwidth()
        raw = src.readframes(src.getnframes())
    if width != 2:
        raise VoiceError(f"unsupported WAV sample width {width * 8} bits in {path.name}")
    data = np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0
    if channels > 1:
        data = data.reshape(-1, channels)[:, 0]
    return data, rate


def speech_to_synthesis(speech: Speech, path: Path, engine: str, voice: str) -> Synthesis:
    """Write the samples and turn sample spans into millisecond word timestamps."""
    write_wav(path, speech.samples, speech.sample_rate)
    rate = speech.sample_rate
    duration_ms = int(round(len(speech.samples) * 1000 / rate))
    words = [
        WordTimestamp(w, int(round(s * 1000 / rate)), int(round(e * 1000 / rate)))
        for w, s, e in speech.words
    ]
    return Synthesis(path, duration_ms, words, engine, voice)


def decode_audio(data: bytes, rate: int = 24000) -> np.ndarray:
    """Decode audio (MP3, WAV, OGG... from an engine or a vendor) to float32 mono samples.

    The bytes come from outside: ffmpeg reads them from stdin only, as one of the plain audio
    formats (a playlist could otherwise make it open files or URLs)."""
    args = ["-i", "pipe:0", "-f", "f32le", "-ac", "1", "-ar", str(rate), "pipe:1"]
    proc = subprocess.run(
        ffmpeg_command(*untrusted_audio_args("pipe"), *args, overwrite=False),
        input=data,
        capture_output=True,
        timeout=60,
        check=False,
    )
    if proc.returncode != 0:
        raise VoiceError(f"could not decode the engine's audio: {proc.stderr.decode()[-200:]}")
    return np.frombuffer(proc.stdout, dtype="<f4").copy()


def scratch_path(workdir: Path, engine: str) -> Path:
    """A fresh file name for an engine's output (two jobs may speak the same line at once)."""
    return workdir / f"{engine}-{uuid.uuid4().hex}.wav"
