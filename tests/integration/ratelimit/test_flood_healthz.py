"""Floods of unauthenticated preview and media requests from one client do not stall the API:
a real Hypercorn server answers /healthz quickly throughout, and the flood is answered 429."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.config import Settings

SERVER = """
import asyncio, sys
from hypercorn.asyncio import serve
from hypercorn.config import Config
from app import create_app
from app.config import Settings
from app.db import Database

async def main() -> None:
    settings = Settings()
    db = Database(settings.database_url)
    await db.create_all()
    await db.dispose()
    config = Config()
    config.bind = [sys.argv[1]]
    config.accesslog = None
    await serve(create_app(settings), config)

asyncio.run(main())
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def server(settings_factory, tmp_path: Path) -> Iterator[str]:
    settings: Settings = settings_factory(rate_limit_enabled=True)
    video = settings.media_dir / "videos" / "flood.1.mp4"
    video.parent.mkdir(parents=True)
    video.write_bytes(os.urandom(256 * 1024))
    env = {
        **os.environ,
        "REELSMITH_DATABASE_URL": settings.database_url,
        "REELSMITH_REDIS_URL": settings.redis_url,
        "REELSMITH_REDIS_PREFIX": settings.redis_prefix,
        "REELSMITH_MEDIA_DIR": str(settings.media_dir),
        "REELSMITH_DATA_DIR": str(tmp_path / "data"),
        "REELSMITH_RATE_LIMIT_ENABLED": "true",
    }
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-c", SERVER, f"127.0.0.1:{port}"], env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            pytest.fail("the API did not start")
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


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
            await asyncio.sleep(0.02)
        stop.set()
        await asyncio.gather(*workers)
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    # Past each route's burst the flood is refused cheaply: most of it is 429.
    assert statuses[429] > 3 * sum(n for s, n in statuses.items() if s != 429), statuses
    assert not [s for s in statuses if s >= 500 or s == 0], statuses
    assert p99 < 0.15, f"p99 {p99 * 1000:.0f} ms over {len(latencies)} probes; {statuses}"
