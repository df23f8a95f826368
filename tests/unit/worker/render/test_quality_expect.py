"""What a render expects of its file, from the page's report and the data; the reason a
broken file gives its job; where the poster is cut."""

from __future__ import annotations

from pathlib import Path

from app.composition.timeline import build_timeline
from app.renders.quality import QualityCheck, QualityReport
from worker.completion import frame_seek_s
from worker.render.quality.expect import broken_reason, expectations, text_fit, word_starts

FIT = [
    {"scene": 0, "element": ".ti-name", "field": "person_name", "scale": 0.62, "truncated": False},
    {"scene": 2, "element": ".sc-label", "field": None, "scale": 1.0, "truncated": True},
]


def test_text_fit_names_each_element_by_its_field_else_its_scene_and_selector() -> None:
    assert [(t.element, t.scale, t.truncated) for t in text_fit(FIT)] == [
        ("person_name", 0.62, False),
        ("scene 2 .sc-label", 1.0, True),
    ]


def test_word_starts_are_absolute_and_only_for_spoken_scenes() -> None:
    words = [
        {"word": "Hi", "startMs": 120, "endMs": 300},
        {"word": "Ada", "startMs": 400, "endMs": 700},
    ]
    scenes = [
        {"primitiveId": "title-intro", "durationOverride": 2, "wordTimestamps": words},
        {
            "primitiveId": "outro",
            "durationOverride": 2,
            "transition": "cut",
            "wordTimestamps": words,
        },
    ]
    timeline = build_timeline(scenes, {})
    assert word_starts(timeline, {1}) == [[2000 + 120, 2000 + 400]]


def test_expectations_carry_the_page_report_and_drop_a_missing_stem(tmp_path: Path) -> None:
    expect = expectations(
        fps=30, size=(1280, 720), duration_ms=4000, soundtrack=False, word_starts_ms=[],
        missing=[{"codepoint": 0x0F40, "field": "person_name"}], moving_ms=[(0.0, 500.0)],
        fit=FIT, voice_stem=tmp_path / "voice.wav",
    )  # fmt: skip
    assert expect.voice_stem is None  # not written: no voice
    assert [(g.codepoint, g.field) for g in expect.missing_glyphs] == [(0x0F40, "person_name")]
    assert expect.moving_ms == [(0.0, 500.0)] and len(expect.text_fit) == 2


def test_a_broken_file_names_each_failing_check() -> None:
    report = QualityReport(
        status="fail",
        checks=[
            QualityCheck(name="streams", status="fail", detail="no video stream"),
            QualityCheck(name="color", status="warn", detail="range pc"),
        ],
    )
    assert broken_reason(report) == (
        "Render failed: the video file is broken (streams: no video stream)"
    )


def test_the_poster_seek_lands_half_a_frame_before_its_frame() -> None:
    assert frame_seek_s(2000 / 30, 30) == 1.5 / 30  # frame 2 at 30 fps
    assert frame_seek_s(0.0, 30) == 0.0
