"""One HTTP call to an outside source with a timeout and errors a person can read."""

from __future__ import annotations

from typing import Any

import httpx

from app.sources.errors import SourceNotFound, SourceUnavailable

USER_AGENT = "reelsmith/0.1 (+https://github.com/reelsmith/reelsmith)"


async def request_json(
    source: str,
    method: str,
    url: str,
    timeout_s: float,
    *,
    params: dict[str, Any] | None = None,
    json: Any = None,
    headers: dict[str, str] | None = None,
    not_found: str | None = None,
) -> Any:
    """The decoded JSON body; SourceNotFound on 404 (when `not_found` names the thing)."""
    try:
        async with httpx.AsyncClient(
            timeout=timeout_s, headers={"User-Agent": USER_AGENT}, follow_redirects=True
        ) as client:
            resp = await client.request(method, url, params=params, json=json, headers=headers)
    except httpx.TimeoutException as exc:
        raise SourceUnavailable(source, f"no answer within {timeout_s:g}s") from exc
    except httpx.HTTPError as exc:
        raise SourceUnavailable(source, f"could not be reached ({exc.__class__.__name__})") from exc
    if resp.status_code == 404 and not_found:
        raise SourceNotFound(source, f"{not_found} was not found")
    if resp.status_code in (401, 403):
        raise SourceUnavailable(
            source, f"refused the request (HTTP {resp.status_code}); check the token"
        )
    if resp.status_code == 429:
        raise SourceUnavailable(source, "rate limited the request (HTTP 429); try again later")
    if resp.status_code >= 400:
        raise SourceUnavailable(source, f"answered HTTP {resp.status_code}")
    try:
        return resp.json()
    except ValueError as exc:
        raise SourceUnavailable(source, "answered with something that is not JSON") from exc
