"""Where rendered files live. `LocalStorage` (a folder served at /media) is the default;
an S3-compatible store implements the same `Storage` interface (keys, not paths, cross it)."""

from __future__ import annotations

import mimetypes
import os
import shutil
import uuid
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, BinaryIO, cast

import boto3
from boto3.s3.transfer import TransferConfig
from botocore.config import Config as BotoConfig
from botocore.exceptions import ClientError

from app.config import Settings

CONTENT_TYPES = {
    ".mp4": "video/mp4",
    ".webm": "video/webm",
    ".png": "image/png",
    ".gif": "image/gif",
    ".jpg": "image/jpeg",
    ".vtt": "text/vtt",
    ".mp3": "audio/mpeg",
    ".wav": "audio/wav",
    ".m4a": "audio/mp4",
}


# What GET /media serves: rendered outputs and their images, by key prefix and file kind.
# Everything else under MEDIA_DIR (caches, temporary and partial files) answers 404.
SERVED_KINDS: dict[str, frozenset[str]] = {
    "videos/": frozenset({".mp4", ".webm", ".png", ".gif", ".jpg", ".webp", ".vtt"}),
    "thumbnails/": frozenset({".png", ".gif", ".jpg", ".webp"}),
    "posters/": frozenset({".png", ".gif", ".jpg", ".webp"}),
    # An on-view job's soundtrack (its live page, .html, is served by the player, sandboxed).
    "live/": frozenset({".m4a"}),
}


def is_served(key: str) -> bool:
    """True when /media may answer with the file stored under `key` (see SERVED_KINDS)."""
    prefix, _, name = key.partition("/")
    kinds = SERVED_KINDS.get(prefix + "/")
    if kinds is None or not name or "/" in name or name.startswith("."):
        return False
    return os.path.splitext(name)[1].lower() in kinds


def content_type(key: str) -> str:
    ext = os.path.splitext(key)[1].lower()
    return CONTENT_TYPES.get(ext) or mimetypes.guess_type(key)[0] or "application/octet-stream"


class StorageKeyError(ValueError):
    """A key that would escape the storage root."""


def check_key(key: str) -> str:
    parts = key.split("/")
    if not key or key.startswith("/") or any(p in ("", ".", "..") for p in parts) or "\\" in key:
        raise StorageKeyError(f"invalid media key: {key!r}")
    return key


class Storage(ABC):
    """Put, open, delete and address files by key ('videos/<job>.<attempt>.mp4')."""

    @abstractmethod
    def put(self, key: str, source: Path) -> int:
        """Store the file at `source` under `key`; returns its size in bytes."""

    @abstractmethod
    def open(self, key: str) -> BinaryIO:
        """A readable binary stream of the stored file (FileNotFoundError when absent)."""

    @abstractmethod
    def delete(self, key: str) -> bool:
        """Remove the file; True when something was removed."""

    def read_text(self, key: str) -> str | None:
        """The stored file as UTF-8 text (a small one: the live player's pages), None when
        absent."""
        try:
            with self.open(key) as stream:
                return stream.read().decode("utf-8")
        except FileNotFoundError:
            return None

    @abstractmethod
    def exists(self, key: str) -> bool: ...

    @abstractmethod
    def size(self, key: str) -> int: ...

    @abstractmethod
    def modified(self, key: str) -> float:
        """When the stored file was written (epoch seconds)."""

    @abstractmethod
    def url(self, key: str) -> str:
        """Absolute URL a browser can fetch (public or presigned for object stores)."""

    @abstractmethod
    def check(self) -> None:
        """Raise when the store cannot be reached or written (GET /readyz)."""

    def fetch(self, key: str, dest: Path) -> Path:
        """Copy the stored file to a local path (for ffmpeg); object stores download."""
        with self.open(key) as src, open(dest, "wb") as out:
            shutil.copyfileobj(src, out)
        return dest


