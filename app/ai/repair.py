"""Whatever a provider proposes is checked against the catalog and repaired before it is
answered, so the answer never holds a scene that POST /api/templates would reject: unknown
primitives are replaced by a close match or dropped, animation options and transitions are
clamped to the allowed ones, dataRequired is limited to slot keys, `[variable]` references that
name no slot are turned into plain words, and durations fit the tier's limits."""

from __future__ import annotations

import difflib
import math
import re
from typing import Any

from pydantic import ValidationError

from app.ai.samples import sample_data
from app.composition.variables import VARIABLE, malformed_variables
from app.limits import Allowance, LimitExceeded, check_template, estimated_duration_ms
from app.primitives.catalog import PrimitiveInfo, catalog, get_primitive
from app.spec import TRANSITIONS
from app.templates.schemas import DataSlot, SceneConfig
from app.templates.validation import document_problems, slot_key

SCENE_FIELDS = set(SceneConfig.model_fields)
SENTENCE = re.compile(r"(?<=[.!?])\s+")


def _closest_primitive(raw: Any) -> str | None:
    if not isinstance(raw, str) or not raw.strip():
        return None
    wanted = raw.strip().lower().replace("_", "-").replace(" ", "-")
    if get_primitive(wanted):
        return wanted
    ids = list(catalog())
    match = difflib.get_close_matches(wanted, ids, n=1, cutoff=0.75)
    return match[0] if match else None


def _words(name: str) -> str:
    return name.split(".")[-1].replace("_", " ")


def clean_text(text: str, keys: set[str]) -> str:
    """`[variable]`s whose root is not a slot become plain words; malformed ones too."""

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        return match.group(0) if name.split(".")[0] in keys else _words(name)

    out = VARIABLE.sub(replace, text)
    for bad in malformed_variables(out):
        out = out.replace(f"[{bad}]", bad.replace("-", " ").replace("_", " "))
    return out


def _clean_value(value: Any, keys: set[str]) -> Any:
    if isinstance(value, str):
        return clean_text(value, keys)
    if isinstance(value, list):
        return [_clean_value(v, keys) for v in value]
    if isinstance(value, dict):
        return {str(k): _clean_value(v, keys) for k, v in value.items()}
    return value


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if not math.isfinite(value):
        return None
    return float(min(120.0, max(1.0, value)))


def _repaired_primitive(raw: dict[str, Any], notes: list[str], index: int) -> str | None:
    """The catalog primitive for the proposed id (noting a change), or None (noted: dropped)."""
    primitive = _closest_primitive(raw.get("primitiveId"))
    if primitive is None:
        notes.append(f"dropped scene {index + 1}: unknown primitive {raw.get('primitiveId')!r}")
        return None
    if primitive != raw.get("primitiveId"):
        notes.append(f"scene {index + 1}: primitive {raw.get('primitiveId')!r} -> {primitive}")
    return primitive


def _clamp_choices(fields: dict[str, Any], info: PrimitiveInfo) -> None:
    """Animation option and transition limited to the allowed ones."""
    if fields.get("animationOption") not in info.animationOptions:
        fields["animationOption"] = info.animationOptions[0]
    if fields.get("transition") is not None and fields["transition"] not in TRANSITIONS:
        fields["transition"] = "fade"


def _clean_durations(fields: dict[str, Any], info: PrimitiveInfo) -> None:
    """Durations made finite numbers in range; the primitive's default when none is left."""
    for name in ("defaultDuration", "durationOverride"):
        if name in fields:
            fields[name] = _number(fields[name])
    if fields.get("defaultDuration") is None:
        fields["defaultDuration"] = info.defaultDuration


def _clean_references(fields: dict[str, Any], keys: set[str]) -> None:
    """dataRequired, texts, sceneData and skipCondition limited to the slots in `keys`."""
    needs = fields.get("dataRequired")
    fields["dataRequired"] = [
        n for n in (needs if isinstance(needs, list) else []) if isinstance(n, str)
        and slot_key(n) in keys
    ]  # fmt: skip
    for name in ("label", "voScript"):
        value = fields.get(name)
        fields[name] = clean_text(value, keys) if isinstance(value, str) else None
    data = fields.get("sceneData")
    fields["sceneData"] = _clean_value(data, keys) if isinstance(data, dict) else {}
    skip = fields.get("skipCondition")
    if isinstance(skip, dict) and skip.get("field") not in keys:
        fields["skipCondition"] = None


def _validated(fields: dict[str, Any], notes: list[str], index: int) -> SceneConfig | None:
    """The scene, retried without the fields that fail validation; None (noted) if it still
    fails."""
    try:
        return SceneConfig.model_validate(fields)
    except ValidationError as exc:
        bad = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
        for name in bad - {"primitiveId"}:
            fields.pop(name, None)
        try:
            return SceneConfig.model_validate(fields)
        except ValidationError:
            notes.append(f"dropped scene {index + 1}: could not be repaired")
            return None


