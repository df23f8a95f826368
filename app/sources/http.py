"""One HTTP call to an outside source under the outbound guard (app.outbound), with a timeout,
a size limit and errors a person can read."""

from __future__ import annotations

import json as jsonlib
from typing import Any

from app.outbound import OutboundError, OutboundRefused, open_url
from app.sources.errors import SourceNotFound, SourceUnavailable

# A source's answer larger than this is refused (OpenAlex pages of 50 works are ~1 MB).
MAX_ANSWER_BYTES = 5 * 1024 * 1024


async def request_json(
    source: str,
    method: str,
    url: str,
    timeout_s: float,
    *,
    allow_private: bool,
    params: dict[str, Any] | None = None,
    json: Any = None,
    headers: dict[str, str] | None = None,
    not_found: str | None = None,
) -> Any:
    """The decoded JSON body; SourceNotFound on 404 (when `not_found` names the thing).

    `allow_private` is settings.allow_private_urls: a source on a private address is refused
    otherwise, like every outbound URL.
    """
    try:
        async with open_url(
            url,
            allow_private=allow_private,
            timeout_s=timeout_s,
            max_bytes=MAX_ANSWER_BYTES,
            what=source,
            method=method,
            params=params,
            json=json,
            headers=headers,
        ) as fetched:
            status = fetched.status_code
            body = await fetched.read() if status < 400 else b""
    except OutboundRefused as exc:
        raise SourceUnavailable(source, f"refused {exc.url[:200]}: {exc.reason}") from exc
    except OutboundError as exc:
        if exc.kind == "timeout":
            raise SourceUnavailable(source, f"no answer within {timeout_s:g}s") from exc
        if exc.kind == "unreachable":
            name = exc.__cause__.__class__.__name__
            raise SourceUnavailable(source, f"could not be reached ({name})") from exc
        raise SourceUnavailable(source, exc.reason) from exc
    if status == 404 and not_found:
        raise SourceNotFound(source, f"{not_found} was not found")
    if status in (401, 403):
        raise SourceUnavailable(source, f"refused the request (HTTP {status}); check the token")
    if status == 429:
        raise SourceUnavailable(source, "rate limited the request (HTTP 429); try again later")
    if status >= 400:
        raise SourceUnavailable(source, f"answered HTTP {status}")
    try:
        return jsonlib.loads(body)
    except ValueError as exc:
        raise SourceUnavailable(source, "answered with something that is not JSON") from exc
