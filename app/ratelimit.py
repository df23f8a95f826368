"""Rate limits for every route but /healthz and /static, shared across API processes through
Redis: SPEC part 8 for /api (RATE_LIMITS), and per client IP for the public routes that need no
key (PUBLIC_RATE_LIMITS: previews, embeds, media, player pages, the tracking beacon).

Who is counted on /api: a live API key AND its account (so N keys of one account share one
account budget; N keys do not give N times the limit); a request without one, or with an
unknown or revoked key, counts against the client IP. Unmatched /api paths (404, 405) count
under the default row. Public routes always count the client IP (no database look-up).

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
from typing import Any

from quart import Quart, Response, g, request
from redis.asyncio import Redis
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from app.auth import generation_seen, live_key, presented_key
from app.errors import ApiError
from app.keycache import generation_key
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

# Routes without a key, always per client IP: (method, route rule) -> Rule. A rule ending in
# "/*" covers every route under that prefix (player pages added later need no new code, only a
# row when their figure differs). Matched routes outside /api with no row count under
# PUBLIC_DEFAULT_RULE, so a new public route is never unlimited by omission.
# Figures: a page view loads the page and its composition once; a video player issues many
# Range requests per view (seeking, buffering), so media is generous; drafts and ad-hoc
# renders compose a whole template per request, so they are the tightest.
# Routes sharing a bucket share one counter, so they must share one rule.
PUBLIC_DEFAULT_RULE = Rule(60, 15, per_ip=True, bucket="public-default")
PUBLIC_RATE_LIMITS: dict[tuple[str, str], Rule] = {
    ("GET", "/preview/templates/<template_id>"): Rule(60, 20, per_ip=True, bucket="pages"),
    ("GET", "/embed/templates/<template_id>"): Rule(60, 20, per_ip=True, bucket="pages"),
    ("GET", "/preview/templates/<template_id>/composition"): Rule(
        60, 20, per_ip=True, bucket="preview-composition"
    ),
    ("POST", "/preview/templates"): Rule(20, 5, per_ip=True, bucket="preview-draft"),
    ("POST", "/preview/templates/form"): Rule(20, 5, per_ip=True, bucket="preview-draft"),
    ("POST", "/preview/render"): Rule(30, 10, per_ip=True, bucket="preview-render"),
    ("GET", "/media/<path:key>"): Rule(600, 120, per_ip=True, bucket="media"),
    ("GET", "/media/videos/<uuid:job_id>"): Rule(600, 120, per_ip=True, bucket="media"),
    ("POST", "/api/track"): Rule(300, 60, per_ip=True, bucket="track"),
    ("POST", "/api/track/session"): Rule(60, 20, per_ip=True, bucket="pages"),
    ("GET", "/v/*"): Rule(60, 20, per_ip=True, bucket="pages"),
    # The live player of a video still being made asks for its state every few seconds.
    ("GET", "/v/<job_id>/status"): Rule(120, 30, per_ip=True, bucket="player-status"),
    ("GET", "/embed/v/*"): Rule(60, 20, per_ip=True, bucket="pages"),
    ("GET", "/c/*"): Rule(60, 20, per_ip=True, bucket="pages"),
    ("GET", "/t/*"): Rule(60, 20, per_ip=True, bucket="pages"),
    ("GET", "/u/*"): Rule(30, 10, per_ip=True, bucket="unsubscribe"),
    ("POST", "/u/*"): Rule(30, 10, per_ip=True, bucket="unsubscribe"),
    ("GET", "/openapi.json"): Rule(30, 10, per_ip=True, bucket="docs"),
    ("GET", "/docs"): Rule(30, 10, per_ip=True, bucket="docs"),
    # The guides' pages and their CSS, scripts and images (a page brings about a dozen).
    ("GET", "/docs/guide/*"): Rule(300, 60, per_ip=True, bucket="guide"),
    # Readiness reaches the database, Redis and the store, so unlike /healthz it is limited.
    ("GET", "/readyz"): Rule(120, 30, per_ip=True, bucket="probes"),
    ("GET", "/metrics"): Rule(120, 30, per_ip=True, bucket="probes"),
    # The dashboard (signed-in people clicking and polling progress once a second); its
    # password and sign-up forms are as tight as the API's sign-in.
    ("GET", "/app"): Rule(600, 120, per_ip=True, bucket="dashboard"),
    ("GET", "/app/*"): Rule(600, 120, per_ip=True, bucket="dashboard"),
    ("POST", "/app/*"): Rule(600, 120, per_ip=True, bucket="dashboard"),
    ("PUT", "/app/*"): Rule(600, 120, per_ip=True, bucket="dashboard"),
    ("PATCH", "/app/*"): Rule(600, 120, per_ip=True, bucket="dashboard"),
    ("DELETE", "/app/*"): Rule(600, 120, per_ip=True, bucket="dashboard"),
    ("POST", "/app/login"): Rule(10, 5, per_ip=True, bucket="dashboard-login"),
    ("POST", "/app/signup"): Rule(10, 5, per_ip=True, bucket="dashboard-login"),
}

# Never limited: the health check (load balancers poll it) and static files.
UNLIMITED_PREFIXES = ("/static/", "/healthz")

# KEYS = counters (the key's and its account's, or the IP's), then the key generation
# (app/keycache.py); ARGV = emission interval (ms), burst. A request passes only when every
# counter has room, and then counts against all of them. Returns {allowed, remaining,
# reset_ms (epoch), retry_after_ms, generation}, the tightest figures: one round trip.
GCRA_LUA = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local generation = tonumber(redis.call('GET', KEYS[#KEYS]) or 0)
local counters = {}
for i = 1, #KEYS - 1 do counters[i] = KEYS[i] end
local new_tats = {}
local retry, denied_reset = 0, 0
for i, key in ipairs(counters) do
  local tat = tonumber(redis.call('GET', key) or now)
  if tat < now then tat = now end
  local new_tat = tat + interval
  local allow_at = new_tat - burst * interval
  if allow_at > now then
    if allow_at - now > retry then retry = allow_at - now end
    if tat > denied_reset then denied_reset = tat end
  end
  new_tats[i] = new_tat
end
if retry > 0 then
  return {0, 0, denied_reset, retry, generation}
end
local remaining, reset = burst, 0
for i, key in ipairs(counters) do
  local new_tat = new_tats[i]
  redis.call('SET', key, new_tat, 'PX', math.ceil(new_tat - now) + 1000)
  local left = math.floor((now - (new_tat - burst * interval)) / interval)
  if left < remaining then remaining = left end
  if new_tat > reset then reset = new_tat end
end
return {1, remaining, reset, 0, generation}
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


def public_rule_for(method: str, rule: str) -> tuple[str, Rule]:
    """The row of a route outside /api (exact, else the longest "/*" prefix row, else the
    public default) and its bucket name."""
    found = PUBLIC_RATE_LIMITS.get((method, rule))
    if found is None:
        prefixes = [
            (pattern, row)
            for (m, pattern), row in PUBLIC_RATE_LIMITS.items()
            if m == method and pattern.endswith("/*") and rule.startswith(pattern[:-1])
        ]
        if prefixes:
            found = max(prefixes, key=lambda item: len(item[0]))[1]
    found = found or PUBLIC_DEFAULT_RULE
    return found.bucket or f"{method}:{rule}", found


_scripts: dict[int, tuple[Redis, Any]] = {}


def _script(redis: Redis) -> Any:
    """The GCRA script registered once per Redis client (its SHA-1 computed once)."""
    found = _scripts.get(id(redis))
    if found is None or found[0] is not redis:
        found = _scripts[id(redis)] = (redis, redis.register_script(GCRA_LUA))
    return found[1]


async def hit(
    redis: Redis, key: str | list[str], rule: Rule, prefix: str = ""
) -> tuple[Decision, int]:
    """Count one request against `key` (or all of several keys) under `rule`, atomically;
    with it, read the key generation of `prefix` (app/keycache.py)."""
    interval_ms = 60_000 / rule.limit
    script = _script(redis)  # EVALSHA, loading the script when missing
    keys = [key] if isinstance(key, str) else list(key)
    keys.append(generation_key(prefix))
    allowed, remaining, reset_ms, retry_ms, generation = await script(
        keys=keys, args=[interval_ms, rule.burst]
    )
    decision = Decision(
        allowed=bool(allowed),
        limit=rule.limit,
        remaining=int(remaining),
        reset_epoch_s=math.ceil(float(reset_ms) / 1000),
        retry_after_s=max(1, math.ceil(float(retry_ms) / 1000)),
    )
    return decision, int(generation)


def client_ip() -> str:
    """The peer address; behind proxies REELSMITH_PROXY_TRUSTED_HOPS makes it the client's."""
    return request.remote_addr or "unknown"


