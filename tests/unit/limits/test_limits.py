"""app/limits.py: each tier limit, its boundary, and the size checks that never build the text."""

from __future__ import annotations

import time
import tracemalloc

import pytest

import app.limits as limits_module
from app.composition.timeline import BREATH_MS, TRANSITION_MS, substitute
from app.config import Settings
from app.limits import (
    allowance,
    check_output,
    check_spoken_duration,
    check_template,
    estimated_duration_ms,
    expanded_length,
    speech_estimate_ms,
)
from app.tiers import DEFAULT_TIERS
from tests.support.limits import ENTERPRISE, FREE, SETTINGS, STUDIO, refused, scene, tiny

# ---- settings ----


def test_tier_limits_have_defaults_and_env_overrides(monkeypatch):
    assert SETTINGS.tiers["free"].max_video_s == 60
    assert SETTINGS.tiers["studio"].max_video_s == 600
    assert SETTINGS.tiers["enterprise"].max_video_s == 1800
    monkeypatch.setenv("REELSMITH_TIERS__STUDIO__MAX_VIDEO_S", "120")
    monkeypatch.setenv("REELSMITH_TIERS__STUDIO__RESOLUTIONS", '["720p", "1080p", "4k"]')
    changed = Settings(_env_file=None)
    assert changed.tiers["studio"].max_video_s == 120
    assert changed.tiers["studio"].resolutions == ["720p", "1080p", "4k"]
    # The other figures keep their defaults.
    assert changed.tiers["studio"].max_scenes == DEFAULT_TIERS["studio"]["max_scenes"]
    assert changed.tiers["free"].max_video_s == 60


def test_an_unknown_tier_gets_the_free_limits():
    assert allowance(SETTINGS, "platinum").tier == "free"
    assert allowance(SETTINGS, None).limits == SETTINGS.tiers["free"]


# ---- sizes after substitution ----


def test_expanded_length_equals_the_substituted_length():
    data = {"name": "Ada Lovelace", "stats": {"n": 12}, "tags": ["a", "b"]}
    text = "Hi [name], [stats.n] runs, tags [tags], [unknown] end"
    built = substitute(text, data, keep_unknown=False)
    # substitute also folds double spaces; before that the lengths agree exactly.
    assert expanded_length(text, data) == len(built.text) + 1


def test_expansion_is_measured_in_one_pass_without_building_the_text():
    data = {"x": "y" * 5120}
    text = "[x]" * 20000
    tracemalloc.start()
    started = time.perf_counter()
    size = expanded_length(text, data)
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert size == 20000 * 5120  # 102,400,000 characters
    assert peak < 1_000_000  # the 100 MB text was never built
    assert elapsed < 1.0
    # Twice the references, about twice the time: linear, not quadratic.
    started = time.perf_counter()
    expanded_length(text * 4, data)
    assert time.perf_counter() - started < max(20 * elapsed, 0.5)


# ---- data strings ----


# ---- template save ----


def test_scenes_per_template_boundary():
    limit = STUDIO.limits.max_scenes
    allow = tiny(max_video_s=100_000)
    check_template([scene()] * limit, [], allow)
    exc = refused(check_template, [scene()] * (limit + 1), [], allow)
    assert exc.message == f"scenes: {limit + 1} scenes; the studio tier allows {limit}"


def test_data_slots_per_template_boundary():
    limit = FREE.limits.max_data_slots
    slots = [{"key": f"k{i}", "type": "text"} for i in range(limit + 1)]
    check_template([scene()], slots[:limit], FREE)
    exc = refused(check_template, [scene()], slots, FREE)
    assert exc.field == "dataSlots" and exc.value == limit + 1


def test_raw_voscript_scene_data_and_slot_defaults_are_bounded_at_save():
    limit = STUDIO.limits.max_vo_script_chars
    exc = refused(check_template, [scene(), scene(voScript="w" * (limit + 1))], [], STUDIO)
    assert exc.field == "scenes[1].voScript"
    exc = refused(check_template, [scene(sceneData={"t": "[x]" * 20000})], [], STUDIO)
    assert exc.field == "scenes[0].sceneData.t" and exc.value == 60000
    slot = {"key": "bio", "type": "text", "defaultValue": "b" * 10_001}
    exc = refused(check_template, [scene()], [slot], STUDIO)
    assert exc.field == "dataSlots[0].defaultValue"


def test_scenes_that_always_play_may_not_exceed_the_length_at_save():
    # 30 scenes x 120 s on studio (10 min): over, before any voiceover; max scenes raised
    # here so the duration rule is the one that answers.
    allow = tiny(max_scenes=100)
    long_scenes = [scene(durationOverride=120) for _ in range(30)]
    exc = refused(check_template, long_scenes, [], allow)
    assert exc.field == "scenes" and exc.value > 3500 and exc.limit == 600
    # Scenes behind a skipCondition may never play: not counted at save.
    conditional = [
        scene(durationOverride=120, skipCondition={"field": "x", "op": "exists"}) for _ in range(30)
    ]
    check_template(conditional, [], allow)


