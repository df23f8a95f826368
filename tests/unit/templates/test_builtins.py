"""The five built-in templates are complete and fit the primitive catalog."""

from __future__ import annotations

import pytest
from helpers.templates import builtin_view

from app.composition.timeline import build_timeline, scene_props
from app.composition.variables import variables_in
from app.primitives.catalog import get_primitive
from app.templates.binding import render_inputs
from app.templates.builtins import builtin_data_source, builtins
from app.templates.validation import document_problems

IDS = ["emeritus", "laureate", "rewind", "pulse", "handshake"]
SPEC_FIELDS = {
    "emeritus": {"authorId", "person_name", "institutionOverride"},
    "laureate": {"hardcover_id", "person_name", "books"},
    "rewind": {"person_name", "totalWorkouts", "totalMinutes", "percentile", "radarData"},
    "pulse": {"person_name", "period", "keyStats", "categories"},
    "handshake": {"company_name", "person_name", "industry", "milestones", "companyStats"},
}


def test_builtins_are_the_five_spec_templates_in_order():
    assert list(builtins()) == IDS


@pytest.mark.parametrize("template_id", IDS)
def test_builtin_validates_against_the_primitive_catalog(template_id):
    item = builtins()[template_id]
    assert document_problems(item.scenes, item.dataSlots) == []
    for scene in item.scenes:
        info = get_primitive(scene.primitiveId)
        assert info is not None
        assert scene.animationOption in info.animationOptions


@pytest.mark.parametrize("template_id", IDS)
def test_builtin_declares_the_spec_data_fields(template_id):
    item = builtins()[template_id]
    keys = {slot.key for slot in item.dataSlots}
    assert keys >= SPEC_FIELDS[template_id]
    # extra slots are optional values a data source would otherwise fetch
    provides = set(item.dataSource.provides) if item.dataSource else set()
    for slot in item.dataSlots:
        if slot.key not in SPEC_FIELDS[template_id]:
            assert not slot.required and slot.key in provides, slot.key
    assert any(slot.required for slot in item.dataSlots)
    for slot in item.dataSlots:
        assert slot.label and slot.description
        assert slot.aliases, f"{slot.key} has no CSV aliases"


@pytest.mark.parametrize("template_id", IDS)
def test_builtin_is_a_full_template(template_id):
    item = builtins()[template_id]
    assert 4 <= len(item.scenes) <= 7
    assert item.defaults.resolution == "1080p" and item.defaults.fps == 30
    assert all(scene.voScript for scene in item.scenes)
    # every [reference] in scripts and scene data is a slot or a sample value
    known = {s.key for s in item.dataSlots} | set(item.sampleData)
    for scene in item.scenes:
        text = (scene.voScript or "") + str(scene.sceneData)
        for name in variables_in(text):
            root = name.split(".")[0]
            assert root in known, f"{template_id}: [{name}] is neither a slot nor sampled"


@pytest.mark.parametrize("template_id", IDS)
def test_sample_data_fills_every_scene_input(template_id):
    item = builtins()[template_id]
    scenes, data = render_inputs(builtin_view(template_id), item.sampleData)
    timeline = build_timeline(scenes, data)
    assert len(timeline.scenes) == len(item.scenes), "sample data must play every scene"
    for placed in timeline.scenes:
        props = scene_props(placed, data)
        assert props, f"{placed.primitive_id} gets no data"
        for name in info_inputs(placed.primitive_id):
            assert props.get(name) not in (None, "", []), f"{placed.primitive_id}.{name} empty"
        text = str(props)
        assert (
            "None" not in text
            and "$each" not in text
            and "[" not in str({k: v for k, v in props.items() if isinstance(v, str)})
        )


def info_inputs(primitive_id: str) -> list[str]:
    """The inputs a built-in must fill for this primitive (optional media inputs excluded)."""
    optional = {"logoUrl", "badge_icon", "credit", "portrait_url", "country_code", "subtitle"}
    info = get_primitive(primitive_id)
    assert info is not None
    return [n.removesuffix("[]") for n in info.dataInputs if n.removesuffix("[]") not in optional]


@pytest.mark.parametrize("template_id", IDS)
def test_voscripts_only_reference_data_slots(template_id):
    # the render API rejects voScript variables that are neither slots nor given data
    item = builtins()[template_id]
    keys = {slot.key for slot in item.dataSlots}
    for scene in item.scenes:
        for name in variables_in(scene.voScript or ""):
            root = name.split(".")[0]
            assert root in keys, f"{template_id}: voScript uses [{name}], not a data slot"


def test_rewind_skips_the_badge_when_percentile_is_absent():
    badge = next(s for s in builtins()["rewind"].scenes if s.primitiveId == "badge-unlock")
    assert badge.skipCondition is not None
    assert (badge.skipCondition.field, badge.skipCondition.op) == ("percentile", "not_exists")


def test_emeritus_declares_openalex_as_its_data_source():
    source = builtin_data_source("emeritus")
    assert source is not None and source.kind == "openalex" and source.key == "authorId"
    assert builtin_data_source("rewind") is None
