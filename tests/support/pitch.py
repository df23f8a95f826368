"""Listening by numbers: the median pitch (F0) of speech and its loudness."""

from __future__ import annotations

import numpy as np

# Women speak roughly 165-255 Hz, men 85-155 Hz (median F0 of read speech).
FEMALE_HZ = (165.0, 255.0)
MALE_HZ = (85.0, 155.0)


def rms_db(samples: np.ndarray) -> float:
    return float(20 * np.log10(np.sqrt(np.mean(samples.astype(np.float64) ** 2)) + 1e-9))


def median_f0(samples: np.ndarray, rate: int, low: float = 60.0, high: float = 400.0) -> float:
    """Median F0 in Hz over voiced 40 ms frames (normalized autocorrelation, peak >= 0.5,
    frames within 25 dB of the loudest); 0.0 when nothing is voiced."""
    frame, hop = int(rate * 0.04), int(rate * 0.01)
    x = samples.astype(np.float64)
    if len(x) < frame:
        return 0.0
    frames = np.lib.stride_tricks.sliding_window_view(x, frame)[::hop]
    energy = np.sqrt(np.mean(frames**2, axis=1))
    loud = frames[energy > energy.max() * 10 ** (-25 / 20)]
    lag_min, lag_max = int(rate / high), int(rate / low)
    found = []
    for f in loud:
        f = f - f.mean()
        spectrum = np.fft.rfft(f, 2 * frame)
        corr = np.fft.irfft(spectrum * np.conj(spectrum))[:frame]
        if corr[0] <= 0:
            continue
        corr = corr / corr[0]
        lag = lag_min + int(np.argmax(corr[lag_min:lag_max]))
        if corr[lag] >= 0.5:
            # Prefer the shortest lag that is nearly as periodic (avoids octave errors).
            half = lag // 2
            if half >= lag_min and corr[half] >= 0.9 * corr[lag]:
                lag = half
            found.append(rate / lag)
    return float(np.median(found)) if found else 0.0
