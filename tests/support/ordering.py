"""The order test files are handed to the two test workers (`make test` runs pytest-xdist with
`--dist loadfile --no-loadscope-reorder`, so files go out in collection order): the longest
first, then the other files with slow tests, then the rest, so that both workers end
together instead of one running a long file alone at the end (2026-11-27: 35 minutes with
the default order, which hands out the files with the most tests first)."""

from __future__ import annotations

import pytest

# The longest files in `make test` (2026-11-27, seconds in all on a busy worker), longest first.
LONGEST = (
    "tests/integration/ai/test_prompt_videos.py",  # 130
    "tests/integration/worker/test_worker_batches.py",  # 120
    "tests/integration/worker/pieces/test_render_in_pieces.py",  # 105
    "tests/integration/worker/voices/test_voice_round_trip.py",  # 105
    "tests/integration/worker/test_worker_resilience.py",  # 90
    "tests/integration/clients/test_typescript_client.py",  # 70
    "tests/integration/worker/render/test_scene_cache_render.py",  # 70
    "tests/integration/worker/render/test_pipeline.py",  # 65
    "tests/integration/worker/test_faults_disk.py",  # 63
    "tests/integration/scaleout/test_many_hosts.py",  # 55
    "tests/integration/worker/render/test_translated_render.py",  # 54
    "tests/integration/worker/test_quality_outcome.py",  # 50
    "tests/browser/dashboard/test_render_and_batch.py",  # 46
    "tests/integration/worker/render/test_segments.py",  # 42
    "tests/integration/worker/test_faults_s3.py",  # 42
    "tests/integration/worker/test_killed_worker_leftovers.py",  # 40
    "tests/browser/viewers/test_live_player.py",  # 40
    "tests/browser/viewers/test_live_player_webkit.py",  # 45 (alone: an API, a worker, a render)
)


def order(items: list[pytest.Item]) -> None:
    """Sort `items` in place by file: LONGEST, then files with a slow test, then the rest;
    the order within a file and among equals is kept."""
    slow_files = {i.nodeid.split("::")[0] for i in items if i.get_closest_marker("slow")}

    def rank(item: pytest.Item) -> tuple[int, int]:
        path = item.nodeid.split("::")[0]
        if path in LONGEST:
            return (0, LONGEST.index(path))
        return (1, 0) if path in slow_files else (2, 0)

    items.sort(key=rank)
