"""The S3 backend of Storage against a real S3-protocol server on the loopback (moto in
server mode): put, delete, URLs, multipart uploads, presigned URLs and the /media redirect."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from app.config import Settings
from app.media.storage import S3Storage, get_storage
from tests.support.s3 import SIGV4_TIME, S3Server, s3_server


@pytest.fixture
def s3() -> Iterator[S3Server]:
    with s3_server() as running:
        yield running


@pytest.fixture
def settings(s3: S3Server, settings_maker: Callable[..., Settings], tmp_path: Path) -> Settings:
    """The suite's settings with media in a fresh bucket (the `app` fixture uses them)."""
    return settings_maker(tmp_path, **s3.settings())


def test_put_fetch_delete_and_url(settings: Settings, tmp_path: Path) -> None:
    store = get_storage(settings)
    assert isinstance(store, S3Storage)
    src = tmp_path / "v.mp4"
    src.write_bytes(b"video bytes")
    assert store.put("videos/j1.1.mp4", src) == 11
    assert store.exists("videos/j1.1.mp4") and store.size("videos/j1.1.mp4") == 11
    assert abs(store.modified("videos/j1.1.mp4") - time.time()) < 60
    with store.open("videos/j1.1.mp4") as fh:
        assert fh.read() == b"video bytes"
    assert store.fetch("videos/j1.1.mp4", tmp_path / "back.mp4").read_bytes() == b"video bytes"
    # a presigned GET (a HEAD with it is refused, as S3 refuses it: the method is signed)
    got = httpx.get(store.url("videos/j1.1.mp4"))
    assert got.status_code == 200 and got.headers["content-type"] == "video/mp4"
    assert httpx.head(store.url("videos/j1.1.mp4")).status_code == 403
    assert store.delete("videos/j1.1.mp4") is True
    assert store.delete("videos/j1.1.mp4") is False
    assert not store.exists("videos/j1.1.mp4")
    with pytest.raises(FileNotFoundError):
        store.open("videos/j1.1.mp4")


def test_a_large_file_goes_up_in_parts(
    settings: Settings, settings_maker: Callable[..., Settings], tmp_path: Path
) -> None:
    # The threshold at its floor (5 MiB, S3's smallest part): 11 MiB makes three parts.
    small = settings.model_dump() | {"s3_multipart_threshold_bytes": 5 * 1024 * 1024}
    store = get_storage(Settings(**small))
    assert isinstance(store, S3Storage)
    src = tmp_path / "big.mp4"
    with open(src, "wb") as out:
        for i in range(11):
            out.write(bytes([i]) * (1024 * 1024))
    assert store.put("videos/big.1.mp4", src) == 11 * 1024 * 1024
    head = store.client.head_object(Bucket=store.bucket, Key="videos/big.1.mp4", PartNumber=1)
    assert head["PartsCount"] == 3  # a multipart upload, not one PUT
    got = httpx.get(store.url("videos/big.1.mp4"))
    assert got.content == src.read_bytes()


def test_presigned_urls_carry_the_expiry_and_work(
    s3: S3Server, settings_factory: Callable[..., Settings], tmp_path: Path
) -> None:
    settings = settings_factory(**s3.settings(), s3_presign_expiry_s=2)
    store = get_storage(settings)
    src = tmp_path / "p.png"
    src.write_bytes(b"png")
    store.put("posters/j.1.png", src)
    url = store.url("posters/j.1.png")
    query = parse_qs(urlsplit(url).query)
    assert query["X-Amz-Expires"] == ["2"] and "X-Amz-Signature" in query
    assert httpx.get(url).content == b"png"
    unsigned = url.split("?")[0]
    assert unsigned.startswith(f"{s3.endpoint}/{settings.s3_bucket}/posters/j.1.png")


def test_a_presigned_url_past_its_expiry_is_refused(
    s3: S3Server, settings_factory: Callable[..., Settings], tmp_path: Path
) -> None:
    """moto does not check presigned URLs; the gate in tests/support/s3.py checks them as S3
    does (signature over the query, X-Amz-Date + X-Amz-Expires)."""
    settings = settings_factory(**s3.settings(), s3_presign_expiry_s=3)
    store = get_storage(settings)
    src = tmp_path / "p.png"
    src.write_bytes(b"png")
    store.put("posters/j.1.png", src)
    url = store.url("posters/j.1.png")
    signed_at = datetime.strptime(parse_qs(urlsplit(url).query)["X-Amz-Date"][0], SIGV4_TIME)
    assert httpx.get(url).content == b"png"
    # the expiry is under the signature: a longer one written into the URL is refused
    longer = httpx.get(url.replace("X-Amz-Expires=3&", "X-Amz-Expires=3600&"))
    assert longer.status_code == 403 and b"<Code>SignatureDoesNotMatch</Code>" in longer.content
    # past X-Amz-Date + 3 s the same URL is refused with S3's answer
    past = signed_at.replace(tzinfo=UTC) + timedelta(seconds=4)
    time.sleep(max(0.0, past.timestamp() - time.time()))
    expired = httpx.get(url)
    assert expired.status_code == 403, expired.content
    assert b"<Code>AccessDenied</Code><Message>Request has expired</Message>" in expired.content
    assert s3.gate.refused == ["SignatureDoesNotMatch", "AccessDenied"]
    assert httpx.get(store.url("posters/j.1.png")).content == b"png"  # a fresh one works


def test_a_public_base_url_is_used_as_is(
    s3: S3Server, settings_factory: Callable[..., Settings]
) -> None:
    settings = settings_factory(**s3.settings(), s3_public_url="https://cdn.example.com/m/")
    assert get_storage(settings).url("videos/a.1.mp4") == "https://cdn.example.com/m/videos/a.1.mp4"


async def test_media_redirects_to_the_store(client, settings: Settings, tmp_path: Path) -> None:
    src = tmp_path / "v.mp4"
    src.write_bytes(b"redirected")
    get_storage(settings).put("videos/r.1.mp4", src)
    resp = await client.get("/media/videos/r.1.mp4")
    assert resp.status_code == 302
    assert httpx.get(resp.headers["Location"]).content == b"redirected"
    assert (await client.get("/media/cache/voices/x.wav")).status_code == 404
    assert (await client.get("/media/videos/x/../y.mp4")).status_code == 404


async def test_readyz_checks_the_bucket(client, s3: S3Server) -> None:
    ready = await client.get("/readyz")
    assert ready.status_code == 200 and (await ready.get_json())["checks"]["storage"] == "ok"
    s3.stop()
    down = await client.get("/readyz")
    assert down.status_code == 503 and (await down.get_json())["failed"] == ["storage"]
