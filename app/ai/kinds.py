"""The composer's vocabulary: the Kind table, the words that name tones, use cases, styles and
lengths, and the per-kind scene builders (SCENE_DATA, scene_for)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from app.ai.schemas import Tone
from app.ai.scripts import scene_seconds, write_script
from app.ai.slots import SlotBook
from app.primitives.catalog import get_primitive
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


def has(text: str, word: str) -> bool:
    """Whole-word match of `word` in lower-cased text; a word ending in `*` is a stem."""
    if word.endswith("*"):
        return re.search(rf"(?<![a-z0-9]){re.escape(word[:-1])}", text) is not None
    return re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", text) is not None


def mentions(text: str, kind: Kind) -> int:
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
        if any(has(text, w) for w in words):
            return tone
    return None


def detect_use_case(text: str) -> tuple[str, tuple[str, ...], Tone] | None:
    for name, words, kinds, tone in USE_CASES:
        if any(has(text, w) for w in words):
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


def enabled_seconds(scenes: list[SceneConfig]) -> float:
    return sum(scene_seconds(s) for s in scenes if s.enabled)


@dataclass
class Ctx:
    book: SlotBook
    tone: Tone
    topic: str


def topic_of(prompt: str) -> str:
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


def cta_text(prompt: str) -> tuple[str, str]:
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
        if any(has(text, w) for w in words):
            return headline, button
    return "Let's plan what comes next", "Get in touch"


def with_script(scene: SceneConfig, ctx: Ctx) -> SceneConfig:
    scene.voScript = write_script(scene, ctx.tone, ctx.book.slots)
    return scene


def fit_length(scenes: list[SceneConfig], target_s: float) -> None:
    """Scale enabled scenes' durations toward `target_s` (each between 2 s and 2x its
    primitive's default)."""
    total = enabled_seconds(scenes)
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
