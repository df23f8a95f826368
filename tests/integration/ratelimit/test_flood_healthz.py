"""Floods of unauthenticated preview and media requests from one client do not stall the API:
a real Hypercorn server answers /healthz quickly throughout, and the flood is answered 429."""

from __future__ import annotations

import asyncio
import os
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.config import Settings
from app.ratelimit import public_rule_for
from tests.support.live_server import live_server

# A wall-clock bound: run with the machine to itself, after the parallel suite (Makefile).
pytestmark = pytest.mark.latency


@pytest.fixture
def server(settings_factory, tmp_path: Path) -> Iterator[str]:
    settings: Settings = settings_factory(rate_limit_enabled=True)
    video = settings.media_dir / "videos" / "flood.1.mp4"
    video.parent.mkdir(parents=True)
    video.write_bytes(os.urandom(256 * 1024))
    with live_server(settings) as url:
        yield url


FLOOD = [
    ("POST", "/preview/render", {"templateId": "pulse"}, {}),
    ("GET", "/preview/templates/pulse/composition", None, {}),
    ("GET", "/preview/templates/pulse", None, {}),
    (
        "POST",
        "/preview/templates",
        {"name": "x" * 1000, "scenes": [{"primitiveId": "x"}] * 200},
        {},
    ),
    ("GET", "/media/videos/flood.1.mp4", None, {"Range": "bytes=1000-"}),
    ("GET", "/media/cache/voices/guess.wav", None, {}),
]


FLOOD_RULES = [
    ("POST", "/preview/render"),
    ("GET", "/preview/templates/<template_id>/composition"),
    ("GET", "/preview/templates/<template_id>"),
    ("POST", "/preview/templates"),
    ("GET", "/media/<path:key>"),
]


async def test_healthz_stays_fast_while_one_client_floods_public_routes(server: str) -> None:
    statuses: Counter[int] = Counter()
    stop = asyncio.Event()

    async def flood(client: httpx.AsyncClient, worker: int) -> None:
        i = worker
        while not stop.is_set():
            method, path, body, headers = FLOOD[i % len(FLOOD)]
            i += 1
            try:
                resp = await client.request(method, path, json=body, headers=headers)
                statuses[resp.status_code] += 1
            except httpx.HTTPError:
                statuses[0] += 1

    latencies: list[float] = []
    flood_started = time.monotonic()
    async with (
        httpx.AsyncClient(base_url=server, timeout=10) as attacker,
        httpx.AsyncClient(base_url=server, timeout=10) as prober,
    ):
        workers = [asyncio.create_task(flood(attacker, n)) for n in range(12)]
        await asyncio.sleep(0.3)
        end = time.monotonic() + 4.0
        while time.monotonic() < end:
            started = time.perf_counter()
            resp = await prober.get("/healthz")
            latencies.append(time.perf_counter() - started)
            assert resp.status_code == 200
            await asyncio.sleep(0.01)
        stop.set()
        await asyncio.gather(*workers)
    flood_s = time.monotonic() - flood_started
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    # Past each route's burst the flood is refused cheaply: what got through is at most each
    # bucket's burst plus its refill over the flood's duration.
    buckets = {public_rule_for(m, r)[0]: public_rule_for(m, r)[1] for m, r in FLOOD_RULES}
    through = sum(n for s, n in statuses.items() if s != 429)
    bound = sum(rule.burst + rule.limit * flood_s / 60 for rule in buckets.values())
    assert statuses[429] > 0 and through <= bound + len(buckets), (statuses, bound)
    assert not [s for s in statuses if s >= 500 or s == 0], statuses
    assert p99 < 0.15, f"p99 {p99 * 1000:.0f} ms over {len(latencies)} probes; {statuses}"
