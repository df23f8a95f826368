"""Many machines on one: network namespaces as hosts (tests/support/hosts.py).

The services host (this test's own namespace, the bridge address) holds PostgreSQL and Redis
(relayed from the loopback) and the S3-compatible store (moto behind the presigned-URL gate,
listening on the bridge address). Two API hosts and two worker hosts each run the real
commands an operator runs (`reelsmith migrate`, `reelsmith serve`, `reelsmith worker`) with
only REELSMITH_* settings pointing at the services host, and their own local folders.

A batch of 10 goes to the first API; both workers render it; one worker host is killed
(every process in its namespace, SIGKILL) while it holds a job. Then: every job complete, once
(one video per job in the bucket, no attempt's leftovers); the batch charged once and nothing
refunded; every file in the bucket; the second API answers status and media for jobs the first
accepted."""

from __future__ import annotations

import os
import re
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg
import boto3
import httpx
import pytest
import pytest_asyncio
import redis as sync_redis
from sqlalchemy import select

from app.accounts.models import Account, LedgerEntry
from app.accounts.service import create_account
from app.db import Database
from app.keys.service import create_key
from app.renders.models import RenderJob
from tests.support.environment import setting_vars
from tests.support.hosts import Host, Network, Relay, network, unavailable, wait_http
from tests.support.render_helpers import SHORT_TEMPLATE, wait_for
from tests.support.s3 import S3Server, s3_server

pytestmark = pytest.mark.slow

