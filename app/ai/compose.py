"""Create mode: read what a prompt asks for and plan a narrative from the catalog."""

from __future__ import annotations

from app.ai.kinds import (
    BY_NAME,
    KINDS,
    Ctx,
    Kind,
    cta_text,
    detect_seconds,
    detect_tone,
    detect_use_case,
    fit_length,
    has,
    mentions,
    scene_for,
    topic_of,
    with_script,
)
from app.ai.schemas import Composition, TemplateState
from app.ai.slots import SlotBook


def create(prompt: str, state: TemplateState) -> Composition:
    text = prompt.lower()
    ctx = Ctx(SlotBook(state.dataSlots), "professional", topic_of(prompt))
    asked = sorted(((pos, k) for k in KINDS if (pos := mentions(text, k)) >= 0), key=lambda p: p[0])
    kinds = [k for _, k in asked]
    use_case = detect_use_case(text)
    why: list[str] = []
    if use_case:
        name, defaults, tone = use_case
        ctx.tone = tone
        if len([k for k in kinds if k.phase in (1, 2, 3)]) < 2:
            kinds += [BY_NAME[n] for n in defaults]
            why.append(f"it reads as a {name}, so it shows what such a video usually does")
        elif "cta" in defaults and BY_NAME["cta"] not in kinds and name != "event recap":
            kinds.append(BY_NAME["cta"])
        why.append(f"recognised a {name}")
    elif not [k for k in kinds if k.phase in (1, 2, 3)]:
        kinds += [BY_NAME["stats"]]
        why.append("no content was named, so it leads with the key numbers")
    ctx.tone = detect_tone(text) or ctx.tone
    unique: list[Kind] = []
    for k in [BY_NAME["intro"], *kinds, BY_NAME["outro"]]:
        if k not in unique:
            unique.append(k)
    # Narrative order: opening, data, comparison/story, engagement, CTA, close; within a phase
    # the order the prompt named them.
    ordered = sorted(unique, key=lambda k: (k.phase, unique.index(k)))
    target = detect_seconds(text)
    short = any(has(text, w) for w in ("short", "quick", "brief", "teaser", "snappy"))
    if short and target is None:
        target = 20
    if target is not None and target <= 20:
        # A short video keeps the opening, the first two content scenes, the CTA and the close.
        core = [k for k in ordered if k.phase in (1, 2, 3)][:2]
        ordered = [k for k in ordered if k.phase in (0, 4, 5) and k.name != "brand" or k in core]
    scenes = [scene_for(k, ctx) for k in ordered]
    for scene in scenes:
        if scene.primitiveId == "cta-card":
            headline, button = cta_text(prompt)
            scene.sceneData["headline"] = headline
            scene.sceneData["buttonText"] = button
    if target is not None:
        fit_length(scenes, target)
    scenes = [with_script(s, ctx) for s in scenes]
    names = ", ".join(s.label or s.primitiveId for s in scenes)
    because = "; ".join(why) or "it follows what the prompt names"
    explanation = (
        f"Built {len(scenes)} scenes ({names}) in story order: opening, the data, the "
        f"comparison or story, the call to action, the close; {because}. Voiceovers are "
        f"written in a {ctx.tone} tone and reference the data slots."
    )
    return Composition(
        scenes=scenes, explanation=explanation, suggestedVoiceoverTone=ctx.tone,
        dataSlots=ctx.book.slots,
    )  # fmt: skip


# ---- edit ----
