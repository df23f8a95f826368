"""What a person would expect from the built-in composer: for each prompt, the kinds of scenes,
their order, the tone and the length; every answer passes the templates validation."""

from __future__ import annotations

import pytest

from app.ai.builtin import create, edit
from app.ai.repair import repair
from app.ai.schemas import TemplateState
from app.ai.service import estimated_seconds
from app.config import Settings
from app.limits import allowance
from app.templates.builtins import builtins
from app.templates.validation import document_problems
from tests.support.ai_prompts import CREATE as CASES

ALLOW = allowance(Settings(), "studio")

# prompt, primitives that must be there (in this order), tone, (min s, max s)
CREATE = [c[:4] for c in CASES]


def check_valid(scenes, slots):
    assert document_problems(scenes, slots) == []
    repaired, _ = repair([s.model_dump() for s in scenes], [], slots, ALLOW)
    assert [s.model_dump() for s in repaired] == [s.model_dump() for s in scenes]


def in_order(found: list[str], wanted: list[str]) -> bool:
    positions = [found.index(w) for w in wanted if w in found]
    return len(positions) == len(wanted) and positions == sorted(positions)


@pytest.mark.parametrize("prompt, wanted, tone, length", CREATE, ids=[c[0][:40] for c in CREATE])
def test_create(prompt, wanted, tone, length):
    made = create(prompt, TemplateState())
    kinds = [s.primitiveId for s in made.scenes]
    assert kinds[0] == "title-intro" and kinds[-1] == "outro", kinds
    assert in_order(kinds, wanted), kinds
    assert len(set(kinds)) == len(kinds)
    if "cta-card" in kinds:
        assert kinds.index("cta-card") == len(kinds) - 2
    assert made.suggestedVoiceoverTone == tone
    seconds = estimated_seconds(made.scenes)
    assert length[0] <= seconds <= length[1], seconds
    assert all(s.voScript for s in made.scenes)
    check_valid(made.scenes, made.dataSlots)
    assert create(prompt, TemplateState()) == made  # deterministic


def test_create_uses_the_templates_own_slots():
    pulse = builtins()["pulse"]
    state = TemplateState(dataSlots=pulse.dataSlots)
    made = create("review with stats, categories ranked and a button to book a call", state)
    # The template's slots as they were, plus the link its call to action points at.
    assert [s.key for s in made.dataSlots] == [s.key for s in pulse.dataSlots] + ["cta_url"]
    stats = next(s for s in made.scenes if s.primitiveId == "stat-counters")
    assert stats.sceneData["stats"] == "[keyStats]"
    assert "[period]" in made.scenes[0].voScript


def base_state() -> TemplateState:
    pulse = builtins()["pulse"]
    return TemplateState(name=pulse.name, scenes=pulse.scenes, dataSlots=pulse.dataSlots)


P = ["title-intro", "stat-counters", "bar-race", "comparison-bars", "cta-card", "outro"]

# prompt, expected primitive order, expected enabled flags (None: all true), tone or None,
# (min s, max s) or None
EDIT = [
    ("add a world map after the key numbers", P[:2] + ["world-map"] + P[2:], None, None, None),
    ("add a map", P[:4] + ["world-map"] + P[4:], None, None, None),
    ("remove the comparison", [p for p in P if p != "comparison-bars"], None, None, None),
    ("delete scene 3", P[:2] + P[3:], None, None, None),
    ("drop the last scene", P[:-1], None, None, None),
    ("replace the bar race with a donut chart", P[:2] + ["category-donut"] + P[3:], None, None,
     None),
    ("swap the comparison for a timeline", P[:3] + ["milestone-timeline"] + P[4:], None, None,
     None),
    ("move the call to action to the start", ["cta-card"] + P[:4] + ["outro"], None, None, None),
    ("move the ranking after the comparison", P[:2] + [P[3], P[2]] + P[4:], None, None, None),
    ("make it shorter", P, None, None, (14, 24)),
    ("make it 20 seconds", P, None, None, (16, 24)),
    ("make it longer", P, None, None, (30, 50)),
    ("more celebratory", P, None, "celebratory", None),
    ("make the tone casual", P, None, "casual", None),
    ("use fade transitions", P, None, None, None),
    ("disable the comparison", P, [True, True, True, False, True, True], None, None),
    ("hide scene 2 and use wipe transitions", P, [True, False, True, True, True, True], None,
     None),
    ("add a quote before the call to action", P[:4] + ["quote-card"] + P[4:], None, None, None),
    ("remove the call to action, add a badge and make it inspirational",
     P[:4] + ["badge-unlock", "outro"], None, "inspirational", None),
    ("make the animations more energetic", P, None, None, None),
    ("add a percentile gauge at the end", P + ["percentile-gauge"], None, None, None),
]  # fmt: skip


