"""The built-in composer: offline and deterministic (same prompt and state, same answer).

`create` recognises what a prompt asks for (kinds of content, a use case, tone, length, a call
to action) and plans a narrative from the catalog: opening, the data, the comparison or story,
engagement, the call to action, the close. `edit` applies the changes a prompt asks for to the
current scenes (add, remove, replace, move, enable, disable, shorter/longer, tone, transitions,
animation style) and keeps everything else as it was."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from app.ai.schemas import Composition, TemplateState, Tone
from app.ai.scripts import LINES, scene_seconds, write_script
from app.ai.slots import SlotBook
from app.primitives.catalog import get_primitive
from app.spec import TRANSITIONS
from app.templates.schemas import SceneConfig, SkipCondition


@dataclass(frozen=True)
class Kind:
    name: str
    primitive: str
    label: str
    phase: int  # 0 opening, 1 data, 2 comparison/story, 3 engagement, 4 call to action, 5 close
    words: tuple[str, ...]
    transition: str = "fade"


KINDS: tuple[Kind, ...] = (
    Kind("intro", "title-intro", "Intro", 0, ("intro", "title", "opening", "greeting")),
    Kind("brand", "logo-reveal", "Logo", 0, ("logo", "brand", "branding", "wordmark")),
    Kind("photo", "ken-burns", "Photo", 0, ("photo", "image", "picture", "venue", "pictures",
         "photos", "highlight reel")),
    Kind("stats", "stat-counters", "Key numbers", 1, ("number", "numbers", "stat", "stats",
         "kpi", "kpis", "metric", "metrics", "revenue", "seats", "nps", "usage", "growth",
         "figures", "totals", "raised", "attendees", "sales", "workouts", "minutes", "citations",
         "downloads", "impact"), "slide"),
    Kind("ranking", "bar-race", "Top categories", 1, ("ranking", "ranked", "top", "leaderboard",
         "bar chart", "race", "best sellers", "best-selling", "top products"), "wipe"),
    Kind("breakdown", "category-donut", "Breakdown", 1, ("breakdown", "split", "share", "mix",
         "donut", "pie", "allocation", "where the money went", "spent"), "slide"),
    Kind("skills", "radar", "Profile", 1, ("skills", "radar", "strengths", "profile",
         "spider", "workout types", "balance")),
    Kind("books", "book-shelf", "Books", 1, ("books", "novel", "novels", "shelf",
         "publications", "bibliography")),
    Kind("comparison", "comparison-bars", "Comparison", 2, ("compare", "compared",
         "comparison", "versus", "vs", "last year", "last quarter", "previous", "benchmark",
         "before and after", "year over year", "against"), "slide"),
    Kind("percentile", "percentile-gauge", "Your rank", 2, ("percentile", "rank", "top %",
         "ahead of", "among", "peers", "standing")),
    Kind("timeline", "milestone-timeline", "Milestones", 2, ("timeline", "milestone",
         "milestones", "journey", "history", "roadmap", "steps", "next steps", "career",
         "story so far", "agenda", "schedule", "plan")),
    Kind("map", "world-map", "Map", 2, ("map", "countries", "country", "global", "world",
         "worldwide", "regions", "locations", "travel", "offices")),
    Kind("quote", "quote-card", "Quote", 3, ("quote", "testimonial", "testimonials", "said",
         "speaker", "speakers", "people", "team", "customer story", "words")),
    Kind("badge", "badge-unlock", "Achievement", 3, ("badge", "achievement", "award",
         "unlock", "unlocked", "trophy")),
    Kind("poll", "poll-card", "Poll", 3, ("poll", "survey", "vote", "votes", "question")),
    Kind("cta", "cta-card", "Call to action", 4, ("cta", "call to action", "book a", "book an",
         "schedule", "sign up", "signup", "register", "renew", "renewal call", "donate",
         "buy", "demo", "learn more", "call to", "link", "button", "upgrade", "rsvp",
         "get started", "contact"), "zoom"),
    Kind("outro", "outro", "Closing", 5, ("outro", "closing", "thank-you card", "sign-off",
         "ending", "end card")),
)  # fmt: skip
BY_NAME = {k.name: k for k in KINDS}
BY_PRIMITIVE = {k.primitive: k for k in KINDS}

USE_CASES: tuple[tuple[str, tuple[str, ...], tuple[str, ...], Tone], ...] = (
    ("year in review", ("year in review", "wrapped", "year-in-review", "your year",
     "annual recap", "fitness", "workout"), ("stats", "skills", "percentile"), "celebratory"),
    ("renewal", ("renewal", "renew", "subscription"), ("stats", "comparison", "cta"),
     "professional"),
    ("onboarding", ("onboarding", "welcome", "new client", "new customer", "kickoff",
     "new hire"), ("brand", "timeline", "cta"), "professional"),
    ("event recap", ("event", "conference", "summit", "meetup", "webinar", "festival",
     "hackathon", "recap"), ("photo", "stats", "quote"), "casual"),
    ("product launch", ("launch", "release", "new feature", "announcing", "announcement",
     "introducing"), ("brand", "stats", "cta"), "inspirational"),
    ("fundraising thanks", ("donor", "donation", "donors", "fundrais*", "charity", "nonprofit",
     "campaign", "supporters"), ("stats", "breakdown", "quote", "cta"), "inspirational"),
    ("academic career", ("research", "academic", "professor", "scholar", "citations",
     "papers", "phd", "retirement"), ("stats", "timeline", "map"), "inspirational"),
    ("author spotlight", ("author", "writer", "novelist", "poet", "literary"),
     ("books", "stats", "quote"), "celebratory"),
    ("achievement", ("achievement", "congratulat*", "promotion", "anniversary", "graduat*"),
     ("badge", "stats", "percentile"), "celebratory"),
    ("survey results", ("survey", "poll", "feedback results"), ("poll", "stats"),
     "professional"),
    ("business review", ("quarterly", "monthly", "business review", "qbr", "report", "review",
     "saas"), ("stats", "ranking", "comparison", "cta"), "professional"),
)  # fmt: skip

TONE_WORDS: tuple[tuple[Tone, tuple[str, ...]], ...] = (
    ("celebratory", ("celebrat*", "festive", "party", "congrat*", "exciting", "excited",
     "upbeat", "joyful", "fun and festive", "hype")),
    ("casual", ("casual", "friendly", "relaxed", "playful", "fun", "informal", "chill",
     "light-hearted", "lighthearted", "laid-back")),
    ("inspirational", ("inspir*", "motivat*", "uplifting", "heartfelt", "emotional", "moving",
     "mission", "hopeful")),
    ("professional", ("professional", "formal", "corporate", "serious", "businesslike",
     "neutral")),
)  # fmt: skip

# Animation style words -> the option to prefer, in order, where a primitive has it.
STYLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("typewriter", "typed"), ("typewriter", "word-reveal")),
    (("energetic", "snappy", "snappier", "dynamic", "punchy", "faster", "bold", "lively"),
     ("stagger-pop", "race", "pop", "pop-out", "scale-in", "shine-burst", "stagger",
      "pulse-points", "spin-in", "scale-glow", "reveal-winner", "zoom-to-country",
      "logo-zoom", "zoom-in")),
    (("calm", "subtle", "smooth", "gentle", "minimal", "elegant", "slower", "understated"),
     ("slide-up", "grow", "count-up", "fade-out", "draw", "sweep", "line-draw", "slide-in",
      "pulse-highlight", "wipe-reveal", "word-reveal", "zoom-out")),
)  # fmt: skip

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
            "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}  # fmt: skip


def _has(text: str, word: str) -> bool:
    """Whole-word match of `word` in lower-cased text; a word ending in `*` is a stem."""
    if word.endswith("*"):
        return re.search(rf"(?<![a-z0-9]){re.escape(word[:-1])}", text) is not None
    return re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", text) is not None


def _mentions(text: str, kind: Kind) -> int:
    """Where `kind` is first mentioned in text (-1 when it is not)."""
    best = -1
    for word in kind.words:
        pattern = rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])"
        if word.endswith("%"):
            pattern = re.escape(word)
        match = re.search(pattern, text)
        if match and (best < 0 or match.start() < best):
            best = match.start()
    return best


def detect_tone(text: str) -> Tone | None:
    for tone, words in TONE_WORDS:
        if any(_has(text, w) for w in words):
            return tone
    return None


def detect_use_case(text: str) -> tuple[str, tuple[str, ...], Tone] | None:
    for name, words, kinds, tone in USE_CASES:
        if any(_has(text, w) for w in words):
            return name, kinds, tone
    return None


def detect_seconds(text: str) -> int | None:
    """A length the prompt asks for: "30 seconds", "45s", "1 minute", "a 2-minute video"."""
    m = re.search(r"(\d+(?:\.\d+)?)\s*-?\s*(seconds?|secs?|s)\b", text)
    if m:
        return max(5, round(float(m.group(1))))
    m = re.search(r"(\d+(?:\.\d+)?|a|one|two)\s*-?\s*(minutes?|mins?)\b", text)
    if m:
        count = {"a": 1.0, "one": 1.0, "two": 2.0}.get(m.group(1)) or float(m.group(1))
        return round(count * 60)
    return None


def _seconds(scenes: list[SceneConfig]) -> float:
    return sum(scene_seconds(s) for s in scenes if s.enabled)


@dataclass
class Ctx:
    book: SlotBook
    tone: Tone
    topic: str


def _topic(prompt: str) -> str:
    """A short subtitle from the prompt's first clause ("a quarterly review for ...")."""
    first = re.split(r"[:.;!?\n]| with | including | showing ", prompt.strip(), maxsplit=1)[0]
    first = re.sub(r"^(please\s+)?(make|create|build|generate|i need|i want|design)\s+",
                   "", first, flags=re.I)  # fmt: skip
    first = re.sub(r"^(me\s+)?(a|an|the)\s+", "", first, flags=re.I).strip()
    words = first.split()
    short = " ".join(words[:6])
    return (short[:1].upper() + short[1:]) if short else "Your video"


