"""API keys looked up once, then kept in the process for a short while, revocation seen within
a second by every API process.

Every authenticated request presents a key; looking it up (a hash, a join of the key and its
account) cost more than the rest of a status read. Each process keeps what it found, under
the *key generation*: a counter in Redis that every revocation increments (`bump`, after the
revocation's commit). A kept entry is used only while

- it was found under the generation the process last read,
- that reading is under `FRESH_S` (one second) old, and the readings were not interrupted
  (a gap longer than that empties the cache: what was found before it is not trusted), and
- it is younger than `MAX_AGE_S` (a bound for a revocation whose increment was lost).

The generation comes for free with the rate limit: app/ratelimit.py's script reads it in the
same round trip and hands it to `seen`. A request that was not counted there (rate limits
off) reads it with one GET at most once a second (`refresh`). Without Redis nothing is kept.
Only keys that were found live are kept (a made-up key is looked up every time and counted
against its IP by the rate limiter).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

FRESH_S = 1.0  # a generation read longer ago than this is not trusted
MAX_AGE_S = 60.0  # a kept key is looked up again after this
MAX_ENTRIES = 20_000  # past this the cache starts again (each entry is a few hundred bytes)


def generation_key(prefix: str) -> str:
    """The Redis counter of key revocations (`{prefix}:keys:generation`)."""
    return f"{prefix}:keys:generation"


@dataclass
class KeyCache:
    """The live keys one process found (raw key -> (account, key)), under one generation."""

    generation: int | None = None
    seen_at: float = -1e9  # time.monotonic() of the last reading of the generation
    entries: dict[str, tuple[Any, float]] = field(default_factory=dict)

    def trusted(self, now: float | None = None) -> bool:
        """Whether the last reading of the generation is recent enough to answer from."""
        now = time.monotonic() if now is None else now
        return self.generation is not None and now - self.seen_at < FRESH_S

    def seen(self, generation: int, now: float | None = None) -> bool:
        """Record a reading of the generation; True when what was kept is dropped (the
        generation moved, or the readings had a gap longer than FRESH_S)."""
        now = time.monotonic() if now is None else now
        dropped = generation != self.generation or now - self.seen_at >= FRESH_S
        if dropped:
            self.entries.clear()
        self.generation, self.seen_at = generation, now
        return dropped

    def get(self, raw: str, now: float | None = None) -> Any | None:
        """What was found for `raw`, when it may be used now; else None."""
        now = time.monotonic() if now is None else now
        if not self.trusted(now):
            return None
        kept = self.entries.get(raw)
        if kept is None:
            return None
        found, at = kept
        if now - at >= MAX_AGE_S:
            del self.entries[raw]
            return None
        return found

    def put(self, raw: str, found: Any, generation: int | None, now: float | None = None) -> None:
        """Keep a live key found under `generation` (the one read before the look-up began:
        a revocation committed meanwhile has moved it, so the entry is never used)."""
        if found is None or generation is None or generation != self.generation:
            return
        if len(self.entries) >= MAX_ENTRIES:
            self.entries.clear()
        self.entries[raw] = (found, time.monotonic() if now is None else now)

    async def refresh(self, redis: Redis, prefix: str) -> None:
        """Read the generation when the last reading is stale (one GET; nothing on failure)."""
        if self.trusted():
            return
        try:
            value = await redis.get(generation_key(prefix))
        except (RedisError, OSError):
            return
        self.seen(int(value or 0))


async def bump(redis: Redis, prefix: str) -> None:
    """Tell every process that a key was revoked (after the revocation committed): their kept
    keys are looked up again from their next request on, within FRESH_S at the latest."""
    for attempt in range(3):
        try:
            await redis.incr(generation_key(prefix))
            return
        except (RedisError, OSError) as exc:
            if attempt == 2:  # kept keys then expire after MAX_AGE_S
                log.error("key revocation not announced to the API processes: %s", exc)
