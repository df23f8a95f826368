"""The arq worker that `reelsmith worker` runs.

`run_worker(settings)` builds the worker from the one Settings object: queue name, Redis,
concurrency (max_jobs), job timeout, aborts, graceful shutdown and the sweep cron.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from arq import cron, func
from arq.connections import RedisSettings

from app.config import Settings
from app.db import Database
from app.logs import QuietPeriodicJobs
from app.media.storage import get_storage
from app.redisconn import limit_pool
from app.renders.onview import POSTER_TASK_NAME
from app.renders.queue import HEARTBEAT_TTL_S, PIECE_TASK_NAME
from app.workdir import close_work_folder, open_work_folder, sweep, work_root
from worker import tasks
from worker.deliveries.runner import run_alongside
from worker.deliveries.runner import worker_kwargs as deliveries_worker_kwargs
from worker.heartbeat import Heartbeat, new_worker_id
from worker.pieces.plan import splitter
from worker.pieces.sweep import sweep_pieces
from worker.pieces.task import render_piece
from worker.posters import poster_job
from worker.render.browser import close_browser_managers
from worker.steady import SteadyWorker
from worker.voices.isolated import POOL as VOICE_PROCESSES

log = logging.getLogger("reelsmith.worker")

SWEEP_EVERY_S = 60
# On SIGTERM/SIGINT: stop taking jobs, let the job in hand finish for this long, then
# cancel it; a cancelled job is given back (pending) and arq runs it again elsewhere.
SHUTDOWN_GRACE_S = 30


async def startup(ctx: dict[str, Any]) -> None:
    settings: Settings = ctx.setdefault("settings", Settings())
    await limit_pool(ctx["redis"], settings)
    await asyncio.to_thread(_own_work_folder, settings)
    ctx["db"] = Database(
        settings.database_url, settings.database_pool_size, settings.sqlite_synchronous
    )
    ctx["storage"] = get_storage(settings)
    ctx["worker_id"] = ctx.get("worker_id") or new_worker_id()
    ctx["heartbeat"] = Heartbeat(
        ctx["redis"],
        settings,
        ctx["worker_id"],
        ctx.get("slots", settings.worker_concurrency),
        ctx.get("heartbeat_ttl_s", HEARTBEAT_TTL_S),
    )
    await ctx["heartbeat"].start()
    log.info("worker %s up on queue %s", ctx["worker_id"], settings.queue_name)
    # The DB is the truth: catch up on start (each sweep logs what it handed back).
    await tasks.sweep(ctx)
    await sweep_pieces(ctx)


def _own_work_folder(settings: Settings) -> None:
    """Take this worker's work folder, then remove those of dead processes (a killed worker's
    frames, runs and voice scratch)."""
    open_work_folder(settings, "worker")  # logs its path
    removed = sweep(work_root(settings))
    if removed:
        log.info("removed %d work folders left by dead processes", len(removed))


async def shutdown(ctx: dict[str, Any]) -> None:
    if "heartbeat" in ctx:
        await ctx["heartbeat"].stop()
    await close_browser_managers()
    VOICE_PROCESSES.close()
    if "db" in ctx:
        await ctx["db"].dispose()
    if "settings" in ctx:
        close_work_folder(ctx["settings"])


def sweep_seconds(every_s: int) -> set[int]:
    return set(range(0, 60, max(1, min(every_s, 60))))


def worker_kwargs(
    settings: Settings,
    *,
    sweep_every_s: int = SWEEP_EVERY_S,
    heartbeat_ttl_s: int = HEARTBEAT_TTL_S,
    shutdown_grace_s: int = SHUTDOWN_GRACE_S,
    stranded_grace_s: int = tasks.STRANDED_GRACE_S,
) -> dict[str, Any]:
    """Everything arq's Worker needs, from the settings."""
    return {
        "functions": [
            func(
                tasks.render_job,
                name="render_job",
                keep_result=0,  # lets the same render:<id> be enqueued again later
                max_tries=tasks.MAX_TRIES + 2,  # + sweep/shutdown hand-overs
                timeout=settings.job_timeout_s + tasks.TIMEOUT_MARGIN_S,
            ),
            func(
                poster_job,
                name=POSTER_TASK_NAME,
                keep_result=0,
                max_tries=2,
                timeout=settings.job_timeout_s + tasks.TIMEOUT_MARGIN_S,
            ),
            func(
                render_piece,
                name=PIECE_TASK_NAME,
                keep_result=0,
                max_tries=tasks.MAX_TRIES + 2,
                timeout=settings.job_timeout_s + tasks.TIMEOUT_MARGIN_S,
            ),
        ],
        "cron_jobs": [
            cron(
                tasks.sweep,
                # The name makes arq's job id (<name>:<time>): with the prefix, deployments
                # sharing a Redis server each run their own sweep at the same second.
                name=f"{settings.redis_prefix}:sweep",
                second=sweep_seconds(sweep_every_s),
                keep_result=0,
                run_at_startup=False,
            ),
            cron(
                sweep_pieces,
                name=f"{settings.redis_prefix}:chunk-sweep",  # arq's name from before "piece"
                second=sweep_seconds(sweep_every_s),
                keep_result=0,
                run_at_startup=False,
            ),
        ],
        "queue_name": settings.queue_name,
        "redis_settings": RedisSettings.from_dsn(settings.redis_url),
        "max_jobs": settings.worker_concurrency,
        "job_timeout": settings.job_timeout_s + tasks.TIMEOUT_MARGIN_S,
        "keep_result": 0,
        "allow_abort_jobs": True,
        "job_completion_wait": shutdown_grace_s,
        "on_startup": startup,
        "on_shutdown": shutdown,
        "ctx": {
            "settings": settings,
            "slots": settings.worker_concurrency,
            "heartbeat_ttl_s": heartbeat_ttl_s,
            "stranded_grace_s": stranded_grace_s,
            "splitter": splitter,
        },
        "poll_delay": 0.2,
        "health_check_key": f"{settings.redis_prefix}:health:{new_worker_id()}",
    }


def run_worker(settings: Settings, **options: Any) -> SteadyWorker:
    """Run a worker in the foreground until SIGINT/SIGTERM (graceful) or SIGKILL, with the
    webhook deliveries worker beside it (its own queue, same process)."""

    options = worker_kwargs(settings, **options)
    quiet(options["cron_jobs"] + deliveries_worker_kwargs(settings)["cron_jobs"])
    worker = SteadyWorker(**options)  # rides out a Redis outage (worker/steady.py)
    run_alongside(worker, settings)
    return worker


def quiet(cron_jobs: list[Any]) -> None:
    """arq logs every run of a periodic job at INFO (four lines a second with the relays):
    those lines go; what a run did that matters is logged by the job itself."""
    arq_log = logging.getLogger("arq.worker")
    for old in [f for f in arq_log.filters if isinstance(f, QuietPeriodicJobs)]:
        arq_log.removeFilter(old)
    arq_log.addFilter(QuietPeriodicJobs(job.name for job in cron_jobs))
