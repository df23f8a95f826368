"""Per-account backoff after failed sign-ins, kept in Redis under the deployment prefix.

The per-IP rate limit on /api/auth/login slows one client; this slows everyone guessing ONE
account's password from many addresses. After `login_max_failures` failures within
`login_failure_window_s`, the email is locked for `login_lockout_base_s`, doubling with every
further failure up to `login_lockout_max_s`; while locked, sign-in answers 429 with
Retry-After without checking the password. A successful sign-in clears the count. Keys are a
hash of the normalised email, so Redis holds no addresses.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from redis.asyncio import Redis

from app.config import Settings

# KEYS = failure counter, lock; ARGV = window s, free failures, base lock s, max lock s.
# Returns {failures, lock_s}: lock_s > 0 when this failure locked the account.
RECORD_LUA = """
local failures = redis.call('INCR', KEYS[1])
local window = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local lock = 0
if failures >= free then
  lock = math.min(tonumber(ARGV[3]) * 2 ^ (failures - free), tonumber(ARGV[4]))
  redis.call('SET', KEYS[2], failures, 'EX', math.ceil(lock))
end
redis.call('EXPIRE', KEYS[1], math.ceil(window + lock))
return {failures, math.ceil(lock)}
"""


@dataclass(frozen=True)
class Failure:
    failures: int
    lock_s: int


def _keys(settings: Settings, email: str) -> tuple[str, str]:
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]
    base = f"{settings.redis_prefix}:login"
    return f"{base}:failures:{digest}", f"{base}:lock:{digest}"


async def locked_for(redis: Redis, settings: Settings, email: str) -> int:
    """Seconds until the account may try again (0: not locked)."""
    ttl = await redis.ttl(_keys(settings, email)[1])
    return max(int(ttl), 0)


async def record_failure(redis: Redis, settings: Settings, email: str) -> Failure:
    failures_key, lock_key = _keys(settings, email)
    script = redis.register_script(RECORD_LUA)
    failures, lock_s = await script(
        keys=[failures_key, lock_key],
        args=[
            settings.login_failure_window_s,
            settings.login_max_failures,
            settings.login_lockout_base_s,
            settings.login_lockout_max_s,
        ],
    )
    return Failure(int(failures), int(lock_s))


async def clear(redis: Redis, settings: Settings, email: str) -> None:
    await redis.delete(*_keys(settings, email))
