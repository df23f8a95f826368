"""What the pipeline expects of a file (`Expectations`), what the page reported (`MissingGlyph`,
`TextFit`), and the answer (`QualityReport` of `QualityCheck`s, declared in
app/renders/quality.py for the API too), with the helpers every check words its verdict with."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from app.renders.quality import QualityCheck, Status
from worker.render.audio import TARGET_LUFS

# Every report lists these, in this order (a check that could not run says why and passes).
CHECKS = (
    "streams", "duration", "color", "loudness", "av_sync", "black", "frozen", "glyphs", "text_fit",
)  # fmt: skip

TRUE_PEAK_CEILING_DBTP = -1.0
LOUDNESS_TOLERANCE_LU = 1.0
LISTED = 8  # a detail lists at most this many items


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


def verdict(name: str, problems: list[str], ok: str, status: Status = "warn") -> QualityCheck:
    """`status` with the problems joined when there are any, else pass with `ok`."""
    if problems:
        return QualityCheck(name=name, status=status, detail="; ".join(problems))
    return QualityCheck(name=name, status="pass", detail=ok)


def not_measured(name: str, why: str) -> QualityCheck:
    """A check that needs a stream the file lacks (the `streams` check has failed already)."""
    return QualityCheck(name=name, status="pass", detail=f"not measured: {why} (see streams)")


def listed(items: Sequence[str]) -> str:
    """At most LISTED items, then how many more."""
    more = len(items) - LISTED
    return ", ".join(items[:LISTED]) + (f" and {more} more" if more > 0 else "")
