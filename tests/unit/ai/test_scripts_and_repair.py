"""The script writer (every primitive, every tone) and the repair step on hostile input."""

from __future__ import annotations

import pytest

from app.ai.builtin import create
from app.ai.lines import LINES
from app.ai.repair import clean_text, repair
from app.ai.samples import sample_data
from app.ai.schemas import TONES, TemplateState
from app.ai.scripts import speech_budget, spoken_seconds, write_script
from app.composition.variables import variables_in
from app.config import Settings
from app.limits import allowance, estimated_duration_ms
from app.primitives.catalog import catalog
from app.templates.schemas import DataSlot, SceneConfig
from app.templates.validation import document_problems

SLOTS = [DataSlot(key="person_name", type="text"), DataSlot(key="period", type="text")]


@pytest.mark.parametrize("primitive", sorted(catalog()))
def test_every_primitive_has_four_distinct_tones_sized_to_the_scene(primitive):
    assert set(LINES[primitive]) == set(TONES)
    for seconds in (4, 6, 9):
        scene = SceneConfig(primitiveId=primitive, defaultDuration=seconds)
        scripts = {tone: write_script(scene, tone, SLOTS) for tone in TONES}
        assert len(set(scripts.values())) == 4, scripts
        for text in scripts.values():
            assert set(variables_in(text)) <= {"person_name", "period"}
            assert variables_in(text), text  # every script mentions a slot
            assert "{" not in text and not text.startswith(",")
            # Spoken by the offline voices, it fills the scene (speech + a breath).
            spoken = spoken_seconds(text, SLOTS)
            assert abs(spoken - speech_budget(seconds)) <= 1.5, (text, spoken)


def test_scripts_without_slots_name_no_variable():
    for primitive in catalog():
        for tone in TONES:
            text = write_script(SceneConfig(primitiveId=primitive), tone, [])
            assert variables_in(text) == [] and "[" not in text, (primitive, tone, text)


def test_clean_text():
    assert clean_text("Hi [a], [b.c] [a.0] [x-y]", {"a"}) == "Hi [a], c [a.0] x y"


def test_repair_tier_limits_trim_scenes_and_durations():
    free = allowance(Settings(), "free")
    raw = [{"primitiveId": "stat-counters", "defaultDuration": 100} for _ in range(30)]
    raw.append({"primitiveId": "outro"})
    notes: list[str] = []
    scenes, _ = repair(raw, [], [], free, notes)
    assert len(scenes) == free.limits.max_scenes
    assert scenes[-1].primitiveId == "outro"
    assert "the free tier allows" in notes[0]
    assert sum(s.defaultDuration or 0 for s in scenes) <= free.limits.max_video_s
    assert document_problems(scenes, []) == []


@pytest.mark.parametrize(
    "raw",
    [None, "scenes", 42, [None, 1, "x", [], {}], [{"primitiveId": 7}],
     [{"primitiveId": "radar", "animationOption": None, "dataRequired": "skills",
       "sceneData": ["not", "a", "dict"], "enabled": "yes", "defaultDuration": float("nan")}]],
)  # fmt: skip
def test_repair_never_raises_on_garbage(raw):
    scenes, slots = repair(raw, {"key": "x"}, [], allowance(Settings(), "studio"))
    assert document_problems(scenes, slots) == []
    for scene in scenes:
        assert scene.primitiveId in catalog()


def test_scripts_are_shortened_until_the_render_estimate_fits_the_tier():
    made = create("a one minute year in review", TemplateState())
    slots = [s.model_dump() for s in made.dataSlots]
    notes: list[str] = []
    free = allowance(Settings(), "free")
    scenes, _ = repair([s.model_dump() for s in made.scenes], slots, [], free, notes)
    configs = [s.model_dump() for s in scenes]
    assert estimated_duration_ms(configs, sample_data(slots), True) <= 60_000
    assert "fits the free tier's 60 s" in notes[-1]
    assert all(variables_in(s.voScript) for s in scenes)  # the sentence naming a slot stays


def test_spoken_seconds_counts_what_each_variable_holds():
    types = {"amount": "number", "day": "date", "share": "number", "count": "number"}
    slots = [DataSlot(key=k, type=t) for k, t in types.items()]
    money = spoken_seconds("You gave $[amount].", slots)
    date = spoken_seconds("You gave on [day].", slots)
    number = spoken_seconds("You gave [count].", slots)
    percent = spoken_seconds("You gave [share] percent.", slots)
    assert money > number and date > number and number > percent - 0.19 * 2
    # A long word takes longer than a short one.
    assert spoken_seconds("Congratulations.") > spoken_seconds("Well done.")
