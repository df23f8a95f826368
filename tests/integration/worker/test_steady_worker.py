"""SteadyWorker's poll loop against a real Redis that goes away: no Redis error of any class
ends it, no slot is lost, and a loop that ends anyway stops its process loudly.

The cause of the rare "worker idle after a Redis restart" hang: a connection lost while arq
WATCHes a key comes out of redis-py as a WatchError (not a ConnectionError); raised in a
cron's enqueue, it ended the deliveries worker's poll loop for good while the process lived."""

from __future__ import annotations

import asyncio
import logging
import random
import signal
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from arq import cron, func
from arq.connections import ArqRedis, RedisSettings, create_pool
from redis.asyncio.client import Pipeline
from redis.exceptions import WatchError

from tests.support.faults import PrivateRedis, private_redis
from worker.deliveries.runner import stop_if_ended
from worker.steady import SteadyWorker

LOST_UNDER_WATCH = "A ConnectionError occurred on while watching one or more keys"
QUEUE = "steady-test"


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[PrivateRedis]:
    with private_redis(tmp_path / "redis") as server:
        yield server


@pytest_asyncio.fixture
async def pool(redis_server: PrivateRedis) -> AsyncIterator[ArqRedis]:
    pool = await create_pool(RedisSettings.from_dsn(redis_server.url))
    yield pool
    await pool.aclose()


def make_worker(redis_server: PrivateRedis, done: list[Any], **options: Any) -> SteadyWorker:
    async def job(ctx: dict[str, Any], n: int) -> int:
        done.append(n)
        return n

    async def tick(ctx: dict[str, Any]) -> None:
        done.append("tick")

    return SteadyWorker(
        functions=[func(job, name="job")],
        cron_jobs=[cron(tick, name="tick", second=set(range(60)), keep_result=0)],
        queue_name=QUEUE,
        redis_settings=RedisSettings.from_dsn(redis_server.url),
        poll_delay=0.05,
        handle_signals=False,
        keep_result=0,
        **options,
    )


async def until(check: Any, timeout: float, what: str) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"not within {timeout} s: {what}")


async def stopped(worker: SteadyWorker, task: asyncio.Task[None]) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    try:
        await worker.close()
    except asyncio.CancelledError:
        # arq's close() gathers the job tasks: one the stop cancelled mid-run (a cron tick)
        # raises its CancelledError here; only a cancellation of this test itself goes on
        current = asyncio.current_task()
        if current is not None and current.cancelling():
            raise


async def test_a_watch_error_in_a_cron_enqueue_does_not_end_the_poll_loop(
    redis_server: PrivateRedis, pool: ArqRedis, caplog: pytest.LogCaptureFixture
) -> None:
    done: list[Any] = []
    worker_pool = await create_pool(RedisSettings.from_dsn(redis_server.url))
    real_enqueue = worker_pool.enqueue_job
    failures = [WatchError(LOST_UNDER_WATCH)]

    async def enqueue_losing_the_connection_once(*args: Any, **kwargs: Any) -> Any:
        if failures:
            raise failures.pop()
        return await real_enqueue(*args, **kwargs)

    worker_pool.enqueue_job = enqueue_losing_the_connection_once  # type: ignore[method-assign]
    worker = make_worker(redis_server, done, redis_pool=worker_pool)
    caplog.set_level(logging.WARNING, "reelsmith.worker")
    task = asyncio.create_task(worker.main())
    try:
        await until(lambda: not failures, 5, "the cron's enqueue tried (and failed)")
        await until(lambda: "tick" in done, 5, "a later cron run")
        await pool.enqueue_job("job", 1, _queue_name=QUEUE)
        await until(lambda: 1 in done, 5, "a job enqueued after the error")
        assert not task.done(), task
        assert "Redis unreachable on queue steady-test (WatchError" in caplog.text
    finally:
        await stopped(worker, task)


