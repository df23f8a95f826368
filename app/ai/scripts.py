"""The built-in script writer: one voiceover per scene in one of the four SPEC tones, about the
scene's data (`[variable]` references to the template's slots, never sample values) and sized
so the offline voices speak it for the scene's planned duration. Deterministic: same scenes,
slots, tone and use case, same scripts.

A voiced scene lasts its speech plus a breath (app/composition/timeline), so a script fills
its scene when it is spoken for the planned seconds less the breath; `spoken_seconds` says how
long the offline voices speak a script (words, the pauses at punctuation, numbers and dates
spoken as several words)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from app.ai.lines import FILL, LINES, SCENE_FILL, TONE_FILL
from app.ai.schemas import Tone
from app.ai.slots import find_slot
from app.composition.timeline import BREATH_MS, build_timeline
from app.composition.variables import KEY, VARIABLE, variables_in
from app.primitives.catalog import get_primitive
from app.templates.schemas import DataSlot, SceneConfig
from app.templates.validation import slot_key

# How long the offline voices speak a script: seconds per spoken word, per pause (a comma or
# a sentence's end) and once. Fitted on the tuned prompts' scripts (docs/api/ai.md): espeak-ng
# 0.255 s/word + 0.60 s/pause - 0.49 s, Piper 0.193 s/word + 0.55 s/pause + 0.10 s; between
# the two, so one script fills its scene with either voice within a few percent.
SECONDS_PER_WORD = 0.225
SECONDS_PER_PAUSE = 0.575
SECONDS_ONCE = -0.2
BREATH_S = BREATH_MS / 1000
PAUSE = re.compile(r"[.!?:;,](?=\s|$)")
# Spoken words one variable stands for, by its slot's type (a name, "one thousand two hundred
# fifty", "March fourteenth, twenty twenty-six").
VARIABLE_WORDS = {"number": 4.0, "date": 4.0, "text": 2.0, "url": 3.0, "email": 3.0,
                  "country_code": 1.0, "array": 2.0, "object": 2.0}  # fmt: skip

FALLBACK: dict[str, str] = {"name": "", "period": "this period", "company": "our team",
                            "badge": "new"}  # fmt: skip
ROLE_OF = {"name": "person_name", "period": "period", "company": "company_name",
           "badge": "badge_name"}  # fmt: skip
# The list a primitive shows, by its sceneData field ({count} speaks its length).
LIST_FIELD = {"world-map": "countries", "bar-race": "bars", "category-donut": "categories",
              "comparison-bars": "items", "milestone-timeline": "milestones",
              "book-shelf": "books", "poll-card": "options"}  # fmt: skip


def known_keys(scenes: Iterable[SceneConfig], data: Mapping[str, object]) -> list[str]:
    """The slot keys scenes name (dataRequired, variables in sceneData) plus the data's keys
    (only names a slot key may be)."""
    keys: list[str] = []
    for scene in scenes:
        names = [slot_key(n) for n in scene.dataRequired]
        names += [v.split(".")[0] for v in variables_in(str(scene.sceneData))]
        names += [v.split(".")[0] for v in variables_in(scene.voScript)]
        keys += [n for n in names if n not in keys]
    keys += [k for k in data if k not in keys]
    return [k for k in keys if KEY.match(k) and len(k) <= 64]


def slots_for_keys(keys: Iterable[str]) -> list[DataSlot]:
    return [DataSlot(key=k, type="text") for k in keys]


def words(text: str) -> int:
    return len(text.split())


def scene_seconds(scene: SceneConfig) -> float:
    if scene.durationOverride:
        return scene.durationOverride
    if scene.defaultDuration:
        return scene.defaultDuration
    info = get_primitive(scene.primitiveId)
    return info.defaultDuration if info else 5.0


def spoken_words(script: str, slots: Iterable[DataSlot] = ()) -> float:
    """How many words a voice says for the script once its variables are filled."""
    types = {s.key: s.type for s in slots}
    total = 0.0
    for name in variables_in(script):
        root, _, path = name.partition(".")
        kind = "number" if path.endswith("length") else types.get(root, "text")
        total += 1.0 if path.endswith("length") else VARIABLE_WORDS.get(kind, 2.0)
    return total + words(VARIABLE.sub(" ", script))


def spoken_seconds(script: str, slots: Iterable[DataSlot] = ()) -> float:
    """How long the offline voices speak the script once its variables are filled."""
    if not script.strip():
        return 0.0
    pauses = len(PAUSE.findall(script))
    seconds = spoken_words(script, slots) * SECONDS_PER_WORD + pauses * SECONDS_PER_PAUSE
    return max(0.5, seconds + SECONDS_ONCE)


def speech_budget(seconds: float) -> float:
    """Seconds of speech that fill a voiced scene of `seconds` (the rest is the breath)."""
    return max(1.0, seconds - BREATH_S)


def estimate_seconds(scenes: list[SceneConfig], slots: Iterable[DataSlot] = ()) -> float:
    """How long the video plays with its voiceovers: the timeline's own rules (speech plus a
    breath, transitions overlapping) with each script's speech estimated; every scene counts
    (no recipient's data decides a skip yet)."""
    listed = list(slots)
    configs = [s.model_dump(exclude={"skipCondition"}) for s in scenes]
    speech = {
        i: math.ceil(spoken_seconds(s.voScript, listed) * 1000)
        for i, s in enumerate(scenes)
        if s.enabled and s.voScript and s.voScript.strip()
    }
    return build_timeline(configs, {}, speech).duration_ms / 1000


def _whole(value: Any) -> str | None:
    """The key of a sceneData value that is exactly one `[key]`."""
    if isinstance(value, str) and (m := VARIABLE.fullmatch(value.strip())):
        return m.group(1).split(".")[0]
    return None


def mentions(scene: SceneConfig, slots: list[DataSlot]) -> dict[str, str]:
    """The `[slot]` references the scene's lines may use, by placeholder."""
    out: dict[str, str] = {}
    for placeholder, role in ROLE_OF.items():
        slot = find_slot(slots, role)
        if slot is not None:
            out[placeholder] = f"[{slot.key}]"
    data = scene.sceneData
    listed = _whole(data.get(LIST_FIELD.get(scene.primitiveId, "")))
    if listed:
        out["count"] = f"[{listed}.length]"
    author = _whole(data.get("person_name"))
    if scene.primitiveId == "quote-card" and author and f"[{author}]" != out.get("name"):
        out["author"] = f"[{author}]"
    if scene.primitiveId == "percentile-gauge" and (key := _whole(data.get("percentile"))):
        out["percentile"] = f"[{key}]"
    return out


def _fill(line: str, found: Mapping[str, str]) -> str | None:
    """The line with its placeholders filled, None when one cannot be."""
    out = line
    for placeholder in re.findall(r"\{(\w+)\}", line):
        value = found.get(placeholder, FALLBACK.get(placeholder))
        if value is None:
            return None
        out = out.replace("{" + placeholder + "}", value)
    # A missing name leaves ", ." or a leading comma: tidy the punctuation.
    out = out.replace(" ,", ",").replace(", .", ".").replace(", !", "!").replace(" ?", "?")
    out = out.replace(",?", "?").replace(",!", "!").replace(",.", ".").replace("  ", " ")
    out = out.strip().lstrip(", ").strip()
    return out[:1].upper() + out[1:]


def quantity_lines(scene: SceneConfig) -> list[str]:
    """One sentence per typed stat card: "You gave $[amount_given].", "Win rate: [win_rate]
    percent."."""
    out: list[str] = []
    stats = scene.sceneData.get("stats")
    for card in stats if isinstance(stats, list) else []:
        if not isinstance(card, dict) or not (key := _whole(card.get("value"))):
            continue
        label = str(card.get("label") or "").strip() or "The number"
        prefix, suffix = str(card.get("prefix") or ""), str(card.get("suffix") or "").strip()
        unit = {"%": "percent", "h": "hours", "min": "minutes"}.get(suffix, suffix)
        if unit and label.lower().split()[0] == unit:
            unit = ""
        value = f"{prefix}[{key}]" + (f" {unit}" if unit else "")
        out.append(f"{label} {value}." if label.startswith("You ") else f"{label}: {value}.")
    return out


def write_script(
    scene: SceneConfig,
    tone: Tone,
    slots: list[DataSlot],
    use_case: str | None = None,
    used: set[str] | None = None,
) -> str:
    """The scene's lead line about its data, then sentences for the use case and tone until
    the script fills the scene's planned duration (`used` keeps a video from repeating one)."""
    budget = speech_budget(scene_seconds(scene))
    found = mentions(scene, slots)
    facts = quantity_lines(scene)
    candidates = LINES.get(scene.primitiveId, {}).get(tone) or ["A closer look, {name}."]
    # Lines whose every placeholder has a slot first; fallback words only when none fits.
    whole = [c for c in candidates if set(re.findall(r"\{(\w+)\}", c)) <= set(found)]
    filled = [t for t in (_fill(c, found) for c in whole or candidates) if t]
    room = budget - spoken_seconds(" ".join(facts), slots)
    fitting = [t for t in filled if spoken_seconds(t, slots) <= room]
    lead = fitting[0] if fitting else filled[-1]
    parts = [lead, *facts]
    if not variables_in(" ".join(parts)) and "name" in found:
        parts[0] = f"{found['name']}, {parts[0][:1].lower()}{parts[0][1:]}"
    spent = used if used is not None else set()
    pool = [*SCENE_FILL.get(scene.primitiveId, []), *FILL.get(use_case or "", []),
            *TONE_FILL[tone]]  # fmt: skip
    total = spoken_seconds(" ".join(parts), slots)
    while budget - total >= 0.8:
        options = [s for s in pool if s not in spent and s not in parts]
        if not options:
            break
        # The sentence that lands closest to the budget (the first of equals).
        gain = {s: spoken_seconds(" ".join([*parts, s]), slots) - total for s in options}
        best = min(options, key=lambda s: abs(budget - total - gain[s]))
        if total + gain[best] - budget > budget - total:
            break  # adding it would overshoot by more than stopping short
        parts.append(best)
        spent.add(best)
        total += gain[best]
    return " ".join(parts)
