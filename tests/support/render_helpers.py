"""Render test helpers: a short custom template (2 scenes, ~2 s) and queue inspection."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import psutil
from redis.asyncio import Redis

from app.config import Settings
from app.db import Database
from app.renders.queue import arq_job_id
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template
from tests.support.environment import settings_env
from worker.render.quality import QualityReport

SHORT_TEMPLATE: dict[str, Any] = {
    "name": "Short test card",
    "scenes": [
        {"primitiveId": "title-intro", "durationOverride": 1.0, "voScript": "Hello [person_name]"},
        {"primitiveId": "title-intro", "durationOverride": 1.0, "animationOption": "scale-in"},
    ],
    "dataSlots": [
        {
            "key": "person_name",
            "label": "Full name",
            "type": "text",
            "required": True,
            "aliases": ["recipient", "customer", "name"],
        },
        {
            "key": "score",
            "label": "Score",
            "type": "number",
            "required": False,
            "aliases": ["points", "total points"],
        },
        {"key": "signup", "label": "Signup date", "type": "date", "required": False},
        {"key": "contact", "label": "Email", "type": "email", "required": False},
        {"key": "tags", "label": "Tags", "type": "array", "required": False},
    ],
    "defaults": {"resolution": "720p", "fps": 30, "includeVoiceover": False},
}


def engine_result(**fields: Any) -> SimpleNamespace:
    """What a stand-in for the render engine returns: `fields` over a finished render's defaults
    (a poster at 0 ms, a quality report that passed)."""
    defaults: dict[str, Any] = {
        "fps": 30,
        "poster_at_ms": 0.0,
        "quality": QualityReport(status="pass", checks=[]),
        "quality_s": 0.0,
    }
    return SimpleNamespace(**{**defaults, **fields})


async def make_template(app: Any, account_id: str, **changes: Any) -> str:
    """Create the short template for an account; returns its id."""
    db: Database = app.config["REELSMITH_DB"]
    async with db.session() as session:
        view, _ = await create_template(
            session, account_id, CreateTemplate.model_validate({**SHORT_TEMPLATE, **changes})
        )
    return view.id


async def queued_job_ids(redis: Redis, settings: Settings) -> list[str]:
    """arq queue contents in run order, as render job ids."""
    raw = await redis.zrange(settings.queue_name, 0, -1)
    return [r.decode().removeprefix(arq_job_id(settings, "")) for r in raw]


# ---- worker processes ----


ROOT = Path(__file__).resolve().parents[2]


def worker_env(settings: Settings) -> dict[str, str]:
    """Environment giving a worker subprocess the same database, Redis namespace and media."""
    limits = {"worker_concurrency": 1, "render_parallelism": 1, "rate_limit_enabled": False}
    return {**os.environ, **settings_env(settings, "cache_dir", "work_dir", **limits)}


class WorkerProcess:
    """`reelsmith worker` as a real subprocess (fast sweep and short heartbeat for tests)."""

    def __init__(
        self, settings: Settings, log_path: Path, *args: str, env: dict[str, str] | None = None
    ) -> None:
        self.settings, self.log_path, self.args = settings, log_path, list(args)
        self.env = {**worker_env(settings), **(env or {})}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> WorkerProcess:
        log = open(self.log_path, "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "app.cli",
                "worker",
                "--sweep-every",
                "2",
                "--heartbeat-ttl",
                "3",
                *self.args,
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        return self

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self, timeout: float = 45) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()

    def dump_state(self) -> None:
        """Ask the worker to log its slots and task stacks (SIGUSR2), for a failure message."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGUSR2)
            time.sleep(1.0)

    def browsers(self) -> list[psutil.Process]:
        """The Chromium processes this worker started."""
        assert self.proc is not None
        children = psutil.Process(self.proc.pid).children(recursive=True)
        return [p for p in children if "chrom" in p.name() or "headless" in p.name()]

    def log(self, tail: int | None = 4000) -> str:
        text = self.log_path.read_text(errors="replace")
        return text[-tail:] if tail else text


async def wait_for(check: Any, timeout: float, what: str, interval: float = 0.3) -> Any:
    """Poll `await check()` until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = await check()
        if value:
            return value
        await asyncio.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")
