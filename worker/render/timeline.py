"""Timeline stage: which scenes play, for how long (a voiceover sets its scene's length),
with which transitions, and each scene's word timing (engine side)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.composition.timeline import (
    Timeline,
    UnknownPrimitive,
    build_timeline,
    scene_dict,
    should_skip,
)
from app.composition.variables import lookup, present
from worker.render.errors import RenderInputError


def missing_data(
    scenes: Sequence[Any], data: Mapping[str, Any], slots: Sequence[Mapping[str, Any]]
) -> list[str]:
    """Required data keys that are absent: required data slots, and each playing scene's
    dataRequired (array fields, written `name[]`, must be non-empty lists)."""
    missing: list[str] = []
    for slot in slots:
        key = str(slot.get("key", ""))
        if slot.get("required") and key and not present(lookup(data, key)):
            missing.append(key)
    for raw in scenes:
        scene = scene_dict(raw)
        try:
            if should_skip(scene, data):
                continue
        except ValueError:
            continue  # reported by plan_timeline
        for name in scene.get("dataRequired") or []:
            key = str(name).removesuffix("[]")
            value = lookup(data, key)
            ok = isinstance(value, list) and value if str(name).endswith("[]") else present(value)
            if not ok and key not in missing:
                missing.append(key)
    return missing


def plan_timeline(
    scenes: Sequence[Any],
    data: Mapping[str, Any],
    slots: Sequence[Mapping[str, Any]] = (),
    voiceover_ms: Mapping[int, int] | None = None,
) -> Timeline:
    """The timeline, or RenderInputError naming what is missing or unknown."""
    missing = missing_data(scenes, data, slots)
    if missing:
        raise RenderInputError(f"Missing required data: {', '.join(missing)}")
    try:
        timeline = build_timeline(scenes, data, voiceover_ms)
    except UnknownPrimitive as exc:
        raise RenderInputError(f"Template error: {exc}") from exc
    except ValueError as exc:
        raise RenderInputError(f"Template error: {exc}") from exc
    if not timeline.scenes:
        raise RenderInputError(
            "Nothing to render: every scene is disabled or skipped by its skipCondition"
        )
    return timeline


def with_word_timestamps(timeline: Timeline, voiceovers: Mapping[int, Any]) -> Timeline:
    """Scenes carry their voiceover's word timing (captions, word-bound animations)."""
    for scene in timeline.scenes:
        vo = voiceovers.get(scene.index)
        if vo is not None and not scene.config.get("wordTimestamps"):
            scene.config["wordTimestamps"] = list(vo.word_timestamps)
    return timeline


def scene_starts_ms(timeline: Timeline) -> dict[int, int]:
    """When each played scene starts (template scene index -> ms)."""
    return {s.index: s.start_ms for s in timeline.scenes}


def scenes_fully_in_ms(timeline: Timeline) -> dict[int, int]:
    """When each scene is fully on screen: its start plus its entry transition (at its start a
    fade still shows the previous scene). Thumbnails by sceneIndex are cut here."""
    return {s.index: s.start_ms + s.transition_ms for s in timeline.scenes}
