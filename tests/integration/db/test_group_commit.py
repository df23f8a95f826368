"""Group commit (app/groupcommit.py, `Database.group_commit`): on PostgreSQL works that arrive
together share one point transaction and one COMMIT, each caller answered with its own result
after that COMMIT; on a SQLite file they run one at a time, in the order they came. On both:
one failing work fails only its own caller (a failed batch runs again, each alone); a work
that needs a session gets one; a batch runs in its works' order; and beacons counted together
leave the same session rows as beacons counted one by one."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.accounts.models import Account
from app.db import Database
from app.pointtx import PointTx, need_session
from app.viewers import service
from app.viewers.beacons import Beacon
from app.viewers.models import ViewEvent, ViewSession
from tests.integration.db.test_point_transactions import _account, _charge, _state
from tests.support.analytics import completed_job
from tests.support.statements import ADD_LEDGER, entry


async def _balance_seen_elsewhere(db: Database, account_id: str) -> int:
    """The balance as another connection reads it (committed writes only)."""
    async with db.session() as session:
        return int((await session.get(Account, account_id)).credits)  # type: ignore[union-attr]


async def test_works_that_come_together_commit_together(db: Database) -> None:
    account_id = await _account(db, credits=100)
    kinds: list[str] = []

    async def work(tx: Any) -> int:
        kinds.append(type(tx).__name__)
        return await _charge(tx, account_id, 1)

    results = await asyncio.gather(*(db.group_commit.run(work) for _ in range(20)))
    # Each caller gets its own result: the balances after each charge, 99 down to 80.
    assert sorted(results) == list(range(80, 100))
    assert await _state(db, account_id) == (80, [-1] * 20)
    # All twenty were queued before the flusher ran: on PostgreSQL one transaction, one
    # COMMIT; on a SQLite file twenty, in turn.
    batches = 20 if db.sqlite_file else 1
    assert (db.group_commit.batches, db.group_commit.works) == (batches, 20)
    assert kinds == ["PointTx"] * 20


async def test_a_caller_is_answered_after_the_commit_that_holds_its_write(db: Database) -> None:
    account_id = await _account(db, credits=50)

    async def work(tx: Any) -> int:
        return await _charge(tx, account_id, 2)

    async def charge_and_look() -> int:
        await db.group_commit.run(work)
        return await _balance_seen_elsewhere(db, account_id)

    seen = await asyncio.gather(*(charge_and_look() for _ in range(10)))
    # Every caller, once answered, finds its own charge committed (at least its own: others
    # in its batch or later ones may be there too).
    assert all(balance <= 48 for balance in seen)
    assert await _balance_seen_elsewhere(db, account_id) == 30


async def test_one_failing_work_fails_only_its_caller(db: Database) -> None:
    account_id = await _account(db, credits=10)

    async def good(tx: Any) -> int:
        return await _charge(tx, account_id, 1)

    async def bad(tx: Any) -> None:
        await ADD_LEDGER.run(tx, **entry("no-such-account", -1, 0))  # a foreign key fails

    first = asyncio.ensure_future(db.group_commit.run(good))  # committing while the rest queue
    await asyncio.sleep(0)
    rest = [db.group_commit.run(bad if i == 2 else good) for i in range(5)]
    outcomes = await asyncio.gather(first, *rest, return_exceptions=True)
    errors = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(errors) == 1 and isinstance(errors[0], IntegrityError), outcomes
    assert isinstance(outcomes[3], IntegrityError)  # the bad one's own caller
    # The five good charges are all there, once each: the failed batch was rolled back and
    # its works ran again alone.
    assert await _state(db, account_id) == (5, [-1] * 5)


async def test_a_work_that_needs_a_session_gets_one_and_the_others_commit(db: Database) -> None:
    account_id = await _account(db, credits=10)
    kinds: list[str] = []

    async def picky(tx: Any) -> int:
        kinds.append(type(tx).__name__)
        balance = await _charge(tx, account_id, 3)
        need_session(tx)
        return balance

    async def plain(tx: Any) -> int:
        return await _charge(tx, account_id, 1)

    first = asyncio.ensure_future(db.group_commit.run(plain))
    await asyncio.sleep(0)
    results = await asyncio.gather(first, *(db.group_commit.run(w) for w in (plain, picky, plain)))
    assert len(results) == 4
    assert "AsyncSession" in kinds  # it ran again in a session
    assert await _state(db, account_id) == (4, sorted([-1, -1, -1, -3]))


async def test_a_batch_runs_in_its_works_order(db: Database) -> None:
    account_id = await _account(db)
    ran: list[str] = []

    def named(name: str) -> Any:
        async def work(tx: PointTx) -> str:
            ran.append(name)
            await _charge(tx, account_id, 0)
            return name

        return work

    first = asyncio.ensure_future(db.group_commit.run(named("first"), order=("m",)))
    await asyncio.sleep(0)
    keys = ["d", "b", "e", "a", "c"]
    answers = await asyncio.gather(
        first, *(db.group_commit.run(named(k), order=(k,)) for k in keys)
    )
    assert answers == ["first", *keys]  # each caller its own answer
    # PostgreSQL: the queued batch sorted by its order; SQLite: one at a time, as they came.
    assert ran == ["first", *(keys if db.sqlite_file else sorted(keys))]


async def _playable_job(db: Database) -> tuple[str, str]:
    account_id = await _account(db)
    job_id = uuid.uuid4().hex
    async with db.session() as session:
        session.add(completed_job(job_id, account_id, "Ada", {"0": 0, "1": 4000, "2": 8000}))
    return account_id, job_id


EVENTS = [
    ("page_view", None),
    ("video_started", None),
    ("scene_entered", 1),
    ("video_25", None),
    ("scene_entered", 2),
    ("video_50", None),
    ("video_completed", None),
    ("page_view", None),
]  # fmt: skip  (the last one a repeat: not counted)


async def _sessions(db: Database, job_id: str) -> list[tuple[Any, ...]]:
    columns = (ViewSession.session_id, ViewSession.events_counted, ViewSession.started,
               ViewSession.completed, ViewSession.furthest_percent, ViewSession.scenes_entered,
               ViewSession.viewed_notified)  # fmt: skip
    async with db.session() as session:
        rows = await session.execute(
            select(*columns).where(ViewSession.job_id == job_id).order_by(ViewSession.session_id)
        )
        events = await session.execute(select(ViewEvent.id).where(ViewEvent.job_id == job_id))
        return [*map(tuple, rows), ("events", len(events.all()))]


@pytest.mark.parametrize("together", [False, True])
async def test_beacons_counted_together_leave_the_rows_of_beacons_counted_alone(
    db: Database, together: bool
) -> None:
    _, job_id = await _playable_job(db)

    def beacon(event: str, scene: int | None, sid: str) -> Beacon:
        meta: dict[str, Any] = {"sessionId": sid} | ({"sceneIndex": scene} if scene else {})
        return Beacon(event, sid, scene, None, 0, meta)

    async def send(event: str, scene: int | None, sid: str) -> str:
        return await service.track(
            db, job_id, beacon(event, scene, sid), signed_sid=sid, client=None, max_events=6
        )

    outcomes: list[str] = []
    for event, scene in EVENTS:  # each session walks the events in order
        sends = [send(event, scene, f"s{n}") for n in range(5)]
        if together:
            outcomes += await asyncio.gather(*sends)
        else:
            outcomes += [await s for s in sends]
    # Six counted per session (the cap), the seventh capped, the repeated page view a duplicate.
    assert outcomes.count("counted") == 30 and outcomes.count("capped") == 5
    assert outcomes.count("duplicate") == 5
    expected = [(f"s{n}", 6, True, False, 66, 0b110, True) for n in range(5)]
    assert await _sessions(db, job_id) == [*expected, ("events", 30)]
    if together and not db.sqlite_file:
        assert db.group_commit.batches < db.group_commit.works  # some did share a COMMIT
