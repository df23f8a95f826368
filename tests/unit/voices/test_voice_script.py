"""`[variable]` substitution and the request-time unknown-variable check."""

from __future__ import annotations

from app.composition.variables import substitute
from app.voices.script import unknown_variables


def test_substitute_fills_values_and_nested_paths() -> None:
    data = {"name": "Ana", "stats": {"books": 12}}
    assert substitute("Hi [name], you read [stats.books] books.", data).text == (
        "Hi Ana, you read 12 books."
    )


def test_unknown_variables_names_each_unknown_once_in_order() -> None:
    scenes = [
        {"voScript": "Hi [name], [nickname] and [team.size] [nickname]"},
        {"voScript": "Bye [city]"},
    ]
    slots = [{"key": "name"}, {"key": "team"}]
    assert unknown_variables(scenes, slots, {}) == ["nickname", "city"]


def test_data_keys_count_as_known_and_disabled_scenes_are_ignored() -> None:
    scenes = [{"voScript": "Hi [extra]"}, {"enabled": False, "voScript": "[ghost]"}]
    assert unknown_variables(scenes, [], {"extra": "x"}) == []


def test_scene_models_with_attributes_are_accepted() -> None:
    class Scene:
        enabled = True
        voScript = "Welcome [who]"

    class Slot:
        key = "name"

    assert unknown_variables([Scene()], [Slot()], None) == ["who"]
