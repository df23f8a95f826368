"""Group commit: small write transactions of one process that arrive together, committed as one.

Every counted beacon is a short write transaction (app/viewers/beacons.py: two or three point
writes), and on PostgreSQL its COMMIT waits for the server's WAL flush: measured at 500
beacons a second, the waiting backends sat on `COMMIT` in `IO:WALSync`, and BEGIN and COMMIT
are two of a beacon's four round trips. `GroupCommit.run(work, order)` queues `work` (an
`async (tx) -> result` over a point transaction, app/pointtx.py); one flusher per process
runs every queued work in one point transaction, in `order` (a key: transactions of several
processes take their row locks in one order, so two batches never deadlock on each other),
commits once and hands each caller its own result. Works that arrive while a batch commits
form the next batch: nothing waits for a timer, and a lone beacon is committed at once, as
before. On a SQLite file a batch is one work (`in_turn`): the process's beacons take turns,
first come first served, each in its own transaction, as they did before (batches measured no
better there: SQLite's COMMIT is a local fsync on a thread, and a longer transaction holds the
file's one write lock longer).

Each caller's answer comes after the COMMIT that holds its writes (nothing is acknowledged
before it is durable, as before). When a batch of several fails (a statement's error aborts
the whole transaction; a work that needs a session), it is rolled back and every work runs
again alone in its own transaction (`Database.points_or_session`), so one bad write fails
only its own caller. A lone work's error is its caller's.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

log = logging.getLogger(__name__)

MAX_BATCH = 64  # works in one transaction (bounded: a batch's locks are held until its COMMIT)


class _Points(Protocol):
    def points(self) -> Any: ...

    async def points_or_session(self, work: Any) -> Any: ...


Work = Callable[[Any], Awaitable[Any]]


@dataclass
class _Queued:
    work: Work
    order: tuple[str, ...]
    done: asyncio.Future[Any]


@dataclass
class GroupCommit:
    """One per database (`Database.group_commit`); `in_turn`: one work a transaction (SQLite)."""

    db: _Points
    in_turn: bool = False
    _queue: list[_Queued] = field(default_factory=list)
    _flusher: asyncio.Task[None] | None = None
    batches: int = 0  # committed batches (for tests and the bench)
    works: int = 0  # works committed in them

    async def run(self, work: Work, order: tuple[str, ...] = ()) -> Any:
        """`await work(tx)` in a point transaction shared with the works queued beside it; its
        result once that transaction has committed (or its error)."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.append(_Queued(work, order, done))
        loop = done.get_loop()
        if self._flusher is None or self._flusher.done() or self._flusher.get_loop() is not loop:
            self._flusher = loop.create_task(self._flush())
        # Its error is retrieved even when the caller has gone (no "never retrieved" noise).
        done.add_done_callback(lambda f: f.cancelled() or f.exception())
        # The caller going away does not take its write back: it is in a batch already.
        return await asyncio.shield(done)

    async def _flush(self) -> None:
        while self._queue:
            size = 1 if self.in_turn else MAX_BATCH
            batch, self._queue = self._queue[:size], self._queue[size:]
            try:
                await self._commit(sorted(batch, key=lambda q: q.order))
            except BaseException as exc:  # the flusher cancelled (shutdown): nobody is left waiting
                for queued in [*batch, *self._queue]:
                    _settle(queued.done, error=exc)
                self._queue = []
                raise

    async def _commit(self, batch: list[_Queued]) -> None:
        if len(batch) == 1:
            await self._alone(batch[0])
            return
        results: list[Any] = []
        try:
            async with self.db.points() as tx:
                for queued in batch:
                    results.append(await queued.work(tx))
        except Exception as exc:  # rolled back: each again, alone, so only its own fails
            # The kind only: a driver's message carries the statement's parameters.
            log.info(
                "a batch of %d writes failed (%s); each runs alone", len(batch), type(exc).__name__
            )
            for queued in batch:
                await self._alone(queued)
            return
        self.batches += 1
        self.works += len(batch)
        for queued, result in zip(batch, results, strict=True):
            _settle(queued.done, result=result)

    async def _alone(self, queued: _Queued) -> None:
        try:
            result = await self.db.points_or_session(queued.work)
        except Exception as exc:
            _settle(queued.done, error=exc)
            return
        self.batches += 1
        self.works += 1
        _settle(queued.done, result=result)


def _settle(
    done: asyncio.Future[Any], *, result: Any = None, error: BaseException | None = None
) -> None:
    if done.done():
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(result)
