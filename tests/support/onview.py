"""An on-view job for the live player's browser tests (Chromium and WebKit): a real API, the job
created with `"render": "on_view"` and captions, its poster and live kit made by a real worker,
then no worker running; and what the tests read of the database (charges, viewing sessions)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from app.accounts.models import LedgerEntry
from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.keys.service import create_key
from app.media.storage import get_storage
from app.models import create_all
from app.renders.onview import live_keys, on_view_poster_key
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template
from app.viewers.models import ViewSession
from tests.support.live_server import free_port, live_server, server_env

NAME = "Robin Hart"
TEMPLATE: dict[str, Any] = {
    "name": "Live player test",
    "scenes": [
        {"primitiveId": "title-intro", "voScript": "Hello [person_name], here is your year."},
        {
            "primitiveId": "title-intro",
            "durationOverride": 2.0,
            "animationOption": "scale-in",
            "sceneData": {"person_name": "Thank you", "subtitle": "See you soon"},
        },
    ],
    "dataSlots": [{"key": "person_name", "label": "Name", "type": "text", "required": True}],
    "defaults": {"resolution": "720p", "fps": 30, "includeVoiceover": True},
}


@dataclass
class OnView:
    base: str
    job_id: str
    key: str
    settings: Settings
    env: dict[str, str]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    live_frames: dict[int, bytes] = field(default_factory=dict)

    def start_worker(self) -> None:
        cmd = [sys.executable, "-m", "app.cli", "worker"]
        self.workers.append(subprocess.Popen(cmd, env=self.env))

    def stop_workers(self) -> None:
        for proc in self.workers:
            if proc.poll() is None:
                proc.terminate()
                proc.wait(30)
        self.workers.clear()

    def status(self) -> dict[str, Any]:
        headers = {"X-API-Key": self.key}
        return httpx.get(f"{self.base}/api/render/{self.job_id}", headers=headers).json()


async def _seed(database_url: str) -> tuple[str, str]:
    db = Database(database_url)
    await create_all(db)
    try:
        async with db.session() as session:
            account = await create_account(
                session, f"live-{uuid.uuid4().hex[:8]}@example.com", "pw pw pw pw", "studio", 5
            )
            _, key = await create_key(session, account.id, "k", "admin")
            view, _ = await create_template(
                session, account.id, CreateTemplate.model_validate(TEMPLATE)
            )
    finally:
        await db.dispose()
    return key, view.id


def on_view_job(
    tmp_path_factory: pytest.TempPathFactory, settings_maker: Any, voice_at: str = "creation"
) -> Iterator[OnView]:
    """An on-view job with its poster and live kit made, and no worker running; with
    `voice_at="open"` (REELSMITH_ON_VIEW_VOICE) its poster only: no voice, no live kit."""
    base_dir: Path = tmp_path_factory.mktemp("onview")
    port = free_port()
    settings: Settings = settings_maker(base_dir, public_url=f"http://127.0.0.1:{port}")
    key, template_id = asyncio.run(_seed(settings.database_url))
    env = {
        **os.environ,
        **server_env(settings),
        "REELSMITH_CACHE_DIR": str(settings.cache_dir),
        "REELSMITH_WORKER_CONCURRENCY": "1",
        "REELSMITH_RENDER_PARALLELISM": "1",
        "REELSMITH_ON_VIEW_VOICE": voice_at,
    }
    with live_server(settings, port) as base:
        created = httpx.post(
            f"{base}/api/render",
            json={
                "templateId": template_id,
                "data": {"person_name": NAME},
                "render": "on_view",
                "output": {"captions": True},
            },
            headers={"X-API-Key": key},
            timeout=30,
        )
        assert created.status_code == 200, created.text
        job = OnView(base, created.json()["jobId"], key, settings, env)
        job.start_worker()  # the poster and live kit only: nothing opened the page yet
        try:
            storage = get_storage(settings)
            kit = live_keys(job.job_id)
            wanted = [on_view_poster_key(job.job_id), *(kit if voice_at == "creation" else [])]
            deadline = time.monotonic() + 240
            while not all(storage.exists(k) for k in wanted):
                assert time.monotonic() < deadline, "no poster or live kit made"
                time.sleep(0.3)
            job.stop_workers()
            if voice_at == "open":  # nothing spoken, no live page before the first open
                assert not any(storage.exists(k) for k in kit)
            assert job.status()["status"] == "awaiting_view"
            yield job
        finally:
            job.stop_workers()


async def charges(settings: Settings, job_id: str) -> int:
    db = Database(settings.database_url)
    try:
        async with db.session() as session:
            rows = await session.execute(
                select(LedgerEntry).where(
                    LedgerEntry.reference == job_id, LedgerEntry.kind == "charge"
                )
            )
            return len(list(rows.scalars()))
    finally:
        await db.dispose()


async def sessions(settings: Settings, job_id: str) -> list[ViewSession]:
    db = Database(settings.database_url)
    try:
        async with db.session() as session:
            rows = await session.execute(select(ViewSession).where(ViewSession.job_id == job_id))
            return list(rows.scalars())
    finally:
        await db.dispose()
