"""What one render may cost, per tier: checked at template save, at render request time (before
anything is charged) and in the worker once the voiceovers are spoken.

The figures are settings (`TierLimits` in app/config.py, docs/api/limits.md). Every check is a pure
function that raises `LimitExceeded` (a domain error) naming the field, the value and the limit;
the app answers it with 400 `invalid_request`, the worker fails the job (refunded) with its
message. The checks of a request's bound data (slot defaults and data sources applied) are
app/renders/limits.py's.

Sizes after `[variable]` substitution are computed without building the text: a script of
20,000 `[x]` with a 5 KB `x` is measured as 100 MB in one pass over the script, never built.

The video length is estimated before speaking from the timeline rules (app/composition/timeline):
a scene lasts its `durationOverride`, else its voiceover plus a breath, else its
`defaultDuration` (or the primitive's), with transitions overlapping. A voiceover is estimated
from its script after substitution at the slower of WORDS_PER_SECOND and CHARS_PER_SECOND (real
voices speak 2.5-3 words/s, so this is an upper bound for ordinary text); numbers spelled out by
the voice can still make speech longer, which the worker's check after speaking catches.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from app.composition.timeline import Timeline, UnknownPrimitive, build_timeline, scene_dict
from app.composition.variables import VARIABLE, as_text, lookup, present, substitute
from app.config import Settings
from app.errors import DomainError, Kind
from app.kept import Kept
from app.spec import DEFAULT_ASPECT_RATIO, DEVICE_SCALE, frame_pixels, frame_size
from app.tiers import TierLimits

WORDS_PER_SECOND = 2.0
CHARS_PER_SECOND = 11.0
MAX_NESTING = 32  # levels of lists/objects inside data and sceneData

Measure = Callable[[str], int]


class LimitExceeded(DomainError):
    """A request goes over a limit of its tier (400): `message` names field, value and limit;
    the detail gives the field as a path, e.g. ["scenes", "3", "voScript"]."""

    kind = Kind.INVALID

    def __init__(self, field: str, value: Any, limit: Any, message: str) -> None:
        loc = re.findall(r"[^.\[\]]+", field)
        super().__init__(message, details=[{"loc": loc, "msg": message, "type": "limit"}])
        self.field, self.value, self.limit = field, value, limit

    @property
    def detail(self) -> dict[str, Any]:
        return self.details[0]


@dataclass(frozen=True)
class Allowance:
    """A tier's limits and its name (for the messages)."""

    tier: str
    limits: TierLimits


def allowance(settings: Settings, tier: str | None) -> Allowance:
    """The limits of `tier` (an unknown or missing tier gets free's)."""
    name = tier if tier in settings.tiers else "free"
    return Allowance(name, settings.tiers[name])


def over(field: str, value: int, limit: int, unit: str, allow: Allowance, note: str = "") -> None:
    if value > limit:
        raise LimitExceeded(
            field,
            value,
            limit,
            f"{field}: {value:,} {unit}{note}; the {allow.tier} tier allows {limit:,}",
        )


# ---- sizes ----


def expanded_length(text: str, data: Mapping[str, Any], measure: Measure = len) -> int:
    """The size of `text` after `[variable]` substitution, without building it: each reference
    counts as its value's text (an unknown or empty one as nothing). One pass over `text`; each
    distinct variable's value is measured once."""
    sizes: dict[str, int] = {}
    total = measure(text)
    for match in VARIABLE.finditer(text):
        name = match.group(1)
        if name not in sizes:
            value = lookup(data, name)
            sizes[name] = measure(as_text(value)) if present(value) else 0
        total += sizes[name] - measure(match.group(0))
    return total


def strings_in(value: Any, path: str) -> list[tuple[str, str]]:
    """(path, string) for every string inside nested dicts and lists, without recursion;
    LimitExceeded when nested deeper than MAX_NESTING."""
    found: list[tuple[str, str]] = []
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            found.append((where, item))
            continue
        if not isinstance(item, (Mapping, list, tuple)):
            continue
        if depth >= MAX_NESTING:
            raise LimitExceeded(
                where, depth, MAX_NESTING, f"{where}: nested deeper than {MAX_NESTING} levels"
            )
        pairs = item.items() if isinstance(item, Mapping) else enumerate(item)
        for key, child in pairs:
            child_path = f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}"
            stack.append((child, child_path, depth + 1))
    found.reverse()
    return found


