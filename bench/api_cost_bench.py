"""API CPU per answer: what one answer of each hot route costs the API process, and where.

    .venv/bin/python bench/api_cost_bench.py [--db sqlite|postgres] [--requests 2000]
        [--profile [--keep DIR]] [--top 25]

Set-up as bench/load_bench.py (a fresh database and Redis namespace, studio accounts with one
key each, made through the app's services; rate limits ON), one Hypercorn API process
(tests/support/live_server.py). The driver then sends, one route at a time, `--requests`
requests back to back over keep-alive connections from 100 clients (each its own key and
loopback address), and reads the API process's own CPU seconds (/proc) before and after:
CPU per answer = API CPU ÷ answers. Routes: GET /api/render/{id} (the client's job),
POST /api/render (rewind with three fields; dispatch sees no worker, so jobs wait), and
GET /api/templates.

The machine's speed (bench/machine_speed.py's reference workload, CPU ms) is printed before
and after the routes: compare figures of two moments after dividing by it.

`--profile` samples the API process with py-spy during each route's run and prints the share
of samples per part (key look-up, rate limiting, ORM, validation, JSON, Hypercorn, logging, …)
and the `--top` functions by own time. The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load_bench import (  # noqa: E402
    REDIS_URL,
    TEMPLATE,
    Client,
    cpu_split,
    database,
    make_clients,
)
from machine_speed import reference_ms  # noqa: E402

from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.models import create_all  # noqa: E402
from tests.support.live_server import live_server  # noqa: E402

CLIENTS = 100  # each stays inside its key's bursts: every answer counted is a real one
ROUTES = ("GET /api/render/{id}", "POST /api/render", "GET /api/templates")

# Where a sampled stack's time goes: the first rule (from the leaf up) whose text is in a frame.
PARTS: list[tuple[str, tuple[str, ...]]] = [
    ("logging", ("logging/", "app/logs.py")),
    ("metrics", ("prometheus_client", "app/metrics.py")),
    ("JSON encoding", ("json/encoder", "json/__init__", "orjson", "json_provider")),
    ("response validation", ("quart_schema/validation", "pydantic/", "pydantic_core")),
    ("rate limiting", ("app/ratelimit.py",)),
    ("key look-up", ("app/auth.py", "app/keys/", "hashlib", "hmac")),
    ("ORM / SQL", ("sqlalchemy", "aiosqlite", "asyncpg", "sqlite3")),
    ("Redis", ("redis/",)),
    ("Hypercorn / h11", ("hypercorn", "h11", "h2/")),
    ("Quart / Werkzeug", ("quart/", "werkzeug")),
    ("asyncio", ("asyncio/", "selectors")),
]


def part_of(stack: list[str]) -> str:
    for frame in reversed(stack):  # leaf first: the innermost known part wins
        for name, marks in PARTS:
            if any(m in frame for m in marks):
                return name
    return "other"


def route_of(name: str) -> tuple[str, str]:
    method, path = name.split(" ", 1)
    return method, path


async def send(http: httpx.AsyncClient, client: Client, route: str) -> int:
    """One request; a keep-alive connection the server closed as it was reused is retried
    (Hypercorn closes connections idle for 5 s; on a busy machine a client can idle that long)."""
    for attempt in range(3):
        try:
            return await send_once(http, client, route)
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError):
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


async def send_once(http: httpx.AsyncClient, client: Client, route: str) -> int:
    if route == "POST /api/render":
        data = {"person_name": f"Client {client.n}", "totalWorkouts": 120, "totalMinutes": 5400}
        resp = await http.post("/api/render", json={"templateId": TEMPLATE, "data": data})
        if resp.status_code == 200:
            client.job_id = resp.json()["jobId"]
    elif route == "GET /api/render/{id}":
        resp = await http.get(f"/api/render/{client.job_id}")
    else:
        resp = await http.get("/api/templates")
    return resp.status_code


async def run_route(
    route: str, clients: list[Client], https: list[httpx.AsyncClient], total: int
) -> Counter[int]:
    statuses: Counter[int] = Counter()
    per = total // len(clients)

    async def one(i: int) -> None:
        for _ in range(per):
            statuses[await send(https[i], clients[i], route)] += 1

    await asyncio.gather(*(one(i) for i in range(len(clients))))
    return statuses


def start_profile(pid: int, out: Path) -> subprocess.Popen[bytes]:
    spy = Path(sys.executable).parent / "py-spy"
    return subprocess.Popen(
        [
            str(spy),
            "record",
            "--pid",
            str(pid),
            "--rate",
            "250",
            "--format",
            "raw",
            "--output",
            str(out),
            "--nonblocking",
            "--gil",  # samples holding the GIL: Python's own work, not waits in system calls
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def read_profile(path: Path, top: int) -> dict[str, Any]:
    """py-spy's raw (collapsed) stacks → share per part and the top own-time functions."""
    parts: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack_text, _, count_text = line.rpartition(" ")
        if not stack_text or not count_text.isdigit():  # a line cut short, or not a stack
            continue
        count = int(count_text)
        stack = stack_text.split(";")
        if any("select" in f and "selectors" in f for f in stack[-1:]):
            continue  # the event loop waiting: idle, not cost
        total += count
        parts[part_of(stack)] += count
        own[stack[-1]] += count
    return {
        "samples": total,
        "parts": {k: round(100 * v / total, 1) for k, v in parts.most_common()} if total else {},
        "top": [(f, round(100 * n / total, 1)) for f, n in own.most_common(top)] if total else [],
    }