# ---- duration ----


def test_speech_estimate_is_words_at_two_per_second_or_characters_at_eleven():
    assert speech_estimate_ms("one two three four") == 2000
    assert speech_estimate_ms("1234567890123456789012") == 2000  # 22 characters / 11


def test_estimated_duration_follows_the_timeline_rules():
    scenes = [
        scene(durationOverride=None, voScript="one two three four"),  # 2 s + breath
        scene(durationOverride=3.0, transition="fade"),
        scene(durationOverride=None, transition="cut"),  # title-intro default 4 s
    ]
    expected = (2000 + BREATH_MS) + 3000 - TRANSITION_MS + 4000
    assert estimated_duration_ms(scenes, {}, include_voiceover=True) == expected
    assert estimated_duration_ms(scenes, {}, include_voiceover=False) == 4000 + 3000 - 500 + 4000


def test_spoken_duration_boundary():
    check_spoken_duration(60_000, FREE)
    exc = refused(check_spoken_duration, 60_001, FREE)
    assert exc.message.startswith("duration: the video would last 61 s with its voiceovers")
    assert "the free tier allows 60 s" in exc.message


# ---- output ----


@pytest.mark.parametrize(
    ("allow", "output", "refused_field"),
    [
        (FREE, {"resolution": "1080p", "fps": 30}, None),
        (FREE, {"resolution": "4k", "fps": 30}, "output.resolution"),
        (FREE, {"resolution": "720p", "fps": 60}, "output.fps"),
        (STUDIO, {"resolution": "1080p", "fps": 60}, None),
        (STUDIO, {"resolution": "4k", "fps": 30}, "output.resolution"),
        (ENTERPRISE, {"resolution": "4k", "fps": 60}, None),
    ],
)
def test_resolution_and_fps_per_tier(allow, output, refused_field):
    if refused_field is None:
        check_output(output, allow)
        return
    exc = refused(check_output, output, allow)
    assert exc.field == refused_field
    assert f"not available on the {allow.tier} tier; allowed:" in exc.message


@pytest.mark.parametrize(
    ("allow", "output", "refused_field"),
    [
        (FREE, {"resolution": "1080p", "aspectRatio": "9:16"}, None),  # 1080x1920
        (FREE, {"resolution": "1080p", "aspectRatio": "4:5"}, None),  # 1080x1350
        (FREE, {"resolution": "4k", "aspectRatio": "1:1"}, "output.resolution"),  # 2160x2160
        (STUDIO, {"resolution": "4k", "aspectRatio": "9:16"}, "output.resolution"),
        (ENTERPRISE, {"resolution": "4k", "aspectRatio": "4:5"}, None),  # 2160x2700
        (ENTERPRISE, {"resolution": "4k", "aspectRatio": "9:16"}, None),  # 2160x3840
    ],
)
def test_tier_limits_count_pixels_of_the_shape(allow, output, refused_field):
    """A shape's frame counts its pixels against the largest 16:9 frame the tier renders:
    9:16 moves as many pixels as 16:9, 1:1 and 4:5 fewer (so 1080p 1:1 is no way to 4k)."""
    if refused_field is None:
        check_output(output, allow)
        return
    exc = refused(check_output, output, allow)
    assert exc.field == refused_field
    assert "tiers count pixels" in exc.message


# ---- batches ----


def test_a_voiced_scene_counts_as_its_breath_at_save_not_its_default_duration():
    # title-intro lasts 4 s by default, but spoken it lasts its speech plus a breath.
    voiced = [
        scene(durationOverride=None, voScript="Hi"),
        scene(durationOverride=None, voScript="Yo"),
    ]
    check_template(voiced, [], tiny(max_video_s=2))
    silent = [scene(durationOverride=None), scene(durationOverride=None)]
    assert refused(check_template, silent, [], tiny(max_video_s=2)).value == 8


def test_a_template_that_passed_is_not_checked_again_with_the_same_limits(monkeypatch):
    calls = []
    real = limits_module.shortest_duration_ms
    monkeypatch.setattr(limits_module, "shortest_duration_ms", lambda s: calls.append(1) or real(s))
    scenes = [scene(durationOverride=7.5), scene(voScript="Hello [name]")]
    allow = tiny(max_video_s=100_000)
    check_template(scenes, [], allow)
    check_template([dict(s) for s in scenes], [], allow)  # the same content: remembered
    assert len(calls) == 1
    # Other content, or the same content under tighter limits, is checked (and refused).
    check_template([*scenes, scene()], [], allow)
    assert len(calls) == 2
    exc = refused(check_template, scenes, [], tiny(max_video_s=5))
    assert exc.field == "scenes" and len(calls) == 3
    exc = refused(check_template, scenes, [], tiny(max_video_s=100_000, max_scenes=1))
    assert exc.field == "scenes" and exc.value == 2
    # A refused template is never remembered: refused again.
    assert refused(check_template, scenes, [], tiny(max_video_s=5)).field == "scenes"
