"""arq's Worker riding out a Redis outage instead of ending the process.

arq's poll loop lets any Redis error out of `Worker.main`, so a Redis restart of one second
ended `reelsmith worker` (and, beside it, the deliveries worker stopped silently while the
render worker went on). `SteadyWorker` catches a connection error of one poll round, logs it
once per outage, waits and polls again; jobs already running go on (their state is in the
database), and once Redis answers again (even empty) the sweep rebuilds the queue from the
database (worker/tasks.py) and the deliveries relays hand the due attempts to arq again."""

from __future__ import annotations

import asyncio
import logging
import time

from arq.worker import Worker
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger("reelsmith.worker")

# Errors that mean "Redis is not answering now" (not a bug in a task).
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError, ConnectionError, OSError)
RETRY_S = 1.0  # pause before polling again while Redis is down


class SteadyWorker(Worker):
    """A Worker whose poll rounds survive Redis being down or restarted."""

    down_since: float | None = None

    async def _poll_iteration(self) -> None:
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