def check_strings(value: Any, path: str, allow: Allowance) -> None:
    """Every string inside `value` (data, sceneData, a slot default) within the tier's length."""
    for where, text in strings_in(value, path):
        over(where, len(text), allow.limits.max_data_string_chars, "characters", allow)


# ---- duration ----


def speech_estimate_ms(text: str) -> int:
    """An upper bound of how long a voice takes to speak `text` (ordinary text)."""
    seconds = max(len(text.split()) / WORDS_PER_SECOND, len(text) / CHARS_PER_SECOND)
    return math.ceil(seconds * 1000)


def estimated_duration_ms(
    scenes: Sequence[Any], data: Mapping[str, Any], include_voiceover: bool
) -> int:
    """The video length by the timeline rules with estimated voiceovers; call after the
    voScript sizes are checked (the scripts are substituted here)."""
    timeline = estimated_timeline(scenes, data, include_voiceover)
    return 0 if timeline is None else timeline.duration_ms


def estimated_timeline(
    scenes: Sequence[Any], data: Mapping[str, Any], include_voiceover: bool
) -> Timeline | None:
    """The timeline with estimated voiceovers (`estimated_duration_ms`); None for scenes the
    timeline cannot lay out (not a limit question: the template checks report it)."""
    speech: dict[int, int] = {}
    if include_voiceover:
        for index, raw in enumerate(scenes):
            script = scene_dict(raw).get("voScript")
            if script:
                text = substitute(script, data).text
                if text.strip():
                    speech[index] = speech_estimate_ms(text)
    try:
        return build_timeline(scenes, data, speech)
    except (UnknownPrimitive, ValueError):
        return None


def shortest_duration_ms(scenes: Sequence[Any]) -> int:
    """A lower bound of the video length whatever the data: only the scenes that always play
    (enabled, no skipCondition); a scene with a voScript counts as if its speech took no time
    (its breath alone), since the voice may replace its defaultDuration."""
    always = [
        config
        for config in (scene_dict(s) for s in scenes)
        if config.get("enabled", True) is not False and not config.get("skipCondition")
    ]
    speech = {index: 1 for index, config in enumerate(always) if config.get("voScript")}
    try:
        return build_timeline(always, {}, speech).duration_ms
    except (UnknownPrimitive, ValueError):
        return 0


def check_duration(duration_ms: int, field: str, allow: Allowance, how: str) -> None:
    limit = allow.limits.max_video_s
    if duration_ms > limit * 1000:
        seconds = math.ceil(duration_ms / 1000)
        raise LimitExceeded(
            field,
            seconds,
            limit,
            f"{field}: the video would last {seconds:,} s {how}; the {allow.tier} tier allows "
            f"{limit:,} s (shorten scenes, durationOverride or voScript)",
        )


def check_spoken_duration(timeline_ms: int, allow: Allowance) -> None:
    """The worker's check once the voiceovers are spoken (their real length)."""
    check_duration(timeline_ms, "duration", allow, "with its voiceovers spoken")


# ---- template save ----


# Templates that passed check_template, by their content and the limits checked: every render
# of a template checks the same scenes again (0.2 ms a render on this machine).
_PASSED: Kept[tuple[Any, ...], bool] = Kept(256)


def _passed_key(configs: list[Any], slots: list[Any], allow: Allowance) -> tuple[Any, ...] | None:
    limits = allow.limits
    try:
        content = orjson.dumps([configs, slots])
    except TypeError:  # not JSON (a caller's own objects): checked every time
        return None
    checked = (limits.max_scenes, limits.max_data_slots, limits.max_vo_script_chars)
    return (content, allow.tier, *checked, limits.max_data_string_chars, limits.max_video_s)


def check_template(scenes: Sequence[Any], data_slots: Sequence[Any], allow: Allowance) -> None:
    """Scenes and data slots per template, raw voScript and string sizes, and the shortest
    length the template can have (`shortest_duration_ms`); a template that passed with the
    same content and limits is not checked again."""
    configs = [scene_dict(s) for s in scenes]
    slots = [scene_dict(s) for s in data_slots]
    key = _passed_key(configs, slots, allow)
    if key is not None and _PASSED.recall(key):
        return
    _check_template(configs, slots, allow)
    if key is not None:
        _PASSED.keep(key, True)


