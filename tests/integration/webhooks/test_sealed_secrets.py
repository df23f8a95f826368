"""Issue 27, finding 8 (webhooks): signing secrets rest sealed in the database, deliveries are
still signed with the secret the account was shown, secrets stored in plain text before are
sealed by the migration, and a secret key rotates (REELSMITH_PREVIOUS_SECRET_KEYS, then
`reelsmith secrets reseal`) without breaking a single endpoint."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import secrets
import signal
import subprocess
import sys
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select, text

from app.accounts.service import create_account
from app.config import Settings
from app.db import Database, make_engine
from app.keys.service import create_key
from app.migrations import upgrade
from app.models import create_all
from app.sealing import Box
from app.webhooks import service
from app.webhooks.models import WebhookEndpoint
from tests.support.environment import settings_env
from tests.support.live_server import live_server
from tests.support.webhooks import Receiver, wait_for, worker_process


async def stored_secrets(db: Database) -> list[str]:
    async with db.session() as session:
        return list((await session.execute(select(WebhookEndpoint.secret))).scalars())


async def test_secrets_rest_sealed_and_deliveries_verify(settings: Settings, tmp_path: Path):
    db = Database(settings.database_url)
    await create_all(db)
    try:
        async with db.session() as session:
            account = await create_account(
                session, f"{uuid.uuid4().hex[:8]}@x.example", "p" * 12, "studio", 10
            )
            _, key = await create_key(session, account.id, "t", "admin")
        headers = {"X-API-Key": key}
        worker = worker_process(settings, tmp_path / "worker.log")
        try:
            with Receiver() as receiver, live_server(settings) as base:
                async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                    created = await http.post(
                        "/api/webhooks",
                        json={"url": receiver.url, "events": ["*"]},
                        headers=headers,
                    )
                    assert created.status_code == 201, created.text
                    hook = created.json()["webhook"]
                    shown = hook["secret"]
                    [stored] = await stored_secrets(db)
                    assert stored.startswith("s1.") and shown not in stored
                    assert shown[6:] not in stored  # not even the random part
                    listed = (await http.get("/api/webhooks", headers=headers)).json()
                    assert shown.startswith(listed["webhooks"][0]["secretPrefix"])
                    answer = await http.post(
                        "/api/webhooks/test", json={"webhookId": hook["id"]}, headers=headers
                    )
                    assert answer.json()["success"] is True, answer.text

                    async def arrived() -> Any:
                        return receiver.received

                    [got] = await wait_for(arrived, 10, "the test delivery")
        finally:
            worker.send_signal(signal.SIGTERM)
            await asyncio.to_thread(worker.wait, 30)
        expected = hmac.new(shown.encode(), got.body, hashlib.sha256).hexdigest()
        assert got.headers["x-service-signature"] == expected
    finally:
        await db.dispose()


def reelsmith(
    settings: Settings, cwd: Path, *args: str, **values: Any
) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REELSMITH_")}
    env.update(settings_env(settings, **values))
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_a_secret_key_rotates_without_breaking_endpoints(settings: Settings, tmp_path: Path):
    old_key, new_key = secrets.token_urlsafe(48), secrets.token_urlsafe(48)
    plain = "whsec_" + secrets.token_urlsafe(24)
    db = Database(settings.database_url)
    await create_all(db)
    try:
        async with db.session() as session:
            account = await create_account(session, f"{uuid.uuid4().hex[:8]}@x.example", "p" * 12)
            session.add(
                WebhookEndpoint(
                    account_id=account.id,
                    url="https://hooks.example.com/in",
                    events=["*"],
                    secret=Box((old_key,), service.SECRET_PURPOSE).seal(plain),
                    active=True,
                )
            )
        new_only = Box((new_key,), service.SECRET_PURPOSE)
        both = Box((new_key, old_key), service.SECRET_PURPOSE)
        [stored] = await stored_secrets(db)
        assert new_only.open(stored) is None and both.open(stored) == plain
        # the new key alone cannot reseal: the command names what it cannot open
        refused = reelsmith(settings, tmp_path, "secrets", "reseal", secret_key=new_key)
        assert refused.returncode != 0 and "REELSMITH_PREVIOUS_SECRET_KEYS" in refused.stderr
        done = reelsmith(
            settings, tmp_path, "secrets", "reseal",
            secret_key=new_key, previous_secret_keys=old_key,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        assert "1 webhook endpoint" in done.stdout
        [stored] = await stored_secrets(db)
        assert new_only.open(stored) == plain  # the old key can go now
    finally:
        await db.dispose()


async def test_the_migration_seals_secrets_stored_in_plain_text(
    database_url: str, monkeypatch: Any
):
    key = secrets.token_urlsafe(48)
    monkeypatch.setenv("REELSMITH_SECRET_KEY", key)
    await asyncio.to_thread(upgrade, database_url, "0010")
    engine = make_engine(database_url)
    now = datetime.now(UTC)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO accounts (id, email, password_hash, tier, credits, created_at)"
                    " VALUES ('acc', 'm@example.com', 'x', 'studio', 0, :now)"
                ),
                {"now": now},
            )
            await conn.execute(
                text(
                    "INSERT INTO webhook_endpoints (id, account_id, url, description, events,"
                    " secret, previous_secret, active, created_at, updated_at) VALUES ('e1',"
                    " 'acc', 'https://h.example/in', '', '[]', 'whsec_current', 'whsec_old',"
                    " true, :now, :now)"
                ),
                {"now": now},
            )
        await asyncio.to_thread(upgrade, database_url)
        async with engine.connect() as conn:
            secret, previous = (
                await conn.execute(text("SELECT secret, previous_secret FROM webhook_endpoints"))
            ).one()
    finally:
        await engine.dispose()
    box = Box((key,), service.SECRET_PURPOSE)
    assert secret.startswith("s1.") and previous.startswith("s1.")
    assert (box.open(secret), box.open(previous)) == ("whsec_current", "whsec_old")
