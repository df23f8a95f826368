"""Load benchmark: N API customers against real Hypercorn processes, each with its own account
and key, creating a render every 10 s, polling its status every second and listing templates.

    .venv/bin/python bench/load_bench.py [--clients 100] [--duration 60] [--db sqlite|postgres]
        [--api-processes 1|2] [--slots 2] [--pin-driver CPU] [--saturation-clients 100]
        [--find-max] [--driver lean|httpx]

Set-up (not timed): a fresh database (a SQLite file in a temporary folder, or a PostgreSQL
database created on 127.0.0.1:5432 and dropped at the end), a fresh Redis namespace and arq
queue; one studio account with 100,000 credits and one API key per client, made through the
app's own services (app.accounts.service.create_account, app.keys.service.create_key).

The API runs as 1 or 2 Hypercorn processes (tests/support/live_server.py), each on its own
loopback port; with 2, clients are spread over the two ports alternately (what a load
balancer in front of two API machines does). Rate limits are ON, as in production: each client
sends from its own loopback address (127.0.x.y), so per-IP rows count per client.

No worker renders (the two cores are the API's): `--slots` worker slots are announced by a
heartbeat in Redis, so `dispatch` sees live capacity and fills it, and every job past it
waits. The backlog then grows by about N/10 jobs a second, which is the render backlog such a
load creates on this machine (jobs arrive far faster than two cores render them).

Open loop (the realistic model): each client's requests are sent at their scheduled times
whether or not earlier answers came back, so a slow server cannot slow the offered load:
  POST /api/render            every 10 s (first one at a random moment in the first 10 s)
  GET  /api/render/{id}       every 1 s, its latest job (from its first accepted render on)
  GET  /api/templates         every 30 s
Latency is measured per request from sending to the whole answer read. Printed: offered and
achieved req/s, p50/p99/max per endpoint, answers by status (429s, other 4xx, 5xx, transport
errors), and the credit check read from the database afterwards: per account, credits charged
= ledger charges = render jobs = renders the driver saw accepted.

Closed loop (`--saturation-clients`, default 100; 0 skips): that many clients each send
GET /api/render/{id} back to back for 10 s; req/s achieved in all is the saturation figure.

`--find-max`: after the main run, runs of `--step-duration` s at growing N (from
`--start-clients`, 25, by `--step`, 25, up to `--max-clients`, 400) until the targets fail;
prints the largest N meeting them (and says so when every N up to the cap met them).
Targets: p99 POST /api/render <= 50 ms, p99 GET /api/render/{id} <= 20 ms, no 5xx, no
transport error.

Each run also prints where the machine's CPU went (% of all cores' time: busy in all, the
API processes, the driver, the rest: Redis, the database, the kernel) and the busiest API
process's share of one core, which its one event loop cannot pass: what limits N, measured.
The driver's own garbage collector is kept out of the latencies (bench/driver_gc.py).
`--warmup S` (default 10; 0 skips): before the main run, S seconds of the same model from the
same clients, measured apart and printed as such (their renders count in the credit check):
a new API process opens its pooled connections and prepares each statement on each one under
its first requests (on PostgreSQL the first POSTs of a process take 50-90 ms), which a process
in service has long done. The main run then measures the steady state.
`--pin-driver CPU`: the driver runs on that CPU only and the API processes on the others.
`--driver`: the customers' HTTP client, `lean` (bench/lean_http.py: keep-alive connections
over asyncio streams, about a sixth of httpx's CPU per request) or `httpx`.
The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import httpx
from argon2 import PasswordHasher
from redis.asyncio import Redis
from sqlalchemy import func, select

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from driver_gc import quiet_gc  # noqa: E402
from lean_http import LeanClient, LeanError  # noqa: E402

from app.accounts import service as account_service  # noqa: E402
from app.accounts.models import Account, LedgerEntry  # noqa: E402
from app.accounts.service import create_account  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.keys.service import create_key  # noqa: E402
from app.models import create_all  # noqa: E402
from app.renders.models import RenderJob  # noqa: E402
from app.renders.queue import register_worker  # noqa: E402
from tests.support.live_server import live_server  # noqa: E402

PG_ADMIN_DSN = os.environ.get("REELSMITH_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("REELSMITH_TEST_REDIS", "redis://127.0.0.1:6379/0")
CREDITS = 100_000
TEMPLATE = "rewind"
RENDER_EVERY_S = 10.0
POLL_EVERY_S = 1.0
LIST_EVERY_S = 30.0
TARGETS_MS = {"POST /api/render": 50.0, "GET /api/render/{id}": 20.0}
POST, GET, LIST = "POST /api/render", "GET /api/render/{id}", "GET /api/templates"


@dataclass
class Client:
    n: int
    account_id: str
    key: str
    base_url: str = ""
    job_id: str | None = None
    accepted: int = 0
    unknown: int = 0


@dataclass
class Results:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    sent: int = 0
    late: list[float] = field(default_factory=list)  # ms the driver sent after the schedule
    shown: set[tuple[str, int]] = field(default_factory=set)

    def record(self, endpoint: str, status: int, ms: float) -> None:
        self.statuses[endpoint][status] += 1
        if status:  # 0 = transport error: no latency to count
            self.latencies[endpoint].append(ms)


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


# ---- set-up ----


@contextlib.asynccontextmanager
async def database(kind: str, folder: Path) -> AsyncIterator[str]:
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{folder}/load.db"
        return
    name = f"reelsmith_load_{uuid.uuid4().hex[:10]}"
    conn = await asyncpg.connect(PG_ADMIN_DSN)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    base = PG_ADMIN_DSN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://")
    try:
        yield f"{base}/{name}"
    finally:
        conn = await asyncpg.connect(PG_ADMIN_DSN)
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()


async def make_clients(db: Database, n: int) -> list[Client]:
    """One studio account and one key per client, through the app's services. Their password
    hashes are made with argon2's cheapest settings (nobody signs in with them): set-up time
    on two shared cores, not a figure of the benchmark."""
    account_service._hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    clients = []
    async with db.session() as session:
        for i in range(n):
            account = await create_account(
                session, f"load{i}@bench.example", "load-bench-pw", tier="studio", credits=CREDITS
            )
            _, raw = await create_key(session, account.id, "load", "*")
            clients.append(Client(i, account.id, raw))
    return clients


async def heartbeat(settings: Settings, slots: int, stop: asyncio.Event) -> None:
    """Announce `slots` worker slots (nothing renders) so dispatch sees live capacity."""
    if slots <= 0:
        return
    redis = Redis.from_url(settings.redis_url)
    try:
        while not stop.is_set():
            await register_worker(redis, settings, "load-bench", slots, ttl_s=20)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 5)
    finally:
        await redis.aclose()


@contextlib.contextmanager
def api_processes(settings: Settings, count: int) -> Iterator[list[str]]:
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(live_server(settings)) for _ in range(count)]


def pin(driver_cpu: int | None) -> None:
    """The driver on `driver_cpu`; every API process (children of this one, started before)
    on the other CPUs."""
    if driver_cpu is None:
        return
    others = set(range(os.cpu_count() or 1)) - {driver_cpu}
    for child in _children():
        with contextlib.suppress(OSError):
            os.sched_setaffinity(child, others)
    os.sched_setaffinity(0, {driver_cpu})


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds the processes have used so far."""
    return sum(cpu_split(pids))


