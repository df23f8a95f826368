"""The event loop an API process runs on: uvloop's (libuv, with its sockets, transports and
callbacks in C) unless REELSMITH_EVENT_LOOP=asyncio, or on a platform without uvloop.
Measured per answer: docs/operate/benchmarks.md, "Load"."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, Literal, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")


def run(main: Coroutine[Any, Any, T], loop: Literal["uvloop", "asyncio"] = "uvloop") -> T:
    """Run `main` to its end on a new event loop of the kind asked for."""
    if loop == "uvloop":
        try:
            import uvloop  # noqa: PLC0415 (optional: not built for every platform)
        except ImportError:  # not built for this platform (Windows): the standard loop
            log.warning("uvloop is not installed: serving on asyncio's event loop")
        else:
            return uvloop.run(main)
    return asyncio.run(main)
