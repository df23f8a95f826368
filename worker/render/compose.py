"""Compose stage: the one composition page for a timeline, brand, output and data.

The page links everything from its own server by path (`/static/...`, `/assets/...`), so it
is composed before the serve stage starts that server.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from jinja2 import TemplateError, TemplateNotFound

from app.composition.page import render_composition
from app.composition.timeline import Timeline
from app.config import Settings
from app.renders.job import JobBrand, JobOutput
from worker.render.assets import fetch_image
from worker.render.errors import RenderInputError
from worker.render.server import ASSETS_PATH, STATIC_PATH

LOGO_NAME = "logo"


async def fetch_logo(brand: JobBrand, settings: Settings, assets_dir: Path) -> Path | None:
    """The brand logo, fetched into `assets_dir` (served under /assets/), when there is one."""
    if not brand.logoUrl:
        return None
    return await fetch_image(brand.logoUrl, settings, assets_dir, LOGO_NAME, "brand.logoUrl")


def compose_page(
    timeline: Timeline,
    brand: JobBrand,
    output: JobOutput,
    data: Mapping[str, Any],
    logo: Path | None,
    poster_at: Mapping[str, Any] | None = None,
) -> str:
    """HTML for the engine's page server; a fetched logo is linked from /assets/. `poster_at`:
    the template's chosen poster frame, carried by the page."""
    values = brand.model_dump()
    values["logoUrl"] = f"{ASSETS_PATH}{logo.name}" if logo is not None else None
    try:
        return render_composition(
            timeline,
            brand=values,
            output=output.model_dump(),
            asset_base=STATIC_PATH.rstrip("/"),
            data=data,
            poster_at=poster_at,
        )
    except TemplateNotFound as exc:
        raise RenderInputError(f"Template error: primitive page {exc.name!r} is missing") from exc
    except TemplateError as exc:
        raise RenderInputError(f"Template error: a scene could not be composed: {exc}") from exc
