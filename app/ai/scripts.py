"""The built-in script writer: one voiceover per scene in one of the four SPEC tones, about the
scene's data (`[variable]` references to the template's slots, never sample values) and sized
so the offline voices speak it for the scene's planned duration. Deterministic: same scenes,
slots, tone and use case, same scripts.

A voiced scene lasts its speech plus a breath (app/composition/timeline), so a script fills
its scene when it is spoken for the planned seconds less the breath; `spoken_seconds` says how
long the offline voices speak a script (syllables, the pauses at punctuation, and each
variable by what it holds: an amount, a date, a number, a percentage, a name)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from app.ai import regex
from app.ai.currencies import SPOKEN, spoken_after
from app.ai.lines import (
    ANNOUNCES,
    CASE_LINES,
    DETAIL_LINES,
    FILL,
    LINES,
    PRAISED,
    SCENE_FILL,
    TONE_FILL,
    TONE_PRAISE,
)
from app.ai.schemas import Tone
from app.ai.slots import find_slot
from app.composition.timeline import BREATH_MS, build_timeline
from app.composition.variables import KEY, VARIABLE, variables_in
from app.primitives.catalog import get_primitive
from app.templates.schemas import DataSlot, SceneConfig
from app.templates.validation import slot_key

# How long the offline voices speak a script: seconds per syllable of its words, per pause (a
# comma or a sentence's end), per variable by what it holds, and once. Fitted on the composer's
# scripts spoken with sample data by each offline voice (docs/api/ai.md): the mean of the
# espeak-ng, Piper and Kokoro fits, so a video's estimate is within about 13 % of what any of
# them speaks (a word's length is its syllables: "Congratulations" takes five times "you").
SECONDS_PER_SYLLABLE = 0.19
SECONDS_PER_PAUSE = 0.40
SECONDS_ONCE = -0.1
BREATH_S = BREATH_MS / 1000
PAUSE = re.compile(r"[.!?:;,](?=\s|$)")
# Seconds one variable is spoken for, by what it holds: "$1,250" is "one thousand two hundred
# and fifty dollars", a date "March fourteenth twenty twenty-six", a list's length one word.
VARIABLE_SECONDS = {"money": 2.35, "date": 2.15, "number": 1.45, "percent": 0.95,
                    "length": 0.56, "text": 0.82}  # fmt: skip
CURRENCY_SIGNS = "$€£¥"

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


def syllables(word: str) -> int:
    """Syllables of an English word, near enough: its vowel groups, less a silent final e."""
    word = word.lower().strip(".,!?;:'\"()")
    count = len(regex.findall(r"[aeiouy]+", word))
    if word.endswith("e") and not word.endswith(("le", "ee")) and count > 1:
        count -= 1
    return max(1, count)


def variable_seconds(script: str, slots: Iterable[DataSlot] = ()) -> float:
    """How long the variables of a script are spoken for, by what each holds."""
    types = {s.key: s.type for s in slots}
    total = 0.0
    for match in VARIABLE.finditer(script):
        root, _, path = match.group(1).partition(".")
        kind = types.get(root, "text")
        after = script[match.end() : match.end() + 9].strip()
        if path.endswith("length"):
            kind = "length"
        elif (before := script[max(0, match.start() - 2) : match.start()].strip()) and (
            before[-1] in CURRENCY_SIGNS
        ):
            kind = "money"
        elif kind == "number" and after.split(" ")[0].strip(".,") in SPOKEN:
            kind = "money"  # "[amount] francs"
        elif kind == "number" and after.startswith(("percent", "%")):
            kind = "percent"
        total += VARIABLE_SECONDS.get(kind, VARIABLE_SECONDS["text"])
    return total


def spoken_seconds(script: str, slots: Iterable[DataSlot] = ()) -> float:
    """How long the offline voices speak the script once its variables are filled."""
    if not script.strip():
        return 0.0
    pauses = len(PAUSE.findall(script))
    plain = VARIABLE.sub(" ", script).split()
    said = sum(syllables(w) for w in plain if regex.search(r"[^\W\d_]", w))
    numbers = sum(1 for w in plain if regex.fullmatch(r"\W*[\d.,%$€£¥]+\W*", w) and any(
        c.isdigit() for c in w))  # fmt: skip
    seconds = said * SECONDS_PER_SYLLABLE + pauses * SECONDS_PER_PAUSE
    seconds += numbers * VARIABLE_SECONDS["number"] + variable_seconds(script, slots)
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
    for placeholder in regex.findall(r"\{(\w+)\}", line):
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
        measured = regex.fullmatch(r"(.+) \(([^()]+)\)", label)  # "CO2 avoided (tonnes)"
        if measured and not unit:
            label, unit = measured.groups()
        if unit and label.lower().split()[0] == unit:
            unit = ""
        if named := spoken_after(prefix):  # "CHF 1,250" is said "1,250 francs"
            prefix, unit = "", named
        value = f"{prefix}[{key}]" + (f" {unit}" if unit else "")
        out.append(f"{label} {value}." if label.startswith("You ") else f"{label}: {value}.")
    return out


def _numbers_shown(scene: SceneConfig, slots: list[DataSlot]) -> bool:
    """Whether one of the scene's stat cards shows a number (not a name, a tier or a date)."""
    types = {slot.key: slot.type for slot in slots}
    stats = scene.sceneData.get("stats")
    for card in stats if isinstance(stats, list) else []:
        key = _whole(card.get("value")) if isinstance(card, dict) else None
        if key is None or types.get(slot_key(key)) not in ("text", "date"):
            return True
    return False


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
    candidates = (
        CASE_LINES.get(use_case or "", {}).get(scene.primitiveId)
        or (DETAIL_LINES[tone] if facts and not _numbers_shown(scene, slots) else None)
        or LINES.get(scene.primitiveId, {}).get(tone)
        or ["A closer look, {name}."]
    )
    # Lines whose every placeholder has a slot first; fallback words only when none fits.
    whole = [c for c in candidates if set(regex.findall(r"\{(\w+)\}", c)) <= set(found)]
    filled = [t for t in (_fill(c, found) for c in whole or candidates) if t]
    room = budget - spoken_seconds(" ".join(facts), slots)
    fitting = [t for t in filled if spoken_seconds(t, slots) <= room]
    lead = fitting[0] if fitting else filled[-1]
    parts = [lead, *facts]
    if not variables_in(" ".join(parts)) and "name" in found:
        parts[0] = f"{found['name']}, {parts[0][:1].lower()}{parts[0][1:]}"
    spent = used if used is not None else set()
    praise = TONE_PRAISE[tone] if scene.primitiveId in PRAISED else []
    pool = [*SCENE_FILL.get(scene.primitiveId, []), *FILL.get(use_case or "", []),
            *TONE_FILL[tone], *praise]  # fmt: skip
    if scene.primitiveId in ("outro", "cta-card"):  # the close announces nothing more
        pool = [s for s in pool if not s.startswith(ANNOUNCES)]
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
