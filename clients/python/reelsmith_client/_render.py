"""A render as the library hands it out: what create answered, then the job as last read;
`wait()` polls with backoff until it is complete or failed."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from reelsmith_client import errors
from reelsmith_client._generated.models import JobStatusResponse, RenderCreated

if TYPE_CHECKING:
    from reelsmith_client._client import AsyncClient, Client

FINISHED = ("complete", "failed")
FIRST_POLL, MAX_POLL = 0.5, 5.0


def _value(x: Any) -> Any:
    return getattr(x, "value", x)


class _RenderBase:
    def __init__(
        self, created: RenderCreated | None, job: JobStatusResponse | None, replayed: bool
    ) -> None:
        self.created = created
        self.job = job
        self.replayed = replayed  # True when an Idempotency-Key replayed an earlier create

    @property
    def id(self) -> str:
        return self.job.id if self.job else self.created.job_id  # type: ignore[union-attr]

    @property
    def status(self) -> str:
        return str(_value(self.job.status if self.job else self.created.status))  # type: ignore[union-attr]

    @property
    def progress(self) -> int:
        return self.job.progress if self.job else 0

    @property
    def output_url(self) -> str | None:
        return self.job.output_url if self.job else None

    @property
    def error(self) -> str | None:
        return self.job.error if self.job else None

    @property
    def credits_remaining(self) -> int | None:
        return self.created.credits_remaining if self.created else None

    def _settled(self) -> bool:
        if self.status == "failed":
            raise errors.RenderFailed(self)
        return self.status == "complete"

    def __repr__(self) -> str:
        return f"<Render {self.id} {self.status} {self.progress}%>"


def _changed(before: tuple[str, int], render: _RenderBase) -> bool:
    return before != (render.status, render.progress)


class Render(_RenderBase):
    def __init__(self, client: Client, created=None, job=None, replayed=False) -> None:
        super().__init__(created, job, replayed)
        self._client = client

    def refresh(self) -> Render:
        self.job = self._client.renders.get(self.id).job
        return self

    def wait(
        self,
        timeout: float = 600.0,
        on_progress: Callable[[Render], Any] | None = None,
        poll_interval: float = FIRST_POLL,
    ) -> Render:
        """Poll until complete (returns self) or failed (raises RenderFailed); WaitTimeout
        after `timeout` seconds. `on_progress(render)` runs when status or progress moves."""
        deadline, delay = time.monotonic() + timeout, poll_interval
        seen = ("", -1)
        while True:
            self.refresh()
            if on_progress and _changed(seen, self):
                on_progress(self)
            seen = (self.status, self.progress)
            if self._settled():
                return self
            if time.monotonic() + delay > deadline:
                raise errors.WaitTimeout(self, timeout)
            time.sleep(delay)
            delay = min(delay * 1.5, MAX_POLL)


class AsyncRender(_RenderBase):
    def __init__(self, client: AsyncClient, created=None, job=None, replayed=False) -> None:
        super().__init__(created, job, replayed)
        self._client = client

    async def refresh(self) -> AsyncRender:
        self.job = (await self._client.renders.get(self.id)).job
        return self

    async def wait(
        self,
        timeout: float = 600.0,
        on_progress: Callable[[AsyncRender], Any] | None = None,
        poll_interval: float = FIRST_POLL,
    ) -> AsyncRender:
        """As Render.wait; `on_progress` may be a plain function or a coroutine function."""
        deadline, delay = time.monotonic() + timeout, poll_interval
        seen = ("", -1)
        while True:
            await self.refresh()
            if on_progress and _changed(seen, self):
                result = on_progress(self)
                if inspect.isawaitable(result):
                    await result
            seen = (self.status, self.progress)
            if self._settled():
                return self
            if time.monotonic() + delay > deadline:
                raise errors.WaitTimeout(self, timeout)
            await asyncio.sleep(delay)
            delay = min(delay * 1.5, MAX_POLL)
