"""Issue 27, finding 6, as the audit made it: against a served app and a real worker process,
with private addresses refused (as in production), a webhook at `http://localhost:6379/` is
refused without telling what `localhost` resolved to (the worker's log has it), and the
refused delivery fails at once instead of being retried on the whole schedule."""

from __future__ import annotations

import asyncio
import signal
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.keys.service import create_key
from app.models import create_all
from tests.support.live_server import live_server
from tests.support.webhooks import SCALE, attempts, deliveries, worker_process

INTERNAL_ANSWERS = ("127.0.0.1", "::1", "is a loopback address")


@pytest.fixture
def settings(settings_factory: Any) -> Settings:
    return settings_factory(allow_private_urls=False, webhook_retry_scale=SCALE)


@pytest.mark.parametrize("url", ["http://localhost:6379/", "http://127.0.0.1:6379/"])
async def test_a_refused_receiver_fails_once_and_is_not_told_the_address(
    settings: Settings, tmp_path: Path, url: str
) -> None:
    db = Database(settings.database_url)
    await create_all(db)
    log = tmp_path / "worker.log"
    try:
        async with db.session() as session:
            account = await create_account(
                session, f"{uuid.uuid4().hex[:8]}@example.com", "p" * 12, "studio", 10
            )
            _, key = await create_key(session, account.id, "t", "admin")
        headers = {"X-API-Key": key}
        worker = worker_process(settings, log)
        try:
            with live_server(settings) as base:
                async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                    created = await http.post(
                        "/api/webhooks", json={"url": url, "events": ["*"]}, headers=headers
                    )
                    assert created.status_code == 201, created.text
                    hook = created.json()["webhook"]
                    answer = (
                        await http.post(
                            "/api/webhooks/test", json={"webhookId": hook["id"]}, headers=headers
                        )
                    ).json()
                    assert answer["success"] is False
                    assert "not public" in answer["error"], answer
                    assert answer["delivery"]["status"] == "failed"
                    assert answer["delivery"]["nextRetryAt"] is None
                    # the whole retry schedule (6.2 s at this scale) passes: nothing more
                    await asyncio.sleep(7)
                    listed = await http.get(
                        f"/api/webhooks/{hook['id']}/deliveries", headers=headers
                    )
                    shown = listed.text + str(answer)
        finally:
            worker.send_signal(signal.SIGTERM)
            await asyncio.to_thread(worker.wait, 30)
        rows = await deliveries(db, hook["id"])
        assert [r.status for r in rows] == ["failed"]
        assert [a.number for a in await attempts(db, rows[0].id)] == [1]
        if "localhost" in url:  # the name was given; what it resolved to is not told
            for answer_text in INTERNAL_ANSWERS:
                assert answer_text not in shown, answer_text
        assert "is a loopback address" not in shown
        logged = log.read_text()
        assert "refused" in logged and "loopback address" in logged  # in full, for the operator
    finally:
        await db.dispose()
