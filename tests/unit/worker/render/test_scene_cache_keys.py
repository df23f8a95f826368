"""Scene cache keys (worker/render/scenecache.py): a segment's key changes with anything
that can change its pixels, and only then."""

from __future__ import annotations

import copy
from typing import Any

from app.composition.timeline import build_timeline
from app.renders.job import JobBrand, JobOutput
from worker.render.scenecache import page_content, scene_plan

INTRO = {
    "primitiveId": "title-intro",
    "durationOverride": 2.0,
    "sceneData": {"person_name": "[person_name]", "subtitle": "Your year at [company]"},
}
STATS = {
    "primitiveId": "stat-counters",
    "durationOverride": 3.0,
    "transition": "fade",
    "sceneData": {"stats": "[stats]"},
}
CTA = {
    "primitiveId": "cta-card",
    "durationOverride": 3.0,
    "transition": "slide",
    "sceneData": {"headline": "See you next year", "buttonText": "Renew", "url": "x.test"},
}
OUTRO = {"primitiveId": "outro", "durationOverride": 2.0, "transition": "fade"}
SCENES = [INTRO, STATS, CTA, OUTRO]
DATA = {
    "person_name": "Ada",
    "company": "Acme",
    "stats": [{"label": "Deals", "value": 12}],
    "tier": "gold",
}
TAG = "beginframe|156.0"


def keys(
    scenes: list[dict[str, Any]] = SCENES,
    data: dict[str, Any] = DATA,
    brand: JobBrand | None = None,
    output: JobOutput | None = None,
    voiceover_ms: dict[int, int] | None = None,
) -> list[tuple[int, int, str | None]]:
    """(frames, scenes on screen, key) of each planned segment."""
    out = output or JobOutput(resolution="720p", fps=30)
    timeline = build_timeline(copy.deepcopy(scenes), data, voiceover_ms)
    page = page_content(brand or JobBrand(), out, None, out.resolution, out.fps)
    plan = scene_plan(timeline, data, page, out.fps)
    return [(len(s.frames), len((s.content or {})["scenes"]), s.key(TAG)) for s in plan]


def with_data(**changes: Any) -> dict[str, Any]:
    return {**DATA, **changes}


def test_plan_cuts_each_scene_at_its_transition_and_covers_every_frame():
    plan = keys()
    # intro | fade | stats | slide | cta | fade | outro; 8.5 s after three 0.5 s overlaps
    assert [n for n, _, _ in plan] == [45, 15, 60, 15, 60, 15, 45]
    assert [on for _, on, _ in plan] == [1, 2, 1, 2, 1, 2, 1]
    assert sum(n for n, _, _ in plan) == 255
    assert keys() == plan  # deterministic


def test_a_name_in_a_subtitle_changes_only_the_scene_that_shows_it():
    base, other = keys(), keys(data=with_data(company="Globex"))
    changed = [i for i, (a, b) in enumerate(zip(base, other, strict=True)) if a != b]
    assert changed == [0, 1]  # the intro and the fade out of it; the rest is shared


def test_a_name_read_by_a_template_from_data_changes_that_scene():
    # The outro reads person_name from data (a dataInput), not from its sceneData.
    base, other = keys(), keys(data=with_data(person_name="Grace"))
    changed = [i for i, (a, b) in enumerate(zip(base, other, strict=True)) if a != b]
    assert changed == [0, 1, 5, 6]


def test_a_number_changes_the_chart_scene():
    base = keys()
    other = keys(data=with_data(stats=[{"label": "Deals", "value": 13}]))
    changed = [i for i, (a, b) in enumerate(zip(base, other, strict=True)) if a != b]
    assert changed == [1, 2, 3]


def test_data_no_scene_reads_changes_nothing():
    assert keys(data=with_data(tier="silver", unrelated="x")) == keys()


def test_a_skip_condition_changes_the_keys_it_touches():
    skip = {**CTA, "skipCondition": {"field": "tier", "op": "==", "value": "gold"}}
    scenes = [INTRO, STATS, skip, OUTRO]
    shown = keys(scenes, with_data(tier="silver"))
    skipped = keys(scenes, DATA)
    assert len(skipped) == len(shown) - 2
    # The same scene config played in both, except for its skipCondition: a different key.
    base = keys()
    assert shown[4] != base[4] and shown[4][:2] == base[4][:2]
    # Skipping the CTA changes the transition into the outro, not the intro nor the stats.
    assert skipped[:3] == shown[:3]
    assert skipped[3] != shown[5]
    assert {k for _, _, k in skipped} & {k for _, _, k in shown} == {k for _, _, k in shown[:3]} | {
        shown[6][2]
    }


def test_brand_resolution_fps_captions_and_language_change_every_key():
    base = {k for _, _, k in keys()}
    variants = [
        keys(brand=JobBrand(accentColor="#ff0000")),
        keys(brand=JobBrand(showWatermark=True)),
        keys(output=JobOutput(resolution="1080p", fps=30)),
        keys(output=JobOutput(resolution="720p", fps=60)),
        keys(output=JobOutput(resolution="720p", fps=30, language="de")),
    ]
    for variant in variants:
        assert not base & {k for _, _, k in variant}


def test_where_a_scene_falls_in_the_frame_grid_is_part_of_its_key():
    longer = [{**INTRO, "durationOverride": 3.0}, STATS, CTA, OUTRO]
    odd = [{**INTRO, "durationOverride": 2.01}, STATS, CTA, OUTRO]
    base, shifted, off_grid = keys(), keys(longer), keys(odd)
    # A personalized intro one second longer: the later scenes start on the same frame
    # phase, so their fully-in parts are shared; 10 ms longer puts them between frames.
    assert base[2] == shifted[2] and base[4] == shifted[4] and base[6] == shifted[6]
    assert base[2][2] != off_grid[2][2]


def test_voiceover_timing_is_part_of_the_key():
    assert keys(voiceover_ms={1: 2600}) != keys(voiceover_ms={1: 2700})


def test_captions_make_every_word_of_the_video_count():
    words_a = [{"word": "Hi", "startMs": 0, "endMs": 300}]
    words_b = [{"word": "Yo", "startMs": 0, "endMs": 300}]
    out = JobOutput(resolution="720p", fps=30, captions=True)
    a = keys([{**INTRO, "wordTimestamps": words_a}, STATS, CTA, OUTRO], output=out)
    b = keys([{**INTRO, "wordTimestamps": words_b}, STATS, CTA, OUTRO], output=out)
    assert not {k for _, _, k in a} & {k for _, _, k in b}
    # Without captions, words only reach the scene that speaks them.
    a = keys([{**INTRO, "wordTimestamps": words_a}, STATS, CTA, OUTRO])
    b = keys([{**INTRO, "wordTimestamps": words_b}, STATS, CTA, OUTRO])
    assert a[2:] == b[2:] and a[0] != b[0]


def test_the_capturing_browser_is_part_of_the_key():
    timeline = build_timeline(copy.deepcopy(SCENES), DATA)
    out = JobOutput(resolution="720p", fps=30)
    plan = scene_plan(timeline, DATA, page_content(JobBrand(), out, None, "720p", 30), 30)
    assert plan[0].key("beginframe|156.0") != plan[0].key("screenshot|156.0")
    assert plan[0].key("beginframe|156.0") != plan[0].key("beginframe|157.0")
