"""Speech timing: each scene's first spoken word against the speech in the file, matched to the
voice stem when there is one, else read as an onset from the mix alone."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from worker.render.quality.measure import SYNC_RATE, Measurements, Probe
from worker.render.quality.report import Expectations, QualityCheck, listed, not_measured, verdict

ENVELOPE_WINDOW_MS = 10
SYNC_SEARCH_MS = 300  # how far from its first word a phrase is looked for
RISE_BEFORE_MS = 150  # onset: the largest step between the mean level before and after
RISE_AFTER_MS = 80
MIN_RISE_DB = 6.0
ONSET_LOOKBACK_MS = 250
ONSET_MARGIN_DB = 6.0
ONSET_DEPTH_DB = 30.0
QUIET_MS = 20
# Onsets read within 31 ms of the word timing on the measured voices (-20..+26 ms on Piper
# renders with and without music beds; a first consonant masked by the bed reads late), so
# the onset method gets this allowance on top of one frame; the stem method is exact to ~1 ms.
ONSET_SLACK_MS = 25
STEM_BEFORE_MS = 100  # the stretch of the stem matched against the mix around each phrase
STEM_AFTER_MS = 700
MIN_STEM_CORRELATION = 0.5


def envelope_db(samples: np.ndarray, rate: int = SYNC_RATE) -> np.ndarray:
    """Level (dB) per millisecond: the mean power of a ENVELOPE_WINDOW_MS window centred on it."""
    hop = rate // 1000
    half = ENVELOPE_WINDOW_MS * hop // 2
    sums = np.concatenate([[0.0], np.cumsum(samples.astype(np.float64) ** 2)])
    centres = np.arange(len(samples) // hop) * hop
    lo = np.clip(centres - half, 0, len(samples))
    hi = np.clip(centres + half, 0, len(samples))
    power = (sums[hi] - sums[lo]) / np.maximum(hi - lo, 1)
    return np.asarray(10 * np.log10(power + 1e-10))


def _padded(env: np.ndarray, pad: int) -> np.ndarray:
    if len(env) == 0:
        return np.full(2 * pad + 1, -100.0)
    return np.pad(env, (pad, pad), mode="edge")


def phrase_onset_ms(env: np.ndarray, at_ms: int, search_ms: int = SYNC_SEARCH_MS) -> int | None:
    """Where speech starts near `at_ms`, or None.

    The phrase is the largest step up between the mean level of the RISE_BEFORE_MS before and
    the RISE_AFTER_MS after a moment within ±search_ms (the largest, not the nearest: a phrase
    after a pause steps up more than a later word or a beat of a ducked music bed); none under
    MIN_RISE_DB. A step lands on the first vowel, so its start is walked back through any
    quieter consonant to where the level first came within ONSET_DEPTH_DB of the phrase's
    and ONSET_MARGIN_DB above the quietest moment of the ONSET_LOOKBACK_MS before (the depth
    keeps the codec's pre-echo before an attack out of speech that starts from silence).
    """
    pad = search_ms + RISE_BEFORE_MS + RISE_AFTER_MS
    if not 0 <= at_ms < len(env) + search_ms:
        return None
    sums = np.concatenate([[0.0], np.cumsum(_padded(env, pad))])
    t = np.arange(at_ms - search_ms, at_ms + search_ms + 1) + pad
    after = (sums[t + RISE_AFTER_MS] - sums[t]) / RISE_AFTER_MS
    before = (sums[t] - sums[t - RISE_BEFORE_MS]) / RISE_BEFORE_MS
    rise = after - before
    best = int(np.argmax(rise))
    if rise[best] < MIN_RISE_DB:
        return None
    step = min(max(at_ms - search_ms + best, 0), len(env) - 1)
    lead = env[max(0, step - ONSET_LOOKBACK_MS) : step + 1]
    quiet = np.convolve(lead, np.ones(QUIET_MS) / QUIET_MS, mode="valid")
    floor = float(quiet.min() if quiet.size else lead.min())
    threshold = max(floor + ONSET_MARGIN_DB, float(after[best]) - ONSET_DEPTH_DB)
    below = np.flatnonzero(lead <= threshold)
    return step - (len(lead) - 1 - int(below[-1])) + 1 if below.size else step - len(lead) + 1


def stem_lag_ms(
    mix_env: np.ndarray, stem_env: np.ndarray, at_ms: int, search_ms: int = SYNC_SEARCH_MS
) -> tuple[int, float] | None:
    """How late (ms) the mix's speech runs behind the stem's around `at_ms`, and how well they
    match (normalized cross-correlation of their amplitude envelopes); None when the stem is
    silent there."""
    if not 0 <= at_ms <= min(len(mix_env), len(stem_env)):
        return None
    pad = search_ms + STEM_BEFORE_MS + STEM_AFTER_MS
    lo, hi = at_ms - STEM_BEFORE_MS + pad, at_ms + STEM_AFTER_MS + pad
    stem = 10 ** (_padded(stem_env, pad)[lo:hi] / 20)
    if stem.max() < 1e-3:  # below -60 dB: no speech there
        return None
    ref = stem - stem.mean()
    mix = 10 ** (_padded(mix_env, pad)[lo - search_ms : hi + search_ms] / 20)
    size = hi - lo
    # Pearson correlation of `ref` with every window of `mix`: ref sums to zero, so the
    # windows need no centring in the dot product; their spread comes from running sums.
    dots = np.correlate(mix, ref, mode="valid")
    sums = np.concatenate([[0.0], np.cumsum(mix)])
    squares = np.concatenate([[0.0], np.cumsum(mix**2)])
    window_sum = sums[size:] - sums[:-size]
    spread = np.sqrt(np.maximum(squares[size:] - squares[:-size] - window_sum**2 / size, 0.0))
    corr = dots / np.maximum(spread * np.linalg.norm(ref), 1e-12)
    best = int(np.argmax(corr))
    return best - search_ms, float(corr[best])


def phrase_starts_ms(word_starts_ms: Sequence[Sequence[int]]) -> list[int]:
    """The first word of each scene's speech (a phrase after a pause: the clearest onset)."""
    return sorted(int(min(words)) for words in word_starts_ms if words)


def check_av_sync(probe: Probe, found: Measurements, expect: Expectations) -> QualityCheck:
    """warn: a phrase's speech more than one frame (+ONSET_SLACK_MS without a stem) from its
    first word's time, or not found within SYNC_SEARCH_MS of it."""
    phrases = phrase_starts_ms(expect.word_starts_ms)
    if not phrases:
        return verdict("av_sync", [], "no speech expected")
    if probe.audio is None or found.mix is None:
        return not_measured("av_sync", "no audio stream")
    mix = envelope_db(found.mix)
    stem = envelope_db(found.stem) if found.stem is not None else None
    tolerance = expect.frame_ms + (0 if stem is not None else ONSET_SLACK_MS)
    method = "matched against the voice stem" if stem is not None else "speech onsets"
    offsets, problems = [], []
    for at in phrases:
        offset = _phrase_offset(mix, stem, at)
        if isinstance(offset, str):
            problems.append(f"{offset} near {at} ms")
        elif abs(offset) > tolerance:
            problems.append(f"phrase at {at} ms: speech {offset:+d} ms off")
        else:
            offsets.append(offset)
    if problems:
        off = f"speech off its word timing by more than {tolerance:.0f} ms ({method})"
        return verdict("av_sync", [f"{off}: {listed(problems)}"], "")
    worst = max(offsets, key=abs)
    return verdict(
        "av_sync",
        [],
        f"{len(phrases)} phrases within ±{tolerance:.0f} ms of their first word "
        f"(largest {worst:+d} ms; {method})",
    )


def _phrase_offset(mix: np.ndarray, stem: np.ndarray | None, at: int) -> int | str:
    if at >= len(mix):
        return "the audio has ended"
    if stem is None:
        onset = phrase_onset_ms(mix, at)
        return "no speech onset found" if onset is None else onset - at
    matched = stem_lag_ms(mix, stem, at)
    if matched is None:
        return "the voice stem is silent"
    lag, corr = matched
    if corr < MIN_STEM_CORRELATION:
        return f"the stem's speech is not in the mix (correlation {corr:.2f})"
    return lag
