"""app/renders/limits.py: a render request's bound data within its tier (strings, scripts
and page content after substitution, the estimated length), each batch row named."""

from __future__ import annotations

from typing import Any

from app.limits import MAX_NESTING
from app.renders.limits import check_batch, check_render
from tests.support.limits import FREE, STUDIO, options, refused, scene, tiny


def test_voscript_over_the_limit_after_substitution_names_field_value_and_limit():
    data = {"x": "y" * 5120}
    # 3,000 characters as written (within 5,000), 5 MB once substituted.
    exc = refused(check_render, options([scene(voScript="[x]" * 1000)]), data, STUDIO)
    assert exc.field == "scenes[0].voScript"
    assert exc.value == 5_120_000 and exc.limit == 5000
    assert exc.message == (
        "scenes[0].voScript: 5,120,000 characters after substitution; the studio tier allows 5,000"
    )
    assert exc.detail["loc"] == ["scenes", "0", "voScript"]


def test_voscript_at_the_limit_passes_and_one_more_character_does_not():
    limit = STUDIO.limits.max_vo_script_chars
    allow = tiny(max_video_s=100_000)
    check_render(options([scene(voScript="[w]")]), {"w": "a" * limit}, allow)
    exc = refused(check_render, options([scene(voScript="[w]")]), {"w": "a" * (limit + 1)}, allow)
    assert exc.value == limit + 1


def test_scene_data_string_after_substitution_is_bounded():
    limit = STUDIO.limits.max_text_chars
    template = options([scene(sceneData={"title": "[x][x][x]"})])
    check_render(template, {"x": "a" * (limit // 3)}, STUDIO)
    exc = refused(check_render, template, {"x": "a" * (limit // 3 + 1)}, STUDIO)
    assert exc.field == "scenes[0].sceneData.title"
    assert "after substitution; the studio tier allows 20,000" in exc.message


def test_composed_page_size_counts_values_used_whole_in_every_scene():
    books = [{"title": "t" * 900} for _ in range(10)]  # about 9.3 KB as JSON
    scenes = [scene(sceneData={"items": "[books]"}) for _ in range(20)]
    allow = tiny(max_page_bytes=150_000)
    check_render(options(scenes[:15]), {"books": books}, allow)
    exc = refused(check_render, options(scenes), {"books": books}, allow)
    assert exc.field == "scenes" and exc.value > 150_000
    assert "bytes of page content after substitution" in exc.message


def test_data_strings_are_checked_through_nested_values():
    limit = STUDIO.limits.max_data_string_chars
    ok = {"books": [{"title": "a" * limit}]}
    check_render(options([scene()]), ok, STUDIO)
    bad = {"books": [{"title": "a"}, {"title": "a" * (limit + 1)}]}
    exc = refused(check_render, options([scene()]), bad, STUDIO)
    assert exc.field == "data.books[1].title"
    assert exc.message == "data.books[1].title: 10,001 characters; the studio tier allows 10,000"


def test_data_nested_too_deep_is_refused_without_recursion():
    deep: Any = "leaf"
    for _ in range(5000):
        deep = [deep]
    exc = refused(check_render, options([scene()]), {"deep": deep}, STUDIO)
    assert exc.limit == MAX_NESTING and exc.field.startswith("data.deep[0]")


def test_estimated_duration_boundary_at_render():
    scenes = [scene(durationOverride=30.0), scene(durationOverride=30.0, transition="cut")]
    check_render(options(scenes), {}, FREE)  # exactly 60 s on free
    over = [scene(durationOverride=30.5), scene(durationOverride=30.0, transition="cut")]
    assert refused(check_render, options(over), {}, FREE).value == 61  # the template alone
    # 58 words: 29 s of speech + breath fits; 60 words (30.6 s with the breath) does not.
    spoken = [scene(durationOverride=30.0), scene(durationOverride=None, transition="cut")]
    spoken[1]["voScript"] = "[words]"
    check_render(options(spoken), {"words": "w " * 58}, FREE)
    exc = refused(check_render, options(spoken), {"words": "w " * 60}, FREE)
    assert exc.value == 61 and exc.limit == 60
    assert "(estimated before speaking)" in exc.message


def test_long_speech_after_substitution_is_refused_before_speaking():
    text = "w " * 200  # 400 characters (within 1,000), 100 s at two words per second
    exc = refused(check_render, options([scene(voScript="[t]")]), {"t": text}, FREE)
    assert exc.field == "scenes" and exc.value == 101


def test_batch_names_the_row_over_the_limit():
    rows = [{"bio": "ok"}, {"bio": "ok"}, {"bio": "b" * 10_001}]
    exc = refused(check_batch, options([scene()]), rows, STUDIO)
    assert exc.field == "rows[2].data.bio"
    assert exc.message.startswith("row 3: data.bio: 10,001 characters; the studio tier allows")
    assert exc.message.endswith("nothing was queued")


def test_page_size_counts_the_data_each_primitive_takes_as_input():
    # title-intro takes person_name as a data input: every scene carries it.
    name = "n" * 9_000
    scenes = [scene() for _ in range(20)]
    allow = tiny(max_page_bytes=150_000)
    check_render(options(scenes[:16]), {"person_name": name}, allow)  # 144 KB
    exc = refused(check_render, options(scenes), {"person_name": name}, allow)  # 180 KB
    assert exc.field == "scenes" and exc.value >= 180_000
