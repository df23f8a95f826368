"""The checks: pure functions of the measurements and the job's Expectations, each one a
`QualityCheck`; `build_report` runs them all and takes the worst status."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from app.composition.fit import FIT_WARN_SCALE
from app.renders.quality import SEVERITY, QualityCheck, QualityReport
from worker.render.quality.measure import Measurements, Probe
from worker.render.quality.report import (
    Expectations,
    MissingGlyph,
    TextFit,
    listed,
    not_measured,
    verdict,
)
from worker.render.quality.speech import check_av_sync

SILENCE_LUFS = -70.0  # ebur128's floor: nothing above the absolute gate
BLACK_MIN_MS = 250  # black inside moving time shorter than this is a fade, not a hole
# The runtime's moving intervals are generous (ease-out tails, a word reveal waiting for the next
# word: up to 1.4 s still in the pulse template), so a frozen stretch is reported when it holds
# 2 s of moving time, or all of a moving interval of 0.5 s or more (an animation that never
# played).
FREEZE_MIN_MS = 2000
FREEZE_WHOLE_MIN_MS = 500
# Limited range: luma 16-235; encoders overshoot a little at sharp edges.
LIMITED_LUMA = (16, 235)
LUMA_SLACK = 8
FIT_MIN_SCALE = FIT_WARN_SCALE  # app/composition/fit.py: the dry-run estimate warns at the same


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
        return verdict("streams", broken, "", status="fail")
    assert probe.video is not None
    problems = []
    size = (probe.video.get("width"), probe.video.get("height"))
    if size != (expect.width, expect.height):
        problems.append(f"video is {size[0]}x{size[1]}, ordered {expect.width}x{expect.height}")
    rate = _rate(probe.video)
    if rate is not None and abs(rate - expect.fps) > 0.01:
        problems.append(f"video runs at {rate:g} fps, ordered {expect.fps}")
    codecs = [s["codec_name"] for s in (probe.video, probe.audio) if s is not None]
    return verdict(
        "streams", problems, f"{'+'.join(codecs)}, {size[0]}x{size[1]} @ {expect.fps} fps"
    )


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
        return verdict("duration", [f"{problem}: {listing}"], "", status="fail")
    return verdict("duration", [], f"within {spread_ms:.0f} ms of each other: {listing}")


def check_color(probe: Probe, found: Measurements) -> QualityCheck:
    """warn: not yuv420p, not tagged BT.709 (primaries, transfer, matrix) and limited range,
    or luma samples far outside the limited range it is tagged with."""
    video = probe.video
    if video is None:
        return not_measured("color", "no video stream")
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
    return verdict("color", problems, "yuv420p, BT.709 primaries/transfer/matrix, limited range")


def _tag(value: Any) -> str:
    return "untagged" if value in (None, "", "unknown") else str(value)


def check_loudness(probe: Probe, found: Measurements, expect: Expectations) -> QualityCheck:
    """warn: integrated loudness off the target by more than the tolerance, or true peak
    above the ceiling (ffmpeg ebur128, true-peak mode)."""
    if probe.audio is None:
        return not_measured("loudness", "no audio stream")
    lufs, peak = found.integrated_lufs, found.true_peak_dbtp
    if lufs is None or peak is None:
        return QualityCheck(name="loudness", status="warn", detail="ebur128 gave no summary")
    measured = f"integrated {lufs:.1f} LUFS, true peak {peak:.1f} dBTP"
    if not expect.audio:
        return verdict("loudness", [], f"no soundtrack expected ({measured})")
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
    return verdict("loudness", problems, measured)


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
        return verdict(name, [f"{name} where the timeline moves: {listed(described)}"], "")
    if total:
        stretches = "stretch" if total == 1 else "stretches"
        return verdict(name, [], f"{total} {name} {stretches}, all where the timeline is still")
    return verdict(name, [], f"no {name} stretch")


def check_black(probe: Probe, found: Measurements, expect: Expectations) -> QualityCheck:
    """warn: a black stretch (blackdetect) inside time the timeline declares moving."""
    if probe.video is None:
        return not_measured("black", "no video stream")
    items = unexpected_black(found.black_ms, moving_time(expect))
    return _stretches("black", items, len(found.black_ms))


def check_frozen(probe: Probe, found: Measurements, expect: Expectations) -> QualityCheck:
    """warn: a frozen stretch (freezedetect) inside time the timeline declares moving."""
    if probe.video is None:
        return not_measured("frozen", "no video stream")
    items = unexpected_frozen(found.frozen_ms, moving_time(expect))
    return _stretches("frozen", items, len(found.frozen_ms))


# ---------- what the page reported ----------


def check_glyphs(missing: Sequence[MissingGlyph]) -> QualityCheck:
    """warn: a character of the data that no bundled font covers (code point and field)."""
    seen = list(dict.fromkeys(f"U+{g.codepoint:04X} in {g.field}" for g in missing))
    return verdict(
        "glyphs",
        [f"no bundled font draws {listed(seen)}"] if seen else [],
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
        return verdict("text_fit", [f"text did not fit: {listed(problems)}"], "")
    if entries:
        smallest = min(e.scale for e in entries)
        detail = f"{len(entries)} fitted elements, smallest at {smallest:.0%}"
        return verdict("text_fit", [], detail)
    return verdict("text_fit", [], "no text element was shrunk or cut")
