"""Quality report: a finished video measured against what its timeline promised.

One ffprobe (streams, colour tags, durations) and, started with it, one ffmpeg run that
decodes the file once with every measuring filter: blackdetect, freezedetect and a sampled
signalstats on the video; ebur128 (true peak) and a speech-band 8 kHz mono copy on the audio
(plus the voice stem, when given, through the same filters). The checks are pure functions of
those measurements and the job's Expectations. Methods, tolerances and measured cost:
docs/develop/design/quality.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel

from app.media.ffmpeg import FfmpegFailed, ffmpeg_command, run_ffmpeg, untrusted_audio_args
from worker.render.audio import TARGET_LUFS
from worker.render.errors import RenderTimeout

Status = Literal["pass", "warn", "fail"]
SEVERITY: dict[Status, int] = {"pass": 0, "warn": 1, "fail": 2}
# Every report lists these, in this order (a check that could not run says why and passes).
CHECKS = (
    "streams", "duration", "color", "loudness", "av_sync", "black", "frozen", "glyphs", "text_fit",
)  # fmt: skip

FFPROBE = "ffprobe"
TRUE_PEAK_CEILING_DBTP = -1.0
LOUDNESS_TOLERANCE_LU = 1.0
SILENCE_LUFS = -70.0  # ebur128's floor: nothing above the absolute gate
# blackdetect: a frame is black when 98 % of its pixels are below 10 % of the luma range.
BLACK_PIXEL_TH = 0.10
BLACK_PICTURE_TH = 0.98
BLACK_MIN_MS = 250  # black inside moving time shorter than this is a fade, not a hole
# freezedetect: frames within -60 dB of each other for 0.5 s form a frozen stretch. The
# runtime's moving intervals are generous (ease-out tails, a word reveal waiting for the next
# word: up to 1.4 s still in the pulse template), so a stretch is reported when it holds 2 s of
# moving time, or all of a moving interval of 0.5 s or more (an animation that never played).
FREEZE_NOISE = 0.001
FREEZE_DETECT_S = 0.5
FREEZE_MIN_MS = 2000
FREEZE_WHOLE_MIN_MS = 500
# Limited range: luma 16-235; encoders overshoot a little at sharp edges.
LIMITED_LUMA = (16, 235)
LUMA_SLACK = 8
SAMPLE_WIDTH = 320  # the video detectors read frames nearest-neighbour scaled to this width
# Speech timing: an 8 kHz speech-band (200 Hz high-pass) copy, its level per ms.
SYNC_RATE = 8000
SYNC_HIGHPASS_HZ = 200
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
# What ffmpeg logs for each damaged video frame or audio packet it decoded around.
DAMAGE = re.compile(r"concealing \d+ DC, \d+ AC, \d+ MV errors|Error while decoding stream")
FIT_MIN_SCALE = 0.8
LISTED = 8  # a detail lists at most this many items


class QualityCheck(BaseModel):
    """One measured property of the file."""

    name: str
    status: Status
    detail: str


class QualityReport(BaseModel):
    """`{"status", "checks": [{"name", "status", "detail"}]}`; status is the worst check's."""

    status: Status
    checks: list[QualityCheck]

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def check(self, name: str) -> QualityCheck:
        """The check called `name` (KeyError when there is none)."""
        for item in self.checks:
            if item.name == name:
                return item
        raise KeyError(name)


@dataclass(frozen=True)
class MissingGlyph:
    """A character of the data that no bundled font draws, and the data field it came from."""

    codepoint: int
    field: str


@dataclass(frozen=True)
class TextFit:
    """How a text element of the page fitted: its size over the designed size, and whether
    the page had to cut it (ellipsis)."""

    element: str
    scale: float
    truncated: bool = False


