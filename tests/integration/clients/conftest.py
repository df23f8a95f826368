"""The client libraries' tests: the tools `make clients` installs (npm ci in
clients/typescript), and one live API with a real worker shared by every live test of both
libraries (a served app on a fresh SQLite database, rate limits on, a seeded account, an API
key, a two-second template and a webhook receiver on the loopback)."""

from __future__ import annotations

import asyncio
import os
import queue
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.accounts.service import create_account
from app.db import Database
from app.models import create_all
from clients import generate
from tests.support.http_server import LoopbackServer, QuietHandler
from tests.support.live_server import free_port, live_server, server_env
from tests.support.render_helpers import SHORT_TEMPLATE

PASSWORD = "clients live password"


@pytest.fixture(scope="session")
def typescript_tools() -> None:
    if not generate.TS_BIN.exists():
        pytest.fail("clients/typescript has no node_modules: run `make clients` (make test does)")


class Receiver(QuietHandler):
    """Records each POST (raw body and headers) and answers 200."""

    received: queue.Queue[tuple[bytes, dict[str, str]]]

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.received.put((body, dict(self.headers.items())))
        self.send_response(200)
        self.end_headers()


@dataclass
class LiveApi:
    base: str
    api_key: str
    template_id: str
    receiver_url: str
    received: queue.Queue[tuple[bytes, dict[str, str]]]

    def env(self) -> dict[str, str]:
        return {**os.environ, "REELSMITH_URL": self.base, "REELSMITH_API_KEY": self.api_key}


async def seed_account(database_url: str, email: str, credits: int = 200) -> None:
    db = Database(database_url)
    await create_all(db)
    try:
        async with db.session() as session:
            await create_account(session, email, PASSWORD, "studio", credits)
    finally:
        await db.dispose()


def _account_key_template(base: str, email: str) -> tuple[str, str]:
    """Sign in, make a key with every scope and the short template; (key, template id)."""
    with httpx.Client(base_url=base, timeout=30) as http:
        login = http.post("/api/auth/login", json={"email": email, "password": PASSWORD})
        assert login.status_code == 200, login.text
        made = http.post("/api/keys", json={"name": "client tests", "scopes": "*"})
        assert made.status_code == 201, made.text
        key = made.json()["key"]
        template = http.post("/api/templates", json=SHORT_TEMPLATE, headers={"X-API-Key": key})
        assert template.status_code == 201, template.text
        return key, template.json()["template"]["id"]


@pytest.fixture(scope="session")
def live_api(tmp_path_factory: pytest.TempPathFactory, settings_maker: Any) -> Iterator[LiveApi]:
    base_dir: Path = tmp_path_factory.mktemp("clients")
    port = free_port()
    settings = settings_maker(
        base_dir,
        public_url=f"http://127.0.0.1:{port}",
        allow_private_urls=True,
        rate_limit_enabled=True,
        webhook_retry_scale=0.01,
    )
    email = f"clients-{uuid.uuid4().hex[:8]}@example.com"
    asyncio.run(seed_account(settings.database_url, email))
    env = {
        **os.environ,
        **server_env(settings),
        "REELSMITH_CACHE_DIR": str(settings.cache_dir),
        "REELSMITH_WORKER_CONCURRENCY": "1",
        "REELSMITH_RENDER_PARALLELISM": "1",
        "REELSMITH_WEBHOOK_RETRY_SCALE": "0.01",
    }
    log = (base_dir / "worker.log").open("ab")
    worker = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "worker", "--sweep-every", "2"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    received: queue.Queue[tuple[bytes, dict[str, str]]] = queue.Queue()
    handler = type("LiveReceiver", (Receiver,), {"received": received})
    try:
        with live_server(settings, port) as base, LoopbackServer(handler) as receiver:
            key, template_id = _account_key_template(base, email)
            yield LiveApi(base, key, template_id, receiver.url + "/hook", received)
    finally:
        worker.terminate()
        worker.wait(30)
        log.close()
