"""Create mode: read what a prompt asks for (kinds of content, quantities, a use case, tone,
length, quoted copy) and plan a narrative from the catalog: opening, the data, the comparison
or story, engagement, the call to action, the close."""

from __future__ import annotations

import re

from app.ai.benchmark import benchmark
from app.ai.buttons import asked_button
from app.ai.kinds import BY_NAME, KINDS, Kind, detect_seconds, detect_tone, detect_use_case, has
from app.ai.kinds import mentions as kind_at
from app.ai.maps import map_of
from app.ai.onscreen import copy_for, echoes, quoted_copy, screen_texts
from app.ai.polls import poll_question
from app.ai.quantities import Quantity, currency_of, quantities, unquoted
from app.ai.scenes import Ctx, cta_text, fit_length, scene_for, with_script
from app.ai.schemas import Composition, TemplateState
from app.ai.slots import SlotBook
from app.ai.spelling import spelled_out
from app.templates.schemas import SceneConfig

# A timeline of what is to come ("a timeline of the events coming up", "an upcoming schedule",
# "a timeline of what's left to do"); what is named after it, "and" a new thing, is not ("a
# timeline of the tour and a poll on where to go next").
TIMELINE_AHEAD = re.compile(
    r"\b(?:upcoming|future|next) (?:[a-z']+ )?(?:timeline|schedule|agenda)"
    r"|\btimeline of (?:(?! and (?:a|an|the|their|your|our|some) )[^,.;:!?\n])*?"
    r"\b(?:coming up|upcoming|next|future"
    r"|ahead|planned|to come|left to do|still to do|to do|remaining|to-dos?)\b"
)
UPCOMING = re.compile(r"\b(?:next|upcoming|due|appointments?|booked|coming up|follow-up)\b")
STAT_KINDS = ("money", "count", "percent", "duration", "date", "text")
# Use cases whose point is what the recipient does next (renew, book), by the words that say
# so: their call to action is shown even when the prompt lists what else the video shows and
# names no button; a recap that lists its content ends without one nobody asked for, as does
# a subscription box's birthday that asks for no renewal.
ACTED = {"renewal": re.compile(r"\brenew"), "reminder": re.compile(r"")}
CARDS_PER_SCENE = 4  # stat-counters shows up to four
# The kind whose scene shows each quantity kind.
SHOWN_BY = {"rank": "percentile", "top": "ranking", **{k: "stats" for k in STAT_KINDS}}
# Where a field's copy comes from when the use case's would echo the prompt.
FIELD_COPY = {"subtitle": "subtitle", "title": "numbers", "tagline": "tagline",
              "caption": "photo", "message": "outro", "badge_description": "badge",
              "kicker": "quote", "signoff": "signoff"}  # fmt: skip


def _asked_kinds(text: str, found: list[Quantity]) -> list[tuple[int, Kind]]:
    """Kinds the prompt names (by word or by a quantity), each with where it is named; the
    words of a phrase that names a quantity name the scene that shows it, not others."""
    spans = tuple((q.position, q.end, q.kind == "rank") for q in found)
    asked = {k.name: (pos, k) for k in KINDS if (pos := kind_at(text, k, spans)) >= 0}
    for q in found:
        kind = BY_NAME[SHOWN_BY[q.kind]]
        if kind.name not in asked or asked[kind.name][0] > q.position:
            asked[kind.name] = (q.position, kind)
    return sorted(asked.values(), key=lambda p: p[0])


def _scenes_of(kind: Kind, ctx: Ctx, found: list[Quantity]) -> list[SceneConfig]:
    """The scenes of one kind: the stats kind shows its quantities four to a scene, the
    percentile kind each rank a phrase names with another ("overall and in their age group")
    on a gauge of its own."""
    if kind.name == "stats":
        cards = [q for q in found if q.kind in STAT_KINDS]
        chunks = [cards[i : i + CARDS_PER_SCENE] for i in range(0, len(cards), CARDS_PER_SCENE)]
        return [scene_for(kind, ctx, chunk) for chunk in chunks or [[]]]
    own = [q for q in found if SHOWN_BY[q.kind] == kind.name]
    if kind.name == "percentile" and len(own) > 1:  # a gauge for each of two ranks
        scenes = [scene_for(kind, ctx, [q]) for q in own]
        for scene, q in zip(scenes, own, strict=True):
            scene.label = f"{kind.label} {q.within}".strip()  # "Your rank overall"
        return scenes
    return [scene_for(kind, ctx, own)]


def _no_echo(scenes: list[SceneConfig], prompt: str) -> int:
    """Copy that holds four words of the prompt in a row (outside its quotes) is replaced by
    the default's copy for that field, or removed; returns how many were."""
    fixed = 0
    for scene in scenes:
        for path, text in list(screen_texts(scene.sceneData)):
            if not echoes(text, prompt):
                continue
            fixed += 1
            holder: object = scene.sceneData
            for step in path[:-1]:
                holder = holder[step]  # type: ignore[index]
            last = path[-1] if path else None
            name = FIELD_COPY.get(str(last))
            spare = copy_for(None, name) if name else None
            if isinstance(holder, dict) and isinstance(last, str):
                if spare and not echoes(spare, prompt):
                    holder[last] = spare.replace("{name}", "").strip(", ")
                else:
                    holder.pop(last)
    return fixed


