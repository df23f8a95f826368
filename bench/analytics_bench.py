"""Analytics query benchmark: the heatmap, A/B and recipients-page queries of one campaign of
10,000 recipients and 200,000 tracking events' worth of viewing sessions, on SQLite and on
PostgreSQL.

    .venv/bin/python bench/analytics_bench.py [--recipients 10000] [--sessions 40000]
        [--scenes 8] [--repeat 15] [--engines sqlite,postgresql]

The campaign is written directly as rows (nothing is rendered): an A/B batch with two 50/50
variants, one job per recipient with an 8-scene template (1 in 10 videos skips scene 3:
their `scene_starts_ms` lack it), and `--sessions` view_sessions rows spread over the jobs.
A session row is what POST /api/track aggregates a viewing session's beacons into: a typical
session carries ~5 counted beacons (page_view, video_started, quartiles, scene_entered ...),
so 40,000 sessions stand for ~200,000 events. Analytics reads only these rows.

Each query runs through app.analytics.service in a fresh database session (as a request
does), `--repeat` times after one warm-up; the minimum (the cost without other work on the
machine), median and p95 in ms are printed. Target: ≤ 200 ms each. PostgreSQL: a temporary
database on REELSMITH_TEST_PG's server (dropped after). The last line printed is a JSON
object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import asyncpg
from sqlalchemy import insert

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.accounts.service import create_account  # noqa: E402
from app.analytics import audience, service  # noqa: E402
from app.db import Database, new_id, utcnow  # noqa: E402
from app.models import create_all  # noqa: E402
from app.renders.models import Batch, RenderJob  # noqa: E402
from app.viewers.models import ViewSession  # noqa: E402

PG_ADMIN_DSN = os.environ.get("REELSMITH_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
EVENTS_PER_SESSION = 5
CHUNK = 5000


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def build_campaign(
    db: Database, recipients: int, sessions: int, scenes: int, seed: int = 7
) -> tuple[str, str, str]:
    """The account, batch and one job id of a synthetic campaign (module docstring)."""
    rng = random.Random(seed)
    async with db.session() as session:
        account = await create_account(
            session, f"bench-{uuid.uuid4().hex[:8]}@example.com", "bench password 123", "studio"
        )
        batch_id = new_id()
        session.add(
            Batch(
                id=batch_id,
                account_id=account.id,
                template_id="bench-template",
                total_rows=recipients,
                variants=[
                    {"id": "a", "label": "Control", "splitPercent": 50},
                    {"id": "b", "label": "Green", "splitPercent": 50},
                ],
                primary_metric="completionRate",
            )
        )
    request = {"scenes": [{"primitiveId": "title-intro"} for _ in range(scenes)]}
    now = utcnow()
    jobs: list[dict[str, Any]] = []
    for number in range(1, recipients + 1):
        starts = {str(i): i * 3000 for i in range(scenes) if not (number % 10 == 0 and i == 3)}
        jobs.append(
            {
                "id": new_id(),
                "account_id": account.id,
                "batch_id": batch_id,
                "row_number": number,
                "template_id": "bench-template",
                "display_name": f"Recipient {number:05d}",
                "status": "complete",
                "stage": "done",
                "progress": 100,
                "request": request,
                "scene_starts_ms": starts,
                "variant_id": "a" if number % 2 else "b",
                "created_at": now + timedelta(microseconds=number),
            }
        )
    async with db.session() as session:
        for start in range(0, len(jobs), CHUNK):
            await session.execute(insert(RenderJob), jobs[start : start + CHUNK])
    rows: list[dict[str, Any]] = []
    for _ in range(sessions):
        job = jobs[rng.randrange(len(jobs))]
        started = rng.random() < 0.8
        completion = 0.45 if job["variant_id"] == "a" else 0.5
        completed = started and rng.random() < completion
        reached = scenes if completed else (rng.randrange(1, scenes + 1) if started else 0)
        bits = sum(1 << i for i in range(reached) if str(i) in job["scene_starts_ms"])
        first = now - timedelta(minutes=rng.randrange(60 * 24 * 14))
        rows.append(
            {
                "id": new_id(),
                "job_id": job["id"],
                "session_id": uuid.uuid4().hex,
                "account_id": account.id,
                "batch_id": batch_id,
                "variant_id": job["variant_id"],
                "first_seen_at": first,
                "last_seen_at": first + timedelta(seconds=rng.randrange(5, 120)),
                "page_viewed": True,
                "email_opened": rng.random() < 0.3,
                "started": started,
                "furthest_percent": 100 if completed else (100 * reached // scenes),
                "scenes_entered": bits,
                "completed": completed,
                "cta_clicked": started and rng.random() < 0.1,
                "shared": rng.random() < 0.02,
                "downloaded": rng.random() < 0.01,
                "replays": 1 if completed and rng.random() < 0.1 else 0,
                "remixes": 0,
                "events_counted": EVENTS_PER_SESSION,
                "viewed_notified": started,
            }
        )
    async with db.session() as session:
        for start in range(0, len(rows), CHUNK):
            await session.execute(insert(ViewSession), rows[start : start + CHUNK])
    return account.id, batch_id, str(jobs[len(jobs) // 2]["id"])


async def timed(db: Database, repeat: int, call: Callable[[Any], Awaitable[Any]]) -> list[float]:
    times = []
    for i in range(repeat + 1):
        start = time.perf_counter()
        async with db.session() as session:
            await call(session)
        if i:  # the first run warms caches
            times.append((time.perf_counter() - start) * 1000)
    return times


async def run_engine(url: str, args: argparse.Namespace) -> dict[str, Any]:
    db = Database(url)
    try:
        await create_all(db)
        start = time.perf_counter()
        account_id, batch_id, job_id = await build_campaign(
            db, args.recipients, args.sessions, args.scenes
        )
        build_s = time.perf_counter() - start
        if db.engine.dialect.name == "postgresql":
            async with db.engine.begin() as conn:
                await conn.exec_driver_sql("ANALYZE")
        # A batch page cursor after the middle row (what recipients_cursor makes of that job).
        middle = audience.recipients_cursor(RenderJob(row_number=args.recipients // 2))
        queries: dict[str, Callable[[Any], Awaitable[Any]]] = {
            "heatmap": lambda s: service.heatmap(s, account_id, batch_id),
            "heatmap (one variant)": lambda s: service.heatmap(s, account_id, batch_id, "a"),
            "ab": lambda s: service.ab_results(s, account_id, batch_id, 100),
            "recipients page 1 (50)": lambda s: audience.recipients_page(
                s, account_id, batch_id, 50, None
            ),
            "recipients middle page (50)": lambda s: audience.recipients_page(
                s, account_id, batch_id, 50, middle
            ),
            "engagement (one video)": lambda s: audience.job_engagement(s, account_id, job_id),
        }
        figures: dict[str, Any] = {}
        for name, call in queries.items():
            times = await timed(db, args.repeat, call)
            figures[name] = {
                "min_ms": round(min(times), 1),
                "median_ms": round(statistics.median(times), 1),
                "p95_ms": round(percentile(times, 95), 1),
            }
        async with db.session() as session:
            heat = await service.heatmap(session, account_id, batch_id)
            ab = await service.ab_results(session, account_id, batch_id, 100)
        assert ab.decision is not None
        return {
            "build_s": round(build_s, 1),
            "queries": figures,
            "totalViews": heat.total_views,
            "retention": [s.retention_percent for s in heat.scenes],
            "abStatus": ab.decision.status,
        }
    finally:
        await db.dispose()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--recipients", type=int, default=10_000)
    parser.add_argument("--sessions", type=int, default=40_000)
    parser.add_argument("--scenes", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--engines", default="sqlite,postgresql")
    args = parser.parse_args()
    results: dict[str, Any] = {
        "recipients": args.recipients,
        "sessions": args.sessions,
        "events_represented": args.sessions * EVENTS_PER_SESSION,
    }
    for engine in args.engines.split(","):
        if engine == "sqlite":
            with tempfile.TemporaryDirectory() as tmp:
                results["sqlite"] = await run_engine(f"sqlite+aiosqlite:///{tmp}/bench.db", args)
        elif engine == "postgresql":
            name = f"reelsmith_bench_{uuid.uuid4().hex[:10]}"
            conn = await asyncpg.connect(PG_ADMIN_DSN)
            await conn.execute(f'CREATE DATABASE "{name}"')
            await conn.close()
            base = PG_ADMIN_DSN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://")
            try:
                results["postgresql"] = await run_engine(f"{base}/{name}", args)
            finally:
                conn = await asyncpg.connect(PG_ADMIN_DSN)
                await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                await conn.close()
        else:
            raise SystemExit(f"unknown engine {engine!r}: sqlite or postgresql")
        figures = results[engine]
        print(f"\n{engine}: campaign written in {figures['build_s']} s")
        for name, f in figures["queries"].items():
            print(
                f"  {name:30s} min {f['min_ms']:6.1f} ms   median {f['median_ms']:6.1f} ms   "
                f"p95 {f['p95_ms']:6.1f} ms"
            )
        print(f"  totalViews {figures['totalViews']}, retention {figures['retention']}")
    print(json.dumps(results))


if __name__ == "__main__":
    asyncio.run(main())
