"""Webhook delivery benchmark: deliveries per second to a local receiver and the delay from a
job's completion to its render.complete arriving, with renders running at the same time.

    .venv/bin/python bench/webhook_bench.py [--backlog 300] [--jobs 200] [--rate 5] [--renders 2]

One real `reelsmith worker` process (render worker + deliveries worker, as it always
runs them) on a temporary SQLite database and Redis namespace; a receiver on the loopback
(aiohttp) answering 200. Synthetic jobs get their outcome through worker/jobs.py (the real
emit point: the outbox row in the same transaction).

1. Throughput: `--backlog` outcomes are written before the worker starts; deliveries per
   second is how fast the worker drains them (first to last arrival).
2. Delay: with `--renders` rows of the `pulse` template rendering (voiceover off), `--jobs`
   outcomes are written at `--rate` per second; the delay is from each outcome's commit to its
   delivery's arrival (p50, p99, max); real renders' delay is from their `completedAt`.

The last line printed is a JSON object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from aiohttp import web
from arq import create_pool
from arq.connections import RedisSettings
from redis.asyncio import Redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from batch_bench import batch_rows, worker_env  # noqa: E402

from app.accounts.service import create_account  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import Database, utcnow  # noqa: E402
from app.models import create_all  # noqa: E402
from app.renders.create import create_batch  # noqa: E402
from app.renders.models import RenderJob  # noqa: E402
from app.renders.queue import dispatch, register_worker  # noqa: E402
from app.renders.schemas import BatchRequest  # noqa: E402
from app.webhooks import service  # noqa: E402
from worker import jobs  # noqa: E402

HEADERS = ["Name", "Quarter", "KPIs", "Breakdown"]
# The synthetic jobs are `processing` on this writer (with a heartbeat, so no sweep takes them).
WRITER = "bench-writer"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class Receiver:
    """Records the wall-clock arrival of each render.complete by jobId."""

    def __init__(self) -> None:
        self.arrived: dict[str, float] = {}
        self.events = 0

    async def handle(self, request: web.Request) -> web.Response:
        body = await request.json()
        now = time.time()
        self.events += 1
        if body["event"] == "render.complete":
            self.arrived.setdefault(body["data"]["jobId"], now)
        return web.Response(text="ok")

    async def start(self) -> tuple[web.AppRunner, str]:
        app = web.Application()
        app.router.add_post("/hook", self.handle)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return runner, f"http://127.0.0.1:{port}/hook"


async def complete_synthetic(db: Database, settings: Settings, job_id: str) -> float:
    """Write a synthetic job's outcome through worker/jobs.py; the wall-clock commit time."""
    key = f"videos/{job_id}.1.mp4"
    ok = await jobs.complete(db, job_id, WRITER, 1, key, 1000, {}, [], settings.public(key))
    assert ok
    return time.time()


def synthetic_jobs(account_id: str, n: int) -> list[RenderJob]:
    return [
        RenderJob(
            account_id=account_id,
            template_id="pulse",
            display_name=f"S{i}",
            status="processing",
            worker_id=WRITER,
            attempts=1,
            started_at=utcnow(),
        )
        for i in range(n)
    ]


async def render_figures(
    db: Database,
    render_ids: list[str],
    arrived: dict[str, float],
    paced: tuple[float, float],
    verbose: bool,
) -> tuple[list[float], float]:
    """The real renders' delivery delays, and the seconds they ran inside the paced phase."""
    paced_from, paced_to = paced
    render_delays: list[float] = []
    rendering_s = 0.0
    async with db.session() as session:
        for job_id in render_ids:
            row = await session.get(RenderJob, job_id)
            if row is None:
                continue
            if row.completed_at and job_id in arrived:
                render_delays.append(arrived[job_id] - row.completed_at.timestamp())
            if verbose:
                print(job_id[:8], row.status, row.started_at, row.completed_at, paced_from)
            if row.started_at and row.completed_at:
                overlap = min(row.completed_at.timestamp(), paced_to) - max(
                    row.started_at.timestamp(), paced_from
                )
                rendering_s += max(0.0, overlap)
    return render_delays, rendering_s