def repair_scene(raw: Any, keys: set[str], notes: list[str], index: int) -> SceneConfig | None:
    """One scene made valid, or None when nothing usable is left (noted)."""
    if not isinstance(raw, dict):
        notes.append(f"dropped scene {index + 1}: not an object")
        return None
    primitive = _repaired_primitive(raw, notes, index)
    if primitive is None:
        return None
    info = get_primitive(primitive)
    assert info is not None
    fields = {k: v for k, v in raw.items() if k in SCENE_FIELDS}
    fields["primitiveId"] = primitive
    _clamp_choices(fields, info)
    _clean_durations(fields, info)
    _clean_references(fields, keys)
    if not isinstance(fields.get("enabled", True), bool):
        fields["enabled"] = True
    for name in ("animationBindings", "wordTimestamps"):
        fields.pop(name, None)  # timings belong to a spoken voiceover, not to a proposal
    return _validated(fields, notes, index)


def repair_slots(raw: Any, existing: list[DataSlot]) -> list[DataSlot]:
    """The template's slots, plus valid proposed ones with new keys (invalid ones dropped)."""
    slots = list(existing)
    seen = {s.key for s in slots}
    for item in raw if isinstance(raw, list) else []:
        try:
            slot = DataSlot.model_validate(item)
        except ValidationError:
            continue
        if slot.key not in seen:
            seen.add(slot.key)
            slots.append(slot)
    return slots


def fit_limits(
    scenes: list[SceneConfig], slots: list[DataSlot], allow: Allowance, notes: list[str]
) -> None:
    """Trim to the tier's scene count (keeping the closing scene) and shrink durations (and
    scripts) until check_template passes; the caller's tier decides (app/limits.py)."""
    limit = allow.limits.max_scenes
    if len(scenes) > limit:
        notes.append(f"kept {limit} scenes, the most the {allow.tier} tier allows")
        while len(scenes) > limit:
            scenes.pop(-2 if len(scenes) > 1 else -1)
    cap = allow.limits.max_vo_script_chars
    for scene in scenes:
        if scene.voScript and len(scene.voScript) > cap:
            scene.voScript = scene.voScript[:cap].rsplit(" ", 1)[0]
    for _ in range(40):
        try:
            check_template(scenes, slots, allow)
            return
        except LimitExceeded as exc:
            if not exc.field.startswith("scenes") or "voScript" in exc.field:
                raise
            factor = min(0.9, allow.limits.max_video_s * 0.95 / max(1.0, float(exc.value)))
            shrunk = False
            for scene in scenes:
                for name in ("defaultDuration", "durationOverride"):
                    value = getattr(scene, name)
                    if value and value > 1.0:
                        setattr(scene, name, max(1.0, round(value * factor, 1)))
                        shrunk = True
            if not shrunk and len(scenes) > 1:
                scenes.pop(-2 if len(scenes) > 2 else -1)  # keep the closing scene
    check_template(scenes, slots, allow)


def fit_speech(
    scenes: list[SceneConfig], slots: list[DataSlot], allow: Allowance, notes: list[str]
) -> None:
    """Scripts lose their last sentences, longest first, until the video a render request
    would estimate (app/limits.py reads speech at its slowest, with sample data filled in)
    fits the tier's length, so a composed template is never refused at render for its
    scripts."""
    data = sample_data([s.model_dump() for s in slots])
    limit_ms = allow.limits.max_video_s * 1000
    cut = 0
    while estimated_duration_ms([s.model_dump() for s in scenes], data, True) > limit_ms:
        longest = max(
            (s for s in scenes if s.enabled and len(SENTENCE.split(s.voScript or "")) > 1),
            key=lambda s: len(s.voScript or ""),
            default=None,
        )
        if longest is None:
            return
        longest.voScript = " ".join(SENTENCE.split(longest.voScript or "")[:-1])
        cut += 1
    if cut:
        notes.append(f"left out {cut} script sentences so the spoken video fits the "
                     f"{allow.tier} tier's {allow.limits.max_video_s} s")  # fmt: skip


def repair(
    raw_scenes: Any,
    raw_slots: Any,
    existing_slots: list[DataSlot],
    allow: Allowance,
    notes: list[str] | None = None,
) -> tuple[list[SceneConfig], list[DataSlot]]:
    """Valid scenes and slots from a provider's proposal; `notes` collects what was changed."""
    notes = notes if notes is not None else []
    slots = repair_slots(raw_slots, existing_slots)
    keys = {s.key for s in slots}
    scenes: list[SceneConfig] = []
    for i, raw in enumerate(raw_scenes if isinstance(raw_scenes, list) else []):
        scene = repair_scene(raw.model_dump() if isinstance(raw, SceneConfig) else raw,
                             keys, notes, i)  # fmt: skip
        if scene is not None:
            scenes.append(scene)
    fit_limits(scenes, slots, allow, notes)
    fit_speech(scenes, slots, allow, notes)
    problems = document_problems(scenes, slots)
    assert not problems, problems  # every rule above is a rule of validation.py
    return scenes, slots
