"""Binding data: slot defaults are applied in one place (prepare_render / prepare_data), and
the render-side data check only checks."""

from __future__ import annotations

from app.templates.binding import prepare_data, prepare_render
from app.templates.slots import Slot, check_data

SLOTS = [
    {"key": "person_name", "type": "text", "required": True, "defaultValue": "Friend"},
    {"key": "country", "type": "country_code"},
    {"key": "plan", "type": "text", "defaultValue": "basic"},
]


def test_missing_null_and_blank_values_take_the_slot_default():
    for given in ({}, {"person_name": None}, {"person_name": "   "}):
        assert prepare_data(SLOTS, given)["person_name"] == "Friend"
    assert prepare_data(SLOTS, {"person_name": "Ada"})["person_name"] == "Ada"
    assert prepare_data(SLOTS, {})["plan"] == "basic"
    assert "country" not in prepare_data(SLOTS, {})


def test_valid_country_codes_are_upper_cased_others_left_for_the_check():
    assert prepare_data(SLOTS, {"country": " gb "})["country"] == "GB"
    assert prepare_data(SLOTS, {"country": "Britain"})["country"] == "Britain"


def test_check_data_accepts_a_missing_value_with_a_default_and_changes_nothing():
    slots = [Slot.from_dict(s) for s in SLOTS]
    data = {"country": "gb"}
    assert check_data(slots, data) == []
    assert data == {"country": "gb"}
    assert check_data(slots, {"country": "Britain"}) == [
        {"field": "country", "problem": "must be a two-letter ISO 3166-1 country code"}
    ]


def test_prepare_render_binds_the_same_data_it_hands_to_the_scenes():
    scenes = [{"primitiveId": "title-intro", "sceneData": {"items": {"$each": "xs", "as": {}}}}]
    out, data = prepare_render(scenes, SLOTS, {"country": "fr", "xs": [{}]})
    assert data == {"country": "FR", "xs": [{}], "person_name": "Friend", "plan": "basic"}
    assert out[0]["sceneData"]["items"] == [{}]
