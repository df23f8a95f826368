"""arq's Worker riding out a Redis outage instead of ending the process.

arq's poll loop lets any Redis error out of `Worker.main`, so a Redis restart of one second
ended `reelsmith worker` (and, beside it, the deliveries worker stopped silently while the
render worker went on). `SteadyWorker` catches a Redis error of one poll round, logs it
once per outage, waits and polls again; jobs already running go on (their state is in the
database), and once Redis answers again (even empty) the sweep rebuilds the queue from the
database (worker/tasks.py) and the deliveries relays hand the due attempts to arq again.

A connection lost while arq WATCHes a key comes out of redis-py as a `WatchError`, not a
`ConnectionError` (arq catches it only around EXEC): a cron enqueued at the moment Redis went
away ended the deliveries worker's poll loop for good, silently, while the process lived on
(the rare "idle after a Redis restart" hang). Every `RedisError` of a poll round is therefore
an outage here, and any other error of a round is logged with its traceback and the loop goes
on: a poll loop never ends while its process lives.

A stop does not rest on one cancellation either. Python 3.11's `asyncio.wait_for` returns the
inner result and drops a cancellation that arrives as the inner call finishes, and redis-py
wraps every send in it once a socket time limit is set: a SIGTERM landing on a send was lost,
the poll loop went on and the process never stopped (a supervisor would kill it, cutting
attempts and renders). A stop therefore also raises a flag that every poll round checks."""

from __future__ import annotations

import asyncio
import io
import logging
import time
from typing import Any

from arq.worker import Worker
from redis.exceptions import RedisError

log = logging.getLogger("reelsmith.worker")

# Errors that mean "Redis is not answering now" (not a bug in a task): redis-py's own errors,
# whatever their class (a connection lost under WATCH is a WatchError), and the socket's.
REDIS_DOWN = (RedisError, ConnectionError, OSError)
RETRY_S = 1.0  # pause before polling again while Redis is down


class SteadyWorker(Worker):
    """A Worker whose poll rounds survive Redis being down or restarted."""

    down_since: float | None = None
    stopping: bool = False

    def handle_sig(self, signum: Any) -> None:
        self.stopping = True
        super().handle_sig(signum)

    async def _wait_for_tasks_to_complete(self, signum: Any) -> None:
        # arq's graceful stop (SIGTERM with job_completion_wait) ends in main_task.cancel()
        try:
            await super()._wait_for_tasks_to_complete(signum)
        finally:
            self.stopping = True

    async def _poll_iteration(self) -> None:
        if self.stopping:  # a cancellation of the poll loop was lost on the way
            raise asyncio.CancelledError
        try:
            await super()._poll_iteration()
        except REDIS_DOWN as exc:
            if self.down_since is None:
                self.down_since = time.monotonic()
                log.warning(
                    "Redis unreachable on queue %s (%s: %s); polling again every %.0f s",
                    self.queue_name,
                    exc.__class__.__name__,
                    exc,
                    RETRY_S,
                )
            await asyncio.sleep(RETRY_S)
            return
        except Exception:
            log.exception("poll round on queue %s failed; polling again", self.queue_name)
            await asyncio.sleep(RETRY_S)
            return
        if self.down_since is not None:
            log.warning(
                "Redis answers again on queue %s after %.1f s",
                self.queue_name,
                time.monotonic() - self.down_since,
            )
            self.down_since = None

    async def start_jobs(self, job_ids: list[bytes]) -> None:
        """arq's start_jobs, one id at a time, giving back the slot it took when Redis fails
        between taking it and starting the job (else the slot is lost for good: a worker of
        one slot would never take a job again)."""
        for job_id in job_ids:
            counted = self.job_counter
            # A job the sweep queued again has the same id as its finished task, which may
            # still be listed: the slot was taken by this call only if no new task appeared.
            before = self.tasks.get(job_id.decode())
            try:
                await super().start_jobs([job_id])
            except REDIS_DOWN:
                if self.job_counter > counted and self.tasks.get(job_id.decode()) is before:
                    self.job_counter -= 1
                    self.sem.release()
                raise
            if self.job_counter >= self.max_jobs and self.tasks.get(job_id.decode()) is before:
                return  # full: arq's own loop stops here too


def dump_state(workers: list[Worker]) -> None:
    """Log every arq worker's slots and every asyncio task's stack (SIGUSR2 on `reelsmith
    worker`): what an operator needs when a worker sits idle with work waiting."""
    for worker in workers:
        log.warning(
            "state of queue %s: %d of %d slots taken, %d tasks listed (%s)",
            worker.queue_name,
            worker.job_counter,
            worker.max_jobs,
            len(worker.tasks),
            ", ".join(f"{k}{'' if t.done() else ' running'}" for k, t in worker.tasks.items()),
        )
    for task in asyncio.all_tasks():
        out = io.StringIO()
        task.print_stack(limit=12, file=out)
        log.warning("task %s:\n%s", task.get_name(), out.getvalue())