@dataclass
class SceneData:
    """A scene's sceneData being built: the slot book, the topic and the slot keys it needs."""

    book: SlotBook
    topic: str
    name: str | None  # the slot key of the recipient's name, if any
    needs: list[str] = field(default_factory=list)

    def bind(self, role: str, array: bool = False) -> str | None:
        """`[key]` of the slot holding `role` (noted as needed), or None when there is none."""
        key = self.book.key(role)
        if key is None:
            return None
        entry = f"{key}[]" if array else key
        if entry not in self.needs:
            self.needs.append(entry)
        return f"[{key}]"

    def person(self) -> dict[str, object]:
        """The recipient's name as `person_name`, when the template has a slot for it."""
        return {"person_name": f"[{self.name}]"} if self.name else {}


def _intro_data(d: SceneData) -> dict[str, object]:
    """Intro: the recipient's name and the topic, with the period when there is one."""
    data: dict[str, object] = {"person_name": d.bind("person_name") or "Hello"}
    period = d.book.existing("period")
    data["subtitle"] = f"Your [{period}] {d.topic.lower()}" if period else d.topic
    if period:
        d.needs.append(period)
    return data


def _brand_data(d: SceneData) -> dict[str, object]:
    """Logo: the company's name and the topic as tagline."""
    return {"company_name": d.bind("company_name") or "Our team", "tagline": d.topic}


