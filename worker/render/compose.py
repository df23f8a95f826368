"""Compose step: the one composition page for a timeline, brand, data and output."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from jinja2 import TemplateError, TemplateNotFound

from app.composition.page import render_composition
from app.composition.timeline import Timeline
from worker.render.errors import RenderInputError


def effective_brand(brand: Mapping[str, Any] | None, tier: str | None) -> dict[str, Any]:
    """The brand as rendered: the watermark is forced on for free-tier accounts."""
    values = dict(brand or {})
    if tier == "free":
        values["showWatermark"] = True
    return values


def compose_page(
    timeline: Timeline,
    brand: Mapping[str, Any],
    output: Mapping[str, Any],
    data: Mapping[str, Any],
    origin: str,
    logo: Path | None,
) -> str:
    """HTML for the engine's server at `origin`; a fetched logo is linked from /assets/."""
    values = dict(brand)
    values["logoUrl"] = f"{origin}/assets/{logo.name}" if logo is not None else None
    try:
        return render_composition(
            timeline, brand=values, output=output, asset_base=f"{origin}/static", data=data
        )
    except TemplateNotFound as exc:
        raise RenderInputError(f"Template error: primitive page {exc.name!r} is missing") from exc
    except TemplateError as exc:
        raise RenderInputError(f"Template error: a scene could not be composed: {exc}") from exc