async def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="reelsmith-whbench-"))
    ns = f"whbench:{uuid.uuid4().hex[:8]}"
    settings = Settings().model_copy(
        update={
            "database_url": f"sqlite+aiosqlite:///{work}/bench.db",
            "redis_prefix": ns,
            "queue_name": f"{ns}:queue",
            "media_dir": work / "media",
            "allow_private_urls": True,
        }
    )
    db = Database(settings.database_url)
    await create_all(db)
    receiver = Receiver()
    runner, url = await receiver.start()
    async with db.session() as session:
        account = await create_account(
            session, "bench@example.com", "bench-password", "enterprise", args.renders + 10
        )
        # The synthetic jobs belong to another account: their `processing` rows would
        # otherwise hold the fair dispatch back from this account's real renders.
        writer = await create_account(session, "writer@example.com", "bench-password", "studio", 0)
        for owner in (account, writer):
            await service.create_endpoint(
                session, owner.id, url, ["*"], "bench", production=False, max_endpoints=10
            )
        backlog = synthetic_jobs(writer.id, args.backlog)
        paced = synthetic_jobs(writer.id, args.jobs)
        session.add_all([*backlog, *paced])
    redis = Redis.from_url(settings.redis_url)
    await register_worker(redis, settings, WRITER, 0, int(args.timeout) + 600)
    pool = await create_pool(RedisSettings.from_dsn(settings.redis_url))
    env = worker_env(settings)
    env["REELSMITH_ALLOW_PRIVATE_URLS"] = "true"
    log = (work / "worker.log").open("wb")
    proc: subprocess.Popen[bytes] | None = None

    async def wait_arrived(ids: list[str]) -> None:
        deadline = time.monotonic() + args.timeout
        while time.monotonic() < deadline and not all(j in receiver.arrived for j in ids):
            await asyncio.sleep(0.1)

    try:
        for job in backlog:
            await complete_synthetic(db, settings, job.id)
        proc = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "worker"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        backlog_ids = [j.id for j in backlog]
        await wait_arrived(backlog_ids)
        drained = sorted(receiver.arrived[j] for j in backlog_ids if j in receiver.arrived)
        drain_rate = (len(drained) - 1) / (drained[-1] - drained[0]) if len(drained) > 1 else 0.0

        render_ids: list[str] = []
        if args.renders:
            body = BatchRequest.model_validate(
                {
                    "templateId": "pulse",
                    "headers": HEADERS,
                    "rows": batch_rows(args.renders),
                    "output": {"resolution": "720p", "fps": 30},
                    "audio": {"includeVoiceover": False},
                }
            )
            async with db.session() as session:
                created = await create_batch(session, settings, account, body)
            render_ids = list(created.job_ids)
            await dispatch(db, pool, settings)
            await asyncio.sleep(args.render_head_start)  # renders under way
        completed_at: dict[str, float] = {}
        paced_from = time.time()
        for job in paced:
            completed_at[job.id] = await complete_synthetic(db, settings, job.id)
            await asyncio.sleep(1 / args.rate)
        paced_to = time.time()
        await wait_arrived([*completed_at, *render_ids])
        arrived = [j for j in completed_at if j in receiver.arrived]
        delays = [receiver.arrived[j] - completed_at[j] for j in arrived]
        render_delays, rendering_s = await render_figures(
            db, render_ids, receiver.arrived, (paced_from, paced_to), args.verbose
        )
    finally:
        if proc is not None:
            proc.terminate()
            await asyncio.to_thread(proc.wait, 60)
        await pool.aclose()
        keys = [k async for k in redis.scan_iter(match=f"{ns}*")]
        keys += [k async for k in redis.scan_iter(match=f"arq:*:{ns}:*")]
        if keys:
            await redis.delete(*keys)
        await redis.aclose()
        await runner.cleanup()
        await db.dispose()
    return {
        "backlog": args.backlog,
        "backlog_delivered": len(drained),
        "deliveries_per_s": round(drain_rate, 1),
        "jobs": args.jobs,
        "rate_per_s": args.rate,
        "delivered": len(arrived),
        "delay_p50_s": round(statistics.median(delays), 3) if delays else None,
        "delay_p99_s": round(percentile(delays, 99), 3) if delays else None,
        "delay_max_s": round(max(delays), 3) if delays else None,
        "renders": args.renders,
        "paced_s": round(paced_to - paced_from, 1),
        "render_s_during_paced": round(rendering_s, 1),
        "renders_delivered": len(render_delays),
        "render_delay_max_s": round(max(render_delays), 3) if render_delays else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backlog", type=int, default=300, help="outcomes before the worker")
    parser.add_argument("--jobs", type=int, default=200, help="paced outcomes")
    parser.add_argument("--rate", type=float, default=5.0, help="paced outcomes per second")
    parser.add_argument("--renders", type=int, default=2, help="pulse renders meanwhile")
    parser.add_argument("--render-head-start", type=float, default=8.0, help="seconds")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    r = asyncio.run(run(args))
    print(
        f"throughput: {r['backlog_delivered']}/{r['backlog']} delivered at "
        f"{r['deliveries_per_s']} deliveries/s\n"
        f"delay: {r['delivered']}/{r['jobs']} at {r['rate_per_s']}/s, completion -> arrival "
        f"p50 {r['delay_p50_s']} s, p99 {r['delay_p99_s']} s, max {r['delay_max_s']} s "
        f"(renders ran {r['render_s_during_paced']} s of those {r['paced_s']} s; "
        f"{r['renders_delivered']}/{r['renders']} real renders delivered, "
        f"max delay {r['render_delay_max_s']} s)"
    )
    print(json.dumps(r))


if __name__ == "__main__":
    main()
