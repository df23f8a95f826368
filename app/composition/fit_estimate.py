"""Will a recipient's text fit? An estimate from the bundled fonts' advance widths, without a
browser: for `POST /api/render`'s warnings and a batch's dry run (hundreds of rows in a
request, where opening a page per row is out of the question).

The page fits text with the browser's own layout (static/runtime.js, fitElement): the largest
whole px size from the designed size down to the rule's `min` at which the text fits its box,
then `wrap` lets words break anywhere, then the text is cut with "…". This module runs the same
steps on a model of that layout:

- the box per text element is the one Chromium measured with typical data
  (primitives_html/fit_boxes.json, made by scripts/measure_fit_boxes.py): width, designed
  size, face, letter spacing, upper case;
- a string's width is the sum of its grapheme clusters' advances in the face the page's
  fallback order picks for each (app/composition/metrics.py), no kerning or shaping;
- lines are filled greedily, breaking at spaces and between CJK characters.

It is an estimate: kerning, shaping (Arabic joins, Indic clusters) and boxes that depend on
the number of items (a card per stat) make the browser's answer differ a little. The render's
quality report (`text_fit`) is the browser's measurement of the real video.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import orjson

from app.composition.fit import FIT_WARN_SCALE, fit_rules
from app.composition.glyphs import clusters
from app.composition.metrics import advance, cluster_width
from app.composition.timeline import (
    Timeline,
    TimelineScene,
    prop_fields,
    reads_no_data,
    resolved_scene_data,
    scene_props,
)
from app.kept import Kept
from app.primitives.catalog import PRIMITIVES_DIR
from app.primitives.items import list_schemas

BOXES_FILE = PRIMITIVES_DIR / "fit_boxes.json"
ELLIPSIS = "\u2026"
_SPACE = re.compile(r"(\s+)")
_UNITS = ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K"))


@dataclass(frozen=True)
class TextBox:
    """One text element as Chromium laid it out with typical data."""

    selector: str
    shows: tuple[str, ...]  # props paths ("stats[].value"), the first present is shown
    size: float  # designed font size, px
    min: float
    lines: int
    ellipsis: bool
    family: str
    weight: int
    tracking: float  # letter spacing, em
    upper: bool
    box: float  # px
    by_count: tuple[tuple[int, float], ...] = ()  # the box with n list items, when it varies
    longer: tuple[int, float] | None = None  # (n, px): designed at px past n characters
    url: int | None = None  # shown without its scheme, cut to n characters by the template


@dataclass(frozen=True)
class FitEstimate:
    """How one piece of recipient text would fit: the size it would get over its designed size
    (`scale`), and whether it would be cut with "…"."""

    scene: int
    primitive: str
    element: str
    prop: str
    field: str
    scale: float
    truncated: bool

    @property
    def worth_a_warning(self) -> bool:
        return self.truncated or self.scale < FIT_WARN_SCALE

    @property
    def message(self) -> str:
        what = "cut with “…”" if self.truncated else f"shrunk to {self.scale:.0%}"
        return (
            f"{self.field}: {what} of its size in scene {self.scene} ({self.primitive}); "
            "an estimate from the fonts' metrics"
        )


# ---------- the layout model ----------


def _breakable(cluster: str) -> bool:
    """A line may break after a CJK character (ideographs, kana, hangul)."""
    cp = ord(cluster[0])
    return (
        0x2E80 <= cp <= 0x9FFF or 0xAC00 <= cp <= 0xD7AF or 0xF900 <= cp <= 0xFAFF
    ) or 0x20000 <= cp <= 0x3FFFF


def _pieces(text: str) -> Iterator[tuple[str, bool]]:
    """Words and spaces: (piece, is_space); CJK text as one piece per character."""
    for part in _SPACE.split(text):
        if not part:
            continue
        if part.isspace():
            yield part, True
            continue
        if part.isascii():
            yield part, False
            continue
        run = ""
        for cluster in clusters(part):
            if _breakable(cluster):
                if run:
                    yield run, False
                    run = ""
                yield cluster, False
            else:
                run += cluster
        if run:
            yield run, False


@dataclass(frozen=True)
class _Measured:
    """A text's pieces with their widths at 1 px."""

    pieces: tuple[tuple[float, bool, tuple[float, ...]], ...]  # width, space, cluster widths


def _piece_widths(piece: str, family: str, weight: int, tracking: float) -> tuple[float, ...]:
    if piece.isascii():  # one code point per cluster: no segmentation needed
        return tuple(advance(ord(c), family, weight) + tracking for c in piece)
    return tuple(cluster_width(c, family, weight) + tracking for c in clusters(piece))


@lru_cache(maxsize=4096)
def _measure(text: str, family: str, weight: int, tracking: float) -> _Measured:
    out = []
    for piece, space in _pieces(text):
        widths = _piece_widths(piece, family, weight, tracking)
        out.append((sum(widths), space, widths))
    return _Measured(tuple(out))