def _check_template(configs: list[Any], data_slots: list[Any], allow: Allowance) -> None:
    limits = allow.limits
    over("scenes", len(configs), limits.max_scenes, "scenes", allow)
    over("dataSlots", len(data_slots), limits.max_data_slots, "data slots", allow)
    for index, scene in enumerate(configs):
        script = scene.get("voScript") or ""
        over(
            f"scenes[{index}].voScript",
            len(script),
            limits.max_vo_script_chars,
            "characters",
            allow,
        )
        check_strings(scene.get("sceneData") or {}, f"scenes[{index}].sceneData", allow)
    for index, slot in enumerate(data_slots):
        check_strings(slot.get("defaultValue"), f"dataSlots[{index}].defaultValue", allow)
    check_duration(
        shortest_duration_ms(configs), "scenes", allow, "from the scenes that always play"
    )


# ---- render requests ----


def max_pixels(allow: Allowance) -> int:
    """The largest frame the tier renders, in pixels: its largest allowed resolution at 16:9
    (tier limits count pixels, so 1080p 9:16 is allowed wherever 1080p is)."""
    return max((frame_pixels(r) for r in allow.limits.resolutions if r in DEVICE_SCALE), default=0)


def check_output(output: Mapping[str, Any], allow: Allowance) -> None:
    """The frame size (pixels of the resolution at the shape) and fps the tier may render;
    `frameAtMs` only for a png, a GIF's range within the tier's clip length."""
    fmt = output.get("format") or "mp4"
    if output.get("frameAtMs") is not None and fmt != "png":
        raise LimitExceeded(
            "output.frameAtMs",
            output["frameAtMs"],
            "png",
            f"output.frameAtMs: only a png output takes one frame (output.format is {fmt}); "
            "use output.range to render a part of the video",
        )
    span = output.get("range")
    if fmt == "gif" and span:
        check_gif_length(span["endMs"] - span["startMs"], "output.range", allow)
    fps = output.get("fps")
    if fps is not None and fps not in allow.limits.fps:
        raise LimitExceeded(
            "output.fps",
            fps,
            allow.limits.fps,
            f"output.fps: {fps} is not available on the {allow.tier} tier; allowed: "
            f"{', '.join(str(a) for a in allow.limits.fps)}",
        )
    resolution = output.get("resolution")
    if resolution is None or resolution not in DEVICE_SCALE:
        return
    shape = output.get("aspectRatio") or DEFAULT_ASPECT_RATIO
    width, height = frame_size(resolution, shape)
    limit = max_pixels(allow)
    if width * height > limit:
        names = [r for r in allow.limits.resolutions if r in DEVICE_SCALE]
        raise LimitExceeded(
            "output.resolution",
            resolution,
            names,
            f"output.resolution: {resolution} is not available on the {allow.tier} tier; "
            f"allowed: {', '.join(names)} (tiers count pixels: {resolution} {shape} is "
            f"{width}x{height} = {width * height:,}, the tier allows {limit:,} a frame)",
        )


def check_gif_length(length_ms: float, field: str, allow: Allowance) -> None:
    limit = allow.limits.max_gif_s
    if length_ms > limit * 1000:
        seconds = math.ceil(length_ms / 100) / 10
        raise LimitExceeded(
            field,
            seconds,
            limit,
            f"{field}: a GIF of {seconds:g} s; the {allow.tier} tier makes GIFs of at most "
            f"{limit} s (set output.range to the part to show, e.g. "
            '{"startMs": 0, "endMs": 3000})',
        )


def check_output_times(output: Mapping[str, Any], duration_ms: int, allow: Allowance) -> None:
    """`output.range` and `output.frameAtMs` against the video's (estimated) length, and a
    GIF of the whole video against the tier's clip length."""
    if duration_ms <= 0:
        return
    span = output.get("range")
    if span:
        start, end = float(span["startMs"]), float(span["endMs"])
        if start >= duration_ms or end > duration_ms:
            raise LimitExceeded(
                "output.range",
                [start, end],
                duration_ms,
                f"output.range: {start:g}-{end:g} ms is outside the video, which lasts "
                f"{duration_ms:,} ms",
            )
    at = output.get("frameAtMs")
    if at is not None and float(at) >= duration_ms:
        raise LimitExceeded(
            "output.frameAtMs",
            at,
            duration_ms,
            f"output.frameAtMs: {float(at):g} ms is past the end of the video, which lasts "
            f"{duration_ms:,} ms",
        )
    if (output.get("format") or "mp4") == "gif" and not span:
        check_gif_length(duration_ms, "output.format", allow)


def check_render_options(options: Mapping[str, Any], allow: Allowance) -> None:
    """What does not depend on the recipient data: output, and the template (it may have been
    saved under another tier, or before these limits)."""
    check_output(options.get("output") or {}, allow)
    check_template(options.get("scenes") or [], options.get("dataSlots") or [], allow)