def cpu_split(pids: list[int]) -> tuple[float, float]:
    """User and system (kernel) CPU seconds the processes have used so far."""
    user = system = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            user += int(fields[11]) / os.sysconf("SC_CLK_TCK")
            system += int(fields[12]) / os.sysconf("SC_CLK_TCK")
    return user, system


def machine_times() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine so far, every core (/proc/stat)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    total = sum(fields[:8])  # guest time is counted inside user already
    tick = os.sysconf("SC_CLK_TCK")
    return (total - idle) / tick, total / tick


def machine_shares(
    before: tuple[float, float], after: tuple[float, float], servers: list[float],
    driver: float, elapsed: float,
) -> dict[str, Any]:  # fmt: skip
    """Where the machine's CPU went in a run, in % of all its cores' time: busy in all, the API
    processes, the driver and the rest (Redis, the database, the kernel's own work); and the
    busiest API process in % of one core (its one event loop can use one core at most)."""
    busy, total = after[0] - before[0], max(after[1] - before[1], 1e-9)
    api = sum(servers)
    return {
        "cores": os.cpu_count(),
        "busy_pct": round(100 * busy / total, 1),
        "api_pct": round(100 * api / total, 1),
        "driver_pct": round(100 * driver / total, 1),
        "others_pct": round(100 * max(busy - api - driver, 0.0) / total, 1),
        "busiest_api_process_pct_of_a_core": round(100 * max(servers, default=0.0) / elapsed, 1),
    }


