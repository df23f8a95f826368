"""Lay a template's scenes on one timeline: skips, durations, transition overlaps.

Python is the single source of timing: the page's runtime only reads the start and
duration of each scene from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.composition.variables import (
    MISSING,
    VARIABLE,
    lookup,
    present,
    substitute,
    variables_in,
)
from app.primitives.catalog import get_primitive
from app.spec import SKIP_OPS, TRANSITIONS

DEFAULT_TRANSITION = "fade"
TRANSITION_MS = 500
BREATH_MS = 600
MIN_SCENE_MS = 500


class UnknownPrimitive(ValueError):
    """A scene names a primitive that has no manifest."""


@dataclass(frozen=True)
class TimelineScene:
    """One scene placed on the timeline. `transition` is the way this scene enters."""

    index: int
    primitive_id: str
    animation_option: str
    start_ms: int
    duration_ms: int
    transition: str
    transition_ms: int
    config: dict[str, Any] = field(repr=False)
    voiceover_ms: int | None = None
    # Shows recipient data: its sceneData has a [variable], or a data input is filled from
    # the data (the poster is the first such scene, once settled).
    personalized: bool = False

    @property
    def end_ms(self) -> int:
        return self.start_ms + self.duration_ms


@dataclass(frozen=True)
class Timeline:
    """The scenes that play, in order, and the total length."""

    scenes: list[TimelineScene]
    duration_ms: int
    skipped: list[int] = field(default_factory=list)


def scene_dict(scene: Any) -> dict[str, Any]:
    """A SceneConfig as a plain dict, whether given as a dict or a pydantic model."""
    if isinstance(scene, Mapping):
        return dict(scene)
    dump = getattr(scene, "model_dump", None)
    if dump is None:
        raise TypeError(f"scene must be a mapping or a pydantic model, not {type(scene).__name__}")
    return dict(dump(by_alias=True))


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.replace(",", "").strip())
        except ValueError:
            return None
    return None


def condition_holds(condition: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    """Whether `field op value` holds on the data.

    `exists` means present and not null/empty. Ordering ops compare numbers (numeric strings
    count); a missing or non-numeric side makes them false. `==`/`!=` compare numerically
    when both sides are numbers, otherwise as strings (case-sensitive); missing equals nothing.
    """
    op = condition.get("op")
    if op not in SKIP_OPS:
        raise ValueError(f"skipCondition.op {op!r} is not one of {', '.join(SKIP_OPS)}")
    actual = lookup(data, str(condition.get("field", "")))
    if op == "exists":
        return present(actual)
    if op == "not_exists":
        return not present(actual)
    expected = condition.get("value")
    if op in ("==", "!="):
        equal = _equal(actual, expected)
        return equal if op == "==" else not equal
    left, right = _number(actual if actual is not MISSING else None), _number(expected)
    if left is None or right is None:
        return False
    return {">=": left >= right, "<=": left <= right, ">": left > right, "<": left < right}[op]


def _equal(actual: Any, expected: Any) -> bool:
    if actual is MISSING:
        return expected is None
    left, right = _number(actual), _number(expected)
    if left is not None and right is not None:
        return left == right
    if isinstance(actual, bool) or isinstance(expected, bool):
        return str(actual).lower() == str(expected).lower()
    return actual == expected if not isinstance(actual, str) else actual == str(expected)


def should_skip(scene: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    """True when the scene is disabled or its skipCondition says skip."""
    if scene.get("enabled", True) is False:
        return True
    condition = scene.get("skipCondition")
    if not condition:
        return False
    holds = condition_holds(condition, data)
    # skipWhen true (default): skip when the condition holds; false: skip when it does not.
    return holds if condition.get("skipWhen", True) else not holds


def scene_duration_ms(
    scene: Mapping[str, Any], manifest_seconds: float, voiceover_ms: int | None, breath_ms: int
) -> int:
    """durationOverride, else voiceover + breath, else defaultDuration; speech is never cut."""
    speech = voiceover_ms + breath_ms if voiceover_ms else None
    override = scene.get("durationOverride")
    if override is not None and override > 0:
        wanted = round(float(override) * 1000)
        return max(wanted, speech or 0, MIN_SCENE_MS)
    if speech is not None:
        return max(speech, MIN_SCENE_MS)
    seconds = scene.get("defaultDuration") or manifest_seconds
    return max(round(float(seconds) * 1000), MIN_SCENE_MS)


def transition_into(scene: Mapping[str, Any]) -> str:
    """The scene's entry transition; unknown or empty names fall back to the default."""
    name = str(scene.get("transition") or DEFAULT_TRANSITION).strip().lower()
    return name if name in TRANSITIONS else DEFAULT_TRANSITION


