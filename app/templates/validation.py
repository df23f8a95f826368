"""Template rules that need the primitive catalog or the whole document (shape rules are in
schemas.py). Linear in the size of the document: a 1 MB body is checked in milliseconds."""

from __future__ import annotations

from typing import Any

from app.composition.timeline import scene_duration_ms
from app.primitives.catalog import get_primitive
from app.templates.errors import InvalidTemplate
from app.templates.schemas import DataSlot, PosterAt, SceneConfig

# How many defined slot keys a message lists before "(+N more)".
LISTED_KEYS = 20


def detail(loc: list[str | int], msg: str, kind: str) -> dict[str, Any]:
    """One entry of an error body's `details`: where, what, which kind of problem."""
    return {"loc": [str(p) for p in loc], "msg": msg, "type": kind}


def slot_key(name: str) -> str:
    """The slot key a `dataRequired` entry names (`skills[]` -> `skills`)."""
    return name[:-2] if name.endswith("[]") else name


def _listing(keys: list[str]) -> str:
    if not keys:
        return "none"
    shown = ", ".join(keys[:LISTED_KEYS])
    return shown + (f" (+{len(keys) - LISTED_KEYS} more)" if len(keys) > LISTED_KEYS else "")


def document_problems(
    scenes: list[SceneConfig], data_slots: list[DataSlot]
) -> list[dict[str, Any]]:
    """Everything wrong with a template document that needs the catalog or the whole document."""
    problems: list[dict[str, Any]] = []
    keys: list[str] = []
    seen: set[str] = set()
    for i, slot in enumerate(data_slots):
        if slot.key in seen:
            problems.append(
                detail(
                    ["dataSlots", i, "key"], f"duplicate data slot key {slot.key!r}", "duplicate"
                )
            )
        else:
            seen.add(slot.key)
        keys.append(slot.key)
    defined: str | None = None  # the key listing, built once on the first unknown key
    for i, scene in enumerate(scenes):
        info = get_primitive(scene.primitiveId)
        if info is None:
            problems.append(
                detail(
                    ["scenes", i, "primitiveId"],
                    f"unknown primitive {scene.primitiveId!r}; see GET /api/primitives?status=all",
                    "unknown_primitive",
                )
            )
        elif scene.animationOption is not None and scene.animationOption not in (
            info.animationOptions
        ):
            problems.append(
                detail(
                    ["scenes", i, "animationOption"],
                    f"{scene.animationOption!r} is not an animation option of {info.id!r}; "
                    f"allowed: {', '.join(info.animationOptions)}",
                    "unknown_animation_option",
                )
            )
        for j, needed in enumerate(scene.dataRequired):
            if slot_key(needed) not in seen:
                defined = defined if defined is not None else _listing(keys)
                problems.append(
                    detail(
                        ["scenes", i, "dataRequired", j],
                        f"{needed!r} is not a data slot key; defined: {defined}",
                        "unknown_data_slot",
                    )
                )
    return problems


def known_duration_ms(scene: SceneConfig) -> int | None:
    """How long the scene plays whatever the render: its durationOverride (speech may only
    lengthen it), else, for a scene without a voScript, its defaultDuration or its primitive's
    default; None for a voiced scene (its speech sets its length)."""
    if scene.durationOverride is not None:
        return round(scene.durationOverride * 1000)
    info = get_primitive(scene.primitiveId)
    if scene.voScript or info is None:
        return None
    return scene_duration_ms(scene.model_dump(), info.defaultDuration, None, 0)


def poster_at_problems(
    scenes: list[SceneConfig], poster_at: PosterAt | None
) -> list[dict[str, Any]]:
    """posterAt names a scene of the template and a moment inside it (when its length is known
    before the render; otherwise the render clamps the offset into the scene)."""
    if poster_at is None:
        return []
    if poster_at.scene >= len(scenes):
        where = f"indexes 0-{len(scenes) - 1}" if scenes else "no scenes"
        msg = f"{poster_at.scene} is not a scene of this template ({where})"
        return [detail(["posterAt", "scene"], msg, "unknown_scene")]
    length = known_duration_ms(scenes[poster_at.scene])
    if length is not None and poster_at.offsetMs > length:
        msg = (
            f"{poster_at.offsetMs:g} ms is past the end of scene {poster_at.scene}, which "
            f"plays {length} ms (0-{length} allowed)"
        )
        return [detail(["posterAt", "offsetMs"], msg, "out_of_scene")]
    return []


def validate_document(
    scenes: list[SceneConfig], data_slots: list[DataSlot], poster_at: PosterAt | None = None
) -> None:
    """InvalidTemplate listing every problem when scenes or slots do not fit the catalog, or
    posterAt does not fit the scenes."""
    problems = document_problems(scenes, data_slots) + poster_at_problems(scenes, poster_at)
    if problems:
        raise InvalidTemplate(problems)