def _stats_data(d: SceneData) -> dict[str, object]:
    """Key numbers from the key-stats slot."""
    return {"stats": d.bind("keyStats", True), "title": "At a glance"}


def _ranking_data(d: SceneData) -> dict[str, object]:
    """Bar race over the categories slot."""
    return {"bars": d.bind("categories", True), "title": "Top categories"}


def _breakdown_data(d: SceneData) -> dict[str, object]:
    """Donut over the categories slot."""
    return {"categories": d.bind("categories", True), "title": "The breakdown"}


def _skills_data(d: SceneData) -> dict[str, object]:
    """Radar over the profile-axes slot."""
    return {"radarData": d.bind("radarData", True)}


def _books_data(d: SceneData) -> dict[str, object]:
    """Book shelf over the books slot."""
    return {"books": d.bind("books", True), "title": "On the shelf"}


def _comparison_data(d: SceneData) -> dict[str, object]:
    """Comparison bars: the categories, this period against the previous one."""
    items = d.bind("categories", True)
    period = d.book.existing("period")
    return {
        "items": items,
        "valueLabel": f"[{period}]" if period else "This period",
        "compareLabel": "Previous period",
        "title": "Versus the previous period",
    }


def _percentile_data(d: SceneData) -> dict[str, object]:
    """Percentile gauge for the recipient."""
    data: dict[str, object] = {"percentile": d.bind("percentile")}
    return {**data, "title": "Where you rank", "label": "percentile", **d.person()}


