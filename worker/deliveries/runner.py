"""The deliveries worker: an arq worker on its own queue (webhook deliveries and trigger
messages), run beside the render worker in the same process, so sending never takes a render
slot."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

from arq.connections import RedisSettings
from arq.worker import Worker
from redis.exceptions import RedisError

from app.config import Settings
from app.db import Database
from app.redisconn import limit_pool
from app.webhooks import attempts
from worker.deliveries import triggers, webhooks
from worker.steady import SteadyWorker, dump_state

log = logging.getLogger("reelsmith.webhooks")

SHUTDOWN_GRACE_S = 12  # the longest attempt timeout (10 s) and a little


async def startup(ctx: dict[str, Any]) -> None:
    settings: Settings = ctx.setdefault("settings", Settings())
    await limit_pool(ctx["redis"], settings)
    ctx["db"] = Database(
        settings.database_url, settings.database_pool_size, settings.sqlite_synchronous
    )
    # httpx logs every request's URL at INFO; webhook URLs may carry the receiver's tokens.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    log.info("deliveries worker up on queue %s", settings.webhook_queue_name)


async def shutdown(ctx: dict[str, Any]) -> None:
    """Idempotent: also run after arq's close(), which skips it when a cancelled attempt
    ends its wait with CancelledError."""
    db = ctx.pop("db", None)
    if db is not None:
        await db.dispose()


def worker_kwargs(settings: Settings) -> dict[str, Any]:
    """arq Worker options of the deliveries worker."""
    longest = max(attempts.ATTEMPT_TIMEOUTS_S)
    return {
        "functions": [*webhooks.functions(), *triggers.functions()],
        "cron_jobs": [*webhooks.cron_jobs(settings), *triggers.cron_jobs(settings)],
        "queue_name": settings.webhook_queue_name,
        "redis_settings": RedisSettings.from_dsn(settings.redis_url),
        "max_jobs": settings.webhook_concurrency,
        "job_timeout": longest + 5,
        "keep_result": 0,
        "job_completion_wait": SHUTDOWN_GRACE_S,
        "on_startup": startup,
        "on_shutdown": shutdown,
        "ctx": {"settings": settings},
        "poll_delay": 0.05,
        "health_check_key": f"{settings.redis_prefix}:deliveries-health",
    }


def stop_if_ended(task: asyncio.Task[Any], render_worker: Worker, what: str) -> None:
    """A worker loop that ends while its process lives would leave the process up and doing
    nothing on that queue (nobody would notice): log why and stop the whole process
    gracefully, so its supervisor starts it again."""
    if task.cancelled() or render_worker.main_task is None or render_worker.main_task.done():
        return  # stopping anyway
    exc = task.exception()
    log.critical("%s stopped (%r); stopping the process", what, exc, exc_info=exc)
    render_worker.handle_sig(signal.SIGTERM)


def run_alongside(render_worker: Worker, settings: Settings) -> None:
    """Run `render_worker` (blocking) with a deliveries worker in the same process and event
    loop; a SIGINT/SIGTERM stops both (the render worker owns the signal handlers)."""
    deliveries = SteadyWorker(**worker_kwargs(settings), handle_signals=False)
    chained = render_worker.on_stop

    def stop(signum: Any) -> None:
        deliveries.handle_sig(signum)  # an attempt cut here is sent again (at-least-once)
        if chained is not None:
            chained(signum)

    render_worker.on_stop = stop
    deliveries.main_task = render_worker.loop.create_task(deliveries.main())
    deliveries.main_task.add_done_callback(
        lambda task: stop_if_ended(task, render_worker, "the deliveries worker")
    )
    with contextlib.suppress(NotImplementedError, RuntimeError):
        render_worker.loop.add_signal_handler(
            signal.SIGUSR2, dump_state, [render_worker, deliveries]
        )
    try:
        render_worker.run()
    finally:
        try:
            render_worker.loop.run_until_complete(deliveries.close())
        except (asyncio.CancelledError, RedisError, OSError) as exc:
            # Attempts still out were cancelled (sent again later: at-least-once), or Redis
            # is already gone (`reelsmith dev` stops it with everything else).
            log.info("deliveries worker closed (%s)", exc.__class__.__name__)
        render_worker.loop.run_until_complete(shutdown(deliveries.ctx))
