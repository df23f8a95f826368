"""Render the one composition page used by the renderer, the preview and the tests."""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import ChainableUndefined, Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from app.composition.timeline import Timeline, TimelineScene, scene_props
from app.config import ROOT
from app.primitives.catalog import PRIMITIVES_DIR

STATIC_DIR = ROOT / "static"
FONTS_DIR = STATIC_DIR / "fonts"
LOGO_POSITIONS = ("top-left", "top-right", "bottom-left", "bottom-right")
DEFAULT_ACCENT = "#6366F1"
DEFAULT_SECONDARY = "#14B8A6"
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

_LATIN = (
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,"
    "U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
)
_LATIN_EXT = (
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,"
    "U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,"
    "U+A720-A7FF"
)
# (family, weight, file stem); each has a latin and a latin-ext file in static/fonts/.
FONT_FACES = (
    ("Inter", 400, "inter-{subset}-400-normal"),
    ("Inter", 600, "inter-{subset}-600-normal"),
    ("Poppins", 700, "poppins-{subset}-700-normal"),
    ("Poppins", 800, "poppins-{subset}-800-normal"),
)


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


@lru_cache(maxsize=16)
def _font_src(stem: str, asset_base: str | None) -> str:
    if asset_base is not None:
        return f"{asset_base.rstrip('/')}/fonts/{stem}.woff2"
    encoded = base64.b64encode((FONTS_DIR / f"{stem}.woff2").read_bytes()).decode()
    return f"data:font/woff2;base64,{encoded}"


def _fonts(asset_base: str | None) -> list[dict[str, Any]]:
    faces = []
    for family, weight, stem in FONT_FACES:
        for subset, unicode_range in (("latin", _LATIN), ("latin-ext", _LATIN_EXT)):
            src = _font_src(stem.format(subset=subset), asset_base)
            faces.append({"family": family, "weight": weight, "src": src, "range": unicode_range})
    return faces


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


def _scene_info(scene: TimelineScene) -> dict[str, Any]:
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
    }


def render_composition(
    timeline: Timeline,
    brand: Any = None,
    output: Any = None,
    asset_base: str | None = None,
    data: Mapping[str, Any] | None = None,
) -> str:
    """The composition page for a timeline, self-contained HTML.

    `asset_base` is the URL where static/ is served (fonts are linked from there); None
    inlines the fonts, so the page needs no server at all. `data` fills the scenes (each
    scene's props = its dataInputs from data, overlaid by its resolved sceneData).
    `output` may carry `captions` (burned-in captions from wordTimestamps) and `language`.
    """
    env = _environment()
    values = brand_values(brand)
    data = data or {}
    rendered, css, js, seen = [], [], [], set()
    for scene in timeline.scenes:
        folder = PRIMITIVES_DIR / scene.primitive_id
        info = _scene_info(scene)
        props = scene_props(scene, data)
        template = env.get_template(f"{scene.primitive_id}/scene.html.j2")
        html = template.render(props=props, scene=info, option=info["option"], brand=values)
        rendered.append({"scene": info, "props": props, "html": Markup(html)})
        if scene.primitive_id not in seen:
            seen.add(scene.primitive_id)
            css.append(_read(folder / "scene.css"))
            js.append(_read(folder / "scene.js"))
    timeline_json = {
        "duration": timeline.duration_ms,
        "captions": bool(_get(output, "captions", False)),
        "brand": {k: values[k] for k in ("accentColor", "secondaryColor", "onAccent")},
        "scenes": [item["scene"] for item in rendered],
    }
    return env.get_template("composition.html.j2").render(
        fonts=_fonts(asset_base),
        composition_css=_read(STATIC_DIR / "composition.css"),
        runtime_js=_read(STATIC_DIR / "runtime.js"),
        scene_css=[c for c in css if c],
        scene_js=[j for j in js if j],
        scenes=rendered,
        brand=values,
        output={"language": str(_get(output, "language", "en") or "en")},
        timeline=timeline_json,
    )