class LocalStorage(Storage):
    """Files under settings.media_dir, served by the API at /media/<key>."""

    def __init__(self, root: Path, public_url: str) -> None:
        self.root = Path(root).resolve()
        self.public_url = public_url.rstrip("/")

    def path(self, key: str) -> Path:
        path = (self.root / check_key(key)).resolve()
        if self.root not in path.parents:
            raise StorageKeyError(f"invalid media key: {key!r}")
        return path

    def put(self, key: str, source: Path) -> int:
        dest = self.path(key)
        dest.parent.mkdir(parents=True, exist_ok=True)
        # A temp name per writer: two writers of one key never share a half-written file.
        tmp = dest.with_name(f"{dest.name}.{uuid.uuid4().hex[:12]}.part")
        try:
            shutil.copyfile(source, tmp)
            os.replace(tmp, dest)  # readers never see a half-written file
        finally:
            tmp.unlink(missing_ok=True)
        return dest.stat().st_size

    def open(self, key: str) -> BinaryIO:
        return open(self.path(key), "rb")

    def delete(self, key: str) -> bool:
        try:
            self.path(key).unlink()
            return True
        except FileNotFoundError:
            return False

    def exists(self, key: str) -> bool:
        return self.path(key).is_file()

    def size(self, key: str) -> int:
        return self.path(key).stat().st_size

    def modified(self, key: str) -> float:
        return self.path(key).stat().st_mtime

    def url(self, key: str) -> str:
        return f"{self.public_url}/media/{check_key(key)}"

    def fetch(self, key: str, dest: Path) -> Path:
        shutil.copyfile(self.path(key), dest)
        return dest

    def check(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if not os.access(self.root, os.W_OK | os.X_OK):
            raise PermissionError(f"media folder not writable: {self.root}")


class S3Storage(Storage):
    """Files in a bucket of an S3-compatible store (AWS S3, MinIO, R2, B2;
    docs/operate/storage.md). Uploads stream from the file (multipart above the threshold),
    `url` is the public base URL + key or a presigned GET, and /media redirects to it.

    The endpoint comes from operator settings, never from users, so it is reached directly
    rather than through app/outbound.py (whose guard is for user-supplied URLs)."""

    def __init__(self, settings: Settings) -> None:
        self.bucket = settings.s3_bucket
        self.public_base = (settings.s3_public_url or "").rstrip("/") or None
        self.expiry_s = settings.s3_presign_expiry_s
        part = settings.s3_multipart_threshold_bytes
        self.transfer = TransferConfig(
            multipart_threshold=part, multipart_chunksize=part, use_threads=True
        )
        self.client = boto3.client(
            "s3",
            endpoint_url=settings.s3_endpoint_url,
            region_name=settings.s3_region,
            aws_access_key_id=settings.s3_access_key_id,
            aws_secret_access_key=settings.s3_secret_access_key,
            config=BotoConfig(
                s3={"addressing_style": "path" if settings.s3_path_style else "virtual"},
                signature_version="s3v4",
                connect_timeout=settings.s3_timeout_s,
                read_timeout=settings.s3_timeout_s,
                retries={"max_attempts": settings.s3_max_attempts, "mode": "standard"},
            ),
        )

    def _head(self, key: str) -> dict[str, Any]:
        try:
            head: dict[str, Any] = self.client.head_object(Bucket=self.bucket, Key=check_key(key))
        except ClientError as exc:
            if _missing(exc):
                raise FileNotFoundError(key) from exc
            raise
        return head

    def put(self, key: str, source: Path) -> int:
        self.client.upload_file(
            str(source),
            self.bucket,
            check_key(key),
            ExtraArgs={"ContentType": content_type(key)},
            Config=self.transfer,
        )
        return Path(source).stat().st_size

    def open(self, key: str) -> BinaryIO:
        try:
            obj = self.client.get_object(Bucket=self.bucket, Key=check_key(key))
        except ClientError as exc:
            if _missing(exc):
                raise FileNotFoundError(key) from exc
            raise
        return cast(BinaryIO, obj["Body"])

    def delete(self, key: str) -> bool:
        # S3 deletes are idempotent and do not say whether the key was there.
        existed = self.exists(key)
        if existed:
            self.client.delete_object(Bucket=self.bucket, Key=check_key(key))
        return existed

    def exists(self, key: str) -> bool:
        try:
            self._head(key)
        except FileNotFoundError:
            return False
        return True

    def size(self, key: str) -> int:
        return int(self._head(key)["ContentLength"])

    def modified(self, key: str) -> float:
        return float(self._head(key)["LastModified"].timestamp())

    def url(self, key: str) -> str:
        check_key(key)
        if self.public_base:
            return f"{self.public_base}/{key}"
        url: str = self.client.generate_presigned_url(
            "get_object", Params={"Bucket": self.bucket, "Key": key}, ExpiresIn=self.expiry_s
        )
        return url

    def fetch(self, key: str, dest: Path) -> Path:
        self.client.download_file(self.bucket, check_key(key), str(dest), Config=self.transfer)
        return dest

    def check(self) -> None:
        self.client.head_bucket(Bucket=self.bucket)


def _missing(exc: ClientError) -> bool:
    code = str(exc.response.get("Error", {}).get("Code", ""))
    return code in ("404", "NoSuchKey", "NotFound")


# One client per process and configuration (boto3 clients are thread-safe and pool connections).
_s3_stores: dict[tuple[Any, ...], S3Storage] = {}


def get_storage(settings: Settings) -> Storage:
    """The configured store: the local folder (default) or an S3-compatible bucket."""
    if settings.storage == "s3":
        ident = tuple(getattr(settings, f) for f in S3_FIELDS)
        store = _s3_stores.get(ident)
        if store is None:
            store = _s3_stores[ident] = S3Storage(settings)
        return store
    key = (str(settings.media_dir), settings.public_url)
    local = _local_stores.get(key)
    if local is None:  # resolving the folder costs system calls: once per process
        local = _local_stores[key] = LocalStorage(settings.media_dir, settings.public_url)
    return local


_local_stores: dict[tuple[str, str], LocalStorage] = {}
S3_FIELDS = tuple(f for f in Settings.model_fields if f.startswith("s3_"))


def video_key(job_id: str, attempt: int, fmt: str = "mp4") -> str:
    """One key per render attempt: an attempt that lost its job deletes only its own file. The
    extension is the output format's (`mp4`, `webm`, `gif`, `png`), which also gives the
    file's content type in /media and in S3."""
    return f"videos/{job_id}.{attempt}.{fmt}"


def poster_keys(job_id: str, attempt: int) -> tuple[str, str]:
    """The poster PNG and preview GIF the worker makes at completion (one pair per attempt)."""
    return f"posters/{job_id}.{attempt}.png", f"posters/{job_id}.{attempt}.gif"


def thumbnail_keys(job_id: str) -> tuple[str, str]:
    return f"videos/{job_id}.thumb.png", f"videos/{job_id}.thumb.gif"


def scene_frame_key(job_id: str, index: int | str) -> str:
    """A small PNG of one scene of a finished video (the dashboard's heatmap, cut on demand)."""
    return f"videos/{job_id}.scene-{index}.png"
