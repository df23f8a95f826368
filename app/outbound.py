"""Every request the service sends to a URL it was given: one guard, always on.

Rules, in order, for the first URL and again for every redirect:

1. http or https only, with a host name;
2. the host is resolved, and EVERY address it resolves to must be global: loopback,
   private, link-local, shared (CGNAT), multicast, reserved, unspecified and documentation
   ranges are refused, also when written as IPv4-mapped or NAT64/6to4/Teredo IPv6, or in the
   decimal/hex/short forms the C resolver accepts (`2130706433`, `0x7f000001`, `127.1`),
   because the check looks at the resolved address, never at the text;
3. the connection goes to the address that was checked (the Host header and the TLS name stay
   the URL's), so a second DNS answer cannot point the request inside the network;
4. at most MAX_REDIRECTS redirects, `timeout_s` for the whole exchange and `max_bytes` of body;
5. a redirect to another origin (scheme, host or port) carries none of the caller's headers
   (API keys, bearer tokens) but Accept and Accept-Language, and a request body (which may
   hold credentials, as LibreTranslate's `api_key` does) is never sent to another origin: a
   307/308 that would resend it there is refused.

`REELSMITH_ALLOW_PRIVATE_URLS=true` (default false) turns rule 2 and 3 off for a local set-up
and for tests that fetch from a server on the loopback. Errors name the URL and the rule that
refused it; they never carry what an internal host answered.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit, urlunsplit

import httpx

log = logging.getLogger(__name__)

MAX_REDIRECTS = 3
USER_AGENT = "reelsmith/0.1 (+https://github.com/reelsmith/reelsmith)"
_NAT64 = ipaddress.ip_network("64:ff9b::/96")

IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

# Ranges Python's `ipaddress` calls global that are not reachable public addresses: the old
# IPv6 site-local block (deprecated, still routed inside some networks) and the second IPv6
# documentation block (RFC 9637).
NOT_PUBLIC: tuple[tuple[ipaddress.IPv6Network, str], ...] = (
    (ipaddress.IPv6Network("fec0::/10"), "site-local"),
    (ipaddress.IPv6Network("3fff::/20"), "documentation"),
)


class OutboundError(Exception):
    """A URL was refused or could not be fetched; the message names the URL and the reason."""

    def __init__(self, what: str, url: str, reason: str, kind: str = "refused") -> None:
        super().__init__(f"{what} {reason} ({shorten(url)})")
        self.what = what
        self.url = url
        self.reason = reason
        # refused, unresolved (DNS gave no answer: may pass later), timeout, too_big or
        # unreachable
        self.kind = kind


class OutboundRefused(OutboundError):
    """The URL breaks a rule of the guard (scheme, private address, too many redirects)."""


# Caller headers that may follow a redirect to another origin (nothing that can authenticate).
CROSS_ORIGIN_HEADERS = frozenset({"accept", "accept-language"})


def origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port or (443 if scheme == "https" else 80)
    except ValueError:
        port = None
    return scheme, (parts.hostname or "").lower(), port


def shorten(url: str, limit: int = 200) -> str:
    return url if len(url) <= limit else url[: limit - 3] + "..."


def refusal(address: IpAddress) -> str | None:
    """Why the service must not connect to `address`, or None when it is a public address."""
    if isinstance(address, ipaddress.IPv6Address):
        embedded: IpAddress | None = address.ipv4_mapped or address.sixtofour
        if embedded is None and address in _NAT64:
            embedded = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if embedded is None and address.teredo is not None:
            embedded = address.teredo[1]
        if embedded is not None:
            inner = refusal(embedded)
            return f"{inner} (written as the IPv6 address {address})" if inner else None
    kinds = (
        ("loopback", address.is_loopback),
        ("unspecified", address.is_unspecified),
        ("link-local", address.is_link_local),
        ("multicast", address.is_multicast),
        ("reserved", address.is_reserved),
        ("private", address.is_private),
    )
    for kind, matches in kinds:
        if matches:
            return f"{address} is a {kind} address"
    for network, kind in NOT_PUBLIC:
        if address in network:
            return f"{address} is a {kind} address"
    if not address.is_global:
        return f"{address} is not a public address"
    return None


def _resolve(host: str, port: int) -> list[IpAddress]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in infos]


@dataclass(frozen=True)
class Target:
    """Where one request really goes: the URL to connect to, plus the Host header and TLS name
    of the URL it stands for (empty when the URL is used as given)."""

    url: str
    headers: dict[str, str] = field(default_factory=dict)
    extensions: dict[str, Any] = field(default_factory=dict)


def pinned(url: str, address: str) -> Target:
    """The request for `url` sent to `address`: the Host header and TLS name stay the URL's,
    so certificates are still checked against the host name."""
    parts = urlsplit(url)
    ip = ipaddress.ip_address(address)
    netloc = f"[{ip}]" if ip.version == 6 else str(ip)
    if parts.port:
        netloc += f":{parts.port}"
    host = parts.netloc.rsplit("@", 1)[-1]
    extensions = {"sni_hostname": parts.hostname} if parts.scheme == "https" else {}
    return Target(urlunsplit(parts._replace(netloc=netloc)), {"Host": host}, extensions)


async def check_url(url: str, *, allow_private: bool, what: str = "URL") -> Target:
    """The request target for `url`, or OutboundRefused naming the rule it breaks."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise OutboundRefused(what, url, f"is not a valid URL ({exc})") from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise OutboundRefused(what, url, "must be an http(s) URL with a host name")
    if allow_private:
        return Target(url)
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        addresses = await asyncio.to_thread(_resolve, parts.hostname, port)
    except (OSError, UnicodeError, ValueError) as exc:
        raise OutboundRefused(
            what, url, f"the host {parts.hostname!r} could not be resolved", kind="unresolved"
        ) from exc
    if not addresses:
        raise OutboundRefused(what, url, f"the host {parts.hostname!r} has no address")
    for address in addresses:
        reason = refusal(address)
        if reason is not None:
            # The answer names no address: what an internal name resolves to stays inside
            # (the log has it, for the operator).
            log.warning("%s %s refused: %s", what, shorten(url), reason)
            raise OutboundRefused(
                what,
                url,
                "points at an address that is not public (private, loopback, link-local, "
                "reserved and similar ranges are refused; REELSMITH_ALLOW_PRIVATE_URLS allows "
                "them for a local set-up)",
            )
    return pinned(url, str(addresses[0]))


