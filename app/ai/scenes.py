"""The per-kind scene builders (SCENE_DATA, scene_for): each scene's sceneData bound to the
template's slots (proposed when absent), its on-screen copy written for the use case
(app/ai/onscreen.py) or given in quotes by the prompt, and its script (app/ai/scripts.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from app.ai.currencies import DOLLAR
from app.ai.kinds import CTA_PHRASE, Kind, has
from app.ai.onscreen import copy_for, with_slot_names
from app.ai.quantities import Currency, Quantity
from app.ai.schemas import Tone
from app.ai.scripts import scene_seconds, write_script
from app.ai.slots import SlotBook
from app.composition.timeline import TRANSITION_MS
from app.primitives.catalog import get_primitive
from app.templates.schemas import SceneConfig, SkipCondition


@dataclass
class Ctx:
    """What every scene of one composition shares."""

    book: SlotBook
    tone: Tone
    use_case: str | None = None
    quoted: dict[str, str] = field(default_factory=dict)  # field -> copy the prompt quotes
    currency: Currency = DOLLAR
    used: set[str] = field(default_factory=set)  # script sentences already said
    # a map's title and what it counts when it shows no countries ("Your stations")
    mapped: tuple[str, str] | None = None
    upcoming: bool = False  # the timeline shows what is to come ("the events coming up")
    against: str | None = None  # who the recipient is compared with ("Average angler")
    asks: str | None = None  # what the prompt's poll asks, put to the recipient


@dataclass
class SceneData:
    """A scene's sceneData being built: the shared context, the quantities it shows and the
    slot keys it needs."""

    ctx: Ctx
    name: str | None  # the slot key of the recipient's name, if any
    quantities: list[Quantity] = field(default_factory=list)
    needs: list[str] = field(default_factory=list)

    @property
    def book(self) -> SlotBook:
        return self.ctx.book

    def copy(self, field_name: str, quoted: str | None = None) -> str:
        """The prompt's quoted copy for `quoted` when it gave some, else the use case's."""
        given = self.ctx.quoted.get(quoted or "")
        if given:
            return with_slot_names(given, self.name)
        return copy_for(self.ctx.use_case, field_name).replace("{name}", self.person_ref())

    def person_ref(self) -> str:
        if self.name and self.name not in self.needs:
            self.needs.append(self.name)
        return f"[{self.name}]" if self.name else "friend"

    def bind(self, role: str, array: bool = False) -> str | None:
        """`[key]` of the slot holding `role` (noted as needed), or None when there is none."""
        key = self.book.key(role)
        if key is None:
            return None
        return self._need(key, array)

    def _need(self, key: str, array: bool = False) -> str:
        entry = f"{key}[]" if array else key
        if entry not in self.needs:
            self.needs.append(entry)
        return f"[{key}]"

    def card(self, q: Quantity) -> dict[str, object]:
        """A stat card showing quantity `q` from its typed slot."""
        out: dict[str, object] = {"label": q.label, "value": self._need(self.book.quantity(q))}
        if q.prefix:
            out["prefix"] = q.prefix
        if q.suffix:
            out["suffix"] = q.suffix
        return out


def _intro_data(d: SceneData) -> dict[str, object]:
    """Intro: the recipient's name (or the quoted headline) and the use case's subtitle."""
    data: dict[str, object] = {"person_name": d.bind("person_name") or "Hello"}
    if "headline" in d.ctx.quoted:
        data["title"] = d.copy("subtitle", "headline")
        if d.name and f"[{d.name}]" not in str(data["title"]):
            data["kicker"] = f"For [{d.name}]"
    period = d.book.existing("period")
    subtitle = d.copy("subtitle", "subtitle")
    if period and "subtitle" not in d.ctx.quoted:
        subtitle = f"{subtitle} · [{d._need(period)[1:-1]}]"
    data["subtitle"] = subtitle
    return data


def _brand_data(d: SceneData) -> dict[str, object]:
    """Logo: the company's name and a tagline."""
    return {"company_name": d.bind("company_name") or "Our team",
            "tagline": d.copy("tagline", "tagline")}  # fmt: skip


# Quantities whose card shows no number: a stat scene of only these is the recipient's details.
WORDED = ("text", "date")


def _stats_data(d: SceneData) -> dict[str, object]:
    """Key numbers: a card per quantity the prompt named, else the key-stats list."""
    title = d.copy("numbers")
    if d.quantities:
        if "number" in title.lower() and all(q.kind in WORDED for q in d.quantities):
            title = d.copy("details")  # a dentist's name and a date are no numbers
        return {"stats": [d.card(q) for q in d.quantities], "title": title}
    return {"stats": d.bind("keyStats", True), "title": title}


