"""Edit mode: apply the changes a prompt asks for (EDIT_OPERATIONS) to the current scenes."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from app.ai import regex
from app.ai.kinds import (
    BY_PRIMITIVE,
    KINDS,
    ORDINALS,
    STYLES,
    Kind,
    detect_seconds,
    detect_tone,
    detect_use_case,
    mentions,
)
from app.ai.lines import LINES
from app.ai.scenes import Ctx, cta_text, enabled_seconds, fit_length, scene_for, with_script
from app.ai.schemas import Composition, TemplateState, Tone
from app.ai.slots import SlotBook
from app.primitives.catalog import get_primitive
from app.spec import TRANSITIONS
from app.templates.schemas import SceneConfig


def _kinds_in(text: str) -> list[Kind]:
    found = sorted(((p, k) for k in KINDS if (p := mentions(text, k)) >= 0), key=lambda x: x[0])
    return [k for _, k in found]


def _target_indexes(text: str, scenes: list[SceneConfig]) -> list[int]:
    """Scenes a phrase points at: by position ("scene 3", "the second scene", "the last one")
    or by kind ("the map", "the numbers")."""
    m = regex.search(r"scene\s*#?\s*(\d+)", text)
    if m and 1 <= int(m.group(1)) <= len(scenes):
        return [int(m.group(1)) - 1]
    for word, n in ORDINALS.items():
        if regex.search(rf"\b{word}\b(?! (?:half))", text) and n <= len(scenes):
            return [n - 1]
    if regex.search(r"\blast\b", text) and scenes:
        return [len(scenes) - 1]
    idx: list[int] = []
    for kind in _kinds_in(text):
        idx += [i for i, s in enumerate(scenes) if s.primitiveId == kind.primitive and i not in idx]
    for i, s in enumerate(scenes):
        if s.label and s.label.lower() in text and i not in idx:
            idx.append(i)
    return idx


def _insert_position(kind: Kind, scenes: list[SceneConfig]) -> int:
    """Where a new scene of `kind` goes: after the last scene of its phase or an earlier one."""
    pos = 0
    for i, s in enumerate(scenes):
        other = BY_PRIMITIVE.get(s.primitiveId)
        if other is not None and other.phase <= kind.phase:
            pos = i + 1
    return pos


def edit(prompt: str, state: TemplateState) -> Composition:
    text = prompt.lower()
    scenes = [s.model_copy(deep=True) for s in state.scenes]
    ctx = Ctx(SlotBook(state.dataSlots), "professional")
    use_case = detect_use_case(" ".join(filter(None, (state.name, state.description))).lower())
    ctx.use_case = use_case[0] if use_case else None
    done: list[str] = []
    tone = detect_tone(text)
    ctx.tone = tone or _guess_tone(scenes)
    clauses = [c.strip() for c in regex.split(CLAUSE_BREAK, text)]
    for clause in [c for c in clauses if c]:
        _apply(clause, scenes, ctx, done, prompt)
    if tone is not None:
        ctx.tone = tone
        scenes = [with_script(s, ctx) for s in scenes]
        done.append(f"rewrote the voiceovers in a {tone} tone")
    if not done:
        done.append(
            "found no change it understands in the prompt, so the scenes are unchanged "
            "(try: add a map, remove the second scene, make it shorter, more casual)"
        )
    return Composition(
        scenes=scenes,
        explanation=_sentence(done),
        suggestedVoiceoverTone=ctx.tone,
        dataSlots=ctx.book.slots,
    )


VERBS = (
    "add|remove|delete|drop|make|move|put|replace|swap|change|use|enable|disable|hide|include|"
    "insert|turn|switch|set|shorten|lengthen|cut|skip|show|restore|also|then|give|keep"
)
# Clauses of an edit prompt: sentences, and commas or "and" before a verb.
CLAUSE_BREAK = re.compile(rf"[.;\n]|,\s*(?:and\s+)?(?=(?:{VERBS})\b)|\s+and\s+(?=(?:{VERBS})\b)")


def _sentence(done: list[str]) -> str:
    text = "; ".join(done)
    return text[:1].upper() + text[1:] + ". Everything else is kept as it was."


def _guess_tone(scenes: list[SceneConfig]) -> Tone:
    for tone in ("celebratory", "casual", "inspirational", "professional"):
        for s in scenes:
            if s.voScript and any(
                s.voScript.split(",")[-1].strip()[:12] in c
                for c in LINES.get(s.primitiveId, {}).get(tone, [])  # type: ignore[call-overload]
            ):
                return tone  # type: ignore[return-value]
    return "professional"


@dataclass
class EditStep:
    """One clause of an edit prompt, the scenes it changes and the record of what was done."""

    clause: str
    words: set[str]
    scenes: list[SceneConfig]
    ctx: Ctx
    done: list[str]
    prompt: str


def _name(scene: SceneConfig) -> str:
    """How a scene is named in the explanation: its label, else its primitive."""
    return scene.label or scene.primitiveId


REPLACE = re.compile(r"\b(?:replace|swap|change)\b (.+?) \b(?:with|for|to|into)\b (.+)")
MOVE = re.compile(
    r"\b(?:move|put)\b (.+) \b((?:to|at) the (?:start|beginning|front|top|end|back)|first|"
    r"last|before|after)\b(.*)"
)
ANIMATION_WORDS = {"animation", "animations"}


def _replace(e: EditStep) -> bool:
    """Replace the first scene named before "with" by a new scene of the kind named after."""
    m = REPLACE.search(e.clause)
    assert m is not None
    targets = _target_indexes(m.group(1), e.scenes)
    new = _kinds_in(m.group(2))
    if not (targets and new):
        return False
    i = targets[0]
    fresh = with_script(scene_for(new[0], e.ctx), e.ctx)
    fresh.transition = e.scenes[i].transition or fresh.transition
    old = _name(e.scenes[i])
    e.scenes[i] = fresh
    e.done.append(f"replaced scene {i + 1} ({old}) with {new[0].label.lower()}")
    return True


def _remove(e: EditStep) -> bool:
    """Remove every scene the clause points at."""
    targets = _target_indexes(e.clause, e.scenes)
    for i in sorted(targets, reverse=True):
        gone = e.scenes.pop(i)
        e.done.append(f"removed scene {i + 1} ({_name(gone)})")
    return bool(targets)


def _set_enabled(e: EditStep, enabled: bool) -> bool:
    """Enable or disable every scene the clause points at."""
    verb = "enabled" if enabled else "disabled"
    for i in _target_indexes(e.clause, e.scenes):
        e.scenes[i].enabled = enabled
        e.done.append(f"{verb} scene {i + 1} ({_name(e.scenes[i])})")
    return True


def _move_position(m: re.Match[str], scenes: list[SceneConfig]) -> int | None:
    """Where a moved scene goes (among the others): start, end, or before/after an anchor."""
    rest = m.group(2) + m.group(3)
    if "first" in rest or "start" in rest or "beginning" in rest:
        return 0
    if "last" in rest or "end" in rest:
        return len(scenes)
    anchor = _target_indexes(m.group(3), scenes)
    if not anchor:
        return None
    return anchor[0] + (1 if "after" in m.group(2) else 0)


def _move(e: EditStep) -> bool:
    """Move the first scene named to the start, the end, or before/after another scene."""
    m = MOVE.search(e.clause)
    assert m is not None
    moving = _target_indexes(m.group(1), e.scenes)
    if not moving:
        return False
    i = moving[0]
    scene = e.scenes.pop(i)
    pos = _move_position(m, e.scenes)
    if pos is None:
        e.scenes.insert(i, scene)
        return True
    e.scenes.insert(pos, scene)
    e.done.append(f"moved {_name(scene)} to position {pos + 1}")
    return True


def _refit(e: EditStep, target_s: float) -> None:
    """Fit the scenes to `target_s` and rewrite their scripts to fill the new lengths (a
    voiced scene lasts as long as its script is spoken)."""
    fit_length(e.scenes, target_s)
    for i, scene in enumerate(e.scenes):
        if scene.enabled and scene.voScript:
            e.scenes[i] = with_script(scene, e.ctx)


def _shorten(e: EditStep) -> bool:
    """Fit the scenes to the length asked for, else to 70% of their length."""
    _refit(e, detect_seconds(e.clause) or enabled_seconds(e.scenes) * 0.7)
    e.done.append(f"shortened the scenes to about {round(enabled_seconds(e.scenes))} s")
    return True


def _lengthen(e: EditStep) -> bool:
    """Fit the scenes to the length asked for, else to 130% of their length."""
    _refit(e, detect_seconds(e.clause) or enabled_seconds(e.scenes) * 1.3)
    e.done.append(f"lengthened the scenes to about {round(enabled_seconds(e.scenes))} s")
    return True


def _asks_seconds(e: EditStep) -> bool:
    """Whether the clause asks for a length ("make it 30 seconds", "45 s long")."""
    return bool(e.words & {"make", "seconds", "long"}) and bool(detect_seconds(e.clause))


def _fit_seconds(e: EditStep) -> bool:
    """Fit the scenes to the length the clause asks for."""
    _refit(e, detect_seconds(e.clause) or 0)
    e.done.append(f"fitted the scenes to about {round(enabled_seconds(e.scenes))} s")
    return True


def _transitions(e: EditStep) -> bool:
    """Set every scene's transition to the one named ("no transitions": cut)."""
    chosen = next((t for t in TRANSITIONS if t in e.words), None)
    if chosen is None and e.words & {"no", "none", "hard"}:
        chosen = "cut"
    if chosen:
        for s in e.scenes:
            s.transition = chosen
        e.done.append(f"set every transition to {chosen}")
    return True