WHY_NOT = unavailable()
PG_ADMIN_DSN = os.environ.get("REELSMITH_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
TEST_REDIS_URL = os.environ.get("REELSMITH_TEST_REDIS", "redis://127.0.0.1:6379/13")
RUN_PREFIX = os.environ.get("REELSMITH_TEST_RUN_PREFIX", "rstest")
ROWS = 10  # enough for each worker to complete one and be killed holding the next
# The suite's short template with half-second scenes: 1 s of 720p video per job.
TEMPLATE = {
    **SHORT_TEMPLATE,
    "scenes": [{**scene, "durationOverride": 0.5} for scene in SHORT_TEMPLATE["scenes"]],
}
CREDITS = 50
API_PORT = 8000
METRICS_TOKEN = "scaleout-metrics-token-" + "m" * 16  # 32+: production refuses shorter


@dataclass
class Cluster:
    net: Network
    apis: list[Host]
    workers: list[Host]
    s3: S3Server
    env: dict[str, str]  # settings every process shares
    database_url: str  # the same database, from this (the services) host
    logs: Path

    def url(self, api: Host) -> str:
        return f"http://{api.ip}:{API_PORT}"

    def log(self, host: Host) -> str:
        return (self.logs / f"{host.name}.log").read_text(errors="replace")[-3000:]

    def logs_of_all(self) -> str:
        return "\n".join(f"--- {h.name}\n{self.log(h)}" for h in self.apis + self.workers)


def reelsmith(*args: str) -> list[str]:
    return [sys.executable, "-m", "app.cli", *args]


def host_env(cluster_env: dict[str, str], host: Host, tmp_path: Path) -> dict[str, str]:
    """The shared settings plus this machine's own folders."""
    own = tmp_path / host.name
    return {
        **os.environ,
        **cluster_env,
        "REELSMITH_DATA_DIR": str(own / "data"),
        "REELSMITH_MEDIA_DIR": str(own / "media"),
        "REELSMITH_CACHE_DIR": str(own / "cache"),
        "REELSMITH_WORK_DIR": str(own / "work"),
        "TMPDIR": str(own),
    }


@pytest.fixture
def net() -> Iterator[Network]:
    if WHY_NOT:
        pytest.skip(f"many-hosts harness: {WHY_NOT}")
    with network() as made:
        yield made
    assert made.leftovers() == []  # namespaces and bridge gone


@pytest_asyncio.fixture
async def pg_database() -> AsyncIterator[str]:
    """A fresh PostgreSQL database on the loopback server: its name."""
    name = f"reelsmith_hosts_{uuid.uuid4().hex[:10]}"
    try:
        conn = await asyncpg.connect(PG_ADMIN_DSN, timeout=5)
    except OSError:
        pytest.skip("PostgreSQL is not answering on 127.0.0.1:5432")
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    try:
        yield name
    finally:
        conn = await asyncpg.connect(PG_ADMIN_DSN)
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()


@pytest.fixture
def cluster(net: Network, pg_database: str, tmp_path: Path) -> Iterator[Cluster]:
    pg, redis_url = urlsplit(PG_ADMIN_DSN), urlsplit(TEST_REDIS_URL)
    relays = [
        Relay((net.gateway, 0), (pg.hostname or "127.0.0.1", pg.port or 5432)),
        Relay((net.gateway, 0), (redis_url.hostname or "127.0.0.1", redis_url.port or 6379)),
    ]
    prefix = f"{RUN_PREFIX}:{uuid.uuid4().hex[:8]}"
    apis = [net.add_host("api1"), net.add_host("api2")]
    workers = [net.add_host("w1"), net.add_host("w2")]
    logs = tmp_path / "logs"
    logs.mkdir()
    try:
        with s3_server(host=net.gateway) as s3:
            bucket = s3.settings()
            env = {
                "REELSMITH_ENV": "production",
                "REELSMITH_SECRET_KEY": "scaleout-" + "k3" * 20,
                "REELSMITH_DATABASE_URL": (
                    f"postgresql+asyncpg://{pg.username}@{net.gateway}:{relays[0].port}"
                    f"/{pg_database}"
                ),
                "REELSMITH_REDIS_URL": f"redis://{net.gateway}:{relays[1].port}{redis_url.path}",
                "REELSMITH_REDIS_PREFIX": prefix,
                "REELSMITH_QUEUE_NAME": f"{prefix}:queue",
                "REELSMITH_PUBLIC_URL": f"http://{apis[0].ip}:{API_PORT}",
                "REELSMITH_RATE_LIMIT_ENABLED": "false",
                "REELSMITH_METRICS_TOKEN": METRICS_TOKEN,
                "REELSMITH_WORKER_CONCURRENCY": "1",
                "REELSMITH_RENDER_PARALLELISM": "1",
                **setting_vars(**bucket),
            }
            admin_url = env["REELSMITH_DATABASE_URL"].replace(
                f"{net.gateway}:{relays[0].port}", f"{pg.hostname}:{pg.port or 5432}"
            )
            yield Cluster(net, apis, workers, s3, env, admin_url, logs)
    finally:
        for relay in relays:
            relay.close()
        client = sync_redis.Redis.from_url(TEST_REDIS_URL)
        try:
            for pattern in (f"{prefix}*", f"arq:*:{prefix}:*"):
                keys = list(client.scan_iter(match=pattern))
                if keys:
                    client.delete(*keys)
        finally:
            client.close()


def start(cluster: Cluster, host: Host, tmp_path: Path, *args: str) -> Any:
    log = open(cluster.logs / f"{host.name}.log", "ab")  # noqa: SIM115 - the process keeps it
    return host.popen(reelsmith(*args), host_env(cluster.env, host, tmp_path), log)


async def seed_account(database_url: str) -> tuple[str, str]:
    """An account with CREDITS credits and an API key: (account id, key)."""
    db = Database(database_url)
    try:
        async with db.session() as session:
            account = await create_account(
                session, f"{uuid.uuid4().hex[:10]}@example.com", "pw-" + "y" * 20, "studio", CREDITS
            )
            _, key = await create_key(session, account.id, "hosts", "admin")
        return account.id, key
    finally:
        await db.dispose()


async def rows_of(
    database_url: str, batch_id: str
) -> tuple[list[RenderJob], list[LedgerEntry], int]:
    db = Database(database_url)
    try:
        async with db.session() as session:
            jobs = list(
                (
                    await session.execute(select(RenderJob).where(RenderJob.batch_id == batch_id))
                ).scalars()
            )
            account_id = jobs[0].account_id
            ledger = list(
                (
                    await session.execute(
                        select(LedgerEntry).where(LedgerEntry.account_id == account_id)
                    )
                ).scalars()
            )
            account = await session.get(Account, account_id)
            assert account is not None
            credits = account.credits
        return jobs, ledger, credits
    finally:
        await db.dispose()


def metric(cluster: Cluster, api: Host, name: str) -> float:
    """One unlabelled sample of the API's /metrics (-1 when absent)."""
    text = httpx.get(
        f"{cluster.url(api)}/metrics",
        headers={"Authorization": f"Bearer {METRICS_TOKEN}"},
        timeout=5,
    ).text
    found = re.search(rf"^{name} (\S+)$", text, re.M)
    return float(found.group(1)) if found else -1.0


def live_workers(cluster: Cluster, api: Host) -> float:
    return metric(cluster, api, "reelsmith_workers")


# About 3 minutes on an idle 2-core machine; renders slow down several times when the machine
# is shared, hence a limit above the suite's 300 s.
@pytest.mark.timeout(900)
async def test_a_batch_over_two_worker_hosts_survives_losing_one(
    cluster: Cluster, tmp_path: Path
) -> None:
    api1, api2 = cluster.apis
    w1, w2 = cluster.workers
    # a host reaches the services through the bridge only: its loopback is its own
    assert not w2.reaches("127.0.0.1", urlsplit(PG_ADMIN_DSN).port or 5432)
    assert w2.reaches(
        cluster.net.gateway, int(cluster.env["REELSMITH_S3_ENDPOINT_URL"].rsplit(":", 1)[1])
    )
    # the upgrade step, from one API host, with that host's settings
    api1.run(*reelsmith("migrate"), env=host_env(cluster.env, api1, tmp_path))
    account_id, key = await seed_account(cluster.database_url)
    headers = {"X-API-Key": key}

    procs = {
        h.name: start(cluster, h, tmp_path, "serve", "--host", h.ip, "--port", str(API_PORT))
        for h in cluster.apis
    }
    for h in cluster.workers:
        procs[h.name] = start(
            cluster, h, tmp_path, "worker", "--sweep-every", "2", "--heartbeat-ttl", "3"
        )
    try:
        for h in cluster.apis:
            wait_http(f"{cluster.url(h)}/healthz", 60, procs[h.name])
        assert httpx.get(f"{cluster.url(api2)}/readyz", timeout=10).status_code == 200

        async def both_workers() -> bool:
            return live_workers(cluster, api2) == 2

        await wait_for(both_workers, 90, "two live workers", interval=0.5)

        async with httpx.AsyncClient(
            base_url=cluster.url(api1), headers=headers, timeout=30
        ) as first:
            made = await first.post("/api/templates", json=TEMPLATE)
            assert made.status_code == 201, made.text
            template_id = made.json()["template"]["id"]
            accepted = await first.post(
                "/api/render/batch",
                json={
                    "templateId": template_id,
                    "headers": ["Recipient"],
                    "rows": [[f"Person {i}"] for i in range(ROWS)],
                },
            )
            assert accepted.status_code == 200, accepted.text
            batch_id = accepted.json()["batchId"]

        # Kill the first worker host while it holds a job, once some jobs are done.
        w1_pid = procs[w1.name].pid
        held: dict[str, str] = {}

        def on_w1(job: RenderJob) -> bool:
            return (job.worker_id or "").split("-")[-2:-1] == [str(w1_pid)]  # host-pid-random

        async def w1_mid_job() -> bool:
            jobs, _, _ = await rows_of(cluster.database_url, batch_id)
            done = [j for j in jobs if j.status == "complete"]
            mine = [j for j in jobs if j.status == "processing" and on_w1(j) and j.progress > 10]
            if len(done) >= 4 and any(on_w1(j) for j in done) and mine:
                held["job"], held["worker"] = mine[0].id, mine[0].worker_id or ""
                return True
            return False

        await wait_for(w1_mid_job, 300, "worker host 1 mid-job, after it completed one", 0.2)
        assert w1.kill_all() >= 2  # the worker and its browser processes, all gone
        assert procs[w1.name].poll() is not None

        async with httpx.AsyncClient(
            base_url=cluster.url(api2), headers=headers, timeout=30
        ) as second:

            async def batch_done() -> dict[str, Any] | None:
                status = (await second.get(f"/api/render/batch?batchId={batch_id}")).json()
                state = status["batch"]["status"]
                return status if state in ("complete", "partial", "failed") else None

            status = await wait_for(batch_done, 420, "the batch to finish on host 2", interval=1)
            assert status["batch"]["status"] == "complete", cluster.logs_of_all()
            assert status["batch"]["progress"]["completed"] == ROWS

            # Status and media of jobs the first API accepted, from the second.
            for job in status["jobs"]:
                one = await second.get(f"/api/render/{job['id']}")
                assert one.status_code == 200 and one.json()["status"] == "complete"
            jobs, ledger, credits = await rows_of(cluster.database_url, batch_id)
            sample = jobs[0]
            media = await second.get(f"/media/{sample.output_key}")
            assert media.status_code == 302
            assert urlsplit(media.headers["Location"]).hostname == cluster.net.gateway
            video = httpx.get(media.headers["Location"], timeout=30)
            assert video.status_code == 200 and video.content[4:8] == b"ftyp"
        live_after = live_workers(cluster, api2)
        # Both worker hosts recorded their completed renders where either API reads them.
        rendered = [
            metric(cluster, api, f"reelsmith_render_{name}_count")
            for api in (api1, api2)
            for name in ("duration_seconds", "fps")
        ]
    finally:
        for h in cluster.workers + cluster.apis:
            h.stop_all()

    # Every job complete, once: one video per job in the bucket, the one its row names.
    assert len(jobs) == ROWS and all(j.status == "complete" for j in jobs)
    s3 = boto3.client(
        "s3",
        endpoint_url=cluster.env["REELSMITH_S3_ENDPOINT_URL"],
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    bucket = cluster.env["REELSMITH_S3_BUCKET"]
    listed = s3.list_objects_v2(Bucket=bucket, Prefix="videos/")
    videos = sorted(o["Key"] for o in listed.get("Contents", []))
    assert videos == sorted(j.output_key or "" for j in jobs), (videos, cluster.logs_of_all())
    for job in jobs:  # no file lost: each video, and its poster, is in the bucket and not empty
        assert s3.head_object(Bucket=bucket, Key=job.output_key)["ContentLength"] > 1000
        if job.poster_key:
            assert s3.head_object(Bucket=bucket, Key=job.poster_key)["ContentLength"] > 0
    # The killed host's job was taken over and completed by the other worker host.
    taken = next(j for j in jobs if j.id == held["job"])
    assert taken.worker_id != held["worker"] and taken.attempts >= 2
    assert {j.worker_id for j in jobs if j.worker_id} >= {held["worker"], taken.worker_id}
    # The batch charged once, nothing refunded, the balance exact.
    charges = [e for e in ledger if e.kind == "charge"]
    assert [(e.reference, e.amount) for e in charges] == [(batch_id, -ROWS)]
    assert not [e for e in ledger if e.kind == "refund"]
    assert credits == CREDITS - ROWS
    assert live_after == 1  # the dead host's heartbeat expired; the other one lives
    assert rendered == [ROWS] * 4  # one completion each: the killed attempt recorded none
