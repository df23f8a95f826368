"""Sending one request: the key, a request id, retries of 429 and 503 (honouring
Retry-After) and of connection errors for idempotent calls; errors become exceptions."""

from __future__ import annotations

import asyncio
import email.utils
import os
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx

from reelsmith_client import errors
from reelsmith_client._version import __version__

DEFAULT_URL = "http://127.0.0.1:8000"
RETRY_STATUSES = frozenset({429, 503})
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})
MAX_WAIT = 60.0  # never sleep longer than this for one retry, whatever Retry-After says


@dataclass
class Config:
    api_key: str
    base_url: str
    timeout: float = 30.0
    max_retries: int = 4
    backoff: float = 0.5  # first wait without Retry-After; doubles each retry

    @classmethod
    def resolve(
        cls, api_key: str | None, base_url: str | None, timeout: float, max_retries: int
    ) -> Config:
        """The key from the argument or REELSMITH_API_KEY, the URL from the argument or
        REELSMITH_URL (default http://127.0.0.1:8000)."""
        key = api_key or os.environ.get("REELSMITH_API_KEY")
        if not key:
            raise errors.ReelsmithError(
                "No API key: pass api_key=... or set REELSMITH_API_KEY (dashboard: API keys)"
            )
        url = (base_url or os.environ.get("REELSMITH_URL") or DEFAULT_URL).rstrip("/")
        return cls(key, url, timeout, max_retries)


@dataclass
class Call:
    """One API call; `idempotent` says a retry after a lost connection is safe."""

    method: str
    path: str
    params: dict[str, Any] | None = None
    json: Any = None
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def idempotent(self) -> bool:
        return self.method in IDEMPOTENT_METHODS or "Idempotency-Key" in self.headers


@dataclass
class Answer:
    status: int
    body: Any
    headers: httpx.Headers


def retry_after(headers: httpx.Headers) -> float | None:
    """Retry-After in seconds (a number or an HTTP date), or None."""
    value = headers.get("Retry-After")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        parsed = email.utils.parsedate_to_datetime(value)
        return max(0.0, parsed.timestamp() - time.time()) if parsed else None


def backoff(config: Config, attempt: int, server_wait: float | None) -> float:
    if server_wait is not None:
        return min(server_wait, MAX_WAIT)
    return min(config.backoff * 2**attempt * (0.5 + random.random()), MAX_WAIT)


def headers_for(config: Config, call: Call) -> dict[str, str]:
    return {
        "X-API-Key": config.api_key,
        "User-Agent": f"reelsmith-client-python/{__version__}",
        "Accept": "application/json",
        "X-Request-Id": uuid.uuid4().hex,
        **call.headers,
    }


def clean(params: dict[str, Any] | None) -> dict[str, Any] | None:
    return {k: v for k, v in params.items() if v is not None} if params else None


def answer(resp: httpx.Response, sent_id: str) -> Answer:
    """The parsed answer, or the exception for an error."""
    try:
        body = resp.json() if resp.content else None
    except ValueError:
        body = resp.text
    if resp.status_code >= 400:
        request_id = resp.headers.get("X-Request-Id") or sent_id
        raise errors.from_response(resp.status_code, body, request_id, retry_after(resp.headers))
    return Answer(resp.status_code, body, resp.headers)


class SyncTransport:
    def __init__(self, config: Config, http: httpx.Client | None = None) -> None:
        self.config = config
        self.http = http or httpx.Client(base_url=config.base_url, timeout=config.timeout)

    def send(self, call: Call) -> Answer:
        attempt = 0
        while True:
            headers = headers_for(self.config, call)
            try:
                resp = self.http.request(
                    call.method, call.path, params=clean(call.params), json=call.json,
                    headers=headers,
                )  # fmt: skip
            except httpx.TransportError as exc:
                if not call.idempotent or attempt >= self.config.max_retries:
                    raise errors.ConnectionFailed(f"{call.method} {call.path}: {exc}") from exc
                time.sleep(backoff(self.config, attempt, None))
                attempt += 1
                continue
            if resp.status_code in RETRY_STATUSES and attempt < self.config.max_retries:
                time.sleep(backoff(self.config, attempt, retry_after(resp.headers)))
                attempt += 1
                continue
            return answer(resp, headers["X-Request-Id"])

    def close(self) -> None:
        self.http.close()


class AsyncTransport:
    def __init__(self, config: Config, http: httpx.AsyncClient | None = None) -> None:
        self.config = config
        self.http = http or httpx.AsyncClient(base_url=config.base_url, timeout=config.timeout)

    async def send(self, call: Call) -> Answer:
        attempt = 0
        while True:
            headers = headers_for(self.config, call)
            try:
                resp = await self.http.request(
                    call.method, call.path, params=clean(call.params), json=call.json,
                    headers=headers,
                )  # fmt: skip
            except httpx.TransportError as exc:
                if not call.idempotent or attempt >= self.config.max_retries:
                    raise errors.ConnectionFailed(f"{call.method} {call.path}: {exc}") from exc
                await asyncio.sleep(backoff(self.config, attempt, None))
                attempt += 1
                continue
            if resp.status_code in RETRY_STATUSES and attempt < self.config.max_retries:
                await asyncio.sleep(backoff(self.config, attempt, retry_after(resp.headers)))
                attempt += 1
                continue
            return answer(resp, headers["X-Request-Id"])

    async def close(self) -> None:
        await self.http.aclose()
