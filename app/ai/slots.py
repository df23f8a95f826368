"""Roles of template data (who, period, numbers, categories...) and the slots that hold them:
the composer and the script writer find a template's slot for a role by key, alias or synonym,
and propose a slot when the template has none."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from app.ai.quantities import Quantity
from app.composition.variables import KEY
from app.templates.schemas import DataSlot


@dataclass(frozen=True)
class Role:
    key: str  # the key of a proposed slot
    type: str
    label: str
    synonyms: tuple[str, ...]
    description: str


ROLES: dict[str, Role] = {
    r.key: r
    for r in (
        Role("person_name", "text", "Recipient name",
             ("person_name", "name", "full_name", "first_name", "recipient", "customer_name"),
             "The recipient's name"),
        Role("company_name", "text", "Company", ("company_name", "company", "organisation",
             "organization", "account_name", "client"), "The recipient's company"),
        Role("period", "text", "Period", ("period", "quarter", "month", "year", "date_range"),
             "The period covered, e.g. Q3 2026"),
        Role("keyStats", "array", "Key numbers", ("keystats", "stats", "kpis", "metrics",
             "highlights", "companystats", "numbers"),
             "Up to four objects with label, value and optional prefix/suffix"),
        Role("categories", "array", "Categories", ("categories", "segments", "breakdown",
             "channels", "products"), "Objects with label, value and optional compare"),
        Role("milestones", "array", "Milestones", ("milestones", "timeline", "steps", "events",
             "history"), "Objects with date, title and optional description"),
        Role("countries", "array", "Countries", ("countries", "locations", "regions",
             "country_codes"), "ISO country codes (e.g. US, BR) to highlight"),
        Role("radarData", "array", "Profile axes", ("radardata", "skills", "axes", "profile"),
             "3 to 8 objects with label and value (0-100)"),
        Role("percentile", "number", "Percentile", ("percentile", "rank", "ranking"),
             "Where the recipient ranks, 0-100"),
        Role("quote", "text", "Quote", ("quote", "testimonial", "quotation"),
             "A quotation to show"),
        Role("quote_author", "text", "Quote author", ("quote_author", "quoted_by", "speaker",
             "testimonial_author"), "Who said the quote"),
        Role("poll_results", "array", "Poll answers", ("poll_results", "poll_options",
             "answers", "votes"), "Objects with label and value (votes or percent)"),
        Role("books", "array", "Books", ("books", "publications", "titles"),
             "Objects with title, year and optional cover"),
        Role("image_url", "url", "Image", ("image_url", "photo", "image", "picture"),
             "A photo to show full screen"),
        Role("badge_name", "text", "Badge", ("badge_name", "badge", "achievement", "award"),
             "The achievement unlocked"),
        Role("cta_url", "url", "Call-to-action link", ("cta_url", "url", "link", "booking_url",
             "signup_url", "donate_url"), "Where the call-to-action button points"),
    )
}  # fmt: skip


def _norm(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find_slot(slots: Iterable[DataSlot], role: str) -> DataSlot | None:
    """The template's slot that holds `role`: same key, else a synonym by key or alias."""
    listed = list(slots)
    for slot in listed:
        if slot.key == role:
            return slot
    wanted = {_norm(s) for s in ROLES[role].synonyms}
    for slot in listed:
        if _norm(slot.key) in wanted or any(_norm(a) in wanted for a in slot.aliases):
            return slot
    return None


def proposed_slot(role: str) -> DataSlot:
    r = ROLES[role]
    return DataSlot(
        key=r.key,
        label=r.label,
        type=r.type,  # type: ignore[arg-type]
        required=role == "person_name",
        description=r.description,
    )


def slot_key(key: str, kind: str) -> str:
    """A data slot key (`KEY`) for a quantity's key: one that would start with a digit ("3D
    prints completed": `3d_prints_completed`) is led by its kind (`count_3d_prints_completed`);
    an empty one is its kind."""
    key = key.strip("_") or kind
    return key if KEY.fullmatch(key) else f"{kind}_{key}"


def ranked_within(q: Quantity) -> str:
    """A rank's slot description, by what it is within ("in their age group")."""
    return f"Where the recipient ranks {q.within.replace('your ', 'their ')}, 0-100"


class SlotBook:
    """The slots a composition may use: the template's, plus proposals added on first use."""

    def __init__(self, existing: Iterable[DataSlot], may_add: bool = True) -> None:
        self.slots: list[DataSlot] = list(existing)
        self.may_add = may_add

    def key(self, role: str) -> str | None:
        """The slot key holding `role` (proposing the slot when allowed), or None."""
        found = find_slot(self.slots, role)
        if found is not None:
            return found.key
        if not self.may_add or any(s.key == role for s in self.slots):
            return None
        self.slots.append(proposed_slot(role))
        return role

    def quantity(self, q: Quantity) -> str:
        """The slot key holding quantity `q`: the template's slot of that key, else a proposed
        typed slot (a money slot's label and description name its currency symbol)."""
        if q.kind == "rank" and q.key == "percentile":
            return self._percentile(q)
        key = slot_key(q.key, q.kind)
        taken = [s for s in self.slots if s.key == key or key in s.aliases]
        if key in ROLES or any(s.type != q.slot_type for s in taken):
            # "how many books" is a number; `books`, the book shelf's list, stays a list.
            key = f"{key}_{'count' if q.kind == 'count' else q.kind}"
        for slot in self.slots:
            if slot.key == key or key in slot.aliases:
                return slot.key
        q = replace(q, key=key)
        label = f"{q.label} ({q.prefix.strip()})" if q.kind == "money" else q.label
        described = {
            "money": f"Money, a number shown as {q.prefix}1,250",
            "percent": "A percentage, a number from 0 to 100",
            "duration": f"A number of {q.spoken}",
            "date": "An ISO date (YYYY-MM-DD)",
            "top": f"Your top {q.top}: objects with label and value, largest first",
            "rank": ranked_within(q),
            "text": "Text, shown as written",
        }.get(q.kind, f"A number of {q.spoken}" if q.spoken else "A number")
        self.slots.append(DataSlot(key=q.key, label=label, type=q.slot_type,  # type: ignore[arg-type]
                                   description=described))  # fmt: skip
        return q.key

    def _percentile(self, q: Quantity) -> str:
        """The slot of the recipient's percentile; one proposed for the first of two ranks is
        labelled by what it is within ("Percentile overall")."""
        proposed = self.existing("percentile") is None
        key = self.key("percentile")
        if key is None:
            return q.key
        if proposed and q.within:
            self.slots = [
                s.model_copy(update={"label": q.label, "description": ranked_within(q)})
                if s.key == key
                else s
                for s in self.slots
            ]
        return key

    def existing(self, role: str) -> str | None:
        found = find_slot(self.slots, role)
        return found.key if found else None

    @property
    def keys(self) -> set[str]:
        return {s.key for s in self.slots}
