"""Faults made with real processes, each on throwaway resources of its own: a private
`redis-server` and a private PostgreSQL cluster (initdb + pg_ctl) on free loopback ports, a
small tmpfs as a work folder that fills up; and the "nothing lost" check of a batch that went
through one of them (tests/integration/worker/test_faults_*.py).

The machine's shared Redis and PostgreSQL are never touched: a fault test points its API and
worker at the private ones only."""

from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select

from app.accounts.models import LedgerEntry
from app.db import Database
from app.renders.models import RenderJob
from app.triggers.models import TriggerExecution
from app.webhooks.models import WebhookDelivery
from tests.support.live_server import free_port
from tests.support.render_helpers import SHORT_TEMPLATE, wait_for
from tests.support.triggers import SmtpServer, rule_body
from tests.support.webhooks import Receiver

# The suite's short template with half-second scenes: 1 s of 720p video per job.
TEMPLATE: dict[str, Any] = {
    **SHORT_TEMPLATE,
    "scenes": [{**scene, "durationOverride": 0.5} for scene in SHORT_TEMPLATE["scenes"]],
}


def _wait_port(port: int, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start on port {port}")


# ---- Redis ----


class PrivateRedis:
    """`redis-server` on a free port, nothing saved to disk: a restart starts it empty."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> PrivateRedis:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
            stdout=(self.folder / "redis.log").open("ab"),
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        _wait_port(self.port, 10, "redis-server")
        return self

    def kill(self) -> None:
        """SIGKILL: everything it held (queues, heartbeats, arq's jobs) is gone."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def restart_empty(self, down_s: float = 0.0) -> None:
        self.kill()
        time.sleep(down_s)
        self.start()


class SilentRedis:
    """A Redis address that accepts connections and never answers (a frozen server, a host
    behind a partition that still completes the handshake): nothing is refused, so only a
    client's time limit ends a call."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.held: list[socket.socket] = []
        self.closed = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _accept(self) -> None:
        while not self.closed.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)  # kept open, never read, never answered

    def __enter__(self) -> SilentRedis:
        return self

    def __exit__(self, *exc: object) -> None:
        self.closed.set()
        self.sock.close()
        for conn in self.held:
            conn.close()


@contextlib.contextmanager
def private_redis(folder: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(folder).start()
    try:
        yield server
    finally:
        server.kill()


# ---- PostgreSQL ----


def pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


class PrivatePostgres:
    """A throwaway cluster (initdb, trust on the loopback) in a temp folder, on a free port;
    run as the `postgres` user when this process is root (initdb refuses root)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="reelsmith-pg-"))
        self.data = self.folder / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *cmd: str) -> None:
        subprocess.run([*self.as_user, *cmd], check=True, capture_output=True, timeout=120)

    def init(self) -> PrivatePostgres:
        initdb = pg_bin("initdb")
        assert initdb, "initdb not found"
        self._run(initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        return self

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c max_connections=60"
        )
        log = str(self.folder / "pg.log")
        pg_ctl = pg_bin("pg_ctl") or "pg_ctl"
        self._run(pg_ctl, "-D", str(self.data), "-l", log, "-o", options, "-w", "start")
        _wait_port(self.port, 30, "PostgreSQL")

    def stop(self, mode: str = "immediate") -> None:
        """`immediate`: every backend killed at once, no checkpoint, as when it crashes (data
        that was committed stays: crash recovery replays the WAL on the next start)."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(pg_bin("pg_ctl") or "pg_ctl", "-D", str(self.data), "-m", mode, "-w",
                      "stop")  # fmt: skip

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def postgres_unavailable() -> str | None:
    if pg_bin("initdb") is None or pg_bin("pg_ctl") is None:
        return "PostgreSQL server binaries (initdb, pg_ctl) are not installed"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser to start PostgreSQL as its own user"
    return None


@contextlib.contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    cluster = PrivatePostgres().init()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


# ---- a full disk ----


def tmpfs_unavailable() -> str | None:
    if os.geteuid() != 0:
        return "mounting a tmpfs needs root"
    return None


@contextlib.contextmanager
def small_tmpfs(path: Path, size: str) -> Iterator[Path]:
    """A tmpfs of `size` (e.g. "6m") mounted on `path` (made here), unmounted afterwards."""
    path.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                   check=True, capture_output=True)  # fmt: skip
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False, capture_output=True)


# ---- a batch with its webhook and its trigger emails, and the check that nothing was lost ----


@dataclass
class Batch:
    """Jobs made by ingested events (one per recipient), each emailed by a trigger rule, with a
    webhook endpoint subscribed to every event."""

    hook_id: str


async def start_batch(
    base: Any, headers: dict[str, str], template_id: str, receiver: Receiver, rows: int
) -> Batch:
    """`base`: an httpx.AsyncClient on a live server or the app's test client."""

    async def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = await base.post(path, json=body, headers=headers)
        status = response.status_code
        live = isinstance(response, httpx.Response)
        data = response.json() if live else await response.get_json()
        assert status in (200, 201, 202), (path, status, data)
        return data

    hook = await post("/api/webhooks", {"url": receiver.url, "events": ["*"]})
    email = {"subject": "[name], your video", "body": "Hi [name], watch: [playerUrl]"}
    await post("/api/triggers", rule_body(templateId=template_id, email=email))
    events = [
        {"recipientId": f"r{i}", "recipientEmail": f"r{i}@example.com",
         "data": {"name": f"Person {i}", "workouts": 100}}
        for i in range(rows)
    ]  # fmt: skip
    ingested = await post("/api/events/ingest", {"events": events})
    assert ingested["triggered"] == rows, ingested
    return Batch(hook["webhook"]["id"])