def _about_style(e: EditStep) -> bool:
    """Whether the clause is about the animation style."""
    return (
        "anim" in e.clause or "style" in e.clause or "feel" in e.clause or ("typewriter" in e.words)
    )


def _style(e: EditStep) -> bool:
    """Switch each scene to the first animation option of the style named, where it has one."""
    for style_words, options in STYLES:
        if not e.words & set(style_words):
            continue
        changed = 0
        for s in e.scenes:
            info = get_primitive(s.primitiveId)
            pick = next((o for o in options if info and o in info.animationOptions), None)
            if pick and pick != s.animationOption:
                s.animationOption = pick
                changed += 1
        e.done.append(f"changed the animation style of {changed} scenes ({style_words[0]})")
        return True
    return False


def _asks_to_add(e: EditStep) -> bool:
    """Whether the clause asks for a new scene."""
    return bool(e.words & {"add", "include", "insert", "also", "plus", "need", "want", "show"}) or (
        "call to action" in e.clause or "cta" in e.words
    )


def _add_position(e: EditStep, kind: Kind) -> int:
    """Where a new scene goes: before/after a scene named, at the start or end, else by phase."""
    rel = regex.search(r"\b(before|after)\b (.+)", e.clause)
    anchor = _target_indexes(rel.group(2), e.scenes) if rel else []
    if anchor:
        return anchor[0] + (1 if rel and rel.group(1) == "after" else 0)
    if regex.search(r"\b(?:at the start|at the beginning|first)\b", e.clause):
        return 0
    if regex.search(r"\b(?:at the end|last)\b", e.clause):
        return len(e.scenes)
    return _insert_position(kind, e.scenes)


