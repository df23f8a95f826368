"""The tier limits of one render request once its data is bound (`POST /api/render`, each
row of a batch): checked before anything is charged. The figures and the checks that do not
depend on recipient data are app/limits.py's."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.composition.timeline import Timeline
from app.composition.variables import VARIABLE, lookup, present
from app.limits import (
    Allowance,
    LimitExceeded,
    check_duration,
    check_output_times,
    check_render_options,
    check_strings,
    estimated_timeline,
    expanded_length,
    over,
    strings_in,
)
from app.primitives.catalog import get_primitive
from app.templates.binding import prepare_render


def _utf8(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def _page_size(scenes: Sequence[dict[str, Any]], data: Mapping[str, Any], allow: Allowance) -> int:
    """sceneData strings after substitution within the tier's size; returns the scene content
    the composed page would carry (UTF-8 bytes; a value used whole, by `[key]` or as one of the
    primitive's dataInputs, counts as its JSON), as `scene_props` builds it."""
    json_sizes: dict[str, int] = {}

    def whole(name: str) -> int:
        if name not in json_sizes:
            value = lookup(data, name)
            json_sizes[name] = len(json.dumps(value, default=str)) if present(value) else 0
        return json_sizes[name]

    total = 0
    for index, scene in enumerate(scenes):
        info = get_primitive(str(scene.get("primitiveId", "")))
        own = scene.get("sceneData") or {}
        for name in info.dataInputs if info else []:
            key = name.removesuffix("[]")
            if key not in own:
                total += whole(key)
        for where, text in strings_in(scene.get("sceneData") or {}, f"scenes[{index}].sceneData"):
            reference = VARIABLE.fullmatch(text.strip())
            if reference:
                total += whole(reference.group(1))
                continue
            size = expanded_length(text, data)
            over(
                where, size, allow.limits.max_text_chars, "characters", allow, " after substitution"
            )
            total += expanded_length(text, data, _utf8) if size else 0
    return total


@dataclass(frozen=True)
class BoundRender:
    """One recipient's scenes and data bound as the render binds them (`prepare_render`) and
    their estimated timeline (None when it cannot be laid out): made by the checks, reused
    by the warnings so a create binds and lays out the scenes once."""

    scenes: list[dict[str, Any]]
    data: dict[str, Any]
    timeline: Timeline | None


def check_render_data(
    options: Mapping[str, Any], data: Mapping[str, Any], allow: Allowance
) -> BoundRender:
    """One recipient's data: its strings, each voScript and sceneData string after
    substitution, the composed page's size and the estimated video length. Returns the
    bound scenes and their timeline."""

    limits = allow.limits
    check_strings(data, "data", allow)
    scenes, prepared = prepare_render(
        options.get("scenes") or [],
        options.get("dataSlots") or [],
        data,
        options.get("dataSource"),
    )
    for index, scene in enumerate(scenes):
        script = scene.get("voScript")
        if script and scene.get("enabled", True) is not False:
            size = expanded_length(script, prepared)
            field = f"scenes[{index}].voScript"
            over(
                field, size, limits.max_vo_script_chars, "characters", allow, " after substitution"
            )
    page = _page_size(scenes, prepared, allow)
    over(
        "scenes", page, limits.max_page_bytes, "bytes of page content", allow, " after substitution"
    )
    include_voiceover = bool((options.get("audio") or {}).get("includeVoiceover"))
    timeline = estimated_timeline(scenes, prepared, include_voiceover)
    duration_ms = 0 if timeline is None else timeline.duration_ms
    check_duration(duration_ms, "scenes", allow, "(estimated before speaking)")
    check_output_times(options.get("output") or {}, duration_ms, allow)
    return BoundRender(scenes, prepared, timeline)


def check_render(
    options: Mapping[str, Any], data: Mapping[str, Any], allow: Allowance
) -> BoundRender:
    """A single render request (`POST /api/render`), before it is charged."""
    check_render_options(options, allow)
    return check_render_data(options, data, allow)


def check_batch(
    options: Mapping[str, Any],
    rows: Sequence[Mapping[str, Any]],
    allow: Allowance,
    numbers: Sequence[int] | None = None,
) -> None:
    """A batch (`POST /api/render/batch`): the options once, then each row, naming the row
    (`numbers`: the rows' 1-based numbers in the request when `rows` are some of them, e.g.
    one A/B variant's)."""
    check_render_options(options, allow)
    for index, data in enumerate(rows):
        number = numbers[index] if numbers is not None else index + 1
        try:
            check_render_data(options, data, allow)
        except LimitExceeded as exc:
            raise LimitExceeded(
                f"rows[{number - 1}].{exc.field}",
                exc.value,
                exc.limit,
                f"row {number}: {exc.message}; nothing was queued",
            ) from exc
