"""How template data reaches a scene's primitive: `[key]` references and `$each`."""

from __future__ import annotations

from app.templates.schemas import DataSlot, SceneConfig, TemplateDefaults, TemplateView
from app.templates.service import fill_text, resolve, sample_data, scene_data_for, with_defaults


def scene(**kw):
    return SceneConfig(primitiveId=kw.pop("primitiveId", "stat-counters"), **kw)


def test_fill_text_formats_numbers_and_blanks_missing_values():
    data = {"person_name": "Ana", "totalMinutes": 9420, "rating": 4.25}
    text = "Hi [person_name]: [totalMinutes] minutes, [rating] stars, [missing]!"
    assert fill_text(text, data) == "Hi Ana: 9,420 minutes, 4.2 stars, !"


def test_whole_reference_keeps_the_raw_value():
    data = {"keyStats": [{"label": "A", "value": 1}], "n": 7}
    assert resolve("[keyStats]", data) == [{"label": "A", "value": 1}]
    assert resolve({"value": "[n]", "label": "n is [n]"}, data) == {"value": 7, "label": "n is 7"}


def test_each_renames_fields_of_a_list():
    data = {"books": [{"title": "A", "readers": 3, "x": 1}, {"title": "B"}]}
    spec = {"$each": "books", "as": {"label": "title", "value": "readers"}}
    assert resolve(spec, data) == [{"label": "A", "value": 3}, {"label": "B"}]
    assert resolve(spec, {}) is None


def test_scene_data_passes_primitive_inputs_by_name_then_scene_data():
    s = scene(primitiveId="title-intro", sceneData={"subtitle": "for [person_name]"})
    out = scene_data_for(s, {"person_name": "Ana", "unrelated": 1})
    assert out == {"person_name": "Ana", "subtitle": "for Ana"}


def test_scene_data_drops_inputs_that_resolve_to_nothing():
    s = scene(sceneData={"stats": "[keyStats]"})
    assert scene_data_for(s, {}) == {}


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
    from app.templates.service import builtin_view, render_inputs

    view = builtin_view("emeritus")
    _, data = render_inputs(view, {"authorId": "A1", "institution": "Fetched U"})
    assert data["institution"] == "Fetched U"
    _, data = render_inputs(
        view, {"authorId": "A1", "institution": "Fetched U", "institutionOverride": "Given U"}
    )
    assert data["institution"] == "Given U"


def test_prepare_render_works_on_plain_dicts_for_the_worker():
    from app.templates.service import builtin_data_source, builtins, prepare_render

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
    from app.templates.service import builtins, prepare_render

    handshake = builtins()["handshake"]
    _, data = prepare_render(handshake.scenes, handshake.dataSlots, {"company_name": "Co"})
    assert len(data["milestones"]) == 4 and data["company_name"] == "Co"
