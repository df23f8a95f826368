"""GET /media/<path>: rendered videos and their images (SERVED_KINDS; nothing else under
MEDIA_DIR), with HTTP Range support (browsers seek videos) and revalidation.

Caching: `Cache-Control: public, no-cache` with an ETag and Last-Modified. Browsers and CDNs
may keep the bytes but must ask again before each use (a cheap 304), so a deleted video stops
being served at once instead of living on in caches for an hour."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from email.utils import formatdate, parsedate_to_datetime

from quart import Blueprint, Response, request
from quart_schema import hide

from app.errors import ApiError, not_found
from app.media.storage import (
    LocalStorage,
    S3Storage,
    Storage,
    StorageKeyError,
    check_key,
    content_type,
    get_storage,
    is_served,
)
from app.state import get_settings

bp = Blueprint("media", __name__)

CHUNK = 256 * 1024
CACHE_CONTROL = "public, no-cache"
_RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")


def parse_range(header: str, size: int) -> tuple[int, int] | None:
    """(start, end) inclusive for a single 'bytes=' range, None for an unusable header."""
    match = _RANGE.match(header.strip())
    if not match or (not match.group(1) and not match.group(2)):
        return None
    first, last = match.group(1), match.group(2)
    if first == "":
        length = int(last)
        if length == 0:
            raise ApiError(416, "Range not satisfiable", error="range_not_satisfiable")
        return max(size - length, 0), size - 1
    start = int(first)
    end = min(int(last), size - 1) if last else size - 1
    if start >= size or end < start:
        raise ApiError(
            416,
            f"Range not satisfiable: the file has {size} bytes",
            error="range_not_satisfiable",
            headers={"Content-Range": f"bytes */{size}"},
        )
    return start, end


@bp.route("/media/<path:key>", methods=["GET"])
@hide
async def serve_media(key: str) -> Response:
    """A stored file; `Range: bytes=a-b` answers 206 with that slice. With an object store
    (REELSMITH_STORAGE=s3) the bytes never pass through the API: 302 to the store's public or
    presigned URL (the store answers Range and 404 itself)."""
    storage = get_storage(get_settings())
    if isinstance(storage, S3Storage):
        try:
            served = is_served(key) and bool(check_key(key))
        except StorageKeyError:
            served = False
        if not served:
            raise not_found("Media file")
        url = await asyncio.to_thread(storage.url, key)
        return Response("", status=302, headers={"Location": url, "Cache-Control": "no-store"})
    try:
        exists = is_served(key) and storage.exists(key)
    except StorageKeyError:
        exists = False
    if not exists:
        raise not_found("Media file")
    size = storage.size(key)
    modified = storage.modified(key)
    etag = f'"{size:x}-{int(modified * 1000):x}"'
    headers = {
        "Accept-Ranges": "bytes",
        "Content-Type": content_type(key),
        "Cache-Control": CACHE_CONTROL,
        "ETag": etag,
        "Last-Modified": formatdate(modified, usegmt=True),
    }
    if _not_modified(etag, modified):
        return Response(b"", status=304, headers=headers)
    wanted = (
        parse_range(request.headers.get("Range", ""), size) if "Range" in request.headers else None
    )
    start, end = wanted if wanted else (0, size - 1)
    length = end - start + 1 if size else 0
    headers["Content-Length"] = str(length)
    if wanted:
        headers["Content-Range"] = f"bytes {start}-{end}/{size}"
    status = 206 if wanted else 200
    if request.method == "HEAD":
        # The headers of the GET, sizes included (players ask for the length first).
        response = Response(b"", status=status, headers=headers)
        response.headers["Content-Length"] = str(length)
        return response
    return Response(_chunks(storage, key, start, length), status=status, headers=headers)


def _not_modified(etag: str, modified: float) -> bool:
    """The client's copy is current (If-None-Match wins over If-Modified-Since)."""
    tags = request.headers.get("If-None-Match")
    if tags is not None:
        return tags.strip() == "*" or etag in [t.strip() for t in tags.split(",")]
    since = request.headers.get("If-Modified-Since")
    if since:
        try:
            return int(modified) <= parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError):
            return False
    return False


async def _chunks(storage: Storage, key: str, start: int, length: int) -> AsyncIterator[bytes]:
    """The slice [start, start+length) in CHUNK-sized pieces (no whole file in memory)."""
    with storage.open(key) as fh:
        fh.seek(start)
        left = length
        while left > 0:
            piece = fh.read(min(CHUNK, left))
            if not piece:
                break
            left -= len(piece)
            yield piece


__all__ = ["bp", "LocalStorage"]
