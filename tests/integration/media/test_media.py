"""/media/<key>: stored files with content types and HTTP Range (206) for seeking."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from app.media.storage import LocalStorage, StorageKeyError


@pytest.fixture
def storage(settings, tmp_path: Path) -> LocalStorage:
    store = LocalStorage(settings.media_dir, settings.public_url)
    src = tmp_path / "src.bin"
    src.write_bytes(bytes(range(256)) * 40)  # 10240 bytes
    store.put("videos/abc.mp4", src)
    store.put("videos/abc.thumb.gif", src)
    return store


async def test_whole_file_with_content_type(client, storage):
    resp = await client.get("/media/videos/abc.mp4")
    assert resp.status_code == 200
    assert resp.headers["Content-Type"] == "video/mp4"
    assert resp.headers["Accept-Ranges"] == "bytes"
    assert len(await resp.get_data()) == 10240
    gif = await client.get("/media/videos/abc.thumb.gif")
    assert gif.headers["Content-Type"] == "image/gif"


async def test_range_request_answers_206_with_the_slice(client, storage):
    resp = await client.get("/media/videos/abc.mp4", headers={"Range": "bytes=100-199"})
    assert resp.status_code == 206
    assert resp.headers["Content-Range"] == "bytes 100-199/10240"
    assert await resp.get_data() == bytes(range(100, 200))
    tail = await client.get("/media/videos/abc.mp4", headers={"Range": "bytes=-16"})
    assert tail.status_code == 206 and await tail.get_data() == bytes(range(240, 256))
    open_end = await client.get("/media/videos/abc.mp4", headers={"Range": "bytes=10000-"})
    assert open_end.headers["Content-Range"] == "bytes 10000-10239/10240"


async def asgi_head(app, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    """A HEAD request straight through the ASGI interface: the headers exactly as a server
    would send them (the test client rebuilds the response and recounts Content-Length)."""
    sent: list[dict] = []
    requested, finished = asyncio.Event(), asyncio.Event()

    async def receive() -> dict:
        if not requested.is_set():
            requested.set()
            return {"type": "http.request", "body": b"", "more_body": False}
        await finished.wait()  # the client hangs up once the response is complete
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            finished.set()

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "HEAD",
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "server": ("testserver", 80), "client": ("127.0.0.1", 1234),
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        "extensions": {},
    }  # fmt: skip
    await asyncio.wait_for(app(scope, receive, send), 10)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}, body


async def test_head_gives_the_size_without_the_body(app, storage):
    status, headers, body = await asgi_head(app, "/media/videos/abc.mp4", {})
    assert status == 200 and headers["content-length"] == "10240" and body == b""
    status, headers, body = await asgi_head(
        app, "/media/videos/abc.mp4", {"Range": "bytes=100-199"}
    )
    assert status == 206 and headers["content-length"] == "100" and body == b""
    assert headers["content-range"] == "bytes 100-199/10240"


async def test_unsatisfiable_range_is_416(client, storage):
    resp = await client.get("/media/videos/abc.mp4", headers={"Range": "bytes=20000-"})
    assert resp.status_code == 416
    assert resp.headers["Content-Range"] == "bytes */10240"


async def test_missing_and_escaping_paths_are_404(client, storage):
    assert (await client.get("/media/videos/nope.mp4")).status_code == 404
    assert (await client.get("/media/../app.db")).status_code == 404
    assert (await client.get("/media/videos/..%2F..%2Fapp.db")).status_code == 404


def test_storage_rejects_keys_outside_its_root(storage):
    with pytest.raises(StorageKeyError):
        storage.path("../etc/passwd")
    assert storage.url("videos/abc.mp4") == "http://testserver/media/videos/abc.mp4"
    assert storage.delete("videos/abc.mp4") and not storage.exists("videos/abc.mp4")


def test_writers_of_one_key_never_share_a_temp_file(settings, tmp_path: Path):

    store = LocalStorage(settings.media_dir, settings.public_url)
    sources = []
    for n in range(6):
        src = tmp_path / f"take{n}.bin"
        src.write_bytes(bytes([n]) * (4 << 20))
        sources.append(src)
    with ThreadPoolExecutor(len(sources)) as pool:
        sizes = list(pool.map(lambda src: store.put("videos/same.mp4", src), sources))
    assert sizes == [4 << 20] * len(sources)
    stored = store.path("videos/same.mp4").read_bytes()
    assert stored in {src.read_bytes() for src in sources}  # one whole take, not a mix
    assert [p.name for p in store.path("videos/same.mp4").parent.iterdir()] == ["same.mp4"]
