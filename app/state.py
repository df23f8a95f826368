"""Per-process service handles, reached from routes through the current app."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

from quart import current_app

from app.redisconn import arq_pool

if TYPE_CHECKING:
    from redis.asyncio import Redis

    from app.config import Settings
    from app.db import Database


def get_settings() -> Settings:
    return current_app.config["REELSMITH_SETTINGS"]


def get_db() -> Database:
    return current_app.config["REELSMITH_DB"]


def get_redis() -> Redis:
    return current_app.config["REELSMITH_REDIS"]


def get_job_finished() -> Callable[..., Awaitable[None]]:
    """What a render job's outcome sets off (app/outcomes.job_finished, put here by the app
    factory): for the renders domain's cancel path, which may not import the domains above."""
    found = current_app.config.get("REELSMITH_JOB_FINISHED")
    if found is None:
        raise RuntimeError("no outcome hook: the app factory sets REELSMITH_JOB_FINISHED")
    return cast(Callable[..., Awaitable[None]], found)


async def get_arq() -> Any:
    """The arq pool used to enqueue jobs by name (the app never imports the worker)."""
    pool = current_app.config.get("REELSMITH_ARQ")
    if pool is None:
        pool = arq_pool(get_settings())
        current_app.config["REELSMITH_ARQ"] = pool
    return pool
