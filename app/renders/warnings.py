"""What may not look right in a render, known before it is rendered: `warnings` of
`POST /api/render`, of each row of `POST /api/render/batch` (and its dry run) and of
`GET /api/render/{id}`. The render goes on; a warning says where to look.

- `glyphs`: a character of the data no bundled font draws (code point and data field),
  app/composition/glyphs.py;
- `text_fit`: text that would be shrunk below 80 % of its designed size or cut with "…",
  estimated from the bundled fonts' metrics (app/composition/fit_estimate.py); the quality
  report's `text_fit` is the browser's measurement of the finished video;
- in a dry run also `data` (a value the template's slot rules refuse) and `limits` (over the
  tier's limits): the row would make the batch fail with 400.
"""

from __future__ import annotations

from typing import Any

from app.composition.fit_estimate import fit_warnings
from app.composition.glyphs import uncovered_characters
from app.composition.timeline import UnknownPrimitive, build_timeline
from app.renders.job import RenderJobSpec, bind_scenes
from app.renders.limits import BoundRender


def glyph_warnings(data: Any) -> list[dict[str, Any]]:
    return [
        {
            "kind": "glyphs",
            "field": w.field,
            "codePoint": w.code_point,
            "character": w.character,
            "message": w.message,
        }
        for w in uncovered_characters(data)
    ]


def text_fit_warnings(
    spec: RenderJobSpec, bound: BoundRender | None = None
) -> list[dict[str, Any]]:
    """The estimate's warnings for the job's scenes and data (none for a template the
    timeline cannot lay out: the render reports that). `bound`: the checks' binding of this
    job's scenes and data (`check_render_data`), not made again."""
    if bound is not None:
        timeline, data = bound.timeline, bound.data
    else:
        scenes, data = bind_scenes(spec, spec.data)
        try:
            timeline = build_timeline(scenes, data)
        except (UnknownPrimitive, ValueError):
            timeline = None
    if timeline is None:
        return []
    return [
        {
            "kind": "text_fit",
            "field": found.field,
            "message": found.message,
            "scene": found.scene,
            "primitiveId": found.primitive,
            "element": found.element,
            "scale": found.scale,
            "truncated": found.truncated,
        }
        for found in fit_warnings(timeline, data)
    ]


def render_warnings(spec: RenderJobSpec, bound: BoundRender | None = None) -> list[dict[str, Any]]:
    """Glyph and text-fit warnings of one resolved job (JSON-ready); `bound` as for
    `text_fit_warnings`."""
    return glyph_warnings(spec.data) + text_fit_warnings(spec, bound)