async def identities(rule: Rule) -> list[str]:
    """Who is counted: a live key (hashed) and its account, or, without one, the client IP.

    An unknown or revoked key counts against the IP, so cycling made-up keys cannot dodge the
    per-IP limit by getting a fresh bucket with every request; the account counter makes the
    limit one budget per account however many keys it holds.
    """
    raw = None if rule.per_ip else presented_key()
    if raw:
        try:
            found = await live_key(raw, refresh=False)  # the script reads the generation
        except SQLAlchemyError:
            found = None  # authentication will report the database error itself
        if found is not None:
            account, _ = found
            return ["key:" + hashlib.sha256(raw.encode()).hexdigest()[:32], "acct:" + account.id]
    return ["ip:" + client_ip()]


def _limited_rule() -> tuple[str, Rule] | None:
    if request.method == "OPTIONS":
        return None
    if request.url_rule is None:
        # No route matched (the answer is 404 or 405): counted under the default row (of /api
        # or of the public routes) and carrying the headers like every other answer.
        if request.path == "/api" or request.path.startswith("/api/"):
            return DEFAULT_RULE.bucket or "default", DEFAULT_RULE
        if request.path.startswith(UNLIMITED_PREFIXES):
            return None
        return PUBLIC_DEFAULT_RULE.bucket or "public-default", PUBLIC_DEFAULT_RULE
    path = request.url_rule.rule
    if path.startswith(UNLIMITED_PREFIXES):
        return None
    method = "GET" if request.method == "HEAD" else request.method
    if (method, path) in PUBLIC_RATE_LIMITS or not path.startswith("/api/"):
        return public_rule_for(method, path)
    rule = rule_for(method, path)
    return rule.bucket or f"{method}:{path}", rule


def _warn_unlimited(exc: Exception) -> None:
    global _last_warning
    if time.monotonic() - _last_warning > 60:
        _last_warning = time.monotonic()
        log.warning("rate limits not applied: Redis unavailable (%s)", type(exc).__name__)


def install_rate_limits(app: Quart) -> None:
    """Count every request (matched or not, /healthz and /static aside) before it runs; put the
    headers on its answer."""

    @app.before_request
    async def _count() -> None:
        settings = get_settings()
        if not settings.rate_limit_enabled:
            return
        found = _limited_rule()
        if found is None:
            return
        bucket, rule = found
        base = f"{settings.redis_prefix}:ratelimit:{bucket}:"
        keys = [base + who for who in await identities(rule)]
        try:
            decision, generation = await hit(get_redis(), keys, rule, settings.redis_prefix)
        except (RedisError, OSError) as exc:
            _warn_unlimited(exc)  # fail open: an outage of Redis must not take reads down
            return
        generation_seen(generation)
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
