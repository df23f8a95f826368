"""A real webhook receiver on the loopback (HTTP, or HTTPS with a certificate made here), an
in-process deliveries worker, and shortcuts to put render outcomes in the outbox."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import select

from app.config import Settings
from app.db import Database
from app.renders.models import Batch, RenderJob
from app.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from tests.support.environment import settings_env
from tests.support.http_server import LoopbackServer, QuietHandler
from worker import jobs
from worker.deliveries.runner import shutdown, worker_kwargs
from worker.steady import SteadyWorker

# The SPEC schedule times this in the tests: 1 min -> 12 ms ... 6 h -> 4.3 s (6.2 s in all).
SCALE = 0.0002


@dataclass
class Reply:
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    body: bytes = b"ok"


@dataclass
class Received:
    at: float  # time.monotonic()
    headers: dict[str, str]  # lower-cased names
    body: bytes

    @property
    def json(self) -> dict[str, Any]:
        return json.loads(self.body)


class Receiver(LoopbackServer):
    """Answers POSTs with the scripted replies in turn (then `default`), recording each."""

    def __init__(self, replies: list[Reply] | None = None, default: Reply | None = None) -> None:
        self.replies = list(replies or [])
        self.default = default or Reply()
        self.received: list[Received] = []
        self.in_flight = self.max_in_flight = 0
        self.lock = threading.Lock()
        self.tls: ssl.SSLContext | None = None
        receiver = self

        class Handler(QuietHandler):
            timeout = 10  # a connection that stalls frees its thread

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                with receiver.lock:
                    receiver.received.append(
                        Received(
                            time.monotonic(), {k.lower(): v for k, v in self.headers.items()}, body
                        )
                    )
                    reply = receiver.replies.pop(0) if receiver.replies else receiver.default
                    receiver.in_flight += 1
                    receiver.max_in_flight = max(receiver.max_in_flight, receiver.in_flight)
                time.sleep(reply.delay_s)
                with receiver.lock:
                    receiver.in_flight -= 1
                try:
                    self.send_response(reply.status)
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(reply.body)))
                    self.end_headers()
                    self.wfile.write(reply.body)
                except OSError:
                    pass  # the sender gave up (timeout)

        super().__init__(Handler)

    def with_tls(self, context: ssl.SSLContext, host: str = "localhost") -> Receiver:
        self.tls, self.host = context, host
        # The handshake in each request's thread, not in accept(): a client that connects and
        # never finishes it (a worker stopped mid-attempt) held the serving loop, and shutdown()
        # waited for it for good.
        self.server.socket = context.wrap_socket(
            self.server.socket, server_side=True, do_handshake_on_connect=False
        )
        return self

    @property
    def url(self) -> str:
        scheme = "https" if self.tls else "http"
        return f"{scheme}://{self.host}:{self.port}/hook"

    def events(self) -> list[str]:
        with self.lock:
            return [r.json["event"] for r in self.received]


def make_certificate(directory: Path) -> tuple[Path, Path, Path]:
    """A CA and a certificate for localhost signed by it (openssl): (ca, cert, key)."""
    ca_key, ca, key, csr, cert = (
        directory / n for n in ("ca.key", "ca.pem", "srv.key", "srv.csr", "srv.pem")
    )
    ext = directory / "ext.cnf"
    ext.write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")

    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True)

    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(ca_key), "-out",
        str(ca), "-days", "1", "-subj", "/CN=reelsmith test CA")  # fmt: skip
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(csr),
        "-subj", "/CN=localhost")  # fmt: skip
    run("x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key),
        "-CAcreateserial", "-out", str(cert), "-days", "1", "-extfile", str(ext))  # fmt: skip
    return ca, cert, key


def server_tls(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(str(cert), str(key))
    return context


@contextlib.asynccontextmanager
async def deliveries_worker(settings: Settings) -> AsyncIterator[SteadyWorker]:
    """The deliveries worker of `reelsmith worker`, in this process."""
    worker = SteadyWorker(**worker_kwargs(settings), handle_signals=False)
    task = asyncio.create_task(worker.main())
    worker.main_task = task
    try:
        yield worker
    finally:
        # The poll loop first: closing first let a last poll round meet the closed pool.
        worker.handle_sig(signal.SIGTERM)  # as run_alongside stops it
        with contextlib.suppress(asyncio.CancelledError):
            await task
        with contextlib.suppress(asyncio.CancelledError):
            await worker.close()
        await shutdown(worker.ctx)  # as run_alongside does


async def wait_for(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = await check()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out after {timeout:g}s waiting for {what}")


async def new_job(
    db: Database, account_id: str, batch_id: str | None = None, row: int | None = None
) -> str:
    async with db.session() as session:
        job = RenderJob(
            account_id=account_id,
            template_id="emeritus",
            display_name="Robin Example",
            batch_id=batch_id,
            row_number=row,
        )
        session.add(job)
    return job.id


async def new_batch(db: Database, account_id: str, rows: int) -> tuple[str, list[str]]:
    async with db.session() as session:
        batch = Batch(account_id=account_id, template_id="emeritus", total_rows=rows)
        session.add(batch)
    job_ids = [await new_job(db, account_id, batch.id, i) for i in range(rows)]
    return batch.id, job_ids


# The quality report a finished job carries (as the worker's check writes it).
QUALITY: dict[str, Any] = {
    "status": "pass",
    "checks": [{"name": "streams", "status": "pass", "detail": "h264+aac, 1280x720 @ 30 fps"}],
}


async def finish(db: Database, redis: Any, settings: Settings, job_id: str, ok: bool) -> None:
    """Claim the job as a worker would and write its outcome through worker/jobs.py."""
    job = await jobs.claim(db, redis, settings, job_id, f"w-{job_id[:6]}")
    assert job is not None
    if ok:
        key = f"videos/{job_id}.1.mp4"
        url = f"{settings.public_url}/media/{key}"
        worker = job.worker_id or ""
        done = await jobs.complete(
            db, job_id, worker, 1, key, 3000, {}, [], url, None, None, None, 1000.0, QUALITY
        )
        assert done
    else:
        assert await jobs.fail(db, job_id, job.worker_id or "", 1, "Data source unavailable")


async def deliveries(db: Database, endpoint_id: str | None = None) -> list[WebhookDelivery]:
    async with db.session() as session:
        query = select(WebhookDelivery).order_by(WebhookDelivery.created_at)
        if endpoint_id:
            query = query.where(WebhookDelivery.endpoint_id == endpoint_id)
        return list((await session.execute(query)).scalars())


async def attempts(db: Database, delivery_id: str) -> list[WebhookAttempt]:
    async with db.session() as session:
        rows = await session.execute(
            select(WebhookAttempt)
            .where(WebhookAttempt.delivery_id == delivery_id)
            .order_by(WebhookAttempt.number)
        )
        return list(rows.scalars())


async def endpoint_row(db: Database, endpoint_id: str) -> WebhookEndpoint:
    async with db.session() as session:
        endpoint = await session.get(WebhookEndpoint, endpoint_id)
        assert endpoint is not None
        return endpoint


def worker_process(settings: Settings, log_path: Path) -> subprocess.Popen[bytes]:
    """`reelsmith worker` (render and deliveries workers in one process) as a subprocess."""

    env = {**os.environ, **settings_env(settings, "allow_private_urls", "webhook_retry_scale")}
    root = Path(__file__).resolve().parents[2]
    return subprocess.Popen(
        [sys.executable, "-m", "app.cli", "worker", "--sweep-every", "2", "--heartbeat-ttl", "3"],
        cwd=root,
        env=env,
        stdout=log_path.open("ab"),
        stderr=subprocess.STDOUT,
    )