def _timeline_data(d: SceneData) -> dict[str, object]:
    """Milestone timeline over the milestones slot."""
    return {"milestones": d.bind("milestones", True), "title": "The journey so far"}


def _map_data(d: SceneData) -> dict[str, object]:
    """World map over the countries slot."""
    return {"countries": d.bind("countries", True), "title": "Around the world"}


def _quote_data(d: SceneData) -> dict[str, object]:
    """Quote card from the quote slot."""
    return {"quote": d.bind("quote"), **d.person()}


def _badge_data(d: SceneData) -> dict[str, object]:
    """Badge unlock from the badge slot, described by the topic."""
    return {"badge_name": d.bind("badge_name"), "badge_description": d.topic, **d.person()}


def _poll_data(d: SceneData) -> dict[str, object]:
    """A fixed feedback poll."""
    return {
        "question": "What did you think?",
        "options": [{"label": "Loved it", "value": 60}, {"label": "Liked it", "value": 30},
                    {"label": "Not for me", "value": 10}],
    }  # fmt: skip


def _photo_data(d: SceneData) -> dict[str, object]:
    """Ken Burns photo from the image slot, captioned with the topic."""
    return {"image_url": d.bind("image_url"), "caption": d.topic}


def _cta_data(d: SceneData) -> dict[str, object]:
    """Call to action pointing at the link slot when there is one."""
    url = d.book.existing("cta_url")
    return {
        "headline": "Let's plan what comes next",
        "buttonText": "Book a call",
        "url": f"[{url}]" if url else "https://example.com",
    }


def _outro_data(d: SceneData) -> dict[str, object]:
    """Closing card thanking the recipient by name when there is a slot for it."""
    if d.name:
        d.needs.append(d.name)
    return {
        "person_name": f"[{d.name}]" if d.name else "Thank you",
        "message": "Thank you for watching",
        "signoff": "Your team",
    }


# The sceneData builder of each kind (by Kind.name).
SCENE_DATA: dict[str, Callable[[SceneData], dict[str, object]]] = {
    "intro": _intro_data,
    "brand": _brand_data,
    "stats": _stats_data,
    "ranking": _ranking_data,
    "breakdown": _breakdown_data,
    "skills": _skills_data,
    "books": _books_data,
    "comparison": _comparison_data,
    "percentile": _percentile_data,
    "timeline": _timeline_data,
    "map": _map_data,
    "quote": _quote_data,
    "badge": _badge_data,
    "poll": _poll_data,
    "photo": _photo_data,
    "cta": _cta_data,
    "outro": _outro_data,
}


