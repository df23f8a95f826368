"""build_timeline: skips, durations, transitions; substitute and sceneData binding."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from app.composition.timeline import (
    BREATH_MS,
    TRANSITION_MS,
    UnknownPrimitive,
    build_timeline,
    condition_holds,
    field_path,
    prop_fields,
    resolve_value,
    scene_props,
    should_skip,
)
from app.composition.variables import substitute


def scene(primitive: str = "title-intro", **fields: object) -> dict[str, object]:
    return {"primitiveId": primitive, **fields}


def test_disabled_scenes_are_left_out_and_reported() -> None:
    timeline = build_timeline([scene(), scene("outro", enabled=False), scene("cta-card")], {})
    assert [s.index for s in timeline.scenes] == [0, 2]
    assert timeline.skipped == [1]


def test_duration_falls_back_to_manifest_default() -> None:
    timeline = build_timeline([scene("stat-counters")], {})
    assert timeline.scenes[0].duration_ms == 5000  # stat-counters manifest: 5 s


def test_scene_default_duration_beats_manifest() -> None:
    timeline = build_timeline([scene(defaultDuration=2.5)], {})
    assert timeline.scenes[0].duration_ms == 2500


def test_voiceover_length_plus_breath_sets_duration() -> None:
    timeline = build_timeline([scene(defaultDuration=3)], {}, voiceover_ms={0: 5200})
    assert timeline.scenes[0].duration_ms == 5200 + BREATH_MS


def test_duration_override_wins_over_voiceover_when_longer() -> None:
    timeline = build_timeline([scene(durationOverride=9)], {}, voiceover_ms={0: 4000})
    assert timeline.scenes[0].duration_ms == 9000


def test_duration_override_never_cuts_speech() -> None:
    timeline = build_timeline(
        [scene(durationOverride=2)], {}, voiceover_ms={0: 4000}, breath_ms=300
    )
    assert timeline.scenes[0].duration_ms == 4300


def test_transitions_overlap_previous_scene() -> None:
    timeline = build_timeline(
        [scene(defaultDuration=4), scene("outro", transition="slide", defaultDuration=4)], {}
    )
    first, second = timeline.scenes
    assert first.transition == "cut" and first.transition_ms == 0
    assert second.transition == "slide" and second.transition_ms == TRANSITION_MS
    assert second.start_ms == 4000 - TRANSITION_MS
    assert timeline.duration_ms == 8000 - TRANSITION_MS


def test_cut_does_not_overlap_and_unknown_transition_falls_back_to_fade() -> None:
    timeline = build_timeline(
        [scene(defaultDuration=2), scene(transition="cut"), scene(transition="spiral")], {}
    )
    assert timeline.scenes[1].start_ms == 2000 and timeline.scenes[1].transition_ms == 0
    assert timeline.scenes[2].transition == "fade"


def test_overlap_is_at_most_half_of_a_short_scene() -> None:
    timeline = build_timeline([scene(defaultDuration=0.6), scene(transition="wipe")], {})
    assert timeline.scenes[1].transition_ms == 300


def test_unknown_primitive_is_an_error_naming_the_scene() -> None:
    with pytest.raises(UnknownPrimitive, match="scene 1 .*nope"):
        build_timeline([scene(), scene("nope")], {})


def test_bad_animation_option_falls_back_to_first_option() -> None:
    timeline = build_timeline([scene(animationOption="explode")], {})
    assert timeline.scenes[0].animation_option == "slide-up"


@pytest.mark.parametrize(
    ("op", "value", "data", "holds"),
    [
        (">=", 10, {"n": 10}, True),
        (">=", 10, {"n": 9}, False),
        ("<=", 10, {"n": 10}, True),
        ("<=", 10, {"n": 11}, False),
        (">", 10, {"n": 11}, True),
        (">", 10, {"n": 10}, False),
        ("<", 10, {"n": "9"}, True),
        ("<", 10, {"n": 10}, False),
        ("==", 5, {"n": "5.0"}, True),
        ("==", "gold", {"n": "gold"}, True),
        ("==", "gold", {"n": "Gold"}, False),
        ("!=", "gold", {"n": "silver"}, True),
        ("!=", 5, {"n": 5}, False),
        ("exists", None, {"n": 0}, True),
        ("exists", None, {"n": ""}, False),
        ("exists", None, {"n": []}, False),
        ("exists", None, {}, False),
        ("not_exists", None, {}, True),
        ("not_exists", None, {"n": None}, True),
        ("not_exists", None, {"n": "x"}, False),
        (">", 3, {}, False),
        (">", 3, {"n": "many"}, False),
        ("==", None, {}, True),
    ],
)
def test_every_skip_op(op: str, value: object, data: dict[str, object], holds: bool) -> None:
    assert condition_holds({"field": "n", "op": op, "value": value}, data) is holds


def test_dotted_paths_and_length_reach_into_data() -> None:
    data = {"stats": {"workouts": 120}, "books": ["a", "b"]}
    assert condition_holds({"field": "stats.workouts", "op": ">", "value": 100}, data)
    assert condition_holds({"field": "books.length", "op": "==", "value": 2}, data)
    assert condition_holds({"field": "books.1", "op": "==", "value": "b"}, data)
    assert not condition_holds({"field": "books.5", "op": "exists"}, data)


def test_unknown_op_is_rejected() -> None:
    with pytest.raises(ValueError, match="not one of"):
        condition_holds({"field": "n", "op": "~="}, {})


def test_skip_when_true_skips_when_condition_holds() -> None:
    cond = {"field": "percentile", "op": "<", "value": 50, "skipWhen": True}
    assert should_skip({"skipCondition": cond}, {"percentile": 30})
    assert not should_skip({"skipCondition": cond}, {"percentile": 80})


def test_skip_when_false_skips_when_condition_does_not_hold() -> None:
    cond = {"field": "radarData", "op": "exists", "skipWhen": False}
    assert should_skip({"skipCondition": cond}, {})
    assert not should_skip({"skipCondition": cond}, {"radarData": [{"axis": "a", "value": 1}]})


def test_skip_when_defaults_to_true() -> None:
    timeline = build_timeline(
        [scene(), scene("radar", skipCondition={"field": "radarData", "op": "not_exists"})], {}
    )
    assert timeline.skipped == [1]


def test_substitute_fills_variables_and_reports_unknown() -> None:
    result = substitute(
        "Congrats [person_name] on [stats.count] talks [nope]!",
        {
            "person_name": "Ada",
            "stats": {"count": 12.0},
        },
    )
    assert result.text == "Congrats Ada on 12 talks!"
    assert result.missing == ["nope"]


def test_substitute_can_keep_unknown_variables_visible() -> None:
    assert substitute("Hi [who]", {}, keep_unknown=True).text == "Hi [who]"


def test_resolve_value_binds_whole_values_and_substitutes_text() -> None:
    data = {"keyStats": [{"label": "Revenue", "value": 1200}], "person_name": "Ann"}
    resolved = resolve_value({"stats": "[keyStats]", "title": "Well done, [person_name]"}, data)
    assert resolved == {"stats": data["keyStats"], "title": "Well done, Ann"}


def test_scene_props_take_data_inputs_and_scene_data_overrides() -> None:
    timeline = build_timeline(
        [scene(sceneData={"subtitle": "For [company_name]", "kicker": "Hello"})],
        {},
    )
    props = scene_props(timeline.scenes[0], {"person_name": "Ann", "company_name": "Acme", "x": 1})
    assert props == {"person_name": "Ann", "subtitle": "For Acme", "kicker": "Hello"}


def test_all_scenes_skipped_gives_an_empty_timeline() -> None:
    timeline = build_timeline([scene(enabled=False), scene("outro", enabled=False)], {})
    assert timeline.scenes == [] and timeline.duration_ms == 0 and timeline.skipped == [0, 1]


def test_scenes_accept_pydantic_models() -> None:

    class Scene(BaseModel):
        primitiveId: str
        defaultDuration: float | None = None

    timeline = build_timeline([Scene(primitiveId="outro", defaultDuration=2)], {})
    assert timeline.scenes[0].duration_ms == 2000


def test_a_scene_shows_recipient_data_through_a_variable_or_a_data_input() -> None:
    data = {"person_name": "Priya", "stats": [{"label": "x", "value": 1}]}
    timeline = build_timeline(
        [
            scene("cta-card", sceneData={"headline": "Plan the next one", "url": "x"}),
            scene("title-intro", sceneData={"person_name": "[person_name]"}),
            scene("stat-counters", sceneData={"title": "Numbers"}),  # stats from the data
            scene("outro", sceneData={"message": "Hi [person_name]", "person_name": ""}),
            scene("title-intro", sceneData={"person_name": "Fixed", "subtitle": "Static"}),
        ],
        data,
    )
    assert [s.personalized for s in timeline.scenes] == [False, True, True, True, False]


def test_prop_fields_name_the_data_field_behind_every_text() -> None:
    data = {"keyStats": [{"label": "Revenue", "value": 5}], "period": "Q3", "person_name": "Ana"}
    timeline = build_timeline(
        [
            scene(
                "stat-counters",
                sceneData={"stats": "[keyStats]", "title": "[period] at a glance", "kicker": "Hi"},
            ),
            scene("title-intro", sceneData={"subtitle": "[person_name] and [period]"}),
            scene("title-intro"),
            scene("outro", sceneData={"person_name": "[keyStats.0.label]"}),
        ],
        data,
    )
    first, second, third, fourth = (prop_fields(s, data) for s in timeline.scenes)
    assert first == {
        "stats[0].label": "keyStats[0].label",
        "stats[0].value": "keyStats[0].value",
        "title": "period",
        "kicker": "scenes[0].sceneData.kicker",
    }
    assert second == {"person_name": "person_name", "subtitle": "scenes[1].sceneData.subtitle"}
    assert third == {"person_name": "person_name"}
    assert fourth == {"person_name": "keyStats[0].label"}
    assert field_path("books.0.title") == "books[0].title"


def test_right_to_left_values_are_isolated_in_scene_text_but_not_in_speech() -> None:
    data = {"person_name": "محمد", "latin": "Ana"}
    assert resolve_value("Thanks, [person_name]!", data) == "Thanks, \u2068محمد\u2069!"
    assert resolve_value("Thanks, [latin]!", data) == "Thanks, Ana!"
    assert resolve_value("[person_name]", data) == "محمد"  # a whole value is its own paragraph
    assert substitute("Thanks, [person_name]!", data).text == "Thanks, محمد!"
