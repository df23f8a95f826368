"""The built-in script writer: one voiceover per scene in one of the four SPEC tones, with
`[variable]` references to the template's slots (never sample values), sized to the scene's
duration at about WORDS_PER_SECOND. Deterministic: same scenes and tone, same scripts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from app.ai.schemas import Tone
from app.ai.slots import find_slot
from app.composition.variables import KEY, variables_in
from app.primitives.catalog import get_primitive
from app.templates.schemas import DataSlot, SceneConfig
from app.templates.validation import slot_key

WORDS_PER_SECOND = 2.5

# Per primitive and tone, candidate scripts from the fullest to the shortest. Placeholders:
# {name} {period} {company} {badge} fill with `[slot]` references (or plain words when the
# template has no such slot).
LINES: dict[str, dict[Tone, list[str]]] = {
    "title-intro": {
        "professional": ["{name}, welcome to your {period} review. Here is what we found.",
                         "{name}, here is your {period} review.",
                         "{name}, welcome. Here is what we prepared for you.", "Welcome, {name}."],
        "celebratory": ["{name}, what a {period} it has been! Let's celebrate it together.",
                        "{name}, let's celebrate your {period}!",
                        "{name}, this one is all about you. Let's celebrate!",
                        "Congratulations, {name}!"],
        "casual": ["Hey {name}! Grab a coffee, here's your {period} in a nutshell.",
                   "Hey {name}, here's your {period}.",
                   "Hey {name}! Got a minute? This one's for you.", "Hey {name}!"],
        "inspirational": ["{name}, every great story has a chapter like this {period}. "
                          "This is yours.", "{name}, this {period} is your story.",
                          "{name}, this is your story."],
    },
    "logo-reveal": {
        "professional": ["{company} is glad to have you with us.", "Welcome to {company}."],
        "celebratory": ["Welcome aboard! {company} is thrilled to have you.",
                        "Welcome to {company}!"],
        "casual": ["So, this is {company}. Nice to meet you!", "Hi from {company}!"],
        "inspirational": ["At {company}, we build what comes next, together with you.",
                          "Together with {company}."],
    },
    "stat-counters": {
        "professional": ["First, the numbers that matter most for {period}.",
                         "First, the numbers that matter most.", "The key numbers.",
                         "Key numbers."],
        "celebratory": ["Look at these numbers! Every one of them is worth a cheer.",
                        "Look at these numbers!", "Wow."],
        "casual": ["Okay, let's talk numbers. Not bad at all, right?",
                   "Here are your numbers.", "Numbers!"],
        "inspirational": ["Each of these numbers stands for effort that added up.",
                          "Every number tells a story.", "It adds up."],
    },
    "bar-race": {
        "professional": ["Here is how your categories ranked in {period}.",
                         "How the categories ranked.", "The ranking."],
        "celebratory": ["And the winners are! Here is your top lineup for {period}.",
                        "Here are your top performers!", "The winners!"],
        "casual": ["Who came out on top? Let's see the race.", "Here's who came out on top.",
                   "The top spots."],
        "inspirational": ["Every category moved; here is where you led the way.",
                          "Here is where you led.", "Leading the way."],
    },
    "category-donut": {
        "professional": ["Here is how the total breaks down by category.",
                         "The breakdown by category.", "The breakdown."],
        "celebratory": ["Every slice of this is a win. Here is the full picture!",
                        "Here is the full picture!", "The full picture!"],
        "casual": ["Here's how it all splits up.", "How it splits up.", "The split."],
        "inspirational": ["Every part plays its role in the whole.",
                          "Every part counts.", "The whole picture."],
    },
    "comparison-bars": {
        "professional": ["Compared with the previous period, here is what changed.",
                         "Compared with the previous period.", "The comparison."],
        "celebratory": ["And look how far you've come since last time!",
                        "Look how far you've come!", "What a jump!"],
        "casual": ["Now versus last time. Quite the difference, right?",
                   "Now versus last time.", "Then versus now."],
        "inspirational": ["Growth is measured against where we started. Look at the distance.",
                          "See how far you've come.", "Look how far."],
    },
    "radar": {
        "professional": ["Here is your profile across the areas that count.",
                         "Your profile at a glance.", "Your profile."],
        "celebratory": ["Look at that shape! You showed up everywhere.",
                        "You showed up everywhere!", "What a shape!"],
        "casual": ["Here's your mix. Pretty well rounded!", "Here's your mix.", "Your mix."],
        "inspirational": ["Your strengths, drawn out. Each one can still grow.",
                          "Your strengths, drawn out.", "Your strengths."],
    },
    "percentile-gauge": {
        "professional": ["{name}, you rank in the top group among your peers.",
                         "Here is where you rank.", "Your rank."],
        "celebratory": ["{name}, you're ahead of almost everyone. Amazing!",
                        "You're ahead of the pack!", "Top of the pack!"],
        "casual": ["So where do you stand? Pretty high up, {name}.",
                   "Here's where you stand.", "Your spot."],
        "inspirational": ["{name}, you set the pace others will follow.",
                          "You set the pace.", "Setting the pace."],
    },
    "milestone-timeline": {
        "professional": ["Here are the milestones along the way, step by step.",
                         "The milestones along the way.", "The milestones."],
        "celebratory": ["What a journey! Let's look back at every milestone.",
                        "What a journey it has been!", "What a journey!"],
        "casual": ["Here's how it went, step by step.", "Here's how it went.", "The journey."],
        "inspirational": ["Every milestone was a step toward something bigger.",
                          "Every step counted.", "Step by step."],
    },
    "world-map": {
        "professional": ["Your reach now spans these countries.",
                         "Here is your reach.", "Your reach."],
        "celebratory": ["Look at that map light up around the world!",
                        "Look at that map light up!", "Around the world!"],
        "casual": ["Here's everywhere you've been. Not bad!", "Here's the map.", "The map."],
        "inspirational": ["Your work now reaches people across the world.",
                          "Your work reaches the world.", "Worldwide."],
    },
    "quote-card": {
        "professional": ["In their own words.", "In their words."],
        "celebratory": ["Here's what people are saying!", "What people say!"],
        "casual": ["Don't just take our word for it.", "In their words."],
        "inspirational": ["Sometimes one sentence says it all.", "One sentence says it all."],
    },
    "badge-unlock": {
        "professional": ["{name}, you have earned the {badge} badge.", "Badge earned."],
        "celebratory": ["Achievement unlocked! {name}, the {badge} badge is yours!",
                        "Achievement unlocked!"],
        "casual": ["Oh, and {name}? You unlocked {badge}. Nice!", "You unlocked a badge!"],
        "inspirational": ["{name}, {badge} marks how far you've come.", "A badge well earned."],
    },
    "poll-card": {
        "professional": ["We asked, and here is what people answered.", "Here are the answers."],
        "celebratory": ["The votes are in, and here's the winner!", "The votes are in!"],
        "casual": ["We asked, you answered. Here's how it went.", "You answered!"],
        "inspirational": ["Every voice counted. Here's what you told us.", "Every voice counted."],
    },
    "ken-burns": {
        "professional": ["A look back at the moment.", "A look back."],
        "celebratory": ["What a moment that was!", "What a moment!"],
        "casual": ["Remember this one?", "Remember this?"],
        "inspirational": ["Some moments stay with us.", "Moments that stay."],
    },
    "book-shelf": {
        "professional": ["Here is the body of work so far.", "The work so far."],
        "celebratory": ["Look at that shelf! Every book a milestone.", "Look at that shelf!"],
        "casual": ["Here's the bookshelf. Quite the collection!", "The bookshelf."],
        "inspirational": ["Each book opened a door for a reader somewhere.",
                          "Each book opened a door."],
    },
    "cta-card": {
        "professional": ["Let's plan the next step together. The link is on screen.",
                         "Let's plan the next step.", "Next step."],
        "celebratory": ["Let's keep the momentum going! Tap the button to join us.",
                        "Let's keep it going!", "Join us!"],
        "casual": ["Want to chat? Just hit the button.", "Hit the button!", "Let's talk."],
        "inspirational": ["The next chapter starts with one step. Take it today.",
                          "Take the next step today.", "Take the step."],
    },
    "outro": {
        "professional": ["Thank you, {name}. We look forward to the next {period}.",
                         "Thank you, {name}.", "Thank you."],
        "celebratory": ["Congratulations again, {name}! Here's to an even better {period}!",
                        "Congratulations again, {name}!", "Cheers, {name}!"],
        "casual": ["That's a wrap, {name}! Catch you next time.", "That's a wrap, {name}!",
                   "See ya!"],
        "inspirational": ["Thank you, {name}. The best is yet to come.",
                          "The best is yet to come, {name}.", "Onward."],
    },
}  # fmt: skip

FALLBACK: dict[str, str] = {
    "name": "",
    "period": "this period",
    "company": "our team",
    "badge": "new",
}
ROLE_OF = {"name": "person_name", "period": "period", "company": "company_name",
           "badge": "badge_name"}  # fmt: skip


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


def _fill(line: str, slots: list[DataSlot]) -> str:
    out = line
    for placeholder, role in ROLE_OF.items():
        token = "{" + placeholder + "}"
        if token not in out:
            continue
        slot = find_slot(slots, role)
        out = out.replace(token, f"[{slot.key}]" if slot else FALLBACK[placeholder])
    # A missing name leaves ", ." or a leading comma: tidy the punctuation.
    out = out.replace(" ,", ",").replace(", .", ".").replace(", !", "!").replace(" ?", "?")
    out = out.replace("  ", " ").strip()
    while out.startswith((",", " ")):
        out = out[1:].strip()
    return out[:1].upper() + out[1:]


def _missing_roles(line: str, slots: list[DataSlot]) -> bool:
    return any(
        "{" + placeholder + "}" in line and find_slot(slots, role) is None
        for placeholder, role in ROLE_OF.items()
    )


def words(text: str) -> int:
    return len(text.split())


def scene_seconds(scene: SceneConfig) -> float:
    if scene.durationOverride:
        return scene.durationOverride
    if scene.defaultDuration:
        return scene.defaultDuration
    info = get_primitive(scene.primitiveId)
    return info.defaultDuration if info else 5.0


def write_script(scene: SceneConfig, tone: Tone, slots: list[DataSlot]) -> str:
    """The longest candidate script that fits the scene's duration (~2.5 words/s)."""
    budget = max(2, int(scene_seconds(scene) * WORDS_PER_SECOND))
    candidates = LINES.get(scene.primitiveId, {}).get(tone) or [
        "Here's a closer look." if tone != "professional" else "A closer look."
    ]
    usable = [c for c in candidates if not _missing_roles(c, slots)] or candidates
    filled = [_fill(c, slots) for c in usable]
    for text in filled:
        if words(text) <= budget:
            return text
    return filled[-1]


def slots_for_keys(keys: Iterable[str]) -> list[DataSlot]:
    return [DataSlot(key=k, type="text") for k in keys]
