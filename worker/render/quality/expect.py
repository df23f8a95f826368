"""A render's quality step: what its file should be (from what the pipeline knows: the timeline,
the output, the soundtrack, the data and the page's report), the check, and a broken file
turned into the job's failure."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from app.composition.glyphs import uncovered_characters
from app.composition.timeline import Timeline
from app.renders.quality import QualityReport
from worker.render.errors import BrokenVideo
from worker.render.quality import check_video
from worker.render.quality.report import Expectations, MissingGlyph, TextFit


def word_starts(timeline: Timeline, spoken: Collection[int]) -> list[list[int]]:
    """Per spoken scene (template indexes `spoken`), the absolute start (ms) of each word."""
    starts = [
        [scene.start_ms + int(w["startMs"]) for w in scene.config.get("wordTimestamps") or []]
        for scene in timeline.scenes
        if scene.index in spoken
    ]
    return [words for words in starts if words]


def missing_glyphs(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Characters of the data no bundled font draws: [{codepoint, field}] (JSON, so a plan of
    pieces can carry them to its assembly)."""
    return [
        {"codepoint": int(w.code_point[2:], 16), "field": w.field}
        for w in uncovered_characters(data)
    ]


def text_fit(report: Sequence[Mapping[str, Any]]) -> list[TextFit]:
    """The page's fitReport() as the text_fit check reads it, each element named by the data
    field it shows (else its scene and selector)."""
    out = []
    for entry in report:
        name = entry.get("field") or f"scene {entry.get('scene')} {entry.get('element')}"
        scale = float(entry.get("scale") or 1.0)
        out.append(TextFit(element=str(name), scale=scale, truncated=bool(entry.get("truncated"))))
    return out


def expectations(
    *,
    fps: int,
    size: tuple[int, int],
    duration_ms: int,
    soundtrack: bool,
    word_starts_ms: Sequence[Sequence[int]],
    missing: Sequence[Mapping[str, Any]],
    moving_ms: Sequence[tuple[float, float]] | None,
    fit: Sequence[Mapping[str, Any]],
    voice_stem: Path | None,
) -> Expectations:
    """The Expectations of one render. `soundtrack`: voice or music was mixed in; `missing`:
    `missing_glyphs` of its data; `moving_ms` and `fit`: the page's activeIntervals() and
    fitReport(); `voice_stem`: the voice alone as the mix placed it (None without voice)."""
    return Expectations(
        fps=fps,
        width=size[0],
        height=size[1],
        duration_ms=duration_ms,
        audio=soundtrack,
        word_starts_ms=[list(words) for words in word_starts_ms],
        voice_stem=voice_stem if voice_stem is not None and voice_stem.exists() else None,
        moving_ms=moving_ms,
        missing_glyphs=[MissingGlyph(int(g["codepoint"]), str(g["field"])) for g in missing],
        text_fit=text_fit(fit),
    )


def broken_reason(report: QualityReport) -> str:
    """The job's error for a report that fails: what each failing check found."""
    failed = "; ".join(f"{c.name}: {c.detail}" for c in report.checks if c.status == "fail")
    return f"Render failed: the video file is broken ({failed})"


async def check_render(
    path: Path, expect: Expectations, timeout_s: float, workdir: Path
) -> QualityReport:
    """The file's quality report; BrokenVideo (the job fails, refunded) when it fails."""
    report = await check_video(path, expect, timeout_s, workdir=workdir)
    if report.status == "fail":
        raise BrokenVideo(broken_reason(report), report.to_json())
    return report