def _children() -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == os.getpid():
                    out.append(int(entry.name))
    return out


# ---- the load ----


DRIVERS = ("lean", "httpx")
DRIVER = {"name": "lean"}  # --driver: the HTTP client the customers use


class HttpxClient(httpx.AsyncClient):
    """httpx with the lean client's call (`json_body`): the general client, for comparison."""

    async def request(  # type: ignore[override]
        self, method: str, path: str, json_body: Any = None
    ) -> httpx.Response:
        return await super().request(method, path, json=json_body)


def http_client(client: Client) -> LeanClient | HttpxClient:
    """Its own connections from its own loopback address (127.0.x.y, x.y from its number)."""
    address = f"127.0.{1 + client.n // 250}.{1 + client.n % 250}"
    headers = {"X-API-Key": client.key}
    if DRIVER["name"] == "lean":
        return LeanClient(client.base_url, headers, address, timeout=30)
    return HttpxClient(
        base_url=client.base_url,
        headers=headers,
        timeout=30,
        transport=httpx.AsyncHTTPTransport(local_address=address),
    )


async def timed(
    http: Any, results: Results, endpoint: str, method: str, path: str, json_body: Any = None
) -> Any:
    results.sent += 1
    started = time.perf_counter()
    try:
        resp = await http.request(method, path, json_body)
    except (httpx.HTTPError, LeanError):
        results.record(endpoint, 0, 0.0)
        return None
    results.record(endpoint, resp.status_code, (time.perf_counter() - started) * 1000)
    if resp.status_code not in (200, 429) and (endpoint, resp.status_code) not in results.shown:
        results.shown.add((endpoint, resp.status_code))  # the first of each kind, to see why
        print(f"  {endpoint} answered {resp.status_code}: {resp.text[:300]}")
    return resp


async def post_render(http: Any, client: Client, results: Results) -> None:
    data = {"person_name": f"Client {client.n}", "totalWorkouts": 120, "totalMinutes": 5400}
    resp = await timed(
        http, results, POST, "POST", "/api/render", {"templateId": TEMPLATE, "data": data}
    )
    if resp is None:
        client.unknown += 1  # no answer: the server may or may not have accepted it
    elif resp.status_code == 200:
        client.accepted += 1
        client.job_id = resp.json()["jobId"]


async def customer(client: Client, results: Results, duration: float, started: float) -> None:
    """One client's open-loop schedule; every request its own task at its own time."""
    offset = random.uniform(0, RENDER_EVERY_S)
    schedule: list[tuple[float, str]] = []
    t = offset
    while t < duration:
        schedule.append((t, POST))
        t += RENDER_EVERY_S
    t = offset + POLL_EVERY_S
    while t < duration:
        schedule.append((t, GET))
        t += POLL_EVERY_S
    t = random.uniform(0, LIST_EVERY_S)
    while t < duration:
        schedule.append((t, LIST))
        t += LIST_EVERY_S
    schedule.sort()
    tasks = []
    async with http_client(client) as http:
        for at, endpoint in schedule:
            delay = started + at - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            results.late.append(max(0.0, -delay) * 1000)
            if endpoint == POST:
                tasks.append(asyncio.create_task(post_render(http, client, results)))
            elif endpoint == GET and client.job_id:
                path = f"/api/render/{client.job_id}"
                tasks.append(asyncio.create_task(timed(http, results, GET, "GET", path)))
            elif endpoint == LIST:
                path = "/api/templates"
                tasks.append(asyncio.create_task(timed(http, results, LIST, "GET", path)))
        await asyncio.gather(*tasks)