@dataclass(frozen=True)
class Expectations:
    """What the pipeline knows the file should be."""

    fps: int
    width: int
    height: int
    duration_ms: int  # the timeline's
    audio: bool = True  # a soundtrack (voice or music) is expected
    # Per scene with speech, the absolute start (ms) of each spoken word (scene start + the
    # voice's word timing); the first of each is checked against the audio.
    word_starts_ms: Sequence[Sequence[int]] = ()
    # The voice alone, placed on the timeline (as audio.voice_track writes it, any format
    # ffmpeg reads); when given, av_sync matches the mix against it instead of reading onsets.
    voice_stem: Path | None = None
    # The runtime's activeIntervals ([startMs, endMs] where frames may change); None: all moving.
    moving_ms: Sequence[tuple[float, float]] | None = None
    loudness_lufs: float = TARGET_LUFS
    loudness_tolerance_lu: float = LOUDNESS_TOLERANCE_LU
    true_peak_dbtp: float = TRUE_PEAK_CEILING_DBTP
    missing_glyphs: Sequence[MissingGlyph] = ()
    text_fit: Sequence[TextFit] = ()

    @property
    def frame_ms(self) -> float:
        return 1000.0 / self.fps


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
    """ffmpeg argv that decodes `path` once through every measuring filter."""
    inputs = ["-i", str(path)]
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
            "[al]ebur128=peak=true:framelog=verbose,anullsink",
            f"[ae]{band}[mix]",
        ]
        outputs += _pcm_output("[mix]", mix_out)
        if stem is not None:
            inputs += [*untrusted_audio_args("file"), "-i", str(stem)]
            chains.append(f"[1:a:0]{band}[stem]")
            outputs += _pcm_output("[stem]", stem_out)
    return ffmpeg_command(
        "-nostats", *inputs, "-filter_complex", ";".join(chains), *outputs,
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
    if "Summary:" in log:  # ffmpeg may set a graph up twice: the last summary is the real one
        summary = log[log.rindex("Summary:") :]
        integrated = re.search(r"I:\s+(-?[\d.]+) LUFS", summary)
        peak = re.search(r"Peak:\s+(-?[\d.]+|-inf) dBFS", summary)
        found.integrated_lufs = float(integrated[1]) if integrated else None
        found.true_peak_dbtp = float(peak[1]) if peak else None
    return found


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


async def check_video(
    path: Path, expect: Expectations, timeout_s: float, *, workdir: Path | None = None
) -> QualityReport:
    """Measure `path` (one ffprobe, one decoding ffmpeg) and check it against `expect`.

    Both runs share `timeout_s`; RenderTimeout when they take longer. A file ffprobe or ffmpeg
    cannot read is a report that fails, not an exception. Temporary files (the 8 kHz speech
    copies) go to a folder made in `workdir` (default: beside the video) and removed after.
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
    found = parse_measurements(decoded.log, _stream_seconds(probe.video, probe) * 1000)
    found.error, found.mix, found.stem = decoded.error, decoded.mix, decoded.stem
    return build_report(probe, found, expect)


# ---------- the checks (pure) ----------


def build_report(probe: Probe, found: Measurements, expect: Expectations) -> QualityReport:
    """Every check of CHECKS, and the worst status among them."""
    checks = [
        check_streams(probe, found, expect),
        check_duration(probe, expect),
        check_color(probe, found),
        check_loudness(probe, found, expect),
        check_av_sync(probe, found, expect),
        check_black(probe, found, expect),
        check_frozen(probe, found, expect),
        check_glyphs(expect.missing_glyphs),
        check_text_fit(expect.text_fit),
    ]
    worst = max((c.status for c in checks), key=SEVERITY.__getitem__)
    return QualityReport(status=worst, checks=checks)


def _check(name: str, problems: list[str], ok: str, status: Status = "warn") -> QualityCheck:
    if problems:
        return QualityCheck(name=name, status=status, detail="; ".join(problems))
    return QualityCheck(name=name, status="pass", detail=ok)


def _not_measured(name: str, why: str) -> QualityCheck:
    return QualityCheck(name=name, status="pass", detail=f"not measured: {why} (see streams)")


def _listed(items: Sequence[str]) -> str:
    more = len(items) - LISTED
    return ", ".join(items[:LISTED]) + (f" and {more} more" if more > 0 else "")


def _rate(stream: dict[str, Any]) -> float | None:
    for key in ("avg_frame_rate", "r_frame_rate"):
        value = stream.get(key)
        if value and value != "0/0":
            return float(Fraction(value))
    return None


def check_streams(probe: Probe, found: Measurements, expect: Expectations) -> QualityCheck:
    """fail: unreadable or damaged, no video stream, no audio stream where a soundtrack is
    expected; warn: not the ordered size or frame rate."""
    broken = [e for e in (probe.error, found.error) if e]
    if found.damaged:
        broken.append(f"the decoders met damaged data {found.damaged} times")
    if probe.video is None and probe.error is None:
        broken.append("no video stream")
    if expect.audio and probe.audio is None and probe.error is None:
        broken.append("no audio stream (a soundtrack was expected)")
    if broken:
        return _check("streams", broken, "", status="fail")
    assert probe.video is not None
    problems = []
    size = (probe.video.get("width"), probe.video.get("height"))
    if size != (expect.width, expect.height):
        problems.append(f"video is {size[0]}x{size[1]}, ordered {expect.width}x{expect.height}")
    rate = _rate(probe.video)
    if rate is not None and abs(rate - expect.fps) > 0.01:
        problems.append(f"video runs at {rate:g} fps, ordered {expect.fps}")
    codecs = [s["codec_name"] for s in (probe.video, probe.audio) if s is not None]
    return _check(
        "streams", problems, f"{'+'.join(codecs)}, {size[0]}x{size[1]} @ {expect.fps} fps"
    )


def _stream_seconds(stream: dict[str, Any] | None, probe: Probe) -> float:
    if stream is not None and stream.get("duration") not in (None, "N/A"):
        return float(stream["duration"])
    return probe.duration_s or 0.0


def check_duration(probe: Probe, expect: Expectations) -> QualityCheck:
    """fail: container, video stream, audio stream and timeline differ by more than a frame."""
    lengths = {"timeline": expect.duration_ms / 1000}
    if probe.duration_s is not None:
        lengths["container"] = probe.duration_s
    for name, stream in (("video", probe.video), ("audio", probe.audio)):
        if stream is not None and stream.get("duration") not in (None, "N/A"):
            lengths[name] = float(stream["duration"])
    spread_ms = (max(lengths.values()) - min(lengths.values())) * 1000
    listing = ", ".join(f"{name} {seconds:.3f} s" for name, seconds in lengths.items())
    # 1 ms for the millisecond rounding of the timeline and the container
    if spread_ms > expect.frame_ms + 1:
        problem = f"lengths differ by {spread_ms:.0f} ms (one frame: {expect.frame_ms:.1f} ms)"
        return _check("duration", [f"{problem}: {listing}"], "", status="fail")
    return _check("duration", [], f"within {spread_ms:.0f} ms of each other: {listing}")


def check_color(probe: Probe, found: Measurements) -> QualityCheck:
    """warn: not yuv420p, not tagged BT.709 (primaries, transfer, matrix) and limited range,
    or luma samples far outside the limited range it is tagged with."""
    video = probe.video
    if video is None:
        return _not_measured("color", "no video stream")
    wanted = {
        "pix_fmt": ("pixel format", "yuv420p"),
        "color_primaries": ("primaries", "bt709"),
        "color_transfer": ("transfer", "bt709"),
        "color_space": ("matrix", "bt709"),
        "color_range": ("range", "tv"),
    }
    problems = [
        f"{label} {_tag(video.get(key))} (expected {value})"
        for key, (label, value) in wanted.items()
        if video.get(key) != value
    ]
    low, high = LIMITED_LUMA
    luma = found.luma
    if (
        video.get("color_range") == "tv"
        and luma is not None
        and (luma[0] < low - LUMA_SLACK or luma[1] > high + LUMA_SLACK)
    ):
        problems.append(
            f"luma samples span {luma[0]}-{luma[1]}, outside the limited range {low}-{high} "
            "the file is tagged with (full-range pixels?)"
        )
    return _check("color", problems, "yuv420p, BT.709 primaries/transfer/matrix, limited range")


def _tag(value: Any) -> str:
    return "untagged" if value in (None, "", "unknown") else str(value)


def check_loudness(probe: Probe, found: Measurements, expect: Expectations) -> QualityCheck:
    """warn: integrated loudness off the target by more than the tolerance, or true peak
    above the ceiling (ffmpeg ebur128, true-peak mode)."""
    if probe.audio is None:
        return _not_measured("loudness", "no audio stream")
    lufs, peak = found.integrated_lufs, found.true_peak_dbtp
    if lufs is None or peak is None:
        return QualityCheck(name="loudness", status="warn", detail="ebur128 gave no summary")
    measured = f"integrated {lufs:.1f} LUFS, true peak {peak:.1f} dBTP"
    if not expect.audio:
        return _check("loudness", [], f"no soundtrack expected ({measured})")
    problems = []
    if lufs <= SILENCE_LUFS:
        problems.append(f"the soundtrack is silent ({lufs:.1f} LUFS)")
    elif abs(lufs - expect.loudness_lufs) > expect.loudness_tolerance_lu:
        problems.append(
            f"integrated {lufs:.1f} LUFS, outside {expect.loudness_lufs:g} "
            f"± {expect.loudness_tolerance_lu:g} LU"
        )
    if peak > expect.true_peak_dbtp:
        problems.append(f"true peak {peak:.1f} dBTP, above {expect.true_peak_dbtp:g} dBTP")
    return _check("loudness", problems, measured)


# ---------- speech timing ----------


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
        return _check("av_sync", [], "no speech expected")
    if probe.audio is None or found.mix is None:
        return _not_measured("av_sync", "no audio stream")
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
        return _check("av_sync", [f"{off}: {_listed(problems)}"], "")
    worst = max(offsets, key=abs)
    return _check(
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


# ---------- black and frozen stretches ----------


def moving_time(expect: Expectations) -> list[tuple[float, float]]:
    """The declared moving intervals (ms), or the whole timeline when none were declared."""
    if expect.moving_ms is None:
        return [(0.0, float(expect.duration_ms))]
    return [(float(a), float(b)) for a, b in expect.moving_ms]


def overlap_ms(stretch: tuple[float, float], moving: Sequence[tuple[float, float]]) -> float:
    """How much of `stretch` lies inside the moving intervals (which may overlap)."""
    start, end = stretch
    cut = sorted((max(a, start), min(b, end)) for a, b in moving if min(b, end) > max(a, start))
    total, reach = 0.0, start
    for a, b in cut:
        total += max(0.0, b - max(a, reach))
        reach = max(reach, b)
    return total


def unexpected_frozen(
    stretches: Sequence[tuple[float, float]], moving: Sequence[tuple[float, float]]
) -> list[tuple[float, float, float]]:
    """Frozen stretches holding FREEZE_MIN_MS of moving time, or all of a moving interval of
    FREEZE_WHOLE_MIN_MS or more: (start, end, moving ms inside)."""
    out = []
    for start, end in stretches:
        inside = overlap_ms((start, end), moving)
        swallowed = any(b - a >= FREEZE_WHOLE_MIN_MS and start <= a and b <= end for a, b in moving)
        if inside >= FREEZE_MIN_MS or swallowed:
            out.append((start, end, inside))
    return out


def unexpected_black(
    stretches: Sequence[tuple[float, float]], moving: Sequence[tuple[float, float]]
) -> list[tuple[float, float, float]]:
    """Black stretches holding BLACK_MIN_MS of moving time: (start, end, moving ms inside)."""
    found = [(s, e, overlap_ms((s, e), moving)) for s, e in stretches]
    return [item for item in found if item[2] >= BLACK_MIN_MS]


def _stretches(name: str, items: list[tuple[float, float, float]], total: int) -> QualityCheck:
    described = [
        f"{start / 1000:.2f}-{end / 1000:.2f} s ({inside / 1000:.2f} s of it moving)"
        for start, end, inside in items
    ]
    if described:
        return _check(name, [f"{name} where the timeline moves: {_listed(described)}"], "")
    if total:
        stretches = "stretch" if total == 1 else "stretches"
        return _check(name, [], f"{total} {name} {stretches}, all where the timeline is still")
    return _check(name, [], f"no {name} stretch")


def check_black(probe: Probe, found: Measurements, expect: Expectations) -> QualityCheck:
    """warn: a black stretch (blackdetect) inside time the timeline declares moving."""
    if probe.video is None:
        return _not_measured("black", "no video stream")
    items = unexpected_black(found.black_ms, moving_time(expect))
    return _stretches("black", items, len(found.black_ms))


def check_frozen(probe: Probe, found: Measurements, expect: Expectations) -> QualityCheck:
    """warn: a frozen stretch (freezedetect) inside time the timeline declares moving."""
    if probe.video is None:
        return _not_measured("frozen", "no video stream")
    items = unexpected_frozen(found.frozen_ms, moving_time(expect))
    return _stretches("frozen", items, len(found.frozen_ms))


# ---------- what the page reported ----------


def check_glyphs(missing: Sequence[MissingGlyph]) -> QualityCheck:
    """warn: a character of the data that no bundled font covers (code point and field)."""
    seen = list(dict.fromkeys(f"U+{g.codepoint:04X} in {g.field}" for g in missing))
    return _check(
        "glyphs",
        [f"no bundled font draws {_listed(seen)}"] if seen else [],
        "every character has a font",
    )


def check_text_fit(entries: Sequence[TextFit]) -> QualityCheck:
    """warn: a text element shrunk below FIT_MIN_SCALE of its size, or truncated."""
    problems = []
    for entry in entries:
        if entry.truncated:
            problems.append(f"{entry.element} truncated")
        elif entry.scale < FIT_MIN_SCALE:
            problems.append(f"{entry.element} shrunk to {entry.scale:.0%}")
    if problems:
        return _check("text_fit", [f"text did not fit: {_listed(problems)}"], "")
    if entries:
        smallest = min(e.scale for e in entries)
        return _check("text_fit", [], f"{len(entries)} fitted elements, smallest at {smallest:.0%}")
    return _check("text_fit", [], "no text element was shrunk or cut")
