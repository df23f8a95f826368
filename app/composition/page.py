"""Render the one composition page used by the renderer, the preview and the tests."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import ChainableUndefined, Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from app.composition.fit import rules_for_page
from app.composition.fonts import FALLBACK_STACK, FONTS_DIR, Face, brand_faces
from app.composition.glyphs import faces_for_text
from app.composition.timeline import Timeline, TimelineScene, prop_fields, scene_props
from app.config import ROOT
from app.primitives.catalog import PRIMITIVES_DIR
from app.spec import ASPECT_RATIOS, DEFAULT_ASPECT_RATIO, layout_size

STATIC_DIR = ROOT / "static"
LOGO_POSITIONS = ("top-left", "top-right", "bottom-left", "bottom-right")
DEFAULT_ACCENT = "#6366F1"
DEFAULT_SECONDARY = "#14B8A6"
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

_MIME = {"woff2": "font/woff2", "truetype": "font/ttf", "opentype": "font/otf"}
_JS_ESCAPE = re.compile(r"\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})")


@lru_cache(maxsize=1)
def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(PRIMITIVES_DIR)),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=ChainableUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["items_of"] = items_of
    env.filters["number"] = as_number
    env.globals["items_of"] = items_of
    return env


def items_of(value: Any, limit: int | None = None) -> list[Any]:
    """A list for templates to loop over: non-lists become [] (a string never loops by char)."""
    items = [v for v in value if v is not None] if isinstance(value, (list, tuple)) else []
    return items[:limit] if limit else items


def as_number(value: Any) -> float | None:
    """A finite number or None (numeric strings such as "1,234" count)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if value == value and abs(value) != float("inf") else None
    if isinstance(value, str):
        try:
            return as_number(float(value.replace(",", "").strip()))
        except ValueError:
            return None
    return None


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.is_file() else ""


@lru_cache(maxsize=64)
def _font_src(file: str, fmt: str, asset_base: str | None) -> str:
    if asset_base is not None:
        return f"{asset_base.rstrip('/')}/fonts/{file}"
    encoded = base64.b64encode((FONTS_DIR / file).read_bytes()).decode()
    return f"data:{_MIME[fmt]};base64,{encoded}"


def _brand_faces(texts: list[str]) -> list[Face]:
    """The brand faces' Latin files always; their Latin Extended files (half the bytes) only
    when the page's text has a character only they draw: the runtime loads every declared
    face before it starts, which a phone on a slow network pays for (the live player)."""
    faces = brand_faces()
    latin = [f for f in faces if "-latin-ext-" not in f.file]
    chars = {ord(c) for c in "".join(texts) if ord(c) > 127}
    extra = {cp for cp in chars if not any(f.covers(cp) for f in latin)}
    return [f for f in faces if f in latin or any(f.covers(cp) for cp in extra)]


def _fonts(asset_base: str | None, texts: list[str]) -> list[dict[str, Any]]:
    """@font-face rules: the brand's Latin faces always, its Latin Extended faces and a Noto
    face only when the text needs them."""
    return [
        {
            "family": face.family,
            "weight": face.weight,
            "src": _font_src(face.file, face.format, asset_base),
            "format": face.format,
            "range": face.unicode_range,
        }
        for face in (*_brand_faces(texts), *faces_for_text(texts))
    ]


@lru_cache(maxsize=64)
def _script_text(source: str) -> str:
    """The characters a primitive's script may write itself: its non-ASCII characters, as
    they are or as escapes (`"\\u2605"` is a star)."""
    escaped = "".join(chr(int(a or b, 16)) for a, b in _JS_ESCAPE.findall(source))
    return escaped + "".join(c for c in source if ord(c) > 127)


def page_texts(scenes: list[dict[str, Any]], scripts: list[str]) -> list[str]:
    """Everything a page may draw: each scene's markup, props and words, and the text the
    primitives' scripts write themselves."""
    texts = [_script_text(js) for js in scripts]
    for item in scenes:
        texts.append(str(item["html"]))
        texts.append(json.dumps(item["props"], ensure_ascii=False, default=str))
        texts.extend(str(w["word"]) for w in item["scene"]["words"])
    return texts


def _get(source: Any, key: str, default: Any = None) -> Any:
    if source is None:
        return default
    if isinstance(source, Mapping):
        return source.get(key, default)
    return getattr(source, key, default)


def _color(value: Any, default: str) -> str:
    return value if isinstance(value, str) and _HEX.match(value.strip()) else default


def _on_color(hex_color: str) -> str:
    """Dark or white text, whichever reads better on this color."""
    digits = hex_color.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    r, g, b = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#0b1022" if lum > 0.6 else "#ffffff"


def brand_values(brand: Any) -> dict[str, Any]:
    """Brand settings made safe for CSS and HTML (bad colors fall back to the defaults)."""
    accent = _color(_get(brand, "accentColor"), DEFAULT_ACCENT)
    position = _get(brand, "logoPosition") or "top-right"
    return {
        "accentColor": accent,
        "secondaryColor": _color(_get(brand, "secondaryColor"), DEFAULT_SECONDARY),
        "onAccent": _on_color(accent),
        "logoUrl": _get(brand, "logoUrl") or None,
        "logoPosition": position if position in LOGO_POSITIONS else "top-right",
        "showWatermark": bool(_get(brand, "showWatermark", False)),
    }


