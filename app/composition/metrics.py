"""Text widths from the bundled fonts, without a browser: the advance width of each grapheme
cluster in the face the page's fallback order picks for it (the element's brand family, Inter,
then the Noto families by coverage, the nearest weight), read from the bundled files with
fontTools (each file once per process). A ZWJ sequence, a flag or a toned emoji is one glyph;
no kerning or shaping. Used by the fit estimate (app/composition/fit_estimate.py)."""

from __future__ import annotations

from functools import lru_cache

from fontTools.ttLib import TTFont

from app.composition.fonts import FONTS_DIR, Face, brand_faces, noto_faces
from app.composition.glyphs import clusters, drawn

UNKNOWN_ADVANCE = 0.6  # em, for a character no bundled face has (reported by the glyph check)


@lru_cache(maxsize=512)
def _advances(file: str) -> tuple[dict[int, float], float]:
    """A face file's advance width per code point (em) and its space advance."""
    font = TTFont(FONTS_DIR / file, lazy=True)
    try:
        upm = float(font["head"].unitsPerEm)
        metrics = font["hmtx"]
        widths = {cp: metrics[glyph][0] / upm for cp, glyph in font.getBestCmap().items()}
    finally:
        font.close()
    return widths, widths.get(0x20, 0.25)


def _nearest(faces: list[Face], weight: int) -> list[Face]:
    """Faces of one family, the weight nearest `weight` first (as CSS font matching)."""

    def distance(face: Face) -> float:
        first = face.weight.split()[0]
        return abs(int(first) - weight) if first.isdigit() else 0

    return sorted(faces, key=distance)


@lru_cache(maxsize=16)
def _stack(family: str, weight: int) -> tuple[Face, ...]:
    """The faces a character is looked up in, in the page's order: the element's brand family,
    Inter (every stack falls back to it), then the Noto families."""
    brand = list(brand_faces())
    order: list[Face] = []
    for name in dict.fromkeys((family, "Inter")):
        order += _nearest([f for f in brand if f.family == name], weight)
    by_family: dict[str, list[Face]] = {}
    for face in noto_faces():
        by_family.setdefault(face.family, []).append(face)
    for faces in by_family.values():
        order += _nearest(faces, weight)
    return tuple(order)


@lru_cache(maxsize=65536)
def advance(cp: int, family: str, weight: int) -> float:
    for face in _stack(family, weight):
        if face.covers(cp):
            widths, _ = _advances(face.file)
            if cp in widths:
                return widths[cp]
    return UNKNOWN_ADVANCE


def cluster_width(cluster: str, family: str, weight: int) -> float:
    points = [ord(c) for c in cluster if drawn(ord(c))]
    if not points:
        return 0.0
    if len(points) > 1 and (0x200D in map(ord, cluster) or _is_emoji_sequence(points)):
        return advance(points[0], family, weight)  # one glyph for the whole sequence
    return sum(advance(cp, family, weight) for cp in points)


def _is_emoji_sequence(points: list[int]) -> bool:
    regional = all(0x1F1E6 <= cp <= 0x1F1FF for cp in points)
    tone = any(0x1F3FB <= cp <= 0x1F3FF for cp in points)
    return regional or tone


def text_width(text: str, family: str, weight: int, tracking: float = 0.0) -> float:
    """The width of `text` at 1 px (em): its clusters' advances plus letter spacing."""
    total = 0.0
    for cluster in clusters(text):
        total += cluster_width(cluster, family, weight) + tracking
    return total
