"""Redis restarted empty in the middle of a batch (its queue, arq's jobs, the heartbeats and
the deliveries' locks all gone): every job still ends complete once, or failed with a reason
and refunded once; each job's webhook and trigger email go out once, none dropped.

Real processes: a private `redis-server` on its own port (killed and started again empty), a
real `reelsmith worker` (render and deliveries workers), SMTP and webhook receivers on the
loopback. The database is the truth the worker's sweep rebuilds the queue from."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.db import Database
from tests.support.faults import (
    TEMPLATE,
    PrivateRedis,
    assert_nothing_lost,
    batch_jobs,
    private_redis,
    settled,
    start_batch,
    worker_env,
)
from tests.support.render_helpers import WorkerProcess, make_template, wait_for
from tests.support.triggers import SmtpServer
from tests.support.webhooks import Receiver

pytestmark = pytest.mark.slow

ROWS = 4


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[PrivateRedis]:
    with private_redis(tmp_path / "redis") as server:
        yield server


@pytest.fixture
def settings(settings_factory: Any, redis_server: PrivateRedis) -> Settings:
    return settings_factory(
        redis_url=redis_server.url, allow_private_urls=True, webhook_retry_scale=0.0002
    )


@pytest.mark.timeout(600)
async def test_redis_restarted_empty_mid_batch_loses_nothing(
    app, client, make_user, settings, redis_server: PrivateRedis, tmp_path
):
    db: Database = app.config["REELSMITH_DB"]
    user = await make_user(credits=20)
    template_id = await make_template(app, user.account.id, **TEMPLATE)
    with Receiver() as receiver, SmtpServer() as smtp:
        worker = WorkerProcess(
            settings, tmp_path / "worker.log", env=worker_env(settings, smtp)
        ).start()
        try:
            await start_batch(client, user.headers, template_id, receiver, ROWS)

            async def one_in(status: str) -> bool:
                return any(j.status == status for j in await batch_jobs(db))

            # Once while jobs render (arq's in-progress keys, the queue, the heartbeat go),
            # once as the first outcome's webhook and email are due (their arq jobs go).
            await wait_for(lambda: one_in("processing"), 120, "a job of the batch rendering")
            await asyncio.to_thread(redis_server.restart_empty, 1.0)
            await wait_for(lambda: one_in("complete"), 120, "a job of the batch complete")
            await asyncio.to_thread(redis_server.restart_empty, 1.0)
            try:
                jobs = await settled(db, ROWS, 300, "the batch after Redis came back empty")
            except BaseException:
                worker.dump_state()
                raise
            assert worker.proc is not None and worker.proc.poll() is None, worker.log()
        finally:
            worker.stop()
        log = worker.log(tail=None)
        jobs = await assert_nothing_lost(db, ROWS, receiver, smtp, log[-6000:])
    assert all(j.status == "complete" for j in jobs), [(j.status, j.error) for j in jobs]
