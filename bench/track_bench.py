"""POST /api/track throughput and latency against a live server (real Hypercorn in a child
process, SQLite by default, real Redis for the rate limiter's connection).

    .venv/bin/python bench/track_bench.py [--rate 200] [--seconds 10] [--videos 200]
        [--database-url postgresql+asyncpg://...] [--api-processes 1|2]

Two phases: an open-loop phase sending `--rate` beacons per second on a fixed schedule for
`--seconds` (latency measured from each beacon's scheduled time, so a server falling behind
shows in the figures), then a closed-loop phase with `--concurrency` clients sending as fast
as answers come back (the ceiling). Beacons are a realistic mix over `--videos` completed
videos and 10 sessions each: page views, starts, scene entries, quartiles, completions,
replays, shares, and 10 % repeats (duplicates). Rate limits are off (they allow one client IP
300/min; the bench is one IP). The open loop also prints the API processes' CPU per beacon
(`api_cpu_ms_per_beacon`, from /proc). The last line printed is a JSON object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from driver_gc import quiet_gc  # noqa: E402

from app import viewsessions  # noqa: E402
from app.accounts.service import create_account  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.models import create_all  # noqa: E402
from tests.support.analytics import completed_job  # noqa: E402
from tests.support.live_server import live_server  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_cost_bench import api_pid  # noqa: E402
from load_bench import cpu_seconds  # noqa: E402

SCENE_STARTS = {"0": 0, "1": 3000, "2": 6000, "3": 9000}
EVENTS = [
    ("page_view", {}),
    ("video_started", {}),
    ("scene_entered", {"sceneIndex": 0}),
    ("scene_entered", {"sceneIndex": 1}),
    ("video_25", {}),
    ("scene_entered", {"sceneIndex": 2}),
    ("video_50", {}),
    ("video_75", {}),
    ("scene_entered", {"sceneIndex": 3}),
    ("video_completed", {}),
    ("video_replayed", {"count": 1}),
    ("shared", {}),
]


async def seed(database_url: str, videos: int) -> list[str]:
    db = Database(database_url)
    await create_all(db)
    try:
        async with db.session() as session:
            account = await create_account(
                session, f"bench-{uuid.uuid4().hex[:8]}@example.com", "bench pw 1234", "studio", 0
            )
            ids = []
            for n in range(videos):
                job_id = str(uuid.uuid4())
                ids.append(job_id)
                session.add(completed_job(job_id, account.id, f"Recipient {n}", SCENE_STARTS))
    finally:
        await db.dispose()
    return ids


def beacons(videos: list[str], count: int, rng: random.Random, secret: str) -> list[dict[str, Any]]:
    """`count` beacons: each session walks through EVENTS in order; 10 % are repeats. Every
    session is signed by the server's key (what the player page hands out): only signed
    sessions are counted and stored, so unsigned ones would measure the cheap refusal."""
    out: list[dict[str, Any]] = []
    progress: dict[tuple[str, int], int] = {}
    while len(out) < count:
        if out and rng.random() < 0.1:
            out.append(rng.choice(out))
            continue
        key = (rng.choice(videos), rng.randrange(10))
        step = progress.get(key, 0) % len(EVENTS)
        progress[key] = step + 1
        event, meta = EVENTS[step]
        body = {
            "videoId": key[0],
            "event": event,
            "metadata": {
                "sessionId": viewsessions.sign(secret, key[0], f"bench{key[1]}"),
                "watchedMs": step * 1000,
                **meta,
            },
        }
        out.append(body)
    return out


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Connection:
    """One keep-alive HTTP/1.1 connection speaking just enough to POST a beacon: a light
    client, so the bench's own CPU use (it shares the cores with the server) stays small."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        head = (
            f"POST /api/track HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Type: text/plain;charset=UTF-8\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode() + body)
        status_line = await self.reader.readline()
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        answer = await self.reader.readexactly(length)
        return int(status_line.split()[1]), answer

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def run_load(
    bases: list[str], bodies: list[dict[str, Any]], connections: int, rate: float | None
) -> dict[str, Any]:
    """Send every body over `connections` keep-alive connections, spread over the API
    processes at `bases` as a load balancer would: paced at `rate` per second (latency from
    each beacon's scheduled time) or, with None, as fast as answers come."""
    payloads = [json.dumps(b).encode() for b in bodies]
    latencies: list[float] = []
    errors = counted = 0
    next_index = 0
    start = time.perf_counter() + 0.1

    async def worker(base: str) -> None:
        nonlocal errors, counted, next_index
        host, port = base.removeprefix("http://").split(":")
        conn = Connection(host, int(port))
        try:
            while next_index < len(payloads):
                i = next_index
                next_index += 1
                due = start + i / rate if rate else time.perf_counter()
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                status, answer = await conn.post(payloads[i])
                latencies.append((time.perf_counter() - due) * 1000)
                if status != 200:
                    errors += 1
                counted += b'"counted":true' in answer.replace(b" ", b"")
        finally:
            await conn.close()

    with quiet_gc() as pauses:  # the driver's own collections kept out of the latencies
        await asyncio.gather(*(worker(bases[i % len(bases)]) for i in range(connections)))
    return {**summary(latencies, errors, counted, time.perf_counter() - start),
            "driver_gc_pauses": pauses.figures()}  # fmt: skip


