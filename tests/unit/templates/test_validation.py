"""Template document checks are linear: four times the document costs about four times the CPU
of this thread. No absolute bound here: a collection of the test process's whole heap can land
inside the check and count as its CPU (CI measured 1.17 s so); the served bound, a 1 MB template
answered within 2 s, is a `latency` test run with the machine to itself."""

from __future__ import annotations

import gc
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
    gc.collect()
    gc.disable()
    try:
        started = time.thread_time()
        document_problems(scenes, slots)
        return time.thread_time() - started
    finally:
        gc.enable()


def test_a_large_document_is_checked_in_linear_time():
    problems = document_problems(*_document(30_000))
    assert [p["type"] for p in problems].count("duplicate") == 20_000
    assert [p["type"] for p in problems].count("unknown_data_slot") == 2_000
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