def _ranking_data(d: SceneData) -> dict[str, object]:
    """Bar race over the top-N list the prompt named, else the categories slot."""
    top = next((q for q in d.quantities if q.kind == "top"), None)
    if top is not None:
        key = d.book.quantity(top)
        return {"bars": d._need(key, True), "title": f"Your top {top.top}"}
    return {"bars": d.bind("categories", True), "title": d.copy("ranking")}


def _breakdown_data(d: SceneData) -> dict[str, object]:
    """Donut over the categories slot, in the prompt's currency when it speaks of money."""
    data: dict[str, object] = {"categories": d.bind("categories", True),
                               "title": d.copy("breakdown")}  # fmt: skip
    if d.ctx.use_case == "fundraising thanks":
        data["prefix"] = d.ctx.currency.symbol
    return data


def _skills_data(d: SceneData) -> dict[str, object]:
    """Radar over the profile-axes slot."""
    return {"radarData": d.bind("radarData", True), "title": d.copy("skills")}


def _books_data(d: SceneData) -> dict[str, object]:
    """Book shelf over the books slot."""
    return {"books": d.bind("books", True), "title": d.copy("books")}


def _comparison_data(d: SceneData) -> dict[str, object]:
    """Comparison bars: the categories, the recipient against who the prompt compares them
    with ("Average angler"), else this period against the previous one."""
    items = d.bind("categories", True)
    if d.ctx.against:
        return {"items": items, "valueLabel": "You", "compareLabel": d.ctx.against,
                "title": "How you compare"}  # fmt: skip
    period = d.book.existing("period")
    return {
        "items": items,
        "valueLabel": f"[{period}]" if period else "This period",
        "compareLabel": "Previous period",
        "title": d.copy("comparison"),
    }


def _percentile_data(d: SceneData) -> dict[str, object]:
    """Percentile gauge for the recipient; one of two ranks is titled by what it is within
    ("Overall", "In your age group")."""
    rank = next((q for q in d.quantities if q.kind == "rank"), None)
    value = d._need(d.book.quantity(rank)) if rank else d.bind("percentile")
    title = rank.within.capitalize() if rank and rank.within else d.copy("percentile")
    return {"percentile": value, "title": title, "label": "percentile",
            "person_name": d.person_ref()}  # fmt: skip


def _timeline_data(d: SceneData) -> dict[str, object]:
    """Milestone timeline over the milestones slot; one of what is to come is titled so."""
    title = "What's coming up" if d.ctx.upcoming else d.copy("timeline")
    return {"milestones": d.bind("milestones", True), "title": title}


def _map_data(d: SceneData) -> dict[str, object]:
    """World map over the countries slot, counting them in the subtitle; a map of other
    places (stations, a route, where something came from) is titled by them
    (app/ai/maps.py), not "Around the world"."""
    countries = d.bind("countries", True)
    title, counted = d.ctx.mapped or (d.copy("map"), "countries")
    data: dict[str, object] = {"countries": countries, "title": title}
    if countries:
        data["subtitle"] = f"[{countries[1:-1]}.length] {counted}"
    return data


def _quote_data(d: SceneData) -> dict[str, object]:
    """Quote card: the quote and who said it, from their slots."""
    return {"quote": d.bind("quote"), "person_name": d.bind("quote_author"),
            "kicker": d.copy("quote")}  # fmt: skip


def _badge_data(d: SceneData) -> dict[str, object]:
    """Badge unlock from the badge slot."""
    return {"badge_name": d.bind("badge_name"), "badge_description": d.copy("badge"),
            "person_name": d.person_ref()}  # fmt: skip


def _poll_data(d: SceneData) -> dict[str, object]:
    """A poll over the poll-answers slot."""
    asked = d.ctx.asks if d.ctx.asks and "question" not in d.ctx.quoted else None
    return {"question": asked or d.copy("poll", "question"),
            "options": d.bind("poll_results", True)}  # fmt: skip


def _photo_data(d: SceneData) -> dict[str, object]:
    """Ken Burns photo from the image slot, with a caption."""
    return {"image_url": d.bind("image_url"), "caption": d.copy("photo", "caption")}


def _cta_data(d: SceneData) -> dict[str, object]:
    """Call to action pointing at the link slot."""
    return {"headline": "Let's plan what comes next", "buttonText": "Book a call",
            "url": d.bind("cta_url")}  # fmt: skip


def _outro_data(d: SceneData) -> dict[str, object]:
    """Closing card thanking the recipient by name."""
    return {"person_name": d.person_ref() if d.name else "Thank you",
            "message": d.copy("outro", "outro"), "signoff": d.copy("signoff")}  # fmt: skip