async def open_loop(clients: list[Client], duration: float) -> tuple[Results, float]:
    results = Results()
    started = time.monotonic()
    await asyncio.gather(*(customer(c, results, duration, started) for c in clients))
    return results, time.monotonic() - started


async def closed_loop(clients: list[Client], seconds: float) -> dict[str, Any]:
    """Each client polls its own job back to back for `seconds`."""
    results = Results()
    stop = time.monotonic() + seconds

    async def loop(client: Client) -> None:
        async with http_client(client) as http:
            while time.monotonic() < stop:
                await timed(http, results, GET, "GET", f"/api/render/{client.job_id}")

    with quiet_gc():
        started = time.monotonic()
        await asyncio.gather(*(loop(c) for c in clients))
        elapsed = time.monotonic() - started
    statuses = results.statuses[GET]
    return {
        "clients": len(clients),
        "req_s": round(sum(statuses.values()) / elapsed, 1),
        "ok_req_s": round(statuses[200] / elapsed, 1),
        "statuses": dict(statuses),
        "p50_ms": round(pct(results.latencies[GET], 50), 1),
        "p99_ms": round(pct(results.latencies[GET], 99), 1),
        "load_average": load_average(),
    }


def summary(results: Results, elapsed: float, clients: int) -> dict[str, Any]:
    endpoints = {}
    for endpoint in (POST, GET, LIST):
        lat = results.latencies[endpoint]
        statuses = results.statuses[endpoint]
        endpoints[endpoint] = {
            "count": sum(statuses.values()),
            "p50_ms": round(pct(lat, 50), 1),
            "p99_ms": round(pct(lat, 99), 1),
            "max_ms": round(max(lat), 1) if lat else None,
            "mean_ms": round(statistics.fmean(lat), 1) if lat else None,
            "statuses": dict(sorted(statuses.items())),
        }
    answered = sum(sum(s.values()) - s[0] for s in results.statuses.values())
    all_statuses: Counter[int] = Counter()
    for s in results.statuses.values():
        all_statuses.update(s)
    return {
        "clients": clients,
        "seconds": round(elapsed, 1),
        "offered_req_s": round(results.sent / elapsed, 1),
        "achieved_req_s": round(answered / elapsed, 1),
        "endpoints": endpoints,
        "errors_5xx": sum(n for code, n in all_statuses.items() if code >= 500),
        "errors_429": all_statuses[429],
        "errors_other_4xx": sum(
            n for code, n in all_statuses.items() if 400 <= code < 500 and code != 429
        ),
        "transport_errors": all_statuses[0],
        "load_average": load_average(),
    }


def meets_targets(figures: dict[str, Any]) -> bool:
    eps = figures["endpoints"]
    return (
        figures["errors_5xx"] == 0
        and figures["transport_errors"] == 0
        and all(eps[e]["p99_ms"] <= limit for e, limit in TARGETS_MS.items())
    )


def print_run(title: str, figures: dict[str, Any]) -> None:
    print(
        f"\n{title}: {figures['clients']} clients, {figures['seconds']} s, "
        f"load average {figures['load_average']}"
    )
    print(
        f"  offered {figures['offered_req_s']} req/s, achieved {figures['achieved_req_s']} req/s;"
        f" 5xx {figures['errors_5xx']}, transport errors {figures['transport_errors']}, "
        f"429 {figures['errors_429']}, other 4xx {figures['errors_other_4xx']}"
    )
    for endpoint, e in figures["endpoints"].items():
        print(
            f"  {endpoint:24} n={e['count']:6}  p50 {e['p50_ms']:7.1f} ms"
            f"  p99 {e['p99_ms']:7.1f} ms  max {e['max_ms'] or 0:7.1f} ms  statuses {e['statuses']}"
        )
    print(
        f"  CPU per answer: server {figures.get('server_cpu_ms_per_request')} ms, driver "
        f"{figures.get('driver_cpu_ms_per_request')} ms; driver sent up to "
        f"{figures.get('driver_late_p99_ms')} ms late (p99); the driver's own GC paused it "
        f"{figures['driver_gc_pauses']['count']} times, at most "
        f"{figures['driver_gc_pauses']['max_ms']} ms"
    )
    m = figures.get("machine")
    if m:
        print(
            f"  machine: {m['cores']} cores {m['busy_pct']} % busy (API {m['api_pct']} %, "
            f"driver {m['driver_pct']} %, others {m['others_pct']} %); the busiest API "
            f"process used {m['busiest_api_process_pct_of_a_core']} % of one core"
        )
    verdict = "meets" if meets_targets(figures) else "MISSES"
    print(f"  {verdict} the targets (p99 POST <= 50 ms, GET <= 20 ms, no 5xx)")