def _add(e: EditStep) -> bool:
    """Add a scene of each kind named (before any "before/after/instead of"), once for
    intro and outro."""
    head = regex.split(r"\b(?:before|after|instead of)\b", e.clause)[0]
    for kind in _kinds_in(head):
        if kind.name in ("intro", "outro") and any(
            s.primitiveId == kind.primitive for s in e.scenes
        ):
            continue
        fresh = with_script(scene_for(kind, e.ctx), e.ctx)
        if kind.name == "cta":
            headline, button = cta_text(e.prompt, e.ctx.use_case)
            fresh.sceneData["headline"], fresh.sceneData["buttonText"] = headline, button
        pos = _add_position(e, kind)
        e.scenes.insert(pos, fresh)
        e.done.append(f"added a {kind.label.lower()} scene at position {pos + 1}")
    return True


def _asks_replace(e: EditStep) -> bool:
    """Whether the clause reads "replace/swap/change X with/for/to/into Y"."""
    return REPLACE.search(e.clause) is not None


def _asks_remove(e: EditStep) -> bool:
    """Whether the clause asks to remove scenes."""
    return bool(e.words & {"remove", "delete", "drop", "cut", "without", "lose"})


def _asks_disable(e: EditStep) -> bool:
    """Whether the clause asks to disable (hide, skip, turn off) scenes."""
    return bool(e.words & {"disable", "hide", "skip"}) or (
        "turn off" in e.clause or "switch off" in e.clause
    )


def _disable(e: EditStep) -> bool:
    """Disable every scene the clause points at."""
    return _set_enabled(e, False)


def _asks_enable(e: EditStep) -> bool:
    """Whether the clause asks to enable (unhide, restore, turn on) scenes."""
    return bool(e.words & {"enable", "unhide", "restore"}) or (
        "turn on" in e.clause or "switch on" in e.clause
    )


def _enable(e: EditStep) -> bool:
    """Enable every scene the clause points at."""
    return _set_enabled(e, True)


def _asks_move(e: EditStep) -> bool:
    """Whether the clause reads "move/put X to the start/end, first/last, before/after Y"."""
    return MOVE.search(e.clause) is not None


def _asks_shorter(e: EditStep) -> bool:
    """Whether the clause asks for a shorter video (not for faster animations)."""
    return bool(e.words & {"shorter", "shorten", "tighter", "trim", "faster"}) and not (
        e.words & ANIMATION_WORDS
    )


def _asks_longer(e: EditStep) -> bool:
    """Whether the clause asks for a longer video (not for slower animations)."""
    return bool(e.words & {"longer", "lengthen", "extend", "slower"}) and not (
        e.words & ANIMATION_WORDS
    )


def _asks_transition(e: EditStep) -> bool:
    """Whether the clause is about transitions."""
    return "transition" in e.clause


EditMatcher = Callable[[EditStep], bool]
EditHandler = Callable[[EditStep], bool]  # True: the clause is handled, stop looking

# The edit operations, in the order they are tried on each clause.
EDIT_OPERATIONS: tuple[tuple[EditMatcher, EditHandler], ...] = (
    (_asks_replace, _replace),
    (_asks_remove, _remove),
    (_asks_disable, _disable),
    (_asks_enable, _enable),
    (_asks_move, _move),
    (_asks_shorter, _shorten),
    (_asks_longer, _lengthen),
    (_asks_seconds, _fit_seconds),
    (_asks_transition, _transitions),
    (_about_style, _style),
    (_asks_to_add, _add),
)


def _apply(clause: str, scenes: list[SceneConfig], ctx: Ctx, done: list[str], prompt: str) -> None:
    """Apply the first edit operation that matches and handles `clause`."""
    step = EditStep(clause, set(regex.findall(r"[a-z]+", clause)), scenes, ctx, done, prompt)
    for matches, handle in EDIT_OPERATIONS:
        if matches(step) and handle(step):
            return
