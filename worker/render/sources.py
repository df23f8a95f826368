"""Sources stage: the job's data with its outside source fetched and merged in, then bound
into the scenes (slot defaults, the source's overrides, `$each` lists) the way previews do,
so a render shows what the preview showed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.ai import service as ai
from app.ai.errors import UnsupportedPair, UpstreamFailed
from app.ai.translate import base
from app.config import Settings
from app.db import Database
from app.renders.job import RenderJobSpec, bind_scenes
from app.sources import fetch_source_data, merge_source_data
from app.sources.errors import SourceUnavailable
from worker.render.errors import RenderError, RenderInputError


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


def scripts_to_translate(spec: RenderJobSpec) -> list[int]:
    """Indexes of the scenes whose voScript is spoken in another language than it is written
    in: every enabled scene with a script, when the voiceover is on and the output language
    is not the template's (en and en-GB are one language here)."""
    if not spec.audio.includeVoiceover:
        return []
    if base(spec.templateLanguage) == base(spec.output.language):
        return []
    return [
        index
        for index, scene in enumerate(spec.scenes)
        if scene.get("enabled", True) and str(scene.get("voScript") or "").strip()
    ]


async def translate_scripts(
    spec: RenderJobSpec, settings: Settings, db: Database
) -> tuple[RenderJobSpec, ai.Translated | None]:
    """The job with its voScripts in `output.language`, translated before the data is bound
    (so `[variable]`s stay variables) through POST /api/translate's cache and engines, keyed
    by the job's template and each scene's index. None: nothing needed translating."""
    indexes = scripts_to_translate(spec)
    if not indexes:
        return spec, None
    scripts = [str(spec.scenes[i]["voScript"]) for i in indexes]
    source, target = spec.templateLanguage, spec.output.language
    try:
        done = await ai.translate(db, settings, scripts, source, target, spec.templateId, indexes)
    except UnsupportedPair as exc:
        raise RenderInputError(f"output.language: {exc}") from exc
    except UpstreamFailed as exc:
        raise RenderError(f"Translating the voiceover scripts failed: {exc}") from exc
    scenes = [dict(scene) for scene in spec.scenes]
    for index, text in zip(indexes, done.translations, strict=True):
        scenes[index]["voScript"] = text
    return spec.model_copy(update={"scenes": scenes}), done