def scene_for(kind: Kind, ctx: Ctx) -> SceneConfig:
    """One scene of `kind`, its sceneData bound to the template's slots (proposed if absent)."""
    info = get_primitive(kind.primitive)
    assert info is not None, kind.primitive
    # The name slot is looked up (and proposed) for every kind, before the kind's own slots.
    d = SceneData(ctx.book, ctx.topic, ctx.book.key("person_name"))
    data = SCENE_DATA[kind.name](d)
    scene = SceneConfig(
        primitiveId=info.id,
        label=kind.label,
        animationOption=info.animationOptions[0],
        defaultDuration=info.defaultDuration,
        transition=kind.transition,
        dataRequired=d.needs,
        sceneData={k: v for k, v in data.items() if v is not None},
    )
    if kind.phase in (1, 2) and d.needs and kind.name not in ("intro",):
        array = next((n for n in d.needs if n.endswith("[]")), None)
        if array:
            scene.skipCondition = _skip_when_missing(array[:-2])
    return scene


def _skip_when_missing(key: str) -> SkipCondition:
    return SkipCondition(field=key, op="not_exists", value=None, skipWhen=True)


def _cta_text(prompt: str) -> tuple[str, str]:
    text = prompt.lower()
    pairs = (
        (("renew*",), "Renew with confidence", "Book your renewal call"),
        (("donate*", "donation*", "donor*", "fundrais*"), "Help us do it again", "Donate again"),
        (("demo*",), "See it in action", "Book a demo"),
        (("sign up", "signup", "register*", "rsvp"), "Save your spot", "Register now"),
        (("buy", "order*", "shop*", "launch*"), "Be among the first", "Get it now"),
        (("upgrade*",), "Ready for more?", "Upgrade now"),
        (("book", "call", "meeting", "schedule"), "Let's plan what comes next", "Book a call"),
    )
    for words, headline, button in pairs:
        if any(_has(text, w) for w in words):
            return headline, button
    return "Let's plan what comes next", "Get in touch"


def _with_script(scene: SceneConfig, ctx: Ctx) -> SceneConfig:
    scene.voScript = write_script(scene, ctx.tone, ctx.book.slots)
    return scene


def fit_length(scenes: list[SceneConfig], target_s: float) -> None:
    """Scale enabled scenes' durations toward `target_s` (each between 2 s and 2x its
    primitive's default)."""
    total = _seconds(scenes)
    if total <= 0:
        return
    factor = target_s / total
    for scene in scenes:
        if not scene.enabled:
            continue
        info = get_primitive(scene.primitiveId)
        default = info.defaultDuration if info else 5.0
        new = round(max(2.0, min(default * 2, scene_seconds(scene) * factor)) * 2) / 2
        scene.defaultDuration = new
        if scene.durationOverride is not None:
            scene.durationOverride = new


def create(prompt: str, state: TemplateState) -> Composition:
    text = prompt.lower()
    ctx = Ctx(SlotBook(state.dataSlots), "professional", _topic(prompt))
    asked = sorted(
        ((pos, k) for k in KINDS if (pos := _mentions(text, k)) >= 0), key=lambda p: p[0]
    )
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
    short = any(_has(text, w) for w in ("short", "quick", "brief", "teaser", "snappy"))
    if short and target is None:
        target = 20
    if target is not None and target <= 20:
        # A short video keeps the opening, the first two content scenes, the CTA and the close.
        core = [k for k in ordered if k.phase in (1, 2, 3)][:2]
        ordered = [k for k in ordered if k.phase in (0, 4, 5) and k.name != "brand" or k in core]
    scenes = [scene_for(k, ctx) for k in ordered]
    for scene in scenes:
        if scene.primitiveId == "cta-card":
            headline, button = _cta_text(prompt)
            scene.sceneData["headline"] = headline
            scene.sceneData["buttonText"] = button
    if target is not None:
        fit_length(scenes, target)
    scenes = [_with_script(s, ctx) for s in scenes]
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


