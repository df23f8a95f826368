"""Fair dispatch of render jobs into the arq queue, worker heartbeats and aborts.

The database is the truth. A job is inserted `pending` with `enqueued_at` null; `dispatch`
moves jobs into the arq queue, at most `account_limit` per account in flight (queued or
processing), oldest first. Workers call it again whenever a job ends, so a batch of 1000
trickles in while a single render from another account goes straight to the queue: it waits
behind at most `account_limit` jobs of each other account, never behind a whole batch.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from arq.constants import abort_jobs_ss, in_progress_key_prefix, job_key_prefix, retry_key_prefix
from arq.utils import timestamp_ms
from sqlalchemy import func, or_, select, update

from app.config import Settings
from app.db import Database, utcnow
from app.renders.models import RenderJob
from app.renders.states import JobStatus

TASK_NAME = "render_job"
MIN_ACCOUNT_LIMIT = 2
HEARTBEAT_TTL_S = 20


def arq_job_id(settings: Settings, job_id: str) -> str:
    """One arq job per render job: enqueueing the same job twice is a no-op. arq keeps its job
    state under global key names (`arq:job:<id>`, ...), so the id carries REDIS_PREFIX and
    deployments sharing a Redis server never see each other's jobs."""
    return f"{settings.redis_prefix}:render:{job_id}"


def heartbeat_key(settings: Settings, worker_id: str) -> str:
    """The worker's heartbeat: value = its job slots, expires HEARTBEAT_TTL_S after a beat."""
    return f"{settings.redis_prefix}:workers:{worker_id}"


def workers_index_key(settings: Settings) -> str:
    """A set of worker ids that have beaten, so finding live workers needs no SCAN."""
    return f"{settings.redis_prefix}:workers"


async def register_worker(
    redis: Any, settings: Settings, worker_id: str, slots: int, ttl_s: int
) -> None:
    async with redis.pipeline(transaction=True) as tr:
        tr.set(heartbeat_key(settings, worker_id), slots, ex=ttl_s)
        tr.sadd(workers_index_key(settings), worker_id)
        await tr.execute()


async def live_workers(redis: Any, settings: Settings) -> dict[str, int]:
    """worker id -> job slots, for every worker whose heartbeat has not expired."""
    index = workers_index_key(settings)
    ids = sorted(m.decode() if isinstance(m, bytes) else m for m in await redis.smembers(index))
    if not ids:
        return {}
    values = await redis.mget([heartbeat_key(settings, w) for w in ids])
    dead = [w for w, v in zip(ids, values, strict=True) if v is None]
    if dead:
        await redis.srem(index, *dead)
    return {w: int(v) for w, v in zip(ids, values, strict=True) if v is not None}


async def account_limit(redis: Any, settings: Settings) -> int:
    """Jobs one account may have in flight: enough to keep every live worker slot busy."""
    return max(MIN_ACCOUNT_LIMIT, sum((await live_workers(redis, settings)).values()))


async def enqueue(pool: Any, settings: Settings, job_id: str, position: int = 0) -> bool:
    """Put the job in the arq queue (no-op when it is already there). arq orders by score
    (enqueue ms), then by id: `position` adds ms so jobs enqueued together keep their order."""
    job = await pool.enqueue_job(
        TASK_NAME,
        job_id,
        _job_id=arq_job_id(settings, job_id),
        _queue_name=settings.queue_name,
        _defer_by=timedelta(milliseconds=position) if position else None,
    )
    return job is not None


async def dispatch(db: Database, pool: Any, settings: Settings) -> list[str]:
    """Move waiting jobs into the arq queue, fairly between accounts; returns the job ids."""
    limit = await account_limit(pool, settings)
    per_account: list[list[str]] = []
    async with db.session() as session:
        waiting = (
            (
                await session.execute(
                    select(RenderJob.account_id)
                    .where(RenderJob.status == JobStatus.PENDING, RenderJob.enqueued_at.is_(None))
                    .group_by(RenderJob.account_id)
                )
            )
            .scalars()
            .all()
        )
        for account_id in waiting:
            in_flight = (
                await session.execute(
                    select(func.count()).where(
                        RenderJob.account_id == account_id,
                        or_(
                            RenderJob.status == JobStatus.PROCESSING,
                            (RenderJob.status == JobStatus.PENDING)
                            & RenderJob.enqueued_at.is_not(None),
                        ),
                    )
                )
            ).scalar_one()
            room = limit - in_flight
            if room <= 0:
                continue
            ids = (
                (
                    await session.execute(
                        select(RenderJob.id)
                        .where(
                            RenderJob.account_id == account_id,
                            RenderJob.status == JobStatus.PENDING,
                            RenderJob.enqueued_at.is_(None),
                        )
                        .order_by(RenderJob.created_at, RenderJob.row_number)
                        .limit(room)
                    )
                )
                .scalars()
                .all()
            )
            if ids:
                await session.execute(
                    update(RenderJob)
                    .where(RenderJob.id.in_(ids), RenderJob.enqueued_at.is_(None))
                    .values(enqueued_at=utcnow(), updated_at=RenderJob.updated_at)
                )
                per_account.append(list(ids))
    chosen = round_robin(per_account)
    # After commit: a crash in between leaves `pending` + enqueued_at set, which the sweep
    # finds missing from the queue and enqueues.
    for position, job_id in enumerate(chosen):
        await enqueue(pool, settings, job_id, position)
    return chosen


def round_robin(lists: list[list[str]]) -> list[str]:
    """One from each account in turn: [[a1, a2], [b1]] -> [a1, b1, a2]."""
    longest = max((len(x) for x in lists), default=0)
    return [x[i] for i in range(longest) for x in lists if i < len(x)]


async def in_queue(pool: Any, settings: Settings, job_id: str) -> bool:
    """Whether arq still holds the job: queued or deferred in the queue, or running."""
    ref = arq_job_id(settings, job_id)
    if not await pool.exists(job_key_prefix + ref):
        return False
    queued = await pool.zscore(settings.queue_name, ref) is not None
    return queued or bool(await pool.exists(in_progress_key_prefix + ref))


async def release(pool: Any, settings: Settings, job_id: str) -> None:
    """Forget arq's state of a job (after its worker died) so it can be enqueued afresh."""
    ref = arq_job_id(settings, job_id)
    async with pool.pipeline(transaction=True) as tr:
        tr.delete(in_progress_key_prefix + ref, job_key_prefix + ref, retry_key_prefix + ref)
        tr.zrem(settings.queue_name, ref)
        await tr.execute()


async def abort(pool: Any, settings: Settings, job_id: str) -> None:
    """Ask the worker running the job to cancel it (arq allow_abort_jobs); no wait."""
    await pool.zadd(abort_jobs_ss, {arq_job_id(settings, job_id): timestamp_ms()})
