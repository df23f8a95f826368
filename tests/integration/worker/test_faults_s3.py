"""The S3 store down while a batch renders: the finished video's upload is tried again in the
same attempt (no render again) until the store is back, then every job completes once, its
file in the bucket once; each job's webhook and trigger email go out once, none dropped.

Real processes: the suite's S3-protocol server (moto behind S3's presigned-URL check) taken
down (its socket closed) and served again on the same port with the same bucket, a real
`reelsmith worker`, SMTP and webhook receivers on the loopback. The outage here is over 10 s; the
worker rides out about a minute of it (worker/render/store.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import boto3
import pytest

from app.config import Settings
from app.db import Database
from tests.support.environment import setting_vars
from tests.support.faults import (
    TEMPLATE,
    assert_nothing_lost,
    batch_jobs,
    settled,
    start_batch,
    worker_env,
)
from tests.support.render_helpers import WorkerProcess, make_template, wait_for
from tests.support.s3 import ACCESS_KEY, SECRET_KEY, S3Server, s3_server
from tests.support.triggers import SmtpServer
from tests.support.webhooks import Receiver

pytestmark = pytest.mark.slow

ROWS = 2
DOWN_S = 10.0


class Store:
    """The S3 stand-in, which can be taken down and brought back on the same port."""

    def __init__(self) -> None:
        self._cm = s3_server()
        self.server: S3Server = self._cm.__enter__()
        self.port = int(urlsplit(self.server.endpoint).port or 0)
        self.bucket: dict[str, Any] = self.server.settings()

    def down(self) -> None:
        self.server.stop()

    def up(self) -> None:
        self._cm = s3_server(port=self.port)  # moto keeps its buckets in this process
        self.server = self._cm.__enter__()

    def close(self) -> None:
        self._cm.__exit__(None, None, None)

    def keys(self) -> list[str]:
        client = boto3.client(
            "s3",
            endpoint_url=self.server.endpoint,
            region_name="us-east-1",
            aws_access_key_id=ACCESS_KEY,
            aws_secret_access_key=SECRET_KEY,
        )
        listed = client.list_objects_v2(Bucket=self.bucket["s3_bucket"], Prefix="videos/")
        return [o["Key"] for o in listed.get("Contents", [])]


@pytest.fixture
def store() -> Iterator[Store]:
    running = Store()
    try:
        yield running
    finally:
        running.close()


@pytest.fixture
def settings(settings_factory: Any, store: Store) -> Settings:
    return settings_factory(allow_private_urls=True, webhook_retry_scale=0.0002, **store.bucket)


@pytest.mark.timeout(400)
async def test_the_store_down_mid_batch_loses_nothing(
    app, client, make_user, settings, store: Store, tmp_path
):
    db: Database = app.config["REELSMITH_DB"]
    user = await make_user(credits=20)
    template_id = await make_template(app, user.account.id, **TEMPLATE)
    with Receiver() as receiver, SmtpServer() as smtp:
        env = {**worker_env(settings, smtp, concurrency=1), **setting_vars(**store.bucket)}
        worker = WorkerProcess(settings, tmp_path / "worker.log", env=env).start()
        try:
            await start_batch(client, user.headers, template_id, receiver, ROWS)

            async def rendering() -> bool:
                return any(j.status == "processing" for j in await batch_jobs(db))

            await wait_for(rendering, 120, "a job of the batch rendering")
            await asyncio.to_thread(store.down)

            async def waits_for_the_store() -> bool:
                return "store unreachable" in worker.log()

            await wait_for(waits_for_the_store, 60, "an upload to meet the store down")
            await asyncio.sleep(DOWN_S)
            await asyncio.to_thread(store.up)
            jobs = await settled(db, ROWS, 240, "the batch after the store came back")
            assert worker.proc is not None and worker.proc.poll() is None, worker.log()
        finally:
            worker.stop()
        log = worker.log(tail=None)
        jobs = await assert_nothing_lost(db, ROWS, receiver, smtp, log[-6000:])
    assert all(j.status == "complete" and j.attempts == 1 for j in jobs), [
        (j.status, j.attempts, j.error) for j in jobs
    ]
    assert sorted(store.keys()) == sorted(f"videos/{j.id}.1.mp4" for j in jobs)
