"""Synthesize the bundled music beds (royalty-free by construction) into static/music/.

Each bed is a whole number of bars; note tails wrap around the end, so the file loops with
no click. Run: `.venv/bin/python scripts/make_music.py` (needs numpy and ffmpeg).
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np

RATE = 44100
OUT = Path(__file__).resolve().parent.parent / "static" / "music"
NOTE = {"C": 0, "C#": 1, "D": 2, "D#": 3, "E": 4, "F": 5, "F#": 6, "G": 7, "G#": 8, "A": 9,
        "A#": 10, "B": 11}  # fmt: skip


def freq(name: str, octave: int) -> float:
    return 440.0 * 2 ** ((NOTE[name] + 12 * (octave + 1) - 69) / 12)


def chord(root: str, minor: bool = False, octave: int = 3) -> list[float]:
    base = NOTE[root] + 12 * (octave + 1)
    steps = (0, 3, 7) if minor else (0, 4, 7)
    return [440.0 * 2 ** ((base + s - 69) / 12) for s in steps]


@dataclass
class Bed:
    id: str
    name: str
    mood: str
    bpm: int
    bars: int
    progression: list[tuple[str, bool]]
    pad: float  # pad level
    pluck: float  # arpeggio level
    kick: float  # kick level
    hat: float  # hi-hat level


BEDS = [
    Bed("bright-pop", "Bright Pop", "upbeat", 120, 16,
        [("C", False), ("G", False), ("A", True), ("F", False)], 0.25, 0.30, 0.45, 0.08),
    Bed("calm-ambient", "Calm Ambient", "calm", 70, 12,
        [("D", False), ("B", True), ("G", False), ("A", False)], 0.45, 0.12, 0.0, 0.0),
    Bed("corporate-drive", "Corporate Drive", "confident", 100, 12,
        [("A", True), ("F", False), ("C", False), ("G", False)], 0.30, 0.28, 0.35, 0.06),
    Bed("celebration", "Celebration", "celebratory", 128, 16,
        [("F", False), ("C", False), ("D", True), ("A#", False)], 0.22, 0.32, 0.50, 0.10),
]  # fmt: skip


def place(track: np.ndarray, start: int, sound: np.ndarray) -> None:
    """Add a sound at `start`, wrapping its tail to the beginning so the loop is seamless."""
    n = len(track)
    idx = (start + np.arange(len(sound))) % n
    np.add.at(track, idx, sound)


def envelope(length: int, attack: float, decay: float) -> np.ndarray:
    t = np.arange(length) / RATE
    return np.minimum(1.0, t / max(attack, 1e-4)) * np.exp(-t / decay)


def tone(
    freqs: list[float], seconds: float, attack: float, decay: float, bright: float
) -> np.ndarray:
    length = int(seconds * RATE)
    t = np.arange(length) / RATE
    wave = sum(np.sin(2 * np.pi * f * t) + bright * np.sin(4 * np.pi * f * t) for f in freqs)
    return wave * envelope(length, attack, decay) / max(len(freqs), 1)


def kick() -> np.ndarray:
    length = int(0.35 * RATE)
    t = np.arange(length) / RATE
    sweep = 110 * np.exp(-t * 18) + 45
    return np.sin(2 * np.pi * np.cumsum(sweep) / RATE) * np.exp(-t * 9)


def hat(rng: np.random.Generator) -> np.ndarray:
    length = int(0.06 * RATE)
    noise = rng.standard_normal(length)
    noise = np.diff(noise, prepend=0.0)  # crude high-pass
    return noise * np.exp(-np.arange(length) / RATE * 70) * 0.5


def render(bed: Bed) -> np.ndarray:
    """The bed as stereo float samples, exactly `bars` bars long."""
    beat = 60.0 / bed.bpm
    bar = 4 * beat
    total = int(round(bed.bars * bar * RATE))
    left, right = np.zeros(total), np.zeros(total)
    rng = np.random.default_rng(7)
    for b in range(bed.bars):
        root, minor = bed.progression[b % len(bed.progression)]
        notes = chord(root, minor)
        bar_start = int(b * bar * RATE)
        pad = tone(notes, bar * 1.1, 0.4, bar * 0.8, 0.2) * bed.pad
        place(left, bar_start, pad)
        place(right, bar_start, pad)
        bass = tone([notes[0] / 2], bar * 0.9, 0.01, bar * 0.5, 0.4) * 0.35
        place(left, bar_start, bass)
        place(right, bar_start, bass)
        for step in range(8):  # eighth-note arpeggio, alternating sides
            at = bar_start + int(step * beat / 2 * RATE)
            pitch = notes[step % 3] * (2 if step % 4 >= 2 else 4)
            pluck = tone([pitch], beat, 0.005, beat * 0.25, 0.5) * bed.pluck
            place(left if step % 2 else right, at, pluck)
            place(right if step % 2 else left, at, pluck * 0.4)
            if bed.hat and step % 2 == 1:
                h = hat(rng) * bed.hat * 4
                place(left, at, h)
                place(right, at, h)
        for q in range(4):
            if bed.kick:
                at = bar_start + int(q * beat * RATE)
                k = kick() * bed.kick
                place(left, at, k)
                place(right, at, k)
    stereo = np.stack([left, right], axis=1)
    return stereo / np.abs(stereo).max() * 0.7


def encode(samples: np.ndarray, path: Path) -> None:
    """Float stereo -> Ogg Opus, 64 kb/s."""
    pcm = samples.astype("<f4").tobytes()
    subprocess.run(
        [
            "ffmpeg",
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "f32le",
            "-ar",
            str(RATE),
            "-ac",
            "2",
            "-i",
            "pipe:0",
            "-c:a",
            "libopus",
            "-b:a",
            "64k",
            str(path),
        ],  # fmt: skip
        input=pcm,
        check=True,
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    index = []
    for bed in BEDS:
        samples = render(bed)
        path = OUT / f"{bed.id}.ogg"
        encode(samples, path)
        index.append({"id": bed.id, "name": bed.name, "file": path.name,
                      "durationSec": round(len(samples) / RATE, 3), "mood": bed.mood,
                      "bpm": bed.bpm})  # fmt: skip
        print(f"{path.name}: {len(samples) / RATE:.1f}s, {path.stat().st_size // 1024} KiB")
    (OUT / "index.json").write_text(json.dumps(index, indent=2) + "\n")


if __name__ == "__main__":
    main()
