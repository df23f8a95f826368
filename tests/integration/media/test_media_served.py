"""/media serves rendered outputs and their images only, and never outlives a deletion in a
cache: everything else under MEDIA_DIR is 404, every use is revalidated."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import Settings
from app.media.storage import SERVED_KINDS, LocalStorage, is_served


@pytest.fixture
def store(settings: Settings, tmp_path: Path) -> LocalStorage:
    storage = LocalStorage(settings.media_dir, settings.public_url)
    src = tmp_path / "src.bin"
    src.write_bytes(b"x" * 1000)
    for key in (
        "videos/job1.1.mp4",
        "videos/job1.thumb.png",
        "thumbnails/job1.gif",
        "posters/tpl.webp",
        "cache/voices/0a1b2c.wav",
        "cache/voices/0a1b2c.json",
        "videos/job1.1.mp4.abc123.part",
        "videos/notes.json",
        "videos/.hidden.mp4",
        "videos/sub/x.mp4",
        "secret_key",
        "other/x.mp4",
    ):
        storage.put(key, src)
    return storage


@pytest.mark.parametrize(
    "key", ["videos/job1.1.mp4", "videos/job1.thumb.png", "thumbnails/job1.gif", "posters/tpl.webp"]
)
async def test_rendered_outputs_and_images_are_served(client, store, key: str) -> None:
    resp = await client.get(f"/media/{key}")
    assert resp.status_code == 200 and len(await resp.get_data()) == 1000


@pytest.mark.parametrize(
    "key",
    [
        "cache/voices/0a1b2c.wav",  # a spoken recipient name
        "cache/voices/0a1b2c.json",
        "videos/job1.1.mp4.abc123.part",  # a file being written
        "videos/notes.json",  # not a kind the prefix serves
        "videos/.hidden.mp4",
        "videos/sub/x.mp4",
        "secret_key",
        "other/x.mp4",
    ],
)
async def test_anything_else_under_media_dir_is_404(client, store, key: str) -> None:
    assert store.exists(key)
    resp = await client.get(f"/media/{key}")
    assert resp.status_code == 404
    body = await resp.get_json()
    assert body["error"] and "x" * 20 not in str(body)
    assert (await client.head(f"/media/{key}")).status_code == 404


def test_the_allow_list_is_prefixes_and_kinds() -> None:
    assert set(SERVED_KINDS) == {"videos/", "thumbnails/", "posters/", "live/"}
    assert is_served("videos/a.MP4") and not is_served("videos/a.wav")
    # a render on view's soundtrack, never its composition page (the player serves it sandboxed)
    assert is_served("live/a.m4a") and not is_served("live/a.html")
    assert not is_served("videos/") and not is_served("cache/voices/a.wav")


async def test_media_is_revalidated_so_a_deletion_takes_effect_at_once(client, store) -> None:
    resp = await client.get("/media/videos/job1.1.mp4")
    cache = resp.headers["Cache-Control"]
    assert "no-cache" in cache and "max-age=3600" not in cache
    etag, modified = resp.headers["ETag"], resp.headers["Last-Modified"]
    again = await client.get("/media/videos/job1.1.mp4", headers={"If-None-Match": etag})
    assert again.status_code == 304 and await again.get_data() == b""
    assert again.headers["ETag"] == etag
    since = await client.get("/media/videos/job1.1.mp4", headers={"If-Modified-Since": modified})
    assert since.status_code == 304
    stale = await client.get("/media/videos/job1.1.mp4", headers={"If-None-Match": '"other"'})
    assert stale.status_code == 200
    store.delete("videos/job1.1.mp4")
    gone = await client.get("/media/videos/job1.1.mp4", headers={"If-None-Match": etag})
    assert gone.status_code == 404
