"""PostgreSQL restarted in the middle of a batch (every backend killed at once, as in a crash,
then started again: committed rows survive, connections and transactions in flight do not):
every job still ends complete once, or failed with a reason and refunded once; each job's
webhook and trigger email go out once, none dropped.

Real processes: a private PostgreSQL cluster (initdb + pg_ctl on a free port, never the
machine's shared server), a real `reelsmith worker`, SMTP and webhook receivers on the
loopback."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from app.config import Settings
from app.db import Database
from tests.support.faults import (
    TEMPLATE,
    PrivatePostgres,
    assert_nothing_lost,
    batch_jobs,
    settled,
    start_batch,
    worker_env,
)
from tests.support.render_helpers import WorkerProcess, make_template, wait_for
from tests.support.triggers import SmtpServer
from tests.support.webhooks import Receiver

pytestmark = pytest.mark.slow

ROWS = 4
DOWN_S = 3.0  # PostgreSQL down for this long: past a progress flush and a claim or two


@pytest.fixture
def settings(settings_factory: Any, pg: PrivatePostgres) -> Settings:
    return settings_factory(
        database_url=pg.url, allow_private_urls=True, webhook_retry_scale=0.0002
    )


def restart(pg: PrivatePostgres) -> None:
    pg.stop("immediate")
    time.sleep(DOWN_S)
    pg.start()


@pytest.mark.timeout(600)
async def test_postgres_restarted_mid_batch_loses_nothing(
    app, client, make_user, settings, pg: PrivatePostgres, tmp_path
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

            # Once while jobs render (progress, claims and outcomes meet a dead server),
            # once as the first outcome's webhook and email are being sent.
            await wait_for(lambda: one_in("processing"), 120, "a job of the batch rendering")
            await asyncio.to_thread(restart, pg)
            await wait_for(lambda: one_in("complete"), 120, "a job of the batch complete")
            await asyncio.to_thread(restart, pg)
            await settled(db, ROWS, 300, "the batch after PostgreSQL restarted")
            assert worker.proc is not None and worker.proc.poll() is None, worker.log()
        finally:
            worker.stop()
        log = worker.log(tail=None)
        jobs = await assert_nothing_lost(db, ROWS, receiver, smtp, log[-6000:])
    assert all(j.status == "complete" for j in jobs), [(j.status, j.error) for j in jobs]