def build_timeline(
    scenes: Sequence[Any],
    data: Mapping[str, Any],
    voiceover_ms: Mapping[int, int] | None = None,
    breath_ms: int = BREATH_MS,
    transition_ms: int = TRANSITION_MS,
) -> Timeline:
    """Lay out the enabled, non-skipped scenes; `voiceover_ms` maps scene index -> speech length.

    A scene with an entry transition overlaps the previous scene by
    min(transition_ms, half of either scene); `cut` and the first scene overlap by 0.
    """
    placed: list[TimelineScene] = []
    skipped: list[int] = []
    cursor = 0
    for index, raw in enumerate(scenes):
        config = scene_dict(raw)
        if should_skip(config, data):
            skipped.append(index)
            continue
        primitive_id = str(config.get("primitiveId", ""))
        info = get_primitive(primitive_id)
        if info is None:
            raise UnknownPrimitive(f"scene {index} uses unknown primitive {primitive_id!r}")
        speech = (voiceover_ms or {}).get(index)
        duration = scene_duration_ms(config, info.defaultDuration, speech, breath_ms)
        transition = transition_into(config) if placed else "cut"
        overlap = 0
        if placed and transition != "cut":
            overlap = min(transition_ms, placed[-1].duration_ms // 2, duration // 2)
        start = cursor - overlap
        option = config.get("animationOption") or info.animationOptions[0]
        if option not in info.animationOptions:
            option = info.animationOptions[0]
        placed.append(
            TimelineScene(
                index=index,
                primitive_id=primitive_id,
                animation_option=option,
                start_ms=start,
                duration_ms=duration,
                transition=transition,
                transition_ms=overlap,
                config=config,
                voiceover_ms=speech,
                personalized=shows_recipient_data(config, data),
            )
        )
        cursor = start + duration
    return Timeline(scenes=placed, duration_ms=cursor, skipped=skipped)


def resolve_value(value: Any, data: Mapping[str, Any]) -> Any:
    """sceneData values with data bound in: a string that is exactly `[key]` takes the raw
    value (arrays, numbers); other strings get `[variable]` substitution; recursive."""
    if isinstance(value, str):
        whole = VARIABLE.fullmatch(value.strip())
        if whole:
            found = lookup(data, whole.group(1))
            return None if found is MISSING else found
        return substitute(value, data, isolate=True).text
    if isinstance(value, Mapping):
        return {str(k): resolve_value(v, data) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [resolve_value(v, data) for v in value]
    return value


def resolved_scene_data(scene: TimelineScene, data: Mapping[str, Any]) -> dict[str, Any]:
    """The scene's sceneData with data bound in (`resolve_value`); {} when it has none."""
    scene_data = scene.config.get("sceneData") or {}
    return resolve_value(scene_data, data) if isinstance(scene_data, Mapping) else {}


def scene_props(
    scene: TimelineScene, data: Mapping[str, Any], resolved: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """What a primitive sees: its dataInputs taken from data, overlaid by resolved sceneData
    (`resolved`: `resolved_scene_data` already made, e.g. for `prop_fields` too)."""
    info = get_primitive(scene.primitive_id)
    props: dict[str, Any] = {}
    for name in info.dataInputs if info else []:
        key = name.removesuffix("[]")
        value = lookup(data, key)
        if value is not MISSING:
            props[key] = value
    props.update(resolved_scene_data(scene, data) if resolved is None else resolved)
    return props


def shows_recipient_data(config: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    """Whether a scene shows recipient data: a `[variable]` anywhere in its sceneData, or one
    of its primitive's dataInputs taken from the data (not overridden by sceneData)."""
    scene_data = config.get("sceneData") or {}
    if not isinstance(scene_data, Mapping):
        scene_data = {}
    if _has_variable(scene_data):
        return True
    info = get_primitive(str(config.get("primitiveId", "")))
    for name in info.dataInputs if info else []:
        key = name.removesuffix("[]")
        if key not in scene_data and present(lookup(data, key)):
            return True
    return False


def reads_no_data(config: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    """Whether a scene shows the same whatever the data: no `[variable]` in its sceneData and
    none of its primitive's dataInputs found in the data (its props are its sceneData)."""
    scene_data = config.get("sceneData") or {}
    if not isinstance(scene_data, Mapping):
        scene_data = {}
    info = get_primitive(str(config.get("primitiveId", "")))
    inputs = [name.removesuffix("[]") for name in (info.dataInputs if info else [])]
    if not all(key in scene_data or lookup(data, key) is MISSING for key in inputs):
        return False
    return not _has_variable(scene_data)


def _has_variable(value: Any) -> bool:
    """Whether a `[variable]` is in any string inside `value` (stops at the first)."""
    if isinstance(value, str):
        return VARIABLE.search(value) is not None
    if isinstance(value, Mapping):
        return any(_has_variable(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_has_variable(v) for v in value)
    return False


def field_path(dotted: str) -> str:
    """A variable's dotted path as a field path: `books.0.title` -> `books[0].title`."""
    out = ""
    for part in dotted.split("."):
        out += f"[{part}]" if part.lstrip("-").isdigit() and out else (f".{part}" if out else part)
    return out


def _fields_from_data(value: Any, prop: str, source: str, out: dict[str, str]) -> None:
    if isinstance(value, Mapping):
        for k, v in value.items():
            _fields_from_data(v, f"{prop}.{k}", f"{source}.{k}", out)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _fields_from_data(v, f"{prop}[{i}]", f"{source}[{i}]", out)
    elif value is not None:
        out[prop] = source


def _fields_from_scene(
    template: Any, value: Any, prop: str, source: str, out: dict[str, str]
) -> None:
    if isinstance(template, str):
        whole = VARIABLE.fullmatch(template.strip())
        names = variables_in(template)
        if whole:
            _fields_from_data(value, prop, field_path(whole.group(1)), out)
        elif value is not None:
            out[prop] = field_path(names[0]) if len(names) == 1 else source
    elif isinstance(template, Mapping) and isinstance(value, Mapping):
        for k, v in template.items():
            _fields_from_scene(v, value.get(str(k)), f"{prop}.{k}", f"{source}.{k}", out)
    elif isinstance(template, (list, tuple)) and isinstance(value, (list, tuple)):
        for i, (t, v) in enumerate(zip(template, value, strict=False)):
            _fields_from_scene(t, v, f"{prop}[{i}]", f"{source}[{i}]", out)
    else:
        _fields_from_data(value, prop, source, out)


def prop_fields(
    scene: TimelineScene, data: Mapping[str, Any], resolved: Mapping[str, Any] | None = None
) -> dict[str, str]:
    """Where each text shown by a scene comes from: props path -> field path.

    A value taken from the data names its data field (`keyStats[1].label`); a sceneData text
    with exactly one variable names that variable's field; any other sceneData text names
    itself (`scenes[2].sceneData.title`)."""
    out: dict[str, str] = {}
    scene_data = scene.config.get("sceneData") or {}
    if not isinstance(scene_data, Mapping):
        scene_data = {}
    info = get_primitive(scene.primitive_id)
    for name in info.dataInputs if info else []:
        key = name.removesuffix("[]")
        value = lookup(data, key)
        if key not in scene_data and value is not MISSING:
            _fields_from_data(value, key, key, out)
    for key, template in scene_data.items():
        source = f"scenes[{scene.index}].sceneData.{key}"
        value = resolve_value(template, data) if resolved is None else resolved.get(str(key))
        _fields_from_scene(template, value, str(key), source, out)
    return out
