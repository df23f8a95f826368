"""The bundled fonts: which families draw a page's text, in which order, and their faces.

Two brand families come with the repository (`static/fonts/`, from @fontsource): Inter for
body text and Poppins for display text, Latin only. Every other script and colour emoji is
drawn by Noto families that `scripts/prepare_fonts.py` (run by `make fonts`) cuts out of the
Debian font packages into `static/fonts/noto/`, with `faces.json` describing each face file:
its family, weight, format and the code points it draws.

Every text element falls back through the same list (`FALLBACK_STACK`), so the preview in a
person's browser and the video pick the same face for the same character. A page declares
only the faces its text needs (`app.composition.glyphs.faces_for_text`): a Latin-only page
declares exactly the brand faces, so its cost does not change.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont

from app.config import ROOT

FONTS_DIR = ROOT / "static" / "fonts"
NOTO_DIR = FONTS_DIR / "noto"
FACES_FILE = NOTO_DIR / "faces.json"
DEBIAN_FONTS = Path("/usr/share/fonts")

log = logging.getLogger(__name__)

Ranges = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class NotoFamily:
    """One fallback family: its CSS name, the Debian package and files it is cut from.

    `sources` maps a CSS font-weight ("400", "700", or a range "100 900" for a family drawn
    in one weight) to a file under /usr/share/fonts (a `.ttc` collection names its face by
    index). `slices` says how a large face is cut so a page loads only the part it uses:
    "spans" (runs of consecutive code points, for CJK) or "clusters" (emoji: every sequence
    stays whole inside one slice).
    """

    family: str
    package: str
    sources: tuple[tuple[str, str, int], ...]
    slices: str | None = None


def _family(css: str, name: str) -> NotoFamily:
    """A fonts-noto-core family in its Regular (400) and Bold (700) faces."""
    base = "truetype/noto/" + name
    return NotoFamily(
        css, "fonts-noto-core", (("400", f"{base}-Regular.ttf", 0), ("700", f"{base}-Bold.ttf", 0))
    )


# The fallback order after the brand family: scripts (Noto Sans also covers Greek, Cyrillic
# and Vietnamese), colour emoji before the symbol fonts (a character with an emoji form is
# drawn in colour), and CJK last, so that an arrow or a star in Latin text never pulls in a
# CJK slice.
NOTO_FAMILIES: tuple[NotoFamily, ...] = (
    _family("rs-noto-sans", "NotoSans"),
    _family("rs-noto-arabic", "NotoSansArabic"),
    _family("rs-noto-hebrew", "NotoSansHebrew"),
    _family("rs-noto-devanagari", "NotoSansDevanagari"),
    _family("rs-noto-bengali", "NotoSansBengali"),
    _family("rs-noto-gurmukhi", "NotoSansGurmukhi"),
    _family("rs-noto-gujarati", "NotoSansGujarati"),
    _family("rs-noto-tamil", "NotoSansTamil"),
    _family("rs-noto-telugu", "NotoSansTelugu"),
    _family("rs-noto-kannada", "NotoSansKannada"),
    _family("rs-noto-malayalam", "NotoSansMalayalam"),
    _family("rs-noto-sinhala", "NotoSansSinhala"),
    _family("rs-noto-thai", "NotoSansThai"),
    _family("rs-noto-lao", "NotoSansLao"),
    _family("rs-noto-khmer", "NotoSansKhmer"),
    _family("rs-noto-myanmar", "NotoSansMyanmar"),
    _family("rs-noto-georgian", "NotoSansGeorgian"),
    _family("rs-noto-armenian", "NotoSansArmenian"),
    _family("rs-noto-ethiopic", "NotoSansEthiopic"),
    NotoFamily(
        "rs-noto-emoji",
        "fonts-noto-color-emoji",
        (("100 900", "truetype/noto/NotoColorEmoji.ttf", 0),),
        slices="clusters",
    ),
    NotoFamily(
        "rs-noto-symbols",
        "fonts-noto-core",
        (
            ("400", "truetype/noto/NotoSansSymbols-Regular.ttf", 0),
            ("700", "truetype/noto/NotoSansSymbols-Bold.ttf", 0),
        ),
    ),
    NotoFamily(
        "rs-noto-symbols2",
        "fonts-noto-core",
        (("100 900", "truetype/noto/NotoSansSymbols2-Regular.ttf", 0),),
    ),
    NotoFamily(
        "rs-noto-math",
        "fonts-noto-core",
        (("100 900", "truetype/noto/NotoSansMath-Regular.ttf", 0),),
    ),
    NotoFamily(
        "rs-noto-cjk",
        "fonts-noto-cjk",
        (
            # Face 2 of the collection is Simplified Chinese; every face holds all of CJK
            # (Japanese kana, Korean hangul) and `locl` picks regional forms by <html lang>.
            ("400", "opentype/noto/NotoSansCJK-Regular.ttc", 2),
            ("700", "opentype/noto/NotoSansCJK-Bold.ttc", 2),
        ),
        slices="spans",
    ),
)
DEBIAN_PACKAGES = tuple(dict.fromkeys(f.package for f in NOTO_FAMILIES))

# What the CSS variables --font-body / --font-display end with (static/composition.css).
FALLBACK_STACK = ", ".join(f'"{f.family}"' for f in NOTO_FAMILIES) + ", sans-serif"

# The brand faces: (family, weight, file stem); each has a latin and a latin-ext file, each
# declared with the unicode-range @fontsource gives it.
_LATIN = (
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,"
    "U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
)
_LATIN_EXT = (
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,"
    "U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,"
    "U+A720-A7FF"
)
BRAND_FACES = (
    ("Inter", 400, "inter-{subset}-400-normal"),
    ("Inter", 600, "inter-{subset}-600-normal"),
    ("Poppins", 700, "poppins-{subset}-700-normal"),
    ("Poppins", 800, "poppins-{subset}-800-normal"),
)
BRAND_SUBSETS = (("latin", _LATIN), ("latin-ext", _LATIN_EXT))


@dataclass(frozen=True)
class Face:
    """One @font-face: a file under static/fonts/ and the code points it draws.

    `ranges` are the code points the file really has a glyph for (inclusive pairs); for a
    brand face, only those inside its declared unicode-range.
    """

    family: str
    weight: str
    file: str
    format: str
    ranges: Ranges
    size: int = 0

    def covers(self, cp: int) -> bool:
        return ranges_contain(self.ranges, cp)

    @property
    def unicode_range(self) -> str:
        return ",".join(f"U+{a:04X}" if a == b else f"U+{a:04X}-{b:04X}" for a, b in self.ranges)


def ranges_contain(ranges: Ranges, cp: int) -> bool:
    lo, hi = 0, len(ranges)
    while lo < hi:
        mid = (lo + hi) // 2
        a, b = ranges[mid]
        if cp < a:
            hi = mid
        elif cp > b:
            lo = mid + 1
        else:
            return True
    return False


def to_ranges(code_points: set[int] | list[int]) -> Ranges:
    """Sorted code points as inclusive (first, last) runs."""
    out: list[tuple[int, int]] = []
    for cp in sorted(set(code_points)):
        if out and cp == out[-1][1] + 1:
            out[-1] = (out[-1][0], cp)
        else:
            out.append((cp, cp))
    return tuple(out)


def parse_unicode_range(text: str) -> Ranges:
    """A CSS unicode-range ("U+0000-00FF,U+0131") as inclusive runs."""
    runs = []
    for part in text.split(","):
        spec = part.strip().upper().removeprefix("U+")
        first, _, last = spec.partition("-")
        runs.append((int(first, 16), int(last or first, 16)))
    return tuple(sorted(runs))


@lru_cache(maxsize=1)
def brand_faces() -> tuple[Face, ...]:
    """Inter and Poppins, each face limited to its declared range and its real glyphs."""
    faces = []
    for family, weight, stem in BRAND_FACES:
        for subset, declared in BRAND_SUBSETS:
            file = stem.format(subset=subset) + ".woff2"
            path = FONTS_DIR / file
            cmap = TTFont(path, lazy=True).getBestCmap()
            wanted = parse_unicode_range(declared)
            drawn = {cp for cp in cmap if ranges_contain(wanted, cp)}
            faces.append(
                Face(family, str(weight), file, "woff2", to_ranges(drawn), path.stat().st_size)
            )
    return tuple(faces)


@lru_cache(maxsize=1)
def noto_faces() -> tuple[Face, ...]:
    """The prepared Noto faces in fallback order; none (and a warning) before `make fonts`."""
    try:
        raw = json.loads(FACES_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        log.warning("no bundled Noto fonts in %s: run `make fonts`", NOTO_DIR)
        return ()
    order = {f.family: i for i, f in enumerate(NOTO_FAMILIES)}
    faces = [
        Face(
            family=item["family"],
            weight=item["weight"],
            file="noto/" + item["file"],
            format=item["format"],
            ranges=tuple((a, b) for a, b in item["ranges"]),
            size=item.get("size", 0),
        )
        for item in raw["faces"]
        if item["family"] in order
    ]
    return tuple(sorted(faces, key=lambda f: order[f.family]))


def reload_faces() -> None:
    """Forget the cached face tables (after `make fonts` in a running process, tests)."""
    brand_faces.cache_clear()
    noto_faces.cache_clear()
