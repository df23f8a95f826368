"""Fair dispatch of render jobs into the arq queue, worker heartbeats and aborts.

The database is the truth. A job is inserted `pending` with `enqueued_at` null; `dispatch`
moves jobs into the arq queue. Workers call it again whenever a job ends, so a batch of 1000
trickles in while a single render from another account goes straight to the queue.

How many jobs an account may have in flight (queued or processing) is `allot`'s rule: with
capacity C = the live worker slots, an account whose jobs wait alone may fill C; while several
accounts wait, each gets at most its share, ceil(fair_share x C) (at least 1); slots that the
shares leave free go round-robin to whoever still waits, so capacity never idles while work
waits; and an account with nothing in flight always gets one job queued, which a worker takes
as soon as a slot frees. One query per dispatch, however many accounts wait.

Interactive jobs (a render on view whose viewer has opened its page, `render_on = on_view`)
jump the bulk: an account's interactive jobs are dispatched before its other waiting jobs,
accounts with one waiting are served first, and they go to the head of the arq queue — but
always within the account's share: an account whose share is full of its own bulk jobs gets
its interactive job at the next slot it is allotted, not on top of its share.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from arq.constants import abort_jobs_ss, in_progress_key_prefix, job_key_prefix, retry_key_prefix
from arq.utils import timestamp_ms
from sqlalchemy import case, func, select, update

from app.config import Settings
from app.db import Database, utcnow
from app.renders.models import RenderJob
from app.renders.states import JobStatus, RenderOn

TASK_NAME = "render_job"
HEARTBEAT_TTL_S = 20
DISPATCH_LOCK = 0x7265656C  # PostgreSQL advisory lock id of a dispatch round ("reel")


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


# Live workers in one round trip (was two, SMEMBERS then MGET, on every render's create):
# the index's members whose heartbeat is still there, with their slots; the others leave the
# index. ARGV[1]: the heartbeat keys' prefix.
_LIVE_WORKERS = """
local live = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local slots = redis.call('GET', ARGV[1] .. id)
  if slots then
    table.insert(live, id)
    table.insert(live, slots)
  else
    redis.call('SREM', KEYS[1], id)
  end
