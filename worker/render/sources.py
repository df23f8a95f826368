"""Sources stage: the job's data with its outside source fetched and merged in, then bound
into the scenes (slot defaults, the source's overrides, `$each` lists) the way previews do,
so a render shows what the preview showed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.config import Settings
from app.renders.job import RenderJobSpec, bind_scenes
from app.sources import fetch_source_data, merge_source_data
from app.sources.errors import SourceUnavailable
from worker.render.errors import RenderError


@dataclass
class Inputs:
    """Scenes and data ready for the timeline and the composition."""

    scenes: list[dict[str, Any]]
    data: dict[str, Any]


async def fetch_external_data(spec: RenderJobSpec, settings: Settings) -> dict[str, Any]:
    """The recipient data with the job's outside source merged in (caller's values win)."""
    source = spec.dataSource
    if source is None:
        return dict(spec.data)
    value = spec.data.get(source.key)
    if value in (None, ""):
        return dict(spec.data)  # nothing to look up; the required-data check reports it
    try:
        fetched = await fetch_source_data(source.kind, value, settings)
    except SourceUnavailable as exc:
        raise RenderError(f"External data source failed: {exc}") from exc
    return merge_source_data(spec.data, fetched)


def bind_data(spec: RenderJobSpec, data: dict[str, Any]) -> Inputs:
    """Slot defaults, the source's overrides and `$each` lists applied to the job's scenes."""
    scenes, bound = bind_scenes(spec, data)
    return Inputs(scenes, bound)


async def gather_inputs(spec: RenderJobSpec, settings: Settings) -> Inputs:
    return bind_data(spec, await fetch_external_data(spec, settings))
