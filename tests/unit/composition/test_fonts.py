"""The bundled font table: installed by the project's own files, in one fallback order."""

from __future__ import annotations

import re

from app.composition.fonts import (
    DEBIAN_PACKAGES,
    FALLBACK_STACK,
    NOTO_FAMILIES,
    Face,
    parse_unicode_range,
    ranges_contain,
    to_ranges,
)
from app.config import ROOT


def test_every_font_package_is_installed_by_make_and_the_image() -> None:
    makefile = (ROOT / "Makefile").read_text()
    system = re.search(r"^SYSTEM_PACKAGES := (.*?)(?<!\\)\n", makefile, flags=re.M | re.S)
    assert system is not None
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    for package in DEBIAN_PACKAGES:
        assert package in system.group(1).split(), package
        assert package in dockerfile, package
    assert "prepare_fonts.py" in makefile and "prepare_fonts.py" in dockerfile


def test_the_fallback_stack_lists_every_family_once_and_ends_generic() -> None:
    names = re.findall(r'"([^"]+)"', FALLBACK_STACK)
    assert names == [f.family for f in NOTO_FAMILIES]
    assert len(set(names)) == len(names)
    assert FALLBACK_STACK.endswith(", sans-serif")
    # CJK last: a star or an arrow in Latin text must not pull in a CJK slice.
    assert names[-1] == "rs-noto-cjk" and names.index("rs-noto-emoji") < names.index(
        "rs-noto-symbols2"
    )


def test_ranges_round_trip_and_lookup() -> None:
    ranges = to_ranges({0x41, 0x42, 0x43, 0x61, 0x2192})
    assert ranges == ((0x41, 0x43), (0x61, 0x61), (0x2192, 0x2192))
    face = Face("x", "400", "x.woff2", "woff2", ranges)
    assert face.unicode_range == "U+0041-0043,U+0061,U+2192"
    assert parse_unicode_range(face.unicode_range) == ranges
    assert ranges_contain(ranges, 0x42) and not ranges_contain(ranges, 0x44)
    assert not ranges_contain((), 0x41)