def worker_env(settings: Any, smtp: SmtpServer, concurrency: int = 2) -> dict[str, str]:
    """More environment of a fault test's `reelsmith worker`: the SMTP receiver, loopback
    webhooks, the test's retry scale, `concurrency` jobs in flight when the fault comes."""
    return {
        "REELSMITH_SMTP_HOST": "127.0.0.1",
        "REELSMITH_SMTP_PORT": str(smtp.port),
        "REELSMITH_SMTP_FROM": settings.smtp_from,
        "REELSMITH_ALLOW_PRIVATE_URLS": "true",
        "REELSMITH_WEBHOOK_RETRY_SCALE": str(settings.webhook_retry_scale),
        "REELSMITH_WORKER_CONCURRENCY": str(concurrency),
    }


async def batch_jobs(db: Database) -> list[RenderJob]:
    async with db.session() as session:
        return list((await session.execute(select(RenderJob))).scalars())


async def settled(db: Database, rows: int, timeout: float, what: str) -> list[RenderJob]:
    """Wait until every job of the batch is complete or failed, its trigger execution past
    sending and its webhook deliveries delivered (or given up)."""

    async def done() -> list[RenderJob] | None:
        jobs = await batch_jobs(db)
        if len(jobs) != rows or any(j.status not in ("complete", "failed") for j in jobs):
            return None
        async with db.session() as session:
            execs = list((await session.execute(select(TriggerExecution))).scalars())
            hooks = list((await session.execute(select(WebhookDelivery))).scalars())
        if any(e.status in ("matched", "rendered", "sending") for e in execs):
            return None
        if len(hooks) < rows or any(d.status in ("pending", "retrying") for d in hooks):
            return None
        return jobs

    return await wait_for(done, timeout, what, interval=0.5)


async def assert_nothing_lost(
    db: Database, rows: int, receiver: Receiver, smtp: SmtpServer, log: str
) -> list[RenderJob]:
    """Every job complete once, or failed with a reason and refunded once; one webhook
    delivery per job outcome, received once; one email per completed job, none for a failed
    one, and no execution silently dropped."""
    jobs = await batch_jobs(db)
    assert len(jobs) == rows
    async with db.session() as session:
        ledger = list((await session.execute(select(LedgerEntry))).scalars())
        execs = list((await session.execute(select(TriggerExecution))).scalars())
        hooks = list((await session.execute(select(WebhookDelivery))).scalars())
    kinds = Counter((e.reference, e.kind) for e in ledger)
    for job in jobs:
        assert kinds[(job.id, "charge")] == 1, (job.id, kinds, log)
        if job.status == "complete":
            assert job.output_key and kinds[(job.id, "refund")] == 0, (job.id, log)
        else:
            assert job.status == "failed" and job.error, (job.id, job.status, log)
            assert kinds[(job.id, "refund")] == 1, (job.id, kinds, log)
    # webhooks: exactly one render.complete / render.failed delivery per job, sent once
    outcome_events = {"complete": "render.complete", "failed": "render.failed"}
    by_job = Counter(
        (d.event, _job_of(d.body)) for d in hooks if d.event in outcome_events.values()
    )
    for job in jobs:
        assert by_job[(outcome_events[job.status], job.id)] == 1, (job.id, by_job, log)
    assert all(d.status == "delivered" for d in hooks), [(d.event, d.status) for d in hooks]
    message_ids = Counter(r.headers["webhook-id"] for r in receiver.received)
    assert set(message_ids) == {d.message_id for d in hooks}, (message_ids, log)
    assert max(message_ids.values()) == 1, message_ids  # none received twice
    # triggers: one execution per recipient, delivered once when its video exists
    assert len(execs) == rows
    sent = Counter(rcpt for _, rcpts, _ in smtp.received for rcpt in rcpts)
    status_of = {j.id: j.status for j in jobs}
    for execution in execs:
        if status_of.get(execution.job_id or "") == "complete":
            assert execution.status == "delivered", (execution.status, execution.reason, log)
            assert sent[execution.recipient_email] == 1, (sent, log)
        else:
            assert execution.status == "render_failed" and execution.reason, execution.status
            assert sent[execution.recipient_email] == 0, sent
    return jobs


def _job_of(body: str) -> str:
    data = json.loads(body).get("data", {})
    return str(data.get("jobId") or data.get("id") or "")