def _bindings(config: Mapping[str, Any]) -> dict[str, float]:
    raw = config.get("animationBindings") or {}
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): float(v) for k, v in raw.items() if as_number(v) is not None}


def _words(config: Mapping[str, Any]) -> list[dict[str, Any]]:
    words = []
    for item in items_of(config.get("wordTimestamps")):
        if not isinstance(item, Mapping):
            continue
        start, end = as_number(item.get("startMs")), as_number(item.get("endMs"))
        if start is None or end is None:
            continue
        words.append({"word": str(item.get("word", "")), "startMs": start, "endMs": end})
    return words


def _scene_info(scene: TimelineScene, data: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "index": scene.index,
        "primitive": scene.primitive_id,
        "option": scene.animation_option,
        "label": str(scene.config.get("label") or ""),
        "start": scene.start_ms,
        "duration": scene.duration_ms,
        "transition": scene.transition,
        "transitionMs": scene.transition_ms,
        "bindings": _bindings(scene.config),
        "words": _words(scene.config),
        "personalized": scene.personalized,
        "fit": rules_for_page(scene.primitive_id),
        "fields": prop_fields(scene, data),
    }


def shape_of(output: Any) -> str:
    """The output's aspect ratio (16:9 unless a known other one is asked)."""
    asked = _get(output, "aspectRatio", None)
    return asked if asked in ASPECT_RATIOS else DEFAULT_ASPECT_RATIO


def render_composition(
    timeline: Timeline,
    brand: Any = None,
    output: Any = None,
    asset_base: str | None = None,
    data: Mapping[str, Any] | None = None,
    poster_at: Mapping[str, Any] | None = None,
) -> str:
    """The composition page for a timeline, self-contained HTML.

    `asset_base` is the URL where static/ is served (fonts are linked from there); None
    inlines the fonts, so the page needs no server at all. `data` fills the scenes (each
    scene's props = its dataInputs from data, overlaid by its resolved sceneData).
    `output` may carry `captions` (burned-in captions from wordTimestamps), `language` and
    `aspectRatio` (the stage's shape: 1280x720, 720x1280, 720x720 or 720x900 CSS px; the
    primitives lay themselves out for it with container queries on `#rs-stage`).
    `poster_at` is the template's chosen poster frame ({scene, offsetMs}), which the runtime's
    posterAtMs() prefers to the poster rule.
    """
    env = _environment()
    values = brand_values(brand)
    data = data or {}
    rendered, css, js, seen = [], [], [], set()
    for scene in timeline.scenes:
        folder = PRIMITIVES_DIR / scene.primitive_id
        info = _scene_info(scene, data)
        props = scene_props(scene, data)
        template = env.get_template(f"{scene.primitive_id}/scene.html.j2")
        html = template.render(props=props, scene=info, option=info["option"], brand=values)
        rendered.append({"scene": info, "props": props, "html": Markup(html)})
        if scene.primitive_id not in seen:
            seen.add(scene.primitive_id)
            css.append(_read(folder / "scene.css"))
            js.append(_read(folder / "scene.js"))
    shape = shape_of(output)
    width, height = layout_size(shape)
    timeline_json = {
        "duration": timeline.duration_ms,
        "shape": shape,
        "width": width,
        "height": height,
        "captions": bool(_get(output, "captions", False)),
        "brand": {k: values[k] for k in ("accentColor", "secondaryColor", "onAccent")},
        "scenes": [item["scene"] for item in rendered],
        "posterAt": dict(poster_at) if poster_at else None,
    }
    return env.get_template("composition.html.j2").render(
        fonts=_fonts(asset_base, page_texts(rendered, js)),
        font_fallback=FALLBACK_STACK,
        composition_css=_read(STATIC_DIR / "composition.css"),
        runtime_js=_read(STATIC_DIR / "runtime.js"),
        scene_css=[c for c in css if c],
        scene_js=[j for j in js if j],
        scenes=rendered,
        brand=values,
        output={"language": str(_get(output, "language", "en") or "en")},
        stage={"shape": shape, "width": width, "height": height},
        timeline=timeline_json,
    )


# The page's timeline node as composition.html.j2 writes it (its JSON is escaped by `tojson`:
# no "<" inside, so the node ends at the first "</script>").
_TIMELINE_NODE = re.compile(
    r'(<script type="application/json" id="rs-timeline">)(.*?)(</script>)', re.S
)


def split_timeline(page: str) -> tuple[str, str] | None:
    """A composition page's timeline (the JSON text of its `#rs-timeline` node) and the rest of
    the page (that node emptied); None for a page without the node. Two pages of one job laid
    out with and without speech differ, as a rule, in the timeline only (durations, words)."""
    found = _TIMELINE_NODE.search(page)
    if found is None:
        return None
    rest = page[: found.start(2)] + page[found.end(2) :]
    return found.group(2), rest
