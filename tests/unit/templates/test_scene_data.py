"""How template data reaches a scene's primitive: `[key]` references and `$each`."""

from __future__ import annotations

from helpers.templates import with_defaults

from app.templates.binding import expand_scene, sample_data
from app.templates.schemas import DataSlot, SceneConfig, TemplateDefaults, TemplateView


def test_each_builds_a_renamed_list_from_an_array_field():
    data = {"books": [{"title": "A", "readers": 3, "x": 1}, {"title": "B"}]}
    spec = {"$each": "books", "as": {"label": "title", "value": "readers"}}
    scene = SceneConfig(primitiveId="bar-race", sceneData={"bars": spec, "title": "[x]"})
    out = expand_scene(scene, data)
    assert out["sceneData"]["bars"] == [{"label": "A", "value": 3}, {"label": "B"}]
    assert out["sceneData"]["title"] == "[x]"  # references are left to the composition
    assert expand_scene(scene, {})["sceneData"]["bars"] is None


def view(slots):
    return TemplateView(
        id="x",
        name="x",
        visibility="private",
        scenes=[],
        tags=[],
        usageCount=0,
        isBuiltIn=False,
        dataSlots=slots,
        defaults=TemplateDefaults(),
        version=1,
    )


def test_with_defaults_fills_missing_slots_only():
    v = view([DataSlot(key="a", type="text", defaultValue="A"), DataSlot(key="b", type="number")])
    assert with_defaults(v, {"b": 2}) == {"a": "A", "b": 2}
    assert with_defaults(v, {"a": "given"}) == {"a": "given"}


def test_sample_data_prefers_default_then_builtin_sample_then_placeholder():
    v = view(
        [
            DataSlot(key="person_name", type="text", required=True),
            DataSlot(key="greeting", type="text", defaultValue="Hello"),
            DataSlot(key="score", type="number", required=True),
            DataSlot(key="optional_thing", type="text"),
        ]
    )
    data = sample_data(v)
    assert data["greeting"] == "Hello"
    assert isinstance(data["person_name"], str) and data["person_name"]
    assert data["score"] == 42
    assert "optional_thing" not in data


def test_emeritus_institution_override_wins_over_the_fetched_institution():
    from helpers.templates import builtin_view

    from app.templates.binding import render_inputs

    view = builtin_view("emeritus")
    _, data = render_inputs(view, {"authorId": "A1", "institution": "Fetched U"})
    assert data["institution"] == "Fetched U"
    _, data = render_inputs(
        view, {"authorId": "A1", "institution": "Fetched U", "institutionOverride": "Given U"}
    )
    assert data["institution"] == "Given U"


def test_prepare_render_works_on_plain_dicts_for_the_worker():
    from app.templates.binding import prepare_render
    from app.templates.builtins import builtin_data_source, builtins

    laureate = builtins()["laureate"]
    scenes = [s.model_dump(mode="json") for s in laureate.scenes]
    slots = [s.model_dump(mode="json") for s in laureate.dataSlots]
    books = [{"title": "One", "year": "2001", "readers": 10}]
    out, data = prepare_render(scenes, slots, {"person_name": "P", "books": books})
    bars = next(s for s in out if s["primitiveId"] == "bar-race")["sceneData"]["bars"]
    assert bars == [{"label": "One", "value": 10}]
    assert data["books"] == books

    source = builtin_data_source("emeritus").model_dump()
    _, data = prepare_render([], [], {"institution": "A", "institutionOverride": "B"}, source)
    assert data["institution"] == "B"


def test_prepare_render_fills_slot_default_values():
    from app.templates.binding import prepare_render
    from app.templates.builtins import builtins

    handshake = builtins()["handshake"]
    _, data = prepare_render(handshake.scenes, handshake.dataSlots, {"company_name": "Co"})
    assert len(data["milestones"]) == 4 and data["company_name"] == "Co"
