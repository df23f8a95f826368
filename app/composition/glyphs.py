"""Which characters the bundled fonts draw: the coverage report and the faces a page needs.

Text is taken a grapheme cluster at a time (what a reader sees as one character: a letter
with its combining marks, an emoji ZWJ sequence, a flag, a skin-toned hand), as the browser
picks one font per cluster. Parts that are never drawn on their own (joiners, variation
selectors, bidi controls, tags) do not count. A cluster is covered when each of its parts is
covered by some bundled face; `faces_for_text` names the faces that draw it, following the
page's fallback order (app/composition/fonts.py).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import regex

from app.composition.fonts import Face, Ranges, brand_faces, noto_faces, ranges_contain, to_ranges

_CLUSTER = regex.compile(r"\X")
_IGNORED_CATEGORIES = {"Cc", "Cf", "Zl", "Zp"}  # controls, format characters, separators


@dataclass(frozen=True)
class GlyphWarning:
    """A character no bundled font draws, and the data field it is in."""

    field: str  # "keyStats[1].label"
    character: str
    code_point: str  # "U+0F00"

    @property
    def message(self) -> str:
        name = unicodedata.name(self.character, "unnamed character")
        return f"{self.field}: {self.code_point} ({name}) is not in the bundled fonts"

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "character": self.character, "codePoint": self.code_point}


def drawn(cp: int) -> bool:
    """False for the parts of text no font draws on its own (joiners, selectors, controls)."""
    if 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF or cp == 0x034F:
        return False
    return unicodedata.category(chr(cp)) not in _IGNORED_CATEGORIES


def clusters(text: str) -> Iterator[str]:
    """The grapheme clusters of a string."""
    for match in _CLUSTER.finditer(text):
        yield match.group(0)


@dataclass(frozen=True)
class _Family:
    name: str
    ranges: Ranges
    faces: tuple[Face, ...]

    def covers_all(self, points: Iterable[int]) -> bool:
        return all(ranges_contain(self.ranges, cp) for cp in points)


@lru_cache(maxsize=1)
def _families() -> tuple[_Family, ...]:
    """Inter (what every stack falls back to from the brand face), then the Noto families."""
    inter = tuple(f for f in brand_faces() if f.family == "Inter")
    found = [_Family("Inter", to_ranges({cp for f in inter for cp in _points(f)}), inter)]
    by_family: dict[str, list[Face]] = {}
    for face in noto_faces():
        by_family.setdefault(face.family, []).append(face)
    for name, faces in by_family.items():
        points = {cp for f in faces for cp in _points(f)}
        found.append(_Family(name, to_ranges(points), tuple(faces)))
    return tuple(found)


def _points(face: Face) -> Iterator[int]:
    for a, b in face.ranges:
        yield from range(a, b + 1)


def reload_coverage() -> None:
    """Forget the cached coverage (after the faces were prepared again)."""
    _families.cache_clear()
    _char_covered.cache_clear()


def _forms(cluster: str) -> list[tuple[int, ...]]:
    """The drawn code points of a cluster as written and composed (NFC), deduplicated."""
    forms = []
    for form in (cluster, unicodedata.normalize("NFC", cluster)):
        points = tuple(ord(c) for c in form if drawn(ord(c)))
        if points and points not in forms:
            forms.append(points)
    return forms


def covered(cluster: str) -> bool:
    """Whether every drawn part of the cluster (as written or composed) has a bundled glyph."""
    families = _families()
    return any(
        all(any(ranges_contain(f.ranges, cp) for f in families) for cp in form)
        for form in _forms(cluster)
    ) or not _forms(cluster)


def _missing(cluster: str) -> list[int]:
    families = _families()
    best: list[int] | None = None
    for form in _forms(cluster):
        gaps = [cp for cp in form if not any(ranges_contain(f.ranges, cp) for f in families)]
        if best is None or len(gaps) < len(best):
            best = gaps
    return best or []


def faces_for_text(texts: Iterable[str]) -> list[Face]:
    """The Noto faces (every weight) that draw the clusters the brand faces cannot, in the
    fallback order of the page; [] for text the brand faces draw entirely."""
    families = _families()
    brand, fallbacks = families[0], families[1:]
    texts = list(texts)
    # The usual page: every character is the brand's (a set of a page's characters is quick;
    # clusters are only worth finding when one is not).
    if all(ranges_contain(brand.ranges, ord(c)) or not drawn(ord(c)) for c in set("".join(texts))):
        return []
    needed: set[Face] = set()
    seen: set[str] = set()
    for text in texts:
        for cluster in clusters(text):
            if cluster in seen:
                continue
            seen.add(cluster)
            for form in _forms(cluster):
                if brand.covers_all(form):
                    continue
                family = next((f for f in fallbacks if f.covers_all(form)), None)
                if family is not None:
                    needed.update(_slices_for(family, form))
                    continue
                for cp in form:  # no one family draws it all: each part from its first
                    owner = next((f for f in fallbacks if ranges_contain(f.ranges, cp)), None)
                    if owner is not None:
                        needed.update(_slices_for(owner, (cp,)))
    return [face for face in noto_faces() if face in needed]


def _slices_for(family: _Family, form: tuple[int, ...]) -> set[Face]:
    """In each weight, the one face (slice) holding the whole cluster, else for each part the
    first face holding it (parts shared by every slice, like skin tones, add nothing)."""
    chosen: set[Face] = set()
    for weight in dict.fromkeys(f.weight for f in family.faces):
        faces = [f for f in family.faces if f.weight == weight]
        whole = next((f for f in faces if all(f.covers(cp) for cp in form)), None)
        if whole is not None:
            chosen.add(whole)
            continue
        for cp in form:
            first = next((f for f in faces if f.covers(cp)), None)
            if first is not None:
                chosen.add(first)
    return chosen


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, child in value.items():
            yield from _strings(child, f"{path}.{key}" if path else str(key))
    elif isinstance(value, (list, tuple)):
        for index, child in enumerate(value):
            yield from _strings(child, f"{path}[{index}]")


@lru_cache(maxsize=65536)
def _char_covered(char: str) -> bool:
    """A code point some bundled face draws, or one that is never drawn on its own."""
    cp = ord(char)
    return not drawn(cp) or any(ranges_contain(f.ranges, cp) for f in _families())


def uncovered_characters(data: Any, path: str = "") -> list[GlyphWarning]:
    """Every character in the data's strings that no bundled font draws, with its field path
    (`keyStats[1].label`); each character once per field, in the order they appear."""
    warnings: list[GlyphWarning] = []
    seen: set[tuple[str, int]] = set()
    for where, text in _strings(data, path):
        # The usual string: every character drawn by some face (no cluster needs a look).
        if text.isascii() or all(_char_covered(c) for c in set(text)):
            continue
        for cluster in clusters(text):
            if covered(cluster):
                continue
            for cp in _missing(cluster):
                if (where, cp) not in seen:
                    seen.add((where, cp))
                    warnings.append(GlyphWarning(where, chr(cp), f"U+{cp:04X}"))
    return warnings