async def test_a_stop_whose_cancellation_is_lost_still_ends_the_poll_loop(
    redis_server: PrivateRedis,
) -> None:
    """Python 3.11's wait_for (in every redis-py send once a socket time limit is set) drops a
    cancellation that lands as its inner call finishes: the stop must not rest on it (the
    worker process of CI's run went on polling after SIGTERM)."""
    lost: list[bool] = []

    class LosingOneCancellation(SteadyWorker):
        async def heart_beat(self) -> None:
            try:
                await asyncio.sleep(0.2)
            except asyncio.CancelledError:
                if lost:
                    raise
                lost.append(True)  # as wait_for does when the send had just finished
            await super().heart_beat()

    worker = make_worker(redis_server, [])
    worker.__class__ = LosingOneCancellation
    task = asyncio.create_task(worker.main())
    worker.main_task = task
    try:
        await asyncio.sleep(0.5)  # polling, inside heart_beat most of the time
        worker.handle_sig(signal.SIGTERM)
        done, _ = await asyncio.wait({task}, timeout=5)
        assert lost, "the cancellation landed outside heart_beat: the test proved nothing"
        assert done, "the poll loop went on after its stop"
        assert task.cancelled()
    finally:
        task.cancel()  # only one is lost
        await asyncio.gather(task, return_exceptions=True)
        await worker.close()


async def test_a_watch_error_while_starting_a_job_gives_its_slot_back(
    redis_server: PrivateRedis, pool: ArqRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    done: list[Any] = []
    real_watch = Pipeline.watch
    failures = [WatchError(LOST_UNDER_WATCH)]

    async def watch_losing_the_connection_once(self: Pipeline, *names: Any) -> Any:
        if failures and any(b"in-progress" in str(n).encode() for n in names):
            raise failures.pop()
        return await real_watch(self, *names)

    monkeypatch.setattr(Pipeline, "watch", watch_losing_the_connection_once)
    worker = make_worker(redis_server, done, max_jobs=1)
    await pool.enqueue_job("job", 1, _queue_name=QUEUE)
    task = asyncio.create_task(worker.main())
    try:
        await until(lambda: 1 in done, 5, "the job whose start failed once")
        assert not failures
        await pool.enqueue_job("job", 2, _queue_name=QUEUE)
        await until(lambda: 2 in done, 5, "the next job (the one slot was given back)")
        await until(lambda: worker.job_counter == 0, 5, "no slot held")
        assert not task.done(), task
    finally:
        await stopped(worker, task)


@pytest.mark.slow
@pytest.mark.timeout(180)
async def test_the_poll_loop_survives_many_real_redis_restarts(
    redis_server: PrivateRedis,
) -> None:
    """Kill and restart Redis at random moments while crons enqueue and jobs run (before the
    fix, the loop ended within about twenty restarts in one run of three)."""
    done: list[Any] = []
    worker = make_worker(redis_server, done, max_jobs=4)
    task = asyncio.create_task(worker.main())
    rng = random.Random(27)
    try:
        for _ in range(30):
            await asyncio.sleep(rng.uniform(0.1, 0.8))
            await asyncio.to_thread(redis_server.restart_empty, rng.uniform(0.0, 0.6))
            assert not task.done(), task.exception() if not task.cancelled() else task
        pool = await create_pool(RedisSettings.from_dsn(redis_server.url))
        try:
            await pool.enqueue_job("job", 99, _queue_name=QUEUE)
            await until(lambda: 99 in done, 10, "a job enqueued after the last restart")
        finally:
            await pool.aclose()
        await until(lambda: worker.job_counter == 0, 10, "every slot given back")
    finally:
        await stopped(worker, task)


async def test_a_deliveries_loop_that_ends_stops_the_process_loudly(
    redis_server: PrivateRedis, caplog: pytest.LogCaptureFixture
) -> None:
    render_worker = make_worker(redis_server, [])
    render_worker.main_task = asyncio.create_task(asyncio.sleep(60))

    async def broken_loop() -> None:
        raise RuntimeError("a bug in a poll round")

    deliveries = asyncio.create_task(broken_loop())
    await asyncio.gather(deliveries, return_exceptions=True)
    caplog.set_level(logging.CRITICAL, "reelsmith.webhooks")
    stop_if_ended(deliveries, render_worker, "the deliveries worker")
    await asyncio.gather(render_worker.main_task, return_exceptions=True)
    assert render_worker.main_task.cancelled()
    assert "the deliveries worker stopped (RuntimeError('a bug in a poll round'))" in caplog.text
    # A cancelled loop (the process is stopping anyway) is not reported.
    caplog.clear()
    render_worker.main_task = asyncio.create_task(asyncio.sleep(60))
    quiet = asyncio.create_task(asyncio.sleep(60))
    quiet.cancel()
    await asyncio.gather(quiet, return_exceptions=True)
    stop_if_ended(quiet, render_worker, "the deliveries worker")
    assert "stopped" not in caplog.text
    assert not render_worker.main_task.done()
    render_worker.main_task.cancel()