def _planned_kinds(text: str, found: list[Quantity], ctx: Ctx, why: list[str]) -> list[Kind]:
    """What the prompt names, plus what its use case usually shows when it names little;
    sets the context's use case and tone."""
    kinds = [k for _, k in _asked_kinds(text, found)]
    named = [k for k in kinds if k.phase in (1, 2, 3)]
    # Each stat card the prompt names counts as a thing it asks for.
    things = len([k for k in named if k.name != "stats"])
    things += max(len([q for q in found if q.kind in STAT_KINDS]), int(BY_NAME["stats"] in named))
    # A count's or an amount's words ("the subscription due"), what is said of the recipient
    # in words ("their favourite author": no author spotlight), or a date's among the figures
    # ("the policy renewal date"), name no use case; a date of what is coming up ("their next
    # checkup") is what a reminder is about.
    counted = tuple(
        (q.position, q.end)
        for q in found
        if q.kind in ("count", "money", "text")
        or q.kind == "date"
        and not UPCOMING.search(text[q.position : q.end])
    )
    use_case = detect_use_case(text, counted)
    if use_case:
        name, defaults, tone = use_case
        ctx.use_case, ctx.tone = name, tone
        if things < 2:
            kinds += [BY_NAME[n] for n in defaults]
            why.append(f"it reads as a {name}, so it shows what such a video usually does")
        elif name in ACTED and ACTED[name].search(text) and BY_NAME["cta"] not in kinds:
            kinds.append(BY_NAME["cta"])
        why.append(f"recognised a {name}")
    elif not named:
        kinds += [BY_NAME["stats"]]
        why.append("no content was named, so it leads with the key numbers")
    if found:
        why.append("made a typed slot for " + ", ".join(f"{q.key} ({q.kind})" for q in found))
    for q in found:
        if q.kind == "top" and q.label != f"Top {q.top}":
            why.append(f"the ranked bars show {q.top} at most, so {q.label.lower()} shows the "
                       f"first {q.top}")  # fmt: skip
    return kinds


def create(written: str, state: TemplateState) -> Composition:
    prompt = spelled_out(written)  # "btn" is a button, "hrs" hours
    text = unquoted(prompt).lower()
    found = quantities(prompt)
    ctx = Ctx(SlotBook(state.dataSlots), "professional", quoted=quoted_copy(prompt),
              currency=currency_of(text), mapped=map_of(text), against=benchmark(text),
              upcoming=bool(TIMELINE_AHEAD.search(text)),
              asks=poll_question(unquoted(prompt)))  # fmt: skip
    why: list[str] = []
    kinds = _planned_kinds(text, found, ctx, why)
    named = [k for _, k in _asked_kinds(text, found) if k.phase in (1, 2, 3)]
    ctx.tone = detect_tone(text) or ctx.tone
    unique: list[Kind] = []
    for k in [BY_NAME["intro"], *kinds, BY_NAME["outro"]]:
        if k not in unique:
            unique.append(k)
    # Narrative order: opening, data, comparison/story, engagement, CTA, close; within a phase
    # the order the prompt named them.
    ordered = sorted(unique, key=lambda k: (k.phase, unique.index(k)))
    target = detect_seconds(text)
    if target is None and any(has(text, w) for w in ("short", "quick", "brief", "teaser")):
        target = 20
    if target is not None and target <= 20:
        # A short video keeps what the prompt named, the CTA and the close.
        ordered = [k for k in ordered if k.phase in (0, 4, 5) and k.name != "brand" or k in named]
    scenes = [scene for k in ordered for scene in _scenes_of(k, ctx, found)]
    for scene in scenes:
        if scene.primitiveId == "cta-card":
            # what the figures name is not what to do ("the policy renewal date")
            asked = "".join(" " if any(q.position <= i < q.end for q in found) else c
                            for i, c in enumerate(text))  # fmt: skip
            headline, button = cta_text(asked, ctx.use_case)
            button = asked_button(unquoted(prompt)) or button
            scene.sceneData["headline"] = ctx.quoted.get("cta", headline)
            scene.sceneData["buttonText"] = ctx.quoted.get("button", button)
    if target is not None:
        fit_length(scenes, target)
    if _no_echo(scenes, prompt) + _no_echo(scenes, written):
        why.append("kept the prompt's own words off the screen")
    scenes = [with_script(s, ctx) for s in scenes]
    names = ", ".join(s.label or s.primitiveId for s in scenes)
    because = "; ".join(why) or "it follows what the prompt names"
    explanation = (
        f"Built {len(scenes)} scenes ({names}) in story order: opening, the data, the "
        f"comparison or story, the call to action, the close; {because}. Voiceovers are "
        f"written in a {ctx.tone} tone about each scene's data, sized to fill the scenes."
    )
    return Composition(
        scenes=scenes, explanation=explanation, suggestedVoiceoverTone=ctx.tone,
        dataSlots=ctx.book.slots,
    )  # fmt: skip