def connect(base: str, clients: list[Client]) -> list[httpx.AsyncClient]:
    """One keep-alive connection per client, from its own loopback address, with its key."""
    return [
        httpx.AsyncClient(
            base_url=base,
            headers={"X-API-Key": c.key},
            timeout=120,
            transport=httpx.AsyncHTTPTransport(local_address=f"127.0.1.{c.n + 1}"),
            limits=httpx.Limits(max_connections=1),
        )
        for c in clients
    ]


def api_pid(port: int) -> int:
    """The API process listening on `port` (a child of this process)."""
    out = subprocess.run(
        ["ss", "-Hltnp", f"sport = :{port}"], capture_output=True, text=True, check=True
    ).stdout
    return int(out.split("pid=")[1].split(",")[0])


async def main(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {"db": args.db, "requests": args.requests}
    # the machine's speed now (bench/machine_speed.py), before and after the routes
    before = reference_ms()
    with tempfile.TemporaryDirectory(prefix="reelsmith-cost-") as tmp:
        folder = Path(tmp)
        async with database(args.db, folder) as url:
            ns = f"costbench:{uuid.uuid4().hex[:8]}"
            settings = Settings(
                database_url=url,
                redis_url=REDIS_URL,
                redis_prefix=ns,
                queue_name=f"{ns}:queue",
                media_dir=folder / "media",
                data_dir=folder / "data",
                rate_limit_enabled=True,
            )
            db = Database(url)
            await create_all(db)
            clients = await make_clients(db, CLIENTS)
            await db.dispose()
            with live_server(settings) as base:
                pid = api_pid(int(base.rsplit(":", 1)[1]))
                https = connect(base, clients)
                # Warm-up: every client has a job, every code path has run once.
                await run_route("POST /api/render", clients, https, CLIENTS)
                for route in ROUTES:
                    await run_route(route, clients, https, CLIENTS)
                for route in ("GET /api/render/{id}", "GET /api/templates", "POST /api/render"):
                    # Fresh connections per route: Hypercorn closes the ones idle for 5 s
                    # (the profile of the route before is read meanwhile).
                    for h in https:
                        await h.aclose()
                    https = connect(base, clients)
                    prof = folder / "profile.txt"
                    spy = start_profile(pid, prof) if args.profile else None
                    (user0, sys0), t0 = cpu_split([pid]), time.perf_counter()
                    statuses = await run_route(route, clients, https, args.requests)
                    wall, (user1, sys1) = time.perf_counter() - t0, cpu_split([pid])
                    cpu, kernel = user1 - user0 + sys1 - sys0, sys1 - sys0
                    answers = sum(statuses.values())
                    figures: dict[str, Any] = {
                        "answers": answers,
                        "statuses": dict(statuses),
                        "cpu_ms_per_answer": round(1000 * cpu / answers, 2),
                        # the kernel's part: socket sends on loopback run the receiver's TCP too
                        "kernel_ms_per_answer": round(1000 * kernel / answers, 2),
                        "answers_per_s": round(answers / wall, 1),
                    }
                    if spy is not None:
                        spy.send_signal(2)
                        spy.wait(30)
                        figures["profile"] = read_profile(prof, args.top)
                        if args.keep:  # the raw stacks, for a flame graph or inclusive times
                            slug = route.replace(" ", "_").replace("/", "_").strip("_")
                            args.keep.mkdir(parents=True, exist_ok=True)
                            (args.keep / f"{args.db}-{slug}.txt").write_bytes(prof.read_bytes())
                    results[route] = figures
                    print(
                        f"\n{route}: {figures['cpu_ms_per_answer']} ms API CPU per answer "
                        f"({figures['kernel_ms_per_answer']} in the kernel), "
                        f"{figures['answers_per_s']} answers/s, statuses {dict(statuses)}"
                    )
                    if "profile" in figures:
                        print("  parts:", figures["profile"]["parts"])
                        for fn, share in figures["profile"]["top"]:
                            print(f"    {share:5.1f} %  {fn}")
                for h in https:
                    await h.aclose()
    results["load_average"] = os.getloadavg()
    results["machine_reference_cpu_ms"] = [before, reference_ms()]
    print(
        f"\nmachine reference (bench/machine_speed.py): {before} / "
        f"{results['machine_reference_cpu_ms'][1]} CPU ms before / after"
    )
    return results


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    p.add_argument("--requests", type=int, default=800, help="per route (at most 800: the bursts)")
    p.add_argument("--profile", action="store_true")
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--keep", type=Path, help="with --profile: keep each route's raw stacks here")
    return p.parse_args()


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(parse()))))
