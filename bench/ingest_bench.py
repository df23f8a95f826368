"""Trigger ingest benchmark: events per second for 100-event POST /api/events/ingest calls
against 10 enabled rules, and the time from ingesting one event to its email arriving.

    .venv/bin/python bench/ingest_bench.py [--calls 10] [--database-url URL]

The app runs in this process (Quart's ASGI test client: the full request path, no socket) on
a temporary SQLite database (or --database-url) and a fresh Redis namespace. Each call carries
100 events for distinct recipients; every event matches some of the 10 rules (so a call makes
renders, charges credits, takes throttle rows and writes executions); each event reaches one
rule's milestone, and all ten rules' conditions (`all`/`any`, dotted paths) are evaluated.

Email latency: one event is ingested, its render is completed through worker/jobs.py (the real
outcome write; the video itself is not rendered, so render time is not in the figure), and
the deliveries worker (the one `reelsmith worker` runs, here in-process) sends the email to an
SMTP server on the loopback (aiosmtpd). The relay polls every second, so up to 1 s of the
figure is that poll. The last line printed is a JSON object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from arq.worker import Worker
from redis.asyncio import Redis
from sqlalchemy import select

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from app.accounts.service import create_account  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.keys.service import create_key  # noqa: E402
from app.models import create_all  # noqa: E402
from app.triggers.models import TriggerExecution  # noqa: E402
from worker import jobs  # noqa: E402
from worker.deliveries.runner import shutdown, worker_kwargs  # noqa: E402

RULES = 10


def rules() -> list[dict[str, Any]]:
    """Ten milestone rules; even ones with `all`, odd ones with `any` conditions."""
    out = []
    for i in range(RULES):
        milestone = {"field": "milestone", "op": "==", "value": i}
        if i % 2 == 0:
            condition: dict[str, Any] = {
                "all": [milestone, {"field": "stats.workouts", "op": ">=", "value": 1}]
            }
        else:
            condition = {"any": [milestone, {"field": "vip", "op": "exists"}]}
        out.append(
            {
                "name": f"rule {i}",
                "eventType": "milestone",
                "condition": condition,
                "templateId": "rewind",
                "channel": "email",
                "dataMapping": {"totalWorkouts": "stats.workouts"},
            }
        )
    return out


def events(call: int) -> list[dict[str, Any]]:
    return [
        {
            "recipientId": f"c{call}-r{n}",
            "recipientEmail": f"c{call}-r{n}@example.com",
            "eventId": f"c{call}-e{n}",
            "data": {
                "name": f"Person {n}",
                "milestone": n % 10,  # each event reaches one rule's milestone
                "stats": {"workouts": 5 + n},
                "minutes": 600,
            },
        }
        for n in range(100)
    ]


class Inbox:
    def __init__(self) -> None:
        self.arrivals: list[float] = []

    async def handle_DATA(self, _server: Any, _session: Any, _envelope: Any) -> str:
        self.arrivals.append(time.monotonic())
        return "250 OK"


async def main(calls: int, database_url: str | None) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="ingest-bench-"))
    inbox = Inbox()
    with socket.socket() as probe:  # a free port (aiosmtpd connects to it to start)
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    prefix = f"bench-ingest:{uuid.uuid4().hex[:8]}"
    settings = Settings(
        database_url=database_url or f"sqlite+aiosqlite:///{folder}/bench.db",
        redis_prefix=prefix,
        queue_name=f"{prefix}:queue",
        media_dir=folder / "media",
        data_dir=folder / "data",
        work_dir=folder / "work",
        cache_dir=folder / "cache",
        rate_limit_enabled=False,
        public_url="http://127.0.0.1:8000",
        smtp_host="127.0.0.1",
        smtp_port=smtp.port,
    )
    db = Database(settings.database_url)
    await create_all(db)
    async with db.session() as session:
        account = await create_account(
            session, f"bench-{uuid.uuid4().hex[:6]}@example.com", "x" * 12, "enterprise", 10**6
        )
        _, key = await create_key(session, account.id, "bench", "admin")
    headers = {"X-API-Key": key}
    app = create_app(settings)
    redis = Redis.from_url(settings.redis_url)
    figures: dict[str, Any] = {"rules": RULES, "eventsPerCall": 100, "calls": calls}
    try:
        async with app.test_app():
            client = app.test_client()
            for rule in rules():
                response = await client.post("/api/triggers", json=rule, headers=headers)
                assert response.status_code == 201, await response.get_data()
            await client.post(  # warm-up (templates, connections)
                "/api/events/ingest", json={"events": events(-1)[:5]}, headers=headers
            )
            took: list[float] = []
            triggered = 0
            for call in range(calls):
                start = time.perf_counter()
                response = await client.post(
                    "/api/events/ingest", json={"events": events(call)}, headers=headers
                )
                took.append(time.perf_counter() - start)
                body = await response.get_json()
                assert response.status_code == 200 and body["errors"] == 0, body
                triggered += body["triggered"]
            figures |= {
                "eventsPerSecond": round(100 * calls / sum(took), 1),
                "callMsP50": round(statistics.median(took) * 1000, 1),
                "callMsMax": round(max(took) * 1000, 1),
                "rendersPerCall": round(triggered / calls, 1),
                "rendersPerSecond": round(triggered / sum(took), 1),
            }

            # one event, ingest -> (synthetic render outcome) -> email received
            worker = Worker(**worker_kwargs(settings), handle_signals=False)
            worker.main_task = asyncio.create_task(worker.main())
            await asyncio.sleep(1.5)  # the deliveries worker is up and polling
            latencies = []
            for n in range(5):
                lone = {
                    "recipientId": f"lone-{n}",
                    "recipientEmail": f"lone-{n}@example.com",
                    "data": {
                        "name": "Lone",
                        "milestone": 0,
                        "stats": {"workouts": 1},
                        "minutes": 9,
                    },
                }
                before = len(inbox.arrivals)
                start = time.monotonic()
                response = await client.post(
                    "/api/events/ingest", json={"events": [lone]}, headers=headers
                )
                assert (await response.get_json())["triggered"] >= 1
                async with db.session() as session:
                    job_ids = (
                        await session.execute(
                            select(TriggerExecution.job_id).where(
                                TriggerExecution.recipient_id == f"lone-{n}"
                            )
                        )
                    ).scalars()
                for job_id in job_ids:
                    job = await jobs.claim(db, redis, settings, job_id, "bench-writer")
                    assert job is not None
                    await jobs.complete(db, job_id, "bench-writer", job.attempts, "k", 1, {}, [])
                while len(inbox.arrivals) == before:
                    await asyncio.sleep(0.005)
                latencies.append(inbox.arrivals[before] - start)
            figures |= {
                "ingestToEmailMsP50": round(statistics.median(latencies) * 1000),
                "ingestToEmailMsMax": round(max(latencies) * 1000),
            }
            with contextlib.suppress(asyncio.CancelledError):
                await worker.close()
            with contextlib.suppress(asyncio.CancelledError):
                await worker.main_task
            await shutdown(worker.ctx)
    finally:
        smtp.stop()
        # Our keys and arq's keys of our job ids (`arq:job:<prefix>:…`, `arq:retry:…`).
        for pattern in (f"{prefix}*", f"arq:*:{prefix}:*"):
            keys = [k async for k in redis.scan_iter(match=pattern)]
            if keys:
                await redis.delete(*keys)
        await redis.aclose()
        await db.dispose()
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    result = asyncio.run(main(args.calls, args.database_url))
    for name, value in result.items():
        print(f"{name:>22}: {value}")
    print(json.dumps(result))