# The sceneData builder of each kind (by Kind.name).
SCENE_DATA: dict[str, Callable[[SceneData], dict[str, object]]] = {
    "intro": _intro_data, "brand": _brand_data, "stats": _stats_data,
    "ranking": _ranking_data, "breakdown": _breakdown_data, "skills": _skills_data,
    "books": _books_data, "comparison": _comparison_data, "percentile": _percentile_data,
    "timeline": _timeline_data, "map": _map_data, "quote": _quote_data, "badge": _badge_data,
    "poll": _poll_data, "photo": _photo_data, "cta": _cta_data, "outro": _outro_data,
}  # fmt: skip


def scene_for(kind: Kind, ctx: Ctx, quantities: list[Quantity] | None = None) -> SceneConfig:
    """One scene of `kind` (showing `quantities` when given), its sceneData bound to the
    template's slots (proposed if absent)."""
    info = get_primitive(kind.primitive)
    assert info is not None, kind.primitive
    # The name slot is looked up (and proposed) for every kind, before the kind's own slots.
    d = SceneData(ctx, ctx.book.key("person_name"), list(quantities or []))
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
    if kind.phase in (1, 2) and d.needs:
        array = next((n for n in d.needs if n.endswith("[]")), None)
        if array:
            scene.skipCondition = _skip_when_missing(array[:-2])
    return scene


def _skip_when_missing(key: str) -> SkipCondition:
    return SkipCondition(field=key, op="not_exists", value=None, skipWhen=True)


# Calls to action read only where the prompt says what its button does ("a button to leave a
# review"): elsewhere these words say what the video is about.
CTA_ONLY = (
    (("claim*", "coupon*", "voucher*", "free"), "A little thank-you from us", "Claim it now"),
    (("review*", "rate*", "feedback"), "Tell us how it went", "Leave a review"),
    (("pay*", "payment*", "checkout", "settle"), "It only takes a minute", "Pay now"),
)  # fmt: skip


def cta_text(prompt: str, use_case: str | None = None) -> tuple[str, str]:
    """The call to action's headline and button for what the prompt asks people to do: what
    its call to action phrase says first, else what the prompt says anywhere."""
    text = prompt.lower()
    asked = " ".join(m.group(0) for m in CTA_PHRASE.finditer(text))
    pairs = (
        (("renew*",), "Renew with confidence", "Book your renewal call"),
        (("donate*", "donation*", "donor*", "fundrais*", "give again"), "Help us do it again",
         "Donate again"),
        (("demo*",), "See it in action", "Book a demo"),
        (("sign up", "signup", "register*", "rsvp"), "Save your spot", "Register now"),
        (("redeem*", "reward*"), "Your reward is waiting", "Redeem now"),
        (("reschedul*", "appointment*", "checkup*", "check-up*"), "Need a different time?",
         "Reschedule"),
        (("download*", "report"), "Everything in one place", "Download the report"),
        (("valuation*", "apprais*"), "What's your home worth today?", "Book a valuation"),
        (("buy", "order*", "shop*", "launch*"), "Be among the first", "Get it now"),
        (("upgrade*",), "Ready for more?", "Upgrade now"),
        (("book", "call", "meeting", "schedule"), "Let's plan what comes next", "Book a call"),
    )  # fmt: skip
    for words, headline, button in (*pairs, *CTA_ONLY):
        if any(has(asked, w) for w in words):
            return headline, button
    for words, headline, button in pairs:
        if any(has(text, w) for w in words):
            return headline, button
    return "Let's plan what comes next", "Get in touch"


def with_script(scene: SceneConfig, ctx: Ctx) -> SceneConfig:
    scene.voScript = write_script(scene, ctx.tone, ctx.book.slots, ctx.use_case, ctx.used)
    return scene


def enabled_seconds(scenes: list[SceneConfig]) -> float:
    return sum(scene_seconds(s) for s in scenes if s.enabled)


def fit_length(scenes: list[SceneConfig], target_s: float) -> None:
    """Scale enabled scenes' durations so the video lasts about `target_s` (each between 2 s
    and 2.5x its primitive's default); each transition overlaps two scenes, so the scenes
    cover that too."""
    total = enabled_seconds(scenes)
    if total <= 0:
        return
    overlaps = TRANSITION_MS / 1000 * max(0, sum(s.enabled for s in scenes) - 1)
    factor = (target_s + overlaps) / total
    for scene in scenes:
        if not scene.enabled:
            continue
        info = get_primitive(scene.primitiveId)
        default = info.defaultDuration if info else 5.0
        new = round(max(2.0, min(default * 2.5, scene_seconds(scene) * factor)) * 2) / 2
        scene.defaultDuration = new
        if scene.durationOverride is not None:
            scene.durationOverride = new
