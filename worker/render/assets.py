"""Remote assets (brand.logoUrl, audio.musicTrack URLs): fetched by the engine with a timeout
and a size limit; images are then served to the page from the engine's own server (the page
has no network)."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit, urlunsplit

import httpx

from app.config import Settings
from worker.render.errors import AssetError

IMAGE_TYPES = {
    "image/png": ".png",
    "image/jpeg": ".jpg",
    "image/gif": ".gif",
    "image/webp": ".webp",
    "image/svg+xml": ".svg",
    "image/avif": ".avif",
}
MAX_REDIRECTS = 3


Request = tuple[str, dict[str, str], dict[str, Any]]  # URL to connect to, headers, extensions


def _global_address(host: str) -> str | None:
    """The address to connect to when every address of `host` is public, else None
    (private, loopback, link-local, reserved or multicast)."""
    infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    addresses = [ipaddress.ip_address(info[4][0]) for info in infos]
    if not addresses or any(not a.is_global or a.is_multicast for a in addresses):
        return None
    return str(addresses[0])


def pinned(url: str, address: str) -> Request:
    """The request for `url` sent to `address`: the Host header and TLS name stay the URL's,
    so certificates are still checked against the host name."""
    parts = urlsplit(url)
    ip = ipaddress.ip_address(address)
    netloc = f"[{ip}]" if ip.version == 6 else str(ip)
    if parts.port:
        netloc += f":{parts.port}"
    host = parts.netloc.rsplit("@", 1)[-1]
    extensions = {"sni_hostname": parts.hostname} if parts.scheme == "https" else {}
    return urlunsplit(parts._replace(netloc=netloc)), {"Host": host}, extensions


async def _check_url(url: str, settings: Settings, what: str) -> Request:
    """Refuse what the engine must not fetch; in production the request is pinned to the
    address that was checked, so a second DNS answer cannot point it inside the network."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise AssetError(f"{what} must be an http(s) URL, got {url[:200]!r}")
    if settings.env != "production":
        return url, {}, {}
    try:
        address = await asyncio.to_thread(_global_address, parts.hostname)
    except (socket.gaierror, UnicodeError) as exc:
        raise AssetError(f"{what}: the host {parts.hostname!r} could not be resolved") from exc
    if address is None:
        raise AssetError(f"{what} points at a private or local address, which is not allowed")
    return pinned(url, address)


def image_extension(content_type: str) -> str | None:
    """File extension for an image content type the page can show, else None."""
    return IMAGE_TYPES.get(content_type)


async def fetch_image(url: str, settings: Settings, dest_dir: Path, name: str, what: str) -> Path:
    """Download an image to dest_dir/<name><ext>; AssetError with the reason otherwise."""
    allowed = f"not an image; allowed: {', '.join(sorted(IMAGE_TYPES))}"
    return await fetch_asset(url, settings, dest_dir, name, what, image_extension, allowed)


async def fetch_asset(
    url: str,
    settings: Settings,
    dest_dir: Path,
    name: str,
    what: str,
    extension_for: Callable[[str], str | None],
    refusal: str,
) -> Path:
    """Download a remote asset to dest_dir/<name><ext> under the engine's rules: http(s) only,
    no private addresses in production (each redirect checked, at most MAX_REDIRECTS),
    `asset_timeout_s` overall, `asset_max_bytes` at most (streamed, never held whole).

    `extension_for(content type)` gives the file extension, or None to refuse the type with
    `refusal` ("not an image; allowed: ..."). AssetError says what was wrong.
    """
    limit = settings.asset_max_bytes
    timeout = settings.asset_timeout_s
    try:
        async with (
            asyncio.timeout(timeout),
            httpx.AsyncClient(timeout=timeout, follow_redirects=False) as client,
        ):
            for _ in range(MAX_REDIRECTS + 1):
                target, headers, extensions = await _check_url(url, settings, what)
                async with client.stream(
                    "GET", target, headers=headers, extensions=extensions
                ) as resp:
                    if resp.is_redirect and "location" in resp.headers:
                        url = urljoin(url, resp.headers["location"])
                        continue
                    if resp.status_code != 200:
                        raise AssetError(f"{what} answered HTTP {resp.status_code} ({url[:200]})")
                    ctype = resp.headers.get("content-type", "").split(";")[0].strip().lower()
                    extension = extension_for(ctype)
                    if extension is None:
                        raise AssetError(
                            f"{what} is {ctype or 'of no content type'}, {refusal} ({url[:200]})"
                        )
                    declared = int(resp.headers.get("content-length") or 0)
                    if declared > limit:
                        raise AssetError(_too_big(what, declared, limit))
                    dest_dir.mkdir(parents=True, exist_ok=True)
                    path = dest_dir / f"{name}{extension}"
                    size = 0
                    with path.open("wb") as out:
                        async for chunk in resp.aiter_bytes():
                            size += len(chunk)
                            if size > limit:
                                raise AssetError(_too_big(what, size, limit))
                            out.write(chunk)
                    return path
            raise AssetError(f"{what} redirected more than {MAX_REDIRECTS} times")
    except TimeoutError as exc:
        raise AssetError(f"{what} did not download within {timeout:g}s ({url[:200]})") from exc
    except httpx.HTTPError as exc:
        raise AssetError(
            f"{what} could not be fetched ({exc.__class__.__name__}: {url[:200]})"
        ) from exc


def _too_big(what: str, size: int, limit: int) -> str:
    return f"{what} is larger than the {limit // 1024} KiB limit (at least {size // 1024} KiB)"
