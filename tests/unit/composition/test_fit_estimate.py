"""The fit estimate from font metrics (no browser): advance widths from the bundled faces,
numbers as the runtime formats them, the runtime's steps (shrink, wrap anywhere, cut) and the
warnings of a render's timeline."""

from __future__ import annotations

import pytest

from app.composition import fit_estimate
from app.composition.fit_estimate import (
    TextBox,
    boxes_for,
    estimate,
    fit_warnings,
    format_number,
)
from app.composition.metrics import text_width
from app.composition.timeline import build_timeline
from app.primitives.catalog import catalog


def box(**changes: object) -> TextBox:
    fields = dict(
        selector=".x", shows=("x",), size=100.0, min=50.0, lines=1, ellipsis=True,
        family="Poppins", weight=800, tracking=0.0, upper=False, box=1000.0,
    )  # fmt: skip
    fields.update(changes)
    return TextBox(**fields)  # type: ignore[arg-type]


def test_widths_come_from_the_faces_that_draw_each_character() -> None:
    assert text_width("W", "Poppins", 800) > text_width("i", "Poppins", 800) > 0
    assert text_width("WW", "Inter", 400, tracking=0.1) == pytest.approx(
        2 * text_width("W", "Inter", 400) + 0.2
    )
    assert text_width("中文", "Inter", 400) == pytest.approx(2.0, abs=0.05)  # CJK: 1 em each
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one glyph, not three
    assert text_width(family, "Inter", 400) == pytest.approx(text_width("\U0001f468", "Inter", 400))


def test_numbers_are_formatted_as_the_runtime_shows_them() -> None:
    assert format_number(1284000000) == "1.28B"
    assert format_number(-1284000000) == "-1.28B"
    assert format_number(48200) == "48.2K"
    assert format_number(9999) == "9,999"
    assert format_number(94.5) == "94.5"


def test_the_runtime_steps_shrink_then_break_then_cut() -> None:
    assert estimate("Ann", box()) == (1.0, False)
    scale, cut = estimate("A name that is somewhat long", box())
    assert 0.5 <= scale < 1.0 and not cut
    assert estimate("Wolfeschlegelsteinhausenbergerdorff" * 3, box()) == (0.5, True)
    # Two lines: the words wrap before anything shrinks; a word too long breaks anywhere.
    assert estimate("Quarterly pipeline momentum", box(lines=2, ellipsis=False, box=1000.0)) == (
        1.0,
        False,
    )
    assert estimate("x" * 40, box(lines=2, ellipsis=False)) == (0.5, False)


def test_every_primitive_option_has_boxes() -> None:
    for primitive_id, info in catalog().items():
        for option in info.animationOptions:
            assert boxes_for(primitive_id, option), (primitive_id, option)


def test_a_long_name_warns_in_the_scene_and_field_it_is_in() -> None:
    scenes = [{"primitiveId": "title-intro", "sceneData": {"person_name": "[person_name]"}}]
    data = {"person_name": "Maximilian Alexander Wolfeschlegelsteinhausen-Featherstonehaugh"}
    (found,) = fit_warnings(build_timeline(scenes, data), data)
    assert (found.field, found.scene, found.primitive, found.element) == (
        "person_name",
        0,
        "title-intro",
        ".ti-name",
    )
    assert found.scale < 0.8 and "estimate" in found.message
    assert (
        fit_warnings(build_timeline(scenes, {"person_name": "Ann"}), {"person_name": "Ann"}) == []
    )


def test_a_scene_that_reads_no_data_is_estimated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    long_title = "Wolfeschlegelsteinhausenbergerdorff Featherstonehaugh the Third of Many"
    fixed = {"primitiveId": "title-intro", "sceneData": {"person_name": long_title}}
    named = {"primitiveId": "title-intro", "sceneData": {"person_name": "[person_name]"}}
    reads = {"primitiveId": "title-intro"}  # person_name from the data (a dataInput)
    scenes = [fixed, named, reads]
    first = {"person_name": "Ann"}
    expected = fit_warnings(build_timeline(scenes, first), first)
    assert [w.scene for w in expected] == [0]  # the fixed title is too long for its box

    estimated: list[int] = []
    real = fit_estimate._estimates
    monkeypatch.setattr(
        fit_estimate, "_estimates", lambda s, d, b: estimated.append(s.index) or real(s, d, b)
    )
    again = fit_warnings(build_timeline(scenes, first), first)
    assert again == expected and estimated == [1, 2]  # the fixed scene from its first estimate
    # The scenes that read data follow it; the fixed one stays as it was.
    other = {"person_name": long_title}
    found = fit_warnings(build_timeline(scenes, other), other)
    assert {(w.scene, w.field) for w in found} == {(0, "scenes[0].sceneData.person_name"),
                                                   (1, "person_name")}  # fmt: skip
    assert estimated == [1, 2, 1, 2]
    # Another text in the fixed scene is another content: estimated afresh.
    short = [{"primitiveId": "title-intro", "sceneData": {"person_name": "Ann"}}]
    assert fit_warnings(build_timeline(short, first), first) == []
    assert estimated[-1] == 0
