"""The load drivers' own garbage collector kept out of the latencies they measure.

A driver holding hundreds of clients, their schedules, tasks and every latency it recorded
has a large heap; Python's full collections of it paused the driver for 100-180 ms during a
run (measured 28 Nov 2026 with gc callbacks in bench/load_bench.py at N = 200), and every
request in flight then looked that much slower, on every route at once. `quiet_gc()` around
a measured run: what set-up made is frozen (never walked again), full collections are put off
until the run ends (young collections still run, so short-lived cycles are freed), and the
pauses that still happen are counted and printed with the run, so a reader can see the
figures are the API's and not the driver's.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


@dataclass
class GcPauses:
    count: int = 0
    max_ms: float = 0.0
    total_ms: float = 0.0
    _started: float = field(default=0.0, repr=False)

    def figures(self) -> dict[str, Any]:
        return {"count": self.count, "max_ms": round(self.max_ms, 1),
                "total_ms": round(self.total_ms, 1)}  # fmt: skip


@contextmanager
def quiet_gc() -> Iterator[GcPauses]:
    pauses = GcPauses()

    def note(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            pauses._started = time.perf_counter()
            return
        ms = (time.perf_counter() - pauses._started) * 1000
        pauses.count += 1
        pauses.total_ms += ms
        pauses.max_ms = max(pauses.max_ms, ms)

    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(thresholds[0], thresholds[1], 1_000_000)  # no full collection in the run
    gc.callbacks.append(note)
    try:
        yield pauses
    finally:
        gc.callbacks.remove(note)
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        gc.collect()