async def credit_check(db: Database, clients: list[Client]) -> dict[str, Any]:
    """Per account: credits charged = ledger charges = render jobs = renders seen accepted
    (plus, at most, the renders whose answer never came: the server may have taken them)."""
    ids = [c.account_id for c in clients]
    async with db.session() as session:
        balances = dict(
            (
                await session.execute(
                    select(Account.id, Account.credits).where(Account.id.in_(ids))
                )
            ).all()
        )
        jobs = dict(
            (
                await session.execute(
                    select(RenderJob.account_id, func.count())
                    .where(RenderJob.account_id.in_(ids))
                    .group_by(RenderJob.account_id)
                )
            ).all()
        )
        charges = dict(
            (
                await session.execute(
                    select(LedgerEntry.account_id, func.count())
                    .where(LedgerEntry.account_id.in_(ids), LedgerEntry.kind == "charge")
                    .group_by(LedgerEntry.account_id)
                )
            ).all()
        )
    wrong = [
        c.n
        for c in clients
        if not (
            CREDITS - balances[c.account_id]
            == jobs.get(c.account_id, 0)
            == charges.get(c.account_id, 0)
            and c.accepted <= jobs.get(c.account_id, 0) <= c.accepted + c.unknown
        )
    ]
    return {
        "accepted_renders": sum(c.accepted for c in clients),
        "unanswered_renders": sum(c.unknown for c in clients),
        "credits_charged": sum(CREDITS - balances[i] for i in ids),
        "render_jobs": sum(jobs.values()),
        "balanced": not wrong,
        "accounts_not_balanced": wrong[:10],
    }


async def run_load(
    clients: list[Client], urls: list[str], duration: float
) -> tuple[dict[str, Any], dict[str, Any]]:
    for c in clients:
        c.base_url = urls[c.n % len(urls)]
    servers = _children()
    with quiet_gc() as pauses:  # the driver's own collections kept out of the latencies
        machine0, each0 = machine_times(), [cpu_seconds([pid]) for pid in servers]
        driver_cpu = time.process_time()
        results, elapsed = await open_loop(clients, duration)
        driver_cpu = time.process_time() - driver_cpu
        machine1, each1 = machine_times(), [cpu_seconds([pid]) for pid in servers]
    server_each = [b - a for a, b in zip(each0, each1, strict=True)]  # per API process
    figures = summary(results, elapsed, len(clients))
    figures["machine"] = machine_shares(machine0, machine1, server_each, driver_cpu, elapsed)
    answered = max(1, round(figures["achieved_req_s"] * elapsed))
    # CPU per answer: what the figures would be on an idle machine (others share these cores).
    figures["server_cpu_ms_per_request"] = round(sum(server_each) * 1000 / answered, 2)
    figures["driver_cpu_ms_per_request"] = round(driver_cpu * 1000 / answered, 2)
    figures["driver_late_p99_ms"] = round(pct(results.late, 99), 1)
    figures["driver_gc_pauses"] = pauses.figures()
    return figures, {}