def _kinds_in(text: str) -> list[Kind]:
    found = sorted(((p, k) for k in KINDS if (p := _mentions(text, k)) >= 0), key=lambda x: x[0])
    return [k for _, k in found]


def _target_indexes(text: str, scenes: list[SceneConfig]) -> list[int]:
    """Scenes a phrase points at: by position ("scene 3", "the second scene", "the last one")
    or by kind ("the map", "the numbers")."""
    m = re.search(r"scene\s*#?\s*(\d+)", text)
    if m and 1 <= int(m.group(1)) <= len(scenes):
        return [int(m.group(1)) - 1]
    for word, n in ORDINALS.items():
        if re.search(rf"\b{word}\b(?! (?:half))", text) and n <= len(scenes):
            return [n - 1]
    if re.search(r"\blast\b", text) and scenes:
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
    ctx = Ctx(SlotBook(state.dataSlots), "professional", _topic(state.name or prompt))
    done: list[str] = []
    tone = detect_tone(text)
    clauses = [c.strip() for c in re.split(CLAUSE_BREAK, text)]
    for clause in [c for c in clauses if c]:
        _apply(clause, scenes, ctx, done, prompt)
    if tone is not None:
        ctx.tone = tone
        scenes = [_with_script(s, ctx) for s in scenes]
        done.append(f"rewrote the voiceovers in a {tone} tone")
    else:
        ctx.tone = _guess_tone(scenes)
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
    fresh = _with_script(scene_for(new[0], e.ctx), e.ctx)
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


def _shorten(e: EditStep) -> bool:
    """Fit the scenes to the length asked for, else to 70% of their length."""
    fit_length(e.scenes, detect_seconds(e.clause) or _seconds(e.scenes) * 0.7)
    e.done.append(f"shortened the scenes to about {round(_seconds(e.scenes))} s")
    return True


def _lengthen(e: EditStep) -> bool:
    """Fit the scenes to the length asked for, else to 130% of their length."""
    fit_length(e.scenes, detect_seconds(e.clause) or _seconds(e.scenes) * 1.3)
    e.done.append(f"lengthened the scenes to about {round(_seconds(e.scenes))} s")
    return True


def _asks_seconds(e: EditStep) -> bool:
    """Whether the clause asks for a length ("make it 30 seconds", "45 s long")."""
    return bool(e.words & {"make", "seconds", "long"}) and bool(detect_seconds(e.clause))


def _fit_seconds(e: EditStep) -> bool:
    """Fit the scenes to the length the clause asks for."""
    fit_length(e.scenes, detect_seconds(e.clause) or 0)
    e.done.append(f"fitted the scenes to about {round(_seconds(e.scenes))} s")
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
    rel = re.search(r"\b(before|after)\b (.+)", e.clause)
    anchor = _target_indexes(rel.group(2), e.scenes) if rel else []
    if anchor:
        return anchor[0] + (1 if rel and rel.group(1) == "after" else 0)
    if re.search(r"\b(?:at the start|at the beginning|first)\b", e.clause):
        return 0
    if re.search(r"\b(?:at the end|last)\b", e.clause):
        return len(e.scenes)
    return _insert_position(kind, e.scenes)


def _add(e: EditStep) -> bool:
    """Add a scene of each kind named (before any "before/after/instead of"), once for
    intro and outro."""
    head = re.split(r"\b(?:before|after|instead of)\b", e.clause)[0]
    for kind in _kinds_in(head):
        if kind.name in ("intro", "outro") and any(
            s.primitiveId == kind.primitive for s in e.scenes
        ):
            continue
        fresh = _with_script(scene_for(kind, e.ctx), e.ctx)
        if kind.name == "cta":
            fresh.sceneData["headline"], fresh.sceneData["buttonText"] = _cta_text(e.prompt)
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
    step = EditStep(clause, set(re.findall(r"[a-z]+", clause)), scenes, ctx, done, prompt)
    for matches, handle in EDIT_OPERATIONS:
        if matches(step) and handle(step):
            return
