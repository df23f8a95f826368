"""Template document checks are linear: a 1 MB document is checked in milliseconds (CPU of
this thread: other threads of a test process, left by earlier tests, do not count)."""

from __future__ import annotations

import time

from app.templates.schemas import DataSlot, SceneConfig
from app.templates.validation import LISTED_KEYS, document_problems


def _document(size: int) -> tuple[list[SceneConfig], list[DataSlot]]:
    """`size` data slots (each key three times) and size / 15 scenes of three references."""
    slots = [DataSlot(key=f"k{i % (size // 3)}", type="text") for i in range(size)]
    scenes = [
        SceneConfig(
            primitiveId="title-intro",
            animationOption="slide-up",
            dataRequired=[f"k{i}", f"missing{i}", "k1[]"],
        )
        for i in range(size // 15)
    ]
    return scenes, slots


def _cpu_seconds(size: int) -> float:
    scenes, slots = _document(size)
    started = time.thread_time()
    document_problems(scenes, slots)
    return time.thread_time() - started


def test_a_large_document_is_checked_in_linear_time():
    scenes, slots = _document(30_000)
    started = time.thread_time()
    problems = document_problems(scenes, slots)
    used = time.thread_time() - started
    assert [p["type"] for p in problems].count("duplicate") == 20_000
    assert [p["type"] for p in problems].count("unknown_data_slot") == 2_000
    assert used < 1.0, f"{used:.2f}s of CPU to check 30,000 slots and 2,000 scenes"
    # Four times the document costs about four times as much (a quadratic check: sixteen);
    # the best of three runs each, so a busy machine does not decide it.
    small = min(_cpu_seconds(7_500) for _ in range(3))
    large = min(_cpu_seconds(30_000) for _ in range(3))
    assert large < 8 * small, f"{small:.3f}s for 7,500 slots but {large:.3f}s for 30,000"


def test_duplicates_are_reported_at_each_repeat_and_listings_are_capped():
    keys = ["a", "b", "a", *[f"s{i}" for i in range(30)], "b"]
    slots = [DataSlot(key=k, type="text") for k in keys]
    scene = SceneConfig(primitiveId="title-intro", dataRequired=["a", "nope"])
    problems = document_problems([scene], slots)
    assert [p["loc"] for p in problems[:2]] == [
        ["dataSlots", "2", "key"],
        ["dataSlots", "33", "key"],
    ]
    unknown = problems[2]
    assert unknown["loc"] == ["scenes", "0", "dataRequired", "1"]
    more = len(keys) - LISTED_KEYS
    assert unknown["msg"].startswith("'nope' is not a data slot key; defined: a, b, a, s0")
    assert unknown["msg"].endswith(f"(+{more} more)")


def test_a_short_listing_names_every_key_or_none():
    scene = SceneConfig(primitiveId="title-intro", dataRequired=["x"])
    [problem] = document_problems([scene], [DataSlot(key="a", type="text")])
    assert problem["msg"] == "'x' is not a data slot key; defined: a"
    [problem] = document_problems([scene], [])
    assert problem["msg"] == "'x' is not a data slot key; defined: none"
