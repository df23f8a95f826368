"""Quality report: a finished video measured against what its timeline promised.

`check_video(path, expect, timeout_s)` measures the file once (`measure.py`: one ffprobe, one
decoding ffmpeg) and judges the measurements (`checks.py`, the speech timing in `speech.py`)
against the job's `Expectations` (`report.py`). Methods, tolerances and measured cost:
docs/develop/design/quality.md.
"""

from __future__ import annotations

from pathlib import Path

from app.renders.quality import QualityCheck, QualityReport, Status
from worker.render.quality.checks import (
    build_report,
    check_black,
    check_color,
    check_duration,
    check_frozen,
    check_glyphs,
    check_loudness,
    check_streams,
    check_text_fit,
    overlap_ms,
    unexpected_black,
    unexpected_frozen,
)
from worker.render.quality.measure import (
    Measurements,
    Probe,
    measure,
    measure_args,
    parse_measurements,
    probe_args,
    read_probe,
)
from worker.render.quality.report import CHECKS, Expectations, MissingGlyph, TextFit
from worker.render.quality.speech import (
    check_av_sync,
    envelope_db,
    phrase_onset_ms,
    phrase_starts_ms,
    stem_lag_ms,
)


async def check_video(
    path: Path, expect: Expectations, timeout_s: float, *, workdir: Path | None = None
) -> QualityReport:
    """Measure `path` (one ffprobe, one decoding ffmpeg) and check it against `expect`.

    Both runs share `timeout_s`; RenderTimeout when they take longer. A file ffprobe or ffmpeg
    cannot read is a report that fails, not an exception. Temporary files go to a folder made
    in `workdir` (default: beside the video) and removed after.
    """
    probe, found = await measure(path, expect, timeout_s, workdir=workdir)
    return build_report(probe, found, expect)


__all__ = [
    "CHECKS",
    "Expectations",
    "Measurements",
    "MissingGlyph",
    "Probe",
    "QualityCheck",
    "QualityReport",
    "Status",
    "TextFit",
    "build_report",
    "check_av_sync",
    "check_black",
    "check_color",
    "check_duration",
    "check_frozen",
    "check_glyphs",
    "check_loudness",
    "check_streams",
    "check_text_fit",
    "check_video",
    "envelope_db",
    "measure",
    "measure_args",
    "overlap_ms",
    "parse_measurements",
    "phrase_onset_ms",
    "phrase_starts_ms",
    "probe_args",
    "read_probe",
    "stem_lag_ms",
    "unexpected_black",
    "unexpected_frozen",
]