async def main(args: argparse.Namespace) -> dict[str, Any]:
    total = max(args.clients, args.saturation_clients, args.max_clients if args.find_max else 0)
    out: dict[str, Any] = {
        "db": args.db,
        "api_processes": args.api_processes,
        "worker_slots": args.slots,
        "pin_driver": args.pin_driver,
        "driver": DRIVER["name"],
    }
    with tempfile.TemporaryDirectory(prefix="reelsmith-load-") as tmp:
        folder = Path(tmp)
        async with database(args.db, folder) as url:
            ns = f"loadbench:{uuid.uuid4().hex[:8]}"
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
            print(f"creating {total} accounts and keys ...", flush=True)
            clients = await make_clients(db, total)
            stop = asyncio.Event()
            beat = asyncio.create_task(heartbeat(settings, args.slots, stop))
            try:
                with api_processes(settings, args.api_processes) as urls:
                    pin(args.pin_driver)
                    if args.warmup:
                        warm, _ = await run_load(clients[: args.clients], urls, args.warmup)
                        print_run(f"warm-up ({args.warmup:.0f} s, not counted)", warm)
                        out["warmup"] = {k: warm[k] for k in ("endpoints", "errors_5xx")}
                    main_run, _ = await run_load(clients[: args.clients], urls, args.duration)
                    print_run("open loop", main_run)
                    main_run["credits"] = await credit_check(db, clients[: args.clients])
                    print(f"  credits: {main_run['credits']}")
                    out["open_loop"] = main_run
                    if args.saturation_clients:
                        busy = [c for c in clients[: args.saturation_clients] if c.job_id]
                        out["closed_loop"] = await closed_loop(busy, 10.0)
                        print(f"\nclosed loop: {out['closed_loop']}")
                    if args.find_max:
                        out["find_max"] = await find_max(clients, urls, args)
                    async with db.session() as session:
                        backlog = await session.scalar(
                            select(func.count()).where(RenderJob.status == "pending")
                        )
                    out["backlog_at_end"] = backlog
            finally:
                stop.set()
                await beat
                await db.dispose()
    return out


async def find_max(clients: list[Client], urls: list[str], args: argparse.Namespace) -> dict:
    best, runs = 0, []
    n = args.start_clients
    while n <= args.max_clients:
        figures, _ = await run_load(clients[:n], urls, args.step_duration)
        print_run(f"find-max N={n}", figures)
        runs.append(
            {
                "clients": n,
                "ok": meets_targets(figures),
                "post_p99": figures["endpoints"][POST]["p99_ms"],
                "get_p99": figures["endpoints"][GET]["p99_ms"],
                "5xx": figures["errors_5xx"],
                "load_average": figures["load_average"],
                "machine": figures["machine"],
            }
        )
        if not meets_targets(figures):
            break
        best = n
        n += args.step
    capped = bool(runs) and runs[-1]["ok"]
    if capped:
        print(f"\nlargest N meeting the targets: {best} (every N up to --max-clients met them)")
    else:
        print(f"\nlargest N meeting the targets: {best}")
    return {"largest_n": best, "capped_by_max_clients": capped, "runs": runs}


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--clients", type=int, default=100)
    p.add_argument("--duration", type=float, default=60.0)
    p.add_argument("--warmup", type=float, default=10.0, help="s before the main run (0: none)")
    p.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    p.add_argument("--api-processes", type=int, choices=(1, 2), default=1)
    p.add_argument("--slots", type=int, default=2, help="worker slots announced (none render)")
    p.add_argument("--pin-driver", type=int, default=None, metavar="CPU")
    p.add_argument(
        "--driver", choices=DRIVERS, default="lean",
        help="the customers' HTTP client: lean (bench/lean_http.py) or httpx",
    )  # fmt: skip
    p.add_argument("--saturation-clients", type=int, default=100)
    p.add_argument("--find-max", action="store_true")
    p.add_argument("--start-clients", type=int, default=25)
    p.add_argument("--step", type=int, default=25)
    p.add_argument("--max-clients", type=int, default=400)
    p.add_argument("--step-duration", type=float, default=30.0)
    return p.parse_args()


if __name__ == "__main__":
    arguments = parse()
    DRIVER["name"] = arguments.driver
    figures = asyncio.run(main(arguments))
    print(json.dumps(figures))