end
return live
"""


async def live_workers(redis: Any, settings: Settings) -> dict[str, int]:
    """worker id -> job slots, for every worker whose heartbeat has not expired."""
    found = await redis.eval(
        _LIVE_WORKERS, 1, workers_index_key(settings), heartbeat_key(settings, "")
    )
    pairs = [m.decode() if isinstance(m, bytes) else m for m in found]
    return dict(sorted((w, int(v)) for w, v in zip(pairs[::2], pairs[1::2], strict=True)))


async def capacity(redis: Any, settings: Settings) -> int:
    """Job slots of every live worker together."""
    return sum((await live_workers(redis, settings)).values())


def allot(
    capacity: int,
    share: float,
    in_flight: Mapping[str, int],
    waiting: Mapping[str, int],
) -> dict[str, int]:
    """How many more jobs each waiting account gets now (see the module docstring).

    `in_flight`: jobs queued or processing per account (any account with work);
    `waiting`: jobs not yet dispatched per account, in the order accounts are served."""
    accounts = [a for a, n in waiting.items() if n > 0]
    cap = capacity if len(accounts) <= 1 else max(1, math.ceil(share * capacity))
    given = dict.fromkeys(accounts, 0)
    free = capacity - sum(in_flight.values())

    def held(account: str) -> int:
        return in_flight.get(account, 0) + given[account]

    for account in accounts:  # an account with nothing in flight is next in line
        if held(account) == 0:
            given[account] = 1
            free -= 1
    for capped in (True, False):  # shares first, then what the shares leave free
        progress = True
        while free > 0 and progress:
            progress = False
            for account in accounts:
                if free <= 0:
                    break
                if given[account] >= waiting[account] or (capped and held(account) >= cap):
                    continue
                given[account] += 1
                free -= 1
                progress = True
    return {a: n for a, n in given.items() if n > 0}


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


# How far back an interactive job's score is put: arq takes the lowest score first, so it
# goes ahead of every bulk job already queued (their scores are their enqueue times).
INTERACTIVE_LEAD = timedelta(hours=1)


async def enqueue_interactive(
    pool: Any, settings: Settings, job_id: str, position: int = 0
) -> bool:
    """Put a job someone is waiting for (an on-view render opened by its viewer, marked
    enqueued by `dispatch` within its account's share) at the head of the arq queue, ahead of
    the bulk jobs queued (no-op when it is already there). `position` adds ms as in `enqueue`:
    two enqueued within the same millisecond would otherwise be ordered by their random ids."""
    job = await pool.enqueue_job(
        TASK_NAME,
        job_id,
        _job_id=arq_job_id(settings, job_id),
        _queue_name=settings.queue_name,
        _defer_until=utcnow() - INTERACTIVE_LEAD + timedelta(milliseconds=position),
    )
    return job is not None


async def dispatch(db: Database, pool: Any, settings: Settings) -> list[str]:
    """Move waiting jobs into the arq queue, fairly between accounts; returns the job ids."""
    slots = await capacity(pool, settings)
    waiting_now = (RenderJob.status == JobStatus.PENDING) & RenderJob.enqueued_at.is_(None)
    is_waiting = case((waiting_now, 1), else_=0)
    bulk = case((RenderJob.render_on == RenderOn.ON_VIEW, 0), else_=1)  # 0: interactive
    active = (
        select(
            RenderJob.id,
            RenderJob.account_id,
            is_waiting.label("waiting"),
            bulk.label("bulk"),
            func.row_number()
            .over(
                partition_by=(RenderJob.account_id, is_waiting),
                order_by=(bulk, RenderJob.created_at, RenderJob.row_number, RenderJob.id),
            )
            .label("rank"),
            func.min(bulk).over(partition_by=(RenderJob.account_id, is_waiting)).label("urgent"),
            func.sum(1 - is_waiting).over(partition_by=RenderJob.account_id).label("in_flight"),
            func.count().over(partition_by=(RenderJob.account_id, is_waiting)).label("count"),
            func.min(RenderJob.created_at)
            .over(partition_by=(RenderJob.account_id, is_waiting))
            .label("oldest"),
        )
        .where(RenderJob.status.in_((JobStatus.PENDING, JobStatus.PROCESSING)))
        .subquery()
    )
    # One row per job in flight (its account's count) and the first `slots + 1` waiting jobs of
    # each account: no account can be given more than that in one round.
    query = (
        select(
            active.c.id,
            active.c.account_id,
            active.c.waiting,
            active.c.in_flight,
            active.c.count,
            active.c.bulk,
        )
        .where(
            (active.c.waiting == 0) & (active.c.rank == 1)
            | (active.c.waiting == 1) & (active.c.rank <= slots + 1)
        )
        .order_by(active.c.urgent, active.c.oldest, active.c.account_id, active.c.rank)
    )
    in_flight: dict[str, int] = {}
    waiting: dict[str, int] = {}
    candidates: dict[str, list[str]] = {}
    interactive: set[str] = set()
    per_account: list[list[str]] = []
    async with db.session() as session:
        if session.get_bind().dialect.name == "postgresql":
            # Rounds one at a time, so two never both act on the same counts (SQLite's
            # BEGIN IMMEDIATE already serializes them); released at commit.
            await session.execute(select(func.pg_advisory_xact_lock(DISPATCH_LOCK)))
        for job_id, account_id, is_wait, held, count, is_bulk in (
            await session.execute(query)
        ).all():
            in_flight[account_id] = int(held or 0)
            if is_wait:
                waiting[account_id] = int(count)
                candidates.setdefault(account_id, []).append(job_id)
                if not is_bulk:
                    interactive.add(job_id)
        given = allot(slots, settings.fair_share, in_flight, waiting)
        picked = [job for a, n in given.items() for job in candidates[a][:n]]
        if picked:
            # Only the jobs this round flipped: a dispatch running meanwhile keeps its own.
            flipped = set(
                (
                    await session.execute(
                        update(RenderJob)
                        .where(RenderJob.id.in_(picked), RenderJob.enqueued_at.is_(None))
                        .values(enqueued_at=utcnow(), updated_at=RenderJob.updated_at)
                        .returning(RenderJob.id)
                    )
                )
                .scalars()
                .all()
            )
            per_account = [[j for j in candidates[a][:n] if j in flipped] for a, n in given.items()]
    chosen = round_robin(per_account)
    # After commit: a crash in between leaves `pending` + enqueued_at set, which the sweep
    # finds missing from the queue and enqueues.
    for position, job_id in enumerate(chosen):
        if job_id in interactive:
            await enqueue_interactive(pool, settings, job_id, position)
        else:
            await enqueue(pool, settings, job_id, position)
    return chosen


def round_robin(lists: list[list[str]]) -> list[str]:
    """One from each account in turn: [[a1, a2], [b1]] -> [a1, b1, a2]."""
    longest = max((len(x) for x in lists), default=0)
    return [x[i] for i in range(longest) for x in lists if i < len(x)]


async def in_queue(pool: Any, settings: Settings, job_id: str) -> bool:
    """Whether arq still holds the job: queued or deferred in the queue, or running."""
    return await _held(pool, settings, arq_job_id(settings, job_id))


async def _held(pool: Any, settings: Settings, ref: str) -> bool:
    if not await pool.exists(job_key_prefix + ref):
        return False
    queued = await pool.zscore(settings.queue_name, ref) is not None
    return queued or bool(await pool.exists(in_progress_key_prefix + ref))


async def release(pool: Any, settings: Settings, job_id: str) -> None:
    """Forget arq's state of a job (after its worker died) so it can be enqueued afresh."""
    await _forget(pool, settings, arq_job_id(settings, job_id))


async def _forget(pool: Any, settings: Settings, ref: str) -> None:
    async with pool.pipeline(transaction=True) as tr:
        tr.delete(in_progress_key_prefix + ref, job_key_prefix + ref, retry_key_prefix + ref)
        tr.zrem(settings.queue_name, ref)
        await tr.execute()


async def abort(pool: Any, settings: Settings, job_id: str) -> None:
    """Ask the worker running the job to cancel it (arq allow_abort_jobs); no wait."""
    await pool.zadd(abort_jobs_ss, {arq_job_id(settings, job_id): timestamp_ms()})


# ---- pieces of a long render (worker/pieces/task.py) ----
# The names that are stored or go over the wire keep the older word "chunk": the arq task name
# `render_chunk`, the arq job ids `<prefix>:chunk:<id>` in Redis and the `render_chunks` table
# (RenderChunk). Renaming them would strand pieces queued or planned by a running version.

PIECE_TASK_NAME = "render_chunk"


def piece_arq_id(settings: Settings, piece_id: str) -> str:
    """One arq job per render piece (RenderChunk id), namespaced like `arq_job_id`."""
    return f"{settings.redis_prefix}:chunk:{piece_id}"


async def enqueue_piece(pool: Any, settings: Settings, piece_id: str) -> bool:
    """Put a piece in the arq queue for any worker (no-op when it is already there). Pieces
    skip `dispatch`: their job was dispatched (and counted) as one job already."""
    job = await pool.enqueue_job(
        PIECE_TASK_NAME,
        piece_id,
        _job_id=piece_arq_id(settings, piece_id),
        _queue_name=settings.queue_name,
    )
    return job is not None


async def piece_in_queue(pool: Any, settings: Settings, piece_id: str) -> bool:
    """Whether arq still holds the piece: queued, deferred or running."""
    return await _held(pool, settings, piece_arq_id(settings, piece_id))


async def release_piece(pool: Any, settings: Settings, piece_id: str) -> None:
    """Forget arq's state of a piece so it can be enqueued afresh."""
    await _forget(pool, settings, piece_arq_id(settings, piece_id))
