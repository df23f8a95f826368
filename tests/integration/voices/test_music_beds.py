"""The bundled beds: listed in the index, exactly as long as it says, loop without a click."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest

from app.voices.music import tracks

RATE = 48000


def decode(path: object) -> np.ndarray:
    raw = subprocess.run(
        [
            "ffmpeg",
            "-v",
            "error",
            "-i",
            str(path),
            "-f",
            "f32le",
            "-ac",
            "1",
            "-ar",
            str(RATE),
            "-",
        ],
        capture_output=True,
        check=True,
    ).stdout
    return np.frombuffer(raw, dtype="<f4")


@pytest.mark.parametrize("track_id", sorted(tracks()))
def test_bed_has_its_listed_length_and_loops_seamlessly(track_id: str) -> None:
    track = tracks()[track_id]
    samples = decode(track.path)
    assert abs(len(samples) / RATE - track.durationSec) < 0.01
    assert 25 <= track.durationSec <= 60 and track.bpm > 0
    steps = np.abs(np.diff(samples))
    seam = abs(float(samples[0]) - float(samples[-1]))
    assert seam <= np.percentile(steps, 99.9)  # the wrap is no bigger than a normal step
    assert np.sqrt(np.mean(samples**2)) > 0.05  # audible, not silence