@dataclass
class Fetched:
    """A final (non-redirect) answer: its URL, status and headers; read the body with
    `read()` or `iter_bytes()`, both bounded by `max_bytes`."""

    url: str
    response: httpx.Response
    max_bytes: int
    what: str

    @property
    def status_code(self) -> int:
        return self.response.status_code

    @property
    def headers(self) -> httpx.Headers:
        return self.response.headers

    def too_big(self, size: int) -> OutboundError:
        return OutboundError(
            self.what,
            self.url,
            f"is larger than the {self.max_bytes // 1024} KiB limit "
            f"(at least {max(size // 1024, self.max_bytes // 1024 + 1)} KiB)",
            kind="too_big",
        )

    async def iter_bytes(self) -> AsyncIterator[bytes]:
        declared = self.response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            raise self.too_big(int(declared))
        size = 0
        async for chunk in self.response.aiter_bytes():
            size += len(chunk)
            if size > self.max_bytes:
                raise self.too_big(size)
            yield chunk

    async def read(self) -> bytes:
        return b"".join([chunk async for chunk in self.iter_bytes()])


@asynccontextmanager
async def open_url(
    url: str,
    *,
    allow_private: bool,
    timeout_s: float,
    max_bytes: int,
    what: str = "URL",
    method: str = "GET",
    params: dict[str, Any] | None = None,
    json: Any = None,
    headers: dict[str, str] | None = None,
) -> AsyncIterator[Fetched]:
    """Send one request under the guard, following redirects (each one checked again).

    The whole exchange, body included when it is read inside the block, is bounded by
    `timeout_s`; OutboundError (or OutboundRefused) says what went wrong.
    """
    if params:
        url = str(httpx.URL(url, params=params))
    first = url
    headers = dict(headers or {})
    try:
        async with (
            asyncio.timeout(timeout_s),
            httpx.AsyncClient(
                timeout=timeout_s,
                follow_redirects=False,
                trust_env=False,  # a proxy from the environment would bypass the pinning
                headers={"User-Agent": USER_AGENT},
            ) as client,
        ):
            for _ in range(MAX_REDIRECTS + 1):
                target = await check_url(url, allow_private=allow_private, what=what)
                request = client.build_request(
                    method,
                    target.url,
                    json=json,
                    headers={**headers, **target.headers},
                    extensions=target.extensions,
                )
                response = await client.send(request, stream=True)
                try:
                    if response.is_redirect and "location" in response.headers:
                        following = urljoin(url, response.headers["location"])
                        if response.status_code == 303 or (
                            response.status_code in (301, 302) and method != "HEAD"
                        ):
                            method, json = "GET", None
                        if origin(following) != origin(url):
                            if json is not None:
                                raise OutboundRefused(
                                    what,
                                    first,
                                    "redirected to another origin with the request body "
                                    f"(HTTP {response.status_code}); not followed, so what "
                                    "the body carries stays with the service it was meant for",
                                )
                            headers = {
                                k: v
                                for k, v in headers.items()
                                if k.lower() in CROSS_ORIGIN_HEADERS
                            }
                        url = following
                        continue
                    yield Fetched(url, response, max_bytes, what)
                    return
                finally:
                    await response.aclose()
            raise OutboundRefused(what, first, f"redirected more than {MAX_REDIRECTS} times")
    except TimeoutError as exc:
        raise OutboundError(
            what, first, f"did not download within {timeout_s:g}s", kind="timeout"
        ) from exc
    except httpx.HTTPError as exc:
        raise OutboundError(
            what, first, f"could not be fetched ({exc.__class__.__name__})", kind="unreachable"
        ) from exc
