"""GET /readyz: can this API process serve? The database, Redis and the media store are each
reached (with a time limit); 200 lists every check, 503 names what failed. /healthz stays
liveness (the event loop turns) and touches nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from quart import Blueprint
from quart_schema import hide
from sqlalchemy import text

from app.media.storage import get_storage
from app.state import get_db, get_redis, get_settings

bp = Blueprint("readiness", __name__)

CHECK_TIMEOUT_S = 2.0


async def _database() -> None:
    async with get_db().engine.connect() as conn:
        await conn.execute(text("SELECT 1"))


async def _redis() -> None:
    await get_redis().ping()


async def _storage() -> None:
    await asyncio.to_thread(get_storage(get_settings()).check)


CHECKS: dict[str, Callable[[], Awaitable[None]]] = {
    "database": _database,
    "redis": _redis,
    "storage": _storage,
}


async def _run(check: Callable[[], Awaitable[None]]) -> str:
    try:
        await asyncio.wait_for(check(), CHECK_TIMEOUT_S)
    except TimeoutError:
        return f"unreachable (no answer in {CHECK_TIMEOUT_S:g} s)"
    except Exception as exc:  # any failure means not ready; its kind, never its details
        return f"unreachable ({exc.__class__.__name__})"
    return "ok"


@bp.get("/readyz")
@hide
async def readyz() -> tuple[dict[str, object], int]:
    """Readiness for load balancers and orchestrators (hidden from the API contract)."""
    results = await asyncio.gather(*(_run(check) for check in CHECKS.values()))
    checks = dict(zip(CHECKS, results, strict=True))
    failed = [name for name, result in checks.items() if result != "ok"]
    if failed:
        return {"status": "unavailable", "failed": failed, "checks": checks}, 503
    return {"status": "ok", "checks": checks}, 200
