"""Renders someone is waiting for go first, inside one worker process.

An opened on-view video (app/renders/preempt.py makes a slot free for it) would still share the
cores with the other renders of its worker process. While such an interactive render runs, the
process's other captures pause between two frames (`wait_turn`, called by the capture loop per
frame: free when nothing interactive runs), so the opened video gets the cores. A capture
pauses at most MAX_PAUSE_S in all, then goes on sharing: a stream of opens slows bulk renders
but never holds one past its job timeout. Voices, mixing and muxing are not paused (they are
short beside the capture).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# The most a capture waits for interactive renders, in all (s).
MAX_PAUSE_S = 120.0

_interactive: ContextVar[bool] = ContextVar("reelsmith_interactive_render", default=False)
_state = {"running": 0}
# How often a paused capture looks again (s): a poll, not an event, so no event loop is bound.
POLL_S = 0.05


@contextmanager
def render_turn(interactive: bool) -> Iterator[None]:
    """The render in this block (and every task it starts) is interactive or not."""
    token = _interactive.set(interactive)
    if interactive:
        _state["running"] += 1
    try:
        yield
    finally:
        if interactive:
            _state["running"] -= 1
        _interactive.reset(token)


def interactive_running() -> int:
    return _state["running"]


def is_interactive() -> bool:
    """Whether the render calling this is one someone is waiting for (an opened video)."""
    return _interactive.get()


class Turns:
    """One capture's waits for interactive renders (its pause budget)."""

    def __init__(self, budget_s: float = MAX_PAUSE_S) -> None:
        self.left_s = budget_s
        self.paused_s = 0.0

    async def wait_turn(self) -> None:
        """Return at once unless an interactive render runs and this capture is not one."""
        if _state["running"] == 0 or _interactive.get() or self.left_s <= 0:
            return
        started = time.monotonic()
        while _state["running"] and time.monotonic() - started < self.left_s:
            await asyncio.sleep(POLL_S)
        waited = time.monotonic() - started
        self.paused_s += waited
        self.left_s -= waited
