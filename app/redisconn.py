"""Redis clients with time limits: the API's client and the arq pools of the API and the
worker. Without them a Redis host that goes silent (a network partition, a frozen server:
nothing refused, nothing answered) would hang every request and every poll round for good;
with them the call fails after `REDIS_TIMEOUT_S` like a refused one (the API answers as it does
with Redis down, the worker polls again)."""

from __future__ import annotations

from arq.connections import ArqRedis
from redis.asyncio import ConnectionPool, Redis

from app.config import Settings


def _limits(settings: Settings) -> dict[str, float]:
    return {
        "socket_connect_timeout": settings.redis_timeout_s,
        "socket_timeout": settings.redis_timeout_s,
    }


def redis_client(settings: Settings) -> Redis:
    return Redis.from_url(settings.redis_url, **_limits(settings))


def arq_pool(settings: Settings) -> ArqRedis:
    """An arq pool (enqueue_job) on `settings.redis_url`, made without a round trip."""
    return ArqRedis(ConnectionPool.from_url(settings.redis_url, **_limits(settings)))


async def limit_pool(pool: Redis, settings: Settings) -> None:
    """Put the time limits on a pool made elsewhere (arq's worker makes its own, retrying while
    Redis starts): its next connections carry them, the ones it has are closed."""
    pool.connection_pool.connection_kwargs.update(_limits(settings))
    await pool.connection_pool.disconnect()
