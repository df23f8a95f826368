"""List slots: the item schema a template's list slot gets from the primitives it feeds, and
the checks of list data at create (min items, objects, required fields, numbers, and the lists
a playing scene needs)."""

from __future__ import annotations

from app.renders.job import template_document
from app.templates.builtins import builtin_as_view, builtins
from app.templates.lists import data_problems, list_problems, scene_requirements, slot_lists
from app.templates.slots import Slot


def _builtin(template_id: str) -> dict:  # type: ignore[type-arg]
    return template_document(builtin_as_view(builtins()[template_id], 0))


def _lists(template_id: str) -> dict:  # type: ignore[type-arg]
    document = _builtin(template_id)
    slots = [Slot.from_dict(s) for s in document["dataSlots"]]
    return slot_lists(document["scenes"], slots)


def test_pulse_lists_come_from_the_primitives_they_feed() -> None:
    lists = _lists("pulse")
    stats, categories = lists["keyStats"], lists["categories"]
    assert stats.feeds == ["stat-counters.stats"] and stats.max == 4
    assert [(f.key, f.type, f.required) for f in stats.fields] == [
        ("label", "text", False),
        ("value", "text", True),
        ("prefix", "text", False),
        ("suffix", "text", False),
    ]
    # bars and comparison rows: every field either reads, required when one requires it,
    # at most what the smaller one shows.
    assert categories.feeds == ["bar-race.bars", "comparison-bars.items"]
    assert [f.key for f in categories.fields] == ["label", "value", "compare"]
    assert categories.max == 5 and categories.scalar is None


def test_each_renaming_gives_the_slots_own_field_names() -> None:
    books = _lists("laureate")["books"]
    assert books.feeds == ["milestone-timeline.milestones", "bar-race.bars"]
    assert [(f.key, f.required) for f in books.fields] == [
        ("year", False),
        ("title", True),
        ("tagline", False),
        ("readers", True),
    ]


def test_list_problems_name_the_item_and_field() -> None:
    lists = _lists("pulse")
    data = {
        "keyStats": [{"label": "A", "value": 1}, {"label": "B"}, ["C"], "Top 5%"],
        "categories": [{"name": "Web", "value": "1,204"}, {"label": "Shop", "value": "lots"}],
    }
    assert list_problems(lists, data) == [
        {"field": "keyStats[1].value", "problem": "is required"},
        {
            "field": "keyStats[2]",
            "problem": "must be text or an object (label, value, prefix, suffix)",
        },
        {"field": "categories[1].value", "problem": "must be a number"},
    ]  # "Top 5%" is a bare stat; "name" is an alias of label; "1,204" is a number


def test_scenes_that_play_need_their_lists_unless_a_source_provides_them() -> None:
    scenes = [
        {"primitiveId": "title-intro", "dataRequired": ["person_name"]},
        {"primitiveId": "radar", "dataRequired": ["topics[]"]},
        {
            "primitiveId": "bar-race",
            "dataRequired": ["bars[]"],
            "skipCondition": {"field": "bars", "op": "not_exists"},
        },
    ]
    found = scene_requirements(scenes, {"person_name": "Ada", "topics": []})
    assert found == [
        {
            "field": "topics",
            "problem": "is required: scene 1 (radar) needs a list with at least 1 item",
        }
    ]  # bar-race is skipped without bars
    assert scene_requirements(scenes, {"person_name": "Ada"}, provided=["topics"]) == []


def test_data_problems_is_the_one_check_of_a_recipients_data() -> None:
    pulse = _builtin("pulse")
    ok = {"person_name": "Ann", "period": "Q3", "keyStats": [{"label": "NPS", "value": 61}]}
    assert data_problems(pulse, ok) == []
    assert data_problems(pulse, {**ok, "keyStats": []}) == [
        {"field": "keyStats", "problem": "is required (the list is empty)"}
    ]
    # A data source's keys are fetched later: emeritus needs only its author id.
    assert data_problems(_builtin("emeritus"), {"authorId": "A123", "person_name": "Ada"}) == []
