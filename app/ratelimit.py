"""Per-key (or per-IP) rate limits, SPEC part 8, shared across API processes through Redis.

Who is counted: a live API key; a request without one, or with an unknown or revoked key, counts
against the client IP. Unmatched /api paths (404, 405) count under the default row.

Algorithm: GCRA (the generic cell rate algorithm, a token bucket kept as one timestamp), run
atomically in a Redis Lua script with Redis' own clock. A rule `(limit, burst)` lets `burst`
requests through at once and then `limit` per minute on average: one request every
60/limit seconds refills one slot.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from dataclasses import dataclass

from quart import Quart, Response, g, request
from redis.asyncio import Redis
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from app.auth import live_key, presented_key
from app.errors import ApiError
from app.state import get_redis, get_settings

log = logging.getLogger(__name__)
_last_warning = 0.0


@dataclass(frozen=True)
class Rule:
    limit: int  # requests per minute, sustained
    burst: int  # requests allowed back to back
    per_ip: bool = False  # count per client IP even when a key is sent
    bucket: str | None = None  # share a counter between routes (None: one per row)


DEFAULT_RULE = Rule(60, 15, bucket="default")

# (method, route rule) -> Rule. Where SPEC's general table and its per-endpoint rows differ,
# the stricter figure applies; rows without a burst in SPEC get a third of their limit,
# rounded to the nearest request (30 -> 10, 10 -> 3, 5 -> 2), below the general row's 15.
RATE_LIMITS: dict[tuple[str, str], Rule] = {
    ("POST", "/api/render"): Rule(30, 10),
    ("POST", "/api/render/batch"): Rule(5, 2),
    ("GET", "/api/render/<job_id>"): Rule(120, 30),
    ("GET", "/api/keys"): Rule(30, 10, bucket="keys"),
    ("POST", "/api/keys"): Rule(30, 10, bucket="keys"),
    ("GET", "/api/templates"): Rule(30, 10, per_ip=True, bucket="templates-read"),
    ("GET", "/api/templates/<template_id>"): Rule(30, 10, per_ip=True, bucket="templates-read"),
    ("POST", "/api/templates"): Rule(10, 3, bucket="templates-create-delete"),
    ("DELETE", "/api/templates/<template_id>"): Rule(10, 3, bucket="templates-create-delete"),
    ("PATCH", "/api/templates/<template_id>"): Rule(30, 10, bucket="templates-update"),
    ("PUT", "/api/templates/<template_id>"): Rule(30, 10, bucket="templates-update"),
    ("POST", "/api/prompt-builder"): Rule(10, 3),
    ("POST", "/api/generate-script"): Rule(5, 2),
    ("POST", "/api/auth/login"): Rule(10, 5, per_ip=True),  # slows password guessing
}

# Not limited: health checks, docs, static files, media, preview pages and the player beacon
# (SPEC lets POST /api/track through without auth; it is counted under the default row).
UNLIMITED_PREFIXES = ("/static", "/media", "/healthz", "/openapi.json", "/docs", "/preview")

# KEYS[1] = counter; ARGV = emission interval (ms), burst. Returns
# {allowed, remaining, reset_ms (epoch), retry_after_ms}.
GCRA_LUA = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local new_tat = tat + interval
local allow_at = new_tat - burst * interval
if allow_at > now then
  return {0, 0, tat, allow_at - now}
end
redis.call('SET', KEYS[1], new_tat, 'PX', math.ceil(new_tat - now) + 1000)
return {1, math.floor((now - allow_at) / interval), new_tat, 0}
"""


@dataclass(frozen=True)
class Decision:
    allowed: bool
    limit: int
    remaining: int
    reset_epoch_s: int
    retry_after_s: int

    def headers(self) -> dict[str, str]:
        out = {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.remaining),
            "X-RateLimit-Reset": str(self.reset_epoch_s),
        }
        if not self.allowed:
            out["Retry-After"] = str(self.retry_after_s)
        return out


def rule_for(method: str, rule: str) -> Rule:
    return RATE_LIMITS.get((method, rule), DEFAULT_RULE)


async def hit(redis: Redis, key: str, rule: Rule) -> Decision:
    """Count one request against `key` under `rule`, atomically."""
    interval_ms = 60_000 / rule.limit
    script = redis.register_script(GCRA_LUA)  # EVALSHA, loading the script when missing
    allowed, remaining, reset_ms, retry_ms = await script(
        keys=[key], args=[interval_ms, rule.burst]
    )
    return Decision(
        allowed=bool(allowed),
        limit=rule.limit,
        remaining=int(remaining),
        reset_epoch_s=math.ceil(float(reset_ms) / 1000),
        retry_after_s=max(1, math.ceil(float(retry_ms) / 1000)),
    )


def client_ip() -> str:
    """The peer address; behind proxies REELSMITH_PROXY_TRUSTED_HOPS makes it the client's."""
    return request.remote_addr or "unknown"


async def identity(rule: Rule) -> str:
    """Who is counted: a live key (hashed) or, without one, the client IP.

    An unknown or revoked key counts against the IP, so cycling made-up keys cannot dodge the
    per-IP limit by getting a fresh bucket with every request.
    """
    raw = None if rule.per_ip else presented_key()
    if raw:
        try:
            known = await live_key(raw) is not None
        except SQLAlchemyError:
            known = False  # authentication will report the database error itself
        if known:
            return "key:" + hashlib.sha256(raw.encode()).hexdigest()[:32]
    return "ip:" + client_ip()


def _limited_rule() -> tuple[str, Rule] | None:
    if request.method == "OPTIONS":
        return None
    if request.url_rule is None:
        # No route matched (the answer is 404 or 405): still an /api request, so it is counted
        # under the default row and carries the headers like every other /api answer.
        is_api = request.path == "/api" or request.path.startswith("/api/")
        return (DEFAULT_RULE.bucket or "default", DEFAULT_RULE) if is_api else None
    path = request.url_rule.rule
    if not path.startswith("/api/") or path.startswith(UNLIMITED_PREFIXES):
        return None
    method = "GET" if request.method == "HEAD" else request.method
    rule = rule_for(method, path)
    return rule.bucket or f"{method}:{path}", rule


def _warn_unlimited(exc: Exception) -> None:
    global _last_warning
    if time.monotonic() - _last_warning > 60:
        _last_warning = time.monotonic()
        log.warning("rate limits not applied: Redis unavailable (%s)", type(exc).__name__)


def install_rate_limits(app: Quart) -> None:
    """Count every /api request (matched or not) before it runs; put the headers on its answer."""

    @app.before_request
    async def _count() -> None:
        settings = get_settings()
        if not settings.rate_limit_enabled:
            return
        found = _limited_rule()
        if found is None:
            return
        bucket, rule = found
        key = f"{settings.redis_prefix}:ratelimit:{bucket}:{await identity(rule)}"
        try:
            decision = await hit(get_redis(), key, rule)
        except (RedisError, OSError) as exc:
            _warn_unlimited(exc)  # fail open: an outage of Redis must not take reads down
            return
        g.rate_limit = decision
        if not decision.allowed:
            raise ApiError(
                429,
                f"Rate limit exceeded: {rule.limit} requests per minute (burst {rule.burst}) "
                f"here; retry in {decision.retry_after_s} s",
                headers=decision.headers(),
            )

    @app.after_request
    async def _headers(resp: Response) -> Response:
        decision: Decision | None = g.get("rate_limit")
        if decision is not None:
            for name, value in decision.headers().items():
                resp.headers.setdefault(name, value)
        return resp
