"""An account's claim on the queue, inside the transaction that adds its jobs: what the full
round (app/renders/queue.py `dispatch`) would do for it while capacity is taken — mark its
first waiting job enqueued when it has nothing in flight — at the cost of a few point reads,
whatever the other accounts' backlogs. After commit, `after_claim` enqueues that job, or runs
the full round while capacity is free.

On PostgreSQL a claim holds the shared dispatch lock (never beside a full round) and the
account's own lock (one claim at a time per account) to its transaction's end; a caller that
takes them in an earlier statement of its own (a render's charge, app/renders/charging.py) says
so, and the claim takes them no more.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Integer, bindparam, func, literal, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.config import Settings
from app.db import Database, utcnow
from app.pointtx import PointTx, dialect_name, transaction_info
from app.pointwrite import PointWrite
from app.renders.models import RenderJob
from app.renders.queue import DISPATCH_LOCK, capacity, dispatch, enqueue
from app.renders.states import JobStatus


def claim_lock_of(account_id: str) -> int:
    """The account's 32-bit advisory lock key (paired with DISPATCH_LOCK): the value of
    `claim_locks`' account lock."""
    return zlib.crc32(account_id.encode()) - 2**31


def claim_locked(session: AsyncSession | PointTx, account_id: str) -> None:
    """Say that this transaction took `claim_locks` for `account_id` (held to its end)."""
    transaction_info(session)[_LOCKED] = account_id


@dataclass
class Claim:
    """What `claim_account` decided: the job it marked enqueued (None: none), and whether live
    capacity is free (then the full `dispatch` must run once the transaction commits)."""

    job_id: str | None = None
    free: bool = False


# The statements of `claim_account`, built once on the table (every POST /api/render runs
# them: building one, or the ORM's compile step, costs more CPU than executing it); the values
# are bound per call.
_J = RenderJob.__table__
_QUEUED = (_J.c.status == JobStatus.PENDING) & _J.c.enqueued_at.is_not(None)
_IN_FLIGHT = (_J.c.status == JobStatus.PROCESSING) | _QUEUED


# Jobs in flight counted up to `slots` only (is any capacity free?), and the account's own.
def _busy(slots: str) -> Any:
    limited = select(literal(1)).where(_IN_FLIGHT).limit(bindparam(slots, type_=Integer))
    return select(func.count()).select_from(limited.subquery()).scalar_subquery()


def _held(account: str) -> Any:
    return (
        select(_J.c.id).where(_J.c.account_id == bindparam(account), _IN_FLIGHT).limit(1).exists()
    )


_BUSY_AND_HELD = select(_busy("slots"), _held("account_id"))
_CLAIM_FIRST = (
    update(_J)
    .where(
        _J.c.id
        == select(_J.c.id)
        .where(
            _J.c.account_id == bindparam("owner"),
            _J.c.status == JobStatus.PENDING,
            _J.c.enqueued_at.is_(None),
        )
        .order_by(_J.c.created_at, _J.c.row_number, _J.c.id)
        .limit(1)
        .scalar_subquery(),
        _J.c.enqueued_at.is_(None),
    )
    .values(enqueued_at=bindparam("at"), updated_at=_J.c.updated_at)
    .returning(_J.c.id)
)


# Never beside a full round; beside other accounts' requests, yes; one at a time per account.
def claim_locks(param: str = "account_lock") -> list[Any]:
    """The claim's advisory locks (PostgreSQL), as columns of a SELECT; `param` names the
    bound account lock (`claim_lock_of`). A caller that takes them in its own earlier
    statement says so with `claim_locked`: the claim then takes them no more."""
    return [
        func.pg_advisory_xact_lock_shared(DISPATCH_LOCK),
        func.pg_advisory_xact_lock(DISPATCH_LOCK, bindparam(param, type_=Integer)),
    ]


_CLAIM_LOCKS = select(*claim_locks())
_LOCKED = "claim_locked"  # transaction_info: the account whose claim locks are held
_SLOTS = "claim_slots"  # transaction_info: the live slots of a claim to come
_BUSY = "claim_busy"  # transaction_info: (account, busy count, holds) read ahead


def busy_columns(slots: str = "busy_slots", account: str = "busy_account") -> list[Any]:
    """`claim_account`'s busy count and whether the account holds a job in flight, as
    expressions another statement can return (its RETURNING); `slots` and `account` name
    their bound values. Read after the claim's locks (a later statement), the same figures."""
    return [_busy(slots), _held(account)]


def expect_claim(session: AsyncSession | PointTx, slots: int) -> None:
    """Say that this transaction ends with `claim_account(session, slots, ...)`."""
    transaction_info(session)[_SLOTS] = slots


def busy_slots(session: AsyncSession | PointTx, account_id: str) -> int | None:
    """The slots a later statement may read the claim's busy figures with (`busy_columns`):
    when a claim is expected and its locks for `account_id` are held; None otherwise."""
    info = transaction_info(session)
    if info.get(_LOCKED) != account_id or _SLOTS not in info:
        return None
    return max(int(info[_SLOTS]), 0)


def busy_read(session: AsyncSession | PointTx, account_id: str, count: int, holds: bool) -> None:
    """Keep the busy figures a statement read through `busy_columns` for the claim."""
    transaction_info(session)[_BUSY] = (account_id, count, holds)


# The same, on the transaction's driver connection (every render's create claims).
_CLAIM_LOCKS_ON, _BUSY_AND_HELD_ON, _CLAIM_FIRST_ON = (
    PointWrite(_CLAIM_LOCKS),
    PointWrite(_BUSY_AND_HELD),
    PointWrite(_CLAIM_FIRST),
)


async def claim_account(session: AsyncSession | PointTx, slots: int, account_id: str) -> Claim:
    """Inside the caller's transaction, after `account_id` added jobs: what the full round
    would do for it while capacity is taken (see the module docstring): mark its first
    waiting job enqueued when it has nothing in flight. Reads at most `slots` + 1 rows,
    whatever the other accounts' backlogs; the caller enqueues `job_id` after commit."""
    info = transaction_info(session)
    if dialect_name(session) == "postgresql" and info.get(_LOCKED) != account_id:
        await _CLAIM_LOCKS_ON.rows(session, account_lock=claim_lock_of(account_id))  # to commit
    kept = info.get(_BUSY)
    if kept is not None and kept[0] == account_id:  # read by the create's INSERT
        count, holds = kept[1], kept[2]
    else:
        count, holds = await _BUSY_AND_HELD_ON.first(
            session, slots=max(slots, 0), account_id=account_id
        )
    if slots > 0 and count < slots:
        return Claim(free=True)
    if holds:
        return Claim()
    picked = await _CLAIM_FIRST_ON.first(session, owner=account_id, at=utcnow())
    return Claim(job_id=None if picked is None else picked.id)


async def after_claim(db: Database, pool: Any, settings: Settings, claim: Claim) -> list[str]:
    """Once the claim's transaction has committed: enqueue its job, or run the full round
    while capacity is free. Returns the job ids enqueued."""
    if claim.free:
        return await dispatch(db, pool, settings)
    if claim.job_id is None:
        return []
    await enqueue(pool, settings, claim.job_id)
    return [claim.job_id]


async def dispatch_account(
    db: Database, pool: Any, settings: Settings, account_id: str
) -> list[str]:
    """`claim_account` in a transaction of its own, then `after_claim`: the round for callers
    whose jobs are already committed."""
    slots = await capacity(pool, settings)
    async with db.session() as session:
        claim = await claim_account(session, slots, account_id)
    return await after_claim(db, pool, settings, claim)