def summary(latencies: list[float], errors: int, counted: int, wall: float) -> dict[str, Any]:
    return {
        "beacons": len(latencies),
        "errors": errors,
        "counted": counted,
        "wall_s": round(wall, 2),
        "per_s": round(len(latencies) / wall, 1),
        "p50_ms": round(statistics.median(latencies), 1),
        "p99_ms": round(percentile(latencies, 99), 1),
        "max_ms": round(max(latencies), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=200)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--videos", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--api-processes", type=int, choices=(1, 2), default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="reelsmith-track-bench-") as tmp:
        base_dir = Path(tmp)
        prefix = f"rsbench-track:{uuid.uuid4().hex[:6]}"
        settings = Settings(
            database_url=args.database_url or f"sqlite+aiosqlite:///{base_dir}/bench.db",
            redis_prefix=prefix,
            queue_name=f"{prefix}:queue",
            media_dir=base_dir / "media",
            data_dir=base_dir / "data",
            cache_dir=base_dir / "cache",
            rate_limit_enabled=False,
        )
        videos = asyncio.run(seed(settings.database_url, args.videos))
        rng = random.Random(7)
        secret = settings.session_secret
        steady = beacons(videos, int(args.rate * args.seconds), rng, secret)
        burst = beacons(videos, int(args.rate * args.seconds), rng, secret)
        with contextlib.ExitStack() as stack:
            bases = [stack.enter_context(live_server(settings)) for _ in range(args.api_processes)]
            for base in bases:
                httpx.post(f"{base}/api/track", json=steady[0])  # warm up
            pids = [api_pid(int(base.rsplit(":", 1)[1])) for base in bases]
            before = cpu_seconds(pids)
            paced = asyncio.run(run_load(bases, steady, args.concurrency, args.rate))
            paced["api_cpu_ms_per_beacon"] = round(
                1000 * (cpu_seconds(pids) - before) / paced["beacons"], 2
            )
            print(f"open loop at {args.rate:.0f}/s: {paced}")
            ceiling = asyncio.run(run_load(bases, burst, args.concurrency, None))
            print(f"closed loop, {args.concurrency} clients: {ceiling}")
    database = "postgresql" if "postgresql" in settings.database_url else "sqlite"
    print(
        json.dumps(
            {
                "database": database,
                "api_processes": args.api_processes,
                "rate": args.rate,
                "open_loop": paced,
                "closed_loop": ceiling,
            }
        )
    )


if __name__ == "__main__":
    main()
