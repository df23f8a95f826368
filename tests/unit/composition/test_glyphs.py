"""Font coverage: which characters the bundled faces draw, and which faces a page declares."""

from __future__ import annotations

import re

import pytest

from app.composition.fonts import FACES_FILE, NOTO_FAMILIES, brand_faces, noto_faces
from app.composition.glyphs import (
    GlyphWarning,
    covered,
    drawn,
    faces_for_text,
    uncovered_characters,
)
from app.composition.page import render_composition
from app.composition.timeline import build_timeline

pytestmark = pytest.mark.skipif(
    not FACES_FILE.is_file(), reason="bundled Noto faces not prepared (make fonts)"
)

NAMES = {
    "arabic": "محمد بن سلمان",
    "hebrew": "שרה כהן",
    "devanagari": "अनन्या शर्मा",
    "thai": "สมชาย ใจดี",
    "cjk": "王小明",
    "sans": "Ελένη Παπαδοπούλου",
}


def families(texts: list[str]) -> set[str]:
    return {face.family for face in faces_for_text(texts)}


def test_latin_text_needs_no_bundled_noto_face() -> None:
    text = "Priya Shah — Q3 2026 review: $1,284,000,000 (−12.5%) “quoted” Zoë Ørsted Łukasz"
    assert faces_for_text([text]) == []


@pytest.mark.parametrize("script", sorted(NAMES))
def test_each_script_needs_only_its_own_family(script: str) -> None:
    assert families([NAMES[script]]) == {f"rs-noto-{script}"}


def test_cyrillic_and_greek_come_from_noto_sans() -> None:
    assert families(["Дмитрий Иванов"]) == {"rs-noto-sans"}


def test_a_cjk_name_loads_only_the_slices_holding_its_characters() -> None:
    faces = faces_for_text(["王小明"])
    assert {f.weight for f in faces} == {"400", "700"}
    all_cjk = [f for f in noto_faces() if f.family == "rs-noto-cjk"]
    assert len(faces) <= 6 < len(all_cjk)
    for char in "王小明":
        assert any(f.covers(ord(char)) for f in faces if f.weight == "400")


@pytest.mark.parametrize(
    "emoji",
    ["👩🏽‍💻", "👨‍👩‍👧‍👦", "👍🏿", "🇯🇵", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️", "1️⃣", "🏳️‍🌈"],
)
def test_an_emoji_sequence_stays_whole_in_one_slice(emoji: str) -> None:
    faces = [f for f in faces_for_text([emoji]) if f.family == "rs-noto-emoji"]
    assert len(faces) == 1, [f.file for f in faces]
    assert all(faces[0].covers(ord(c)) for c in emoji if drawn(ord(c)) and c != "1")


def test_clusters_count_as_covered_when_their_parts_are() -> None:
    for cluster in ("e\u0301", "👩🏽‍💻", "🇫🇷", "❤️", "ﻻ", "क्षि", "ญี่", "Z\u0324\u0354\u0367"):
        assert covered(cluster), cluster
    assert not covered("\U000f0000")  # private use
    assert not covered("\u0f40")  # Tibetan: no bundled family


def test_uncovered_characters_name_the_field_and_code_point() -> None:
    data = {
        "person_name": "Tenzin \u0f40\u0f0b",
        "keyStats": [{"label": "ok"}, {"label": "x\U000f0000\U000f0000"}],
        "note": "مرحبا 👋🏽 王 ✓ ★ →",
    }
    warnings = uncovered_characters(data)
    assert warnings == [
        GlyphWarning("person_name", "\u0f40", "U+0F40"),
        GlyphWarning("person_name", "\u0f0b", "U+0F0B"),
        GlyphWarning("keyStats[1].label", "\U000f0000", "U+F0000"),
    ]
    assert "TIBETAN LETTER KA" in warnings[0].message
    assert warnings[2].as_dict() == {
        "field": "keyStats[1].label",
        "character": "\U000f0000",
        "codePoint": "U+F0000",
    }


def test_controls_joiners_and_bidi_marks_are_never_reported() -> None:
    assert uncovered_characters({"a": "x\u200d\u200e\u2068y\u2069\ufe0f\n\t\u00ad"}) == []


def test_every_family_has_faces_and_the_stack_follows_the_table() -> None:
    prepared = [f.family for f in noto_faces()]
    assert list(dict.fromkeys(prepared)) == [f.family for f in NOTO_FAMILIES]
    assert len(brand_faces()) == 8


def page_fonts(data: dict[str, object], asset_base: str | None = "/static") -> list[str]:
    scenes = [{"primitiveId": "title-intro", "sceneData": {"subtitle": "Hi [person_name]"}}]
    html = render_composition(build_timeline(scenes, data), {}, {}, asset_base, data=data)
    return re.findall(r'@font-face \{ font-family: "([^"]+)"', html)


def font_files(data: dict[str, object]) -> list[str]:
    scenes = [{"primitiveId": "title-intro", "sceneData": {"subtitle": "Hi [person_name]"}}]
    html = render_composition(build_timeline(scenes, data), {}, {}, "/static", data=data)
    return re.findall(r'url\("/static/fonts/([^"]+)"\)', html)


def test_a_latin_page_declares_only_the_brand_faces() -> None:
    assert sorted(set(page_fonts({"person_name": "Priya Shah"}))) == ["Inter", "Poppins"]
    # the Latin files only: the Latin Extended ones are half the bytes a phone downloads
    files = font_files({"person_name": "Priya Shah"})
    assert len(files) == 4 and not any("latin-ext" in f for f in files)
    assert len(font_files({"person_name": "José Müller"})) == 4  # Latin-1: latin


def test_a_name_in_latin_extended_brings_those_files() -> None:
    files = font_files({"person_name": "Łukasz Dvořák"})
    assert len(files) == 8 and sum("latin-ext" in f for f in files) == 4


def test_a_page_declares_the_faces_its_data_needs_in_both_modes() -> None:
    data = {"person_name": "محمد 王 👍🏽"}
    linked, inlined = page_fonts(data), page_fonts(data, None)
    assert linked == inlined
    assert {"rs-noto-arabic", "rs-noto-cjk", "rs-noto-emoji"} <= set(linked)
    assert "rs-noto-thai" not in linked
