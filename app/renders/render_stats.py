"""Render duration and frames-per-second histograms, kept in Redis.

A worker records each render it completes (`record_render`); every API process reads the same
figures at scrape time (`read_histograms`), the way it reads live workers from their
heartbeats, so /metrics on any API machine shows the whole fleet and the figures outlive a
worker restart.

One Redis hash per histogram, `<prefix>:metrics:<name>`: a field per bucket upper bound holding
the cumulative count (every bucket at or above the value is incremented), `+Inf` (= the count)
and `sum`, all written in one MULTI so a scrape never sees half an observation."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.config import Settings

INF = "+Inf"


@dataclass(frozen=True)
class HistogramSpec:
    name: str
    help: str
    bounds: tuple[float, ...]  # finite upper bounds, ascending; +Inf is implied


# Wall time of a completed attempt: render, upload, poster and preview, outcome written.
RENDER_DURATION = HistogramSpec(
    "reelsmith_render_duration_seconds",
    "Wall time of completed renders (render, upload, posters), recorded by workers",
    (1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 900, 1800),
)
# Frames captured and encoded per second of the render engine's own time.
RENDER_FPS = HistogramSpec(
    "reelsmith_render_fps",
    "Frames rendered per second of engine time in completed renders, recorded by workers",
    (1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240),
)
HISTOGRAMS = (RENDER_DURATION, RENDER_FPS)


@dataclass(frozen=True)
class HistogramValues:
    """Cumulative bucket counts in bound order (the last is +Inf, i.e. the count) and the sum."""

    buckets: tuple[tuple[str, float], ...]
    sum: float

    @property
    def count(self) -> float:
        return self.buckets[-1][1]


def bound_label(bound: float) -> str:
    """The `le` label of a bound, as Prometheus writes it (1.0, 2.5, +Inf)."""
    return INF if math.isinf(bound) else repr(float(bound))


def labels(spec: HistogramSpec) -> list[str]:
    return [bound_label(b) for b in spec.bounds] + [INF]


def key(settings: Settings, spec: HistogramSpec) -> str:
    return f"{settings.redis_prefix}:metrics:{spec.name}"


def _observe(tr: Any, settings: Settings, spec: HistogramSpec, value: float) -> None:
    name = key(settings, spec)
    for bound in spec.bounds:
        if value <= bound:
            tr.hincrby(name, bound_label(bound), 1)
    tr.hincrby(name, INF, 1)
    tr.hincrbyfloat(name, "sum", value)


async def record_render(redis: Any, settings: Settings, seconds: float, fps: float) -> None:
    """One completed render: its wall time and its frames per second, in one transaction."""
    async with redis.pipeline(transaction=True) as tr:
        _observe(tr, settings, RENDER_DURATION, seconds)
        _observe(tr, settings, RENDER_FPS, fps)
        await tr.execute()


def _values(spec: HistogramSpec, stored: dict[Any, Any]) -> HistogramValues:
    fields = {(k.decode() if isinstance(k, bytes) else k): float(v) for k, v in stored.items()}
    buckets = tuple((label, fields.get(label, 0.0)) for label in labels(spec))
    return HistogramValues(buckets, fields.get("sum", 0.0))


async def read_histograms(
    redis: Any, settings: Settings, specs: Sequence[HistogramSpec] = HISTOGRAMS
) -> dict[str, HistogramValues]:
    """Histogram name -> its values (zeros when nothing was recorded yet)."""
    async with redis.pipeline(transaction=False) as pipe:
        for spec in specs:
            pipe.hgetall(key(settings, spec))
        stored = await pipe.execute()
    return {spec.name: _values(spec, raw) for spec, raw in zip(specs, stored, strict=True)}