def _lines_needed(measured: _Measured, width: float, anywhere: bool) -> float:
    """Lines a greedy layout takes at this width (px per 1 px of font size already applied by
    the caller); inf when a word is wider than the box and may not break."""
    lines, used = 1, 0.0
    for piece_width, space, clusters_w in measured.pieces:
        if space:
            used += piece_width  # a trailing space hangs past the box, as in CSS
            continue
        if used + piece_width <= width + 1e-6:
            used += piece_width
            continue
        if used > 0 and piece_width <= width + 1e-6:
            lines, used = lines + 1, piece_width
            continue
        if not anywhere:
            return math.inf
        for w in clusters_w:  # overflow-wrap: anywhere
            if used + w > width + 1e-6 and used > 0:
                lines, used = lines + 1, 0.0
            used += w
    return lines


def _fits(measured: _Measured, size: float, box: TextBox, anywhere: bool = False) -> bool:
    width = (box.box + 0.5) / size
    if box.ellipsis or box.lines == 1:
        total = sum(p[0] for p in measured.pieces)
        return total <= width
    return _lines_needed(measured, width, anywhere) <= box.lines


@lru_cache(maxsize=8192)
def estimate(text: str, box: TextBox) -> tuple[float, bool]:
    """(size over designed size, cut with "…") for `text` in `box`, as fitElement() would do."""
    if box.url is not None:
        text = re.sub(r"^https?://", "", text.strip())
        # jinja truncate(n, True, "…"): up to n + 5 characters are kept whole
        text = text if len(text) <= box.url + 5 else text[: box.url - 1] + ELLIPSIS
    if box.upper:
        text = text.upper()
    text = " ".join(text.split()) if box.ellipsis else text.strip()
    if not text:
        return 1.0, False
    measured = _measure(text, box.family, box.weight, box.tracking)
    declared = box.size
    if box.longer is not None and len(text) > box.longer[0]:
        declared = box.longer[1]
    if _fits(measured, declared, box):
        return 1.0, False
    low, high = math.ceil(min(box.min, declared)), math.floor(declared)
    if high >= declared:
        high = int(declared) - 1
    if not _fits(measured, low, box):
        size = low
    else:
        while low < high:
            mid = (low + high + 1) // 2
            if _fits(measured, mid, box):
                low = mid
            else:
                high = mid - 1
        size = low
    truncated = not _fits(measured, size, box) and not (
        not box.ellipsis and _fits(measured, size, box, anywhere=True)
    )
    return round(size / declared, 3), truncated


# ---------- the boxes and the texts shown ----------


@lru_cache(maxsize=1)
def _boxes() -> dict[str, dict[str, dict[str, Any]]]:
    if not BOXES_FILE.is_file():
        return {}
    loaded: dict[str, dict[str, dict[str, Any]]] = json.loads(BOXES_FILE.read_text("utf-8"))
    return loaded


@lru_cache(maxsize=256)
def boxes_for(primitive_id: str, option: str) -> tuple[TextBox, ...]:
    """The measured text boxes of a primitive in one animation option."""
    measured = _boxes().get(primitive_id, {}).get(option, {})
    out = []
    for rule in fit_rules(primitive_id):
        entry = measured.get(rule.selector)
        if not entry:
            continue
        out.append(
            TextBox(
                selector=rule.selector,
                shows=tuple(entry["shows"]),
                size=float(entry["size"]),
                min=float(rule.min),
                lines=1 if rule.ellipsis else int(rule.wrap or 1),
                ellipsis=rule.ellipsis,
                family=str(entry["family"]),
                weight=int(entry["weight"]),
                tracking=float(entry["tracking"]),
                upper=bool(entry["upper"]),
                box=float(entry["box"]),
                longer=(int(entry["longer"][0]), float(entry["longer"][1]))
                if entry.get("longer")
                else None,
                url=int(entry["url"]) if entry.get("url") else None,
                by_count=tuple(
                    sorted((int(n), float(b)) for n, b in (entry.get("byCount") or {}).items())
                ),
            )
        )
    return tuple(out)