@pytest.mark.parametrize("prompt, order, enabled, tone, length", EDIT, ids=[e[0] for e in EDIT])
def test_edit(prompt, order, enabled, tone, length):
    state = base_state()
    made = edit(prompt, state)
    assert [s.primitiveId for s in made.scenes] == order, made.explanation
    if enabled is not None:
        assert [s.enabled for s in made.scenes] == enabled
    if tone is not None:
        assert made.suggestedVoiceoverTone == tone
        originals = {s.voScript for s in state.scenes}
        assert all(s.voScript not in originals for s in made.scenes if s.voScript)
    else:
        # Scenes that were there keep their data as they were, and their scripts unless the
        # length changed (a voiced scene lasts as long as its script is spoken).
        before = {(s.primitiveId, s.label): s for s in state.scenes}
        for scene in made.scenes:
            old = before.get((scene.primitiveId, scene.label))
            if old is not None:
                assert scene.sceneData == old.sceneData
                assert length is not None or scene.voScript == old.voScript
    if length is not None:
        assert length[0] <= estimated_seconds(made.scenes) <= length[1]
    assert made.explanation and "kept" in made.explanation
    check_valid(made.scenes, made.dataSlots)
    assert edit(prompt, state) == made


def test_edit_transitions_and_style_change_only_that():
    state = base_state()
    made = edit("use fade transitions", state)
    assert {s.transition for s in made.scenes} == {"fade"}
    assert [s.voScript for s in made.scenes] == [s.voScript for s in state.scenes]
    energetic = edit("make the animations more energetic", state)
    assert energetic.scenes[1].animationOption == "stagger-pop"
    assert energetic.scenes[0].animationOption == "scale-in"


def test_edit_that_is_not_understood_changes_nothing():
    state = base_state()
    made = edit("purple elephants", state)
    assert made.scenes == state.scenes
    assert "unchanged" in made.explanation


@pytest.mark.parametrize(
    "prompt, button",
    [
        ("a quarterly review with a call to book a renewal", "Book your renewal call"),
        ("thank our donors and ask them to give again", "Donate again"),
        ("webinar follow-up with a demo link", "Book a demo"),
        ("event invitation with a button to register", "Register now"),
    ],
)
def test_call_to_action_fits_the_prompt(prompt, button):
    made = create(prompt, TemplateState())
    cta = next(s for s in made.scenes if s.primitiveId == "cta-card")
    assert cta.sceneData["buttonText"] == button


def test_a_quantitys_own_words_name_no_other_scene():
    prompt = ("member update: points balance, how much they spent last year, how you compare "
              "to other members and a button to claim a free coffee")  # fmt: skip
    made = create(prompt, TemplateState())
    kinds = [s.primitiveId for s in made.scenes]
    # "balance" is no profile, "spent" no breakdown, "compare to other" a rank, not bars.
    assert {"radar", "category-donut", "comparison-bars"}.isdisjoint(kinds), kinds
    assert "percentile-gauge" in kinds
    cta = next(s for s in made.scenes if s.primitiveId == "cta-card")
    assert cta.sceneData["buttonText"] == "Claim your free coffee"


def test_the_use_case_named_first_wins_and_a_buttons_words_do_not_count():
    reminder = create("remind parents about the school trip: the departure date", TemplateState())
    assert reminder.scenes[0].sceneData["subtitle"] == "A friendly reminder"
    stay = create("stay summary: nights stayed and a button to leave a review", TemplateState())
    assert stay.scenes[0].sceneData["subtitle"] == "A video made just for you"  # no "review"
    cta = next(s for s in stay.scenes if s.primitiveId == "cta-card")
    assert cta.sceneData["buttonText"] == "Leave a review"
