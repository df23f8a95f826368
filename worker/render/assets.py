"""Remote assets (brand.logoUrl, audio.musicTrack URLs): fetched by the engine under the
outbound guard (app.outbound: public addresses only unless REELSMITH_ALLOW_PRIVATE_URLS, each
redirect checked, a timeout and a size limit); images are then served to the page from the
engine's own server (the page has no network)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.config import Settings
from app.outbound import OutboundError, open_url
from worker.render.errors import AssetError

IMAGE_TYPES = {
    "image/png": ".png",
    "image/jpeg": ".jpg",
    "image/gif": ".gif",
    "image/webp": ".webp",
    "image/svg+xml": ".svg",
    "image/avif": ".avif",
}


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
    """Download a remote asset to dest_dir/<name><ext> under the outbound guard,
    `asset_timeout_s` overall, `asset_max_bytes` at most (streamed, never held whole).

    `extension_for(content type)` gives the file extension, or None to refuse the type with
    `refusal` ("not an image; allowed: ..."). AssetError names the URL and what was wrong.
    """
    path: Path | None = None
    try:
        async with open_url(
            url,
            allow_private=settings.allow_private_urls,
            timeout_s=settings.asset_timeout_s,
            max_bytes=settings.asset_max_bytes,
            what=what,
        ) as fetched:
            shown = fetched.url[:200]
            if fetched.status_code != 200:
                raise AssetError(f"{what} answered HTTP {fetched.status_code} ({shown})")
            ctype = fetched.headers.get("content-type", "").split(";")[0].strip().lower()
            extension = extension_for(ctype)
            if extension is None:
                raise AssetError(f"{what} is {ctype or 'of no content type'}, {refusal} ({shown})")
            dest_dir.mkdir(parents=True, exist_ok=True)
            path = dest_dir / f"{name}{extension}"
            with path.open("wb") as out:
                async for data in fetched.iter_bytes():
                    out.write(data)
            return path
    except OutboundError as exc:
        if path is not None:
            path.unlink(missing_ok=True)  # no half-downloaded file left behind
        raise AssetError(str(exc)) from exc