def format_number(value: float) -> str:
    """A number as the runtime's formatNumber shows it by default (compact from 10,000)."""
    if abs(value) >= 10000:
        for unit, suffix in _UNITS:
            if abs(value) >= unit:
                scaled = value / unit
                decimals = 0 if abs(scaled) >= 100 else 1 if abs(scaled) >= 10 else 2
                text = f"{scaled:.{decimals}f}"
                return (text.rstrip("0").rstrip(".") if "." in text else text) + suffix
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def _as_text(value: Any, item: Any) -> str | None:
    """What the page shows for a prop value (numbers formatted, an item's prefix/suffix)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        text = format_number(float(value))
        if isinstance(item, Mapping):
            prefix, suffix = item.get("prefix"), item.get("suffix")
            text = f"{prefix if isinstance(prefix, str) else ''}{text}"
            text += suffix if isinstance(suffix, str) else ""
        return text
    if isinstance(value, str):
        return value
    return None


def _walk(
    value: Any, parts: tuple[str, ...], path: str, item: Any, limit: Mapping[str, int]
) -> Iterator:
    """(props path, value, enclosing item) for a pattern's parts (`stats`, `[]`, `value`)."""
    if not parts:
        yield path, value, item
        return
    head, rest = parts[0], parts[1:]
    if head == "[]":
        if isinstance(value, list):
            shown = value[: limit.get(path, len(value))]
            for index, child in enumerate(shown):
                yield from _walk(child, rest, f"{path}[{index}]", child, limit)
        return
    if isinstance(value, Mapping) and head in value:
        yield from _walk(value[head], rest, f"{path}.{head}" if path else head, item, limit)


@lru_cache(maxsize=1024)
def _pattern(prop: str) -> tuple[str, ...]:
    return tuple(p for p in re.split(r"\.|(\[\])", prop) if p)


def texts_shown(
    box: TextBox, props: Mapping[str, Any], limits: Mapping[str, int]
) -> list[tuple[str, str]]:
    """(props path, text) of every value the element shows (the first `shows` present)."""
    for prop in box.shows:
        found = [
            (path, text)
            for path, value, item in _walk(props, _pattern(prop), "", None, limits)
            if (text := _as_text(value, item))
        ]
        if found:
            return found
    return []


# The estimates of scenes that show the same whatever the data (`reads_no_data`), by their
# content: every render of a template estimated its fixed scenes again.
_FIXED: Kept[tuple[Any, ...], tuple[FitEstimate, ...]] = Kept(512)


def _fixed_key(scene: TimelineScene, data: Mapping[str, Any]) -> tuple[Any, ...] | None:
    if not reads_no_data(scene.config, data):
        return None
    try:
        content = orjson.dumps(scene.config.get("sceneData") or {})
    except TypeError:  # not JSON: estimated every time
        return None
    return (scene.primitive_id, scene.animation_option, scene.index, content)


def scene_estimates(scene: TimelineScene, data: Mapping[str, Any]) -> list[FitEstimate]:
    """How every piece of text a scene shows would fit (one estimate per props value); a scene
    that reads no data is estimated once per content."""
    boxes = boxes_for(scene.primitive_id, scene.animation_option)
    if not boxes:
        return []
    key = _fixed_key(scene, data)
    if key is not None and (known := _FIXED.recall(key)) is not None:
        return list(known)
    out = _estimates(scene, data, boxes)
    if key is not None:
        _FIXED.keep(key, tuple(out))
    return out


def _estimates(
    scene: TimelineScene, data: Mapping[str, Any], boxes: tuple[TextBox, ...]
) -> list[FitEstimate]:
    resolved = resolved_scene_data(scene, data)
    props = scene_props(scene, data, resolved)
    fields = prop_fields(scene, data, resolved)
    schemas = list_schemas(scene.primitive_id)
    limits = {name: schema.max for name, schema in schemas.items() if schema.max is not None}
    counts = [
        min(len(props[name]), limits.get(name, len(props[name])))
        for name in schemas
        if isinstance(props.get(name), list) and props[name]
    ]
    out = []
    for box in boxes:
        if box.by_count and counts:
            fitting = [b for n, b in box.by_count if n <= counts[0]]
            box = replace(box, box=fitting[-1] if fitting else box.by_count[0][1])
        for path, text in texts_shown(box, props, limits):
            scale, truncated = estimate(text, box)
            out.append(
                FitEstimate(
                    scene=scene.index,
                    primitive=scene.primitive_id,
                    element=box.selector,
                    prop=path,
                    field=fields.get(path, f"scenes[{scene.index}].sceneData.{path}"),
                    scale=scale,
                    truncated=truncated,
                )
            )
    return out


def fit_warnings(timeline: Timeline, data: Mapping[str, Any]) -> list[FitEstimate]:
    """The text of a render that would be shrunk below FIT_WARN_SCALE or cut, once per field
    (its worst estimate), in the order the scenes play."""
    worst: dict[str, FitEstimate] = {}
    for scene in timeline.scenes:
        for found in scene_estimates(scene, data):
            if not found.worth_a_warning:
                continue
            known = worst.get(found.field)
            if known is None or (found.truncated, -found.scale) > (known.truncated, -known.scale):
                worst[found.field] = found
    return list(worst.values())


def reload_boxes() -> None:
    """Forget the cached boxes (after scripts/measure_fit_boxes.py, tests)."""
    _boxes.cache_clear()
    boxes_for.cache_clear()
    _FIXED.clear()
