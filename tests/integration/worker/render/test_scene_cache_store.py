"""The scene cache's store (worker/render/scenecache.SegmentCache): copies in and out,
bounded size, two processes at once, and the shared bucket (moto on the loopback)."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from collections.abc import Callable
from pathlib import Path

from app.config import Settings
from app.media.storage import get_storage
from tests.support.s3 import s3_server
from worker.render.scenecache import SHARED_PREFIX, SegmentCache

SIZE = 64 * 1024


def body(key: str, writer: str) -> bytes:
    """A segment stand-in that says which key and writer it is, with a checksum at the end."""
    head = f"{key}:{writer}:".encode()
    data = (head * (SIZE // len(head) + 1))[: SIZE - 32]
    return data + hashlib.sha256(data).hexdigest()[:32].encode()


def whole(data: bytes, key: str) -> bool:
    return (
        len(data) == SIZE
        and data.startswith(key.encode() + b":")
        and hashlib.sha256(data[:-32]).hexdigest()[:32].encode() == data[-32:]
    )


def test_put_then_fetch_copies_and_a_missing_key_is_a_miss(tmp_path: Path):
    cache = SegmentCache(tmp_path / "cache", 10 * SIZE)
    src = tmp_path / "seg.mp4"
    src.write_bytes(body("a" * 64, "w"))
    assert not cache.fetch("a" * 64, tmp_path / "out.mp4")
    cache.put("a" * 64, src)
    assert cache.fetch("a" * 64, tmp_path / "out.mp4")
    assert (tmp_path / "out.mp4").read_bytes() == src.read_bytes()
    assert not (tmp_path / "out.mp4").samefile(cache.path("a" * 64))  # a copy
    assert cache.size() == SIZE


def test_the_cache_stays_within_its_size_dropping_the_least_recently_used(tmp_path: Path):
    cache = SegmentCache(tmp_path / "cache", 3 * SIZE)
    keys = [c * 64 for c in "abcde"]
    src = tmp_path / "seg.mp4"
    for n, key in enumerate(keys[:3]):
        src.write_bytes(body(key, "w"))
        cache.put(key, src)
        os.utime(cache.path(key), (1000 + n, 1000 + n))
    assert cache.fetch(keys[0], tmp_path / "o.mp4")  # a is used again: b is now the oldest
    for key in keys[3:]:
        src.write_bytes(body(key, "w"))
        cache.put(key, src)
    kept = {k for k in keys if cache.path(k).exists()}
    assert kept == {keys[0], keys[3], keys[4]}
    assert cache.size() <= 3 * SIZE


def test_a_cache_of_size_zero_keeps_nothing(
    tmp_path: Path, settings_factory: Callable[..., Settings]
):
    settings = settings_factory(scene_cache=True, scene_cache_max_bytes=0)
    cache = SegmentCache.from_settings(settings)
    assert cache is not None and cache.root == Path(settings.cache_dir) / "segments"
    src = tmp_path / "seg.mp4"
    src.write_bytes(body("f" * 64, "w"))
    cache.put("f" * 64, src)
    assert not cache.fetch("f" * 64, tmp_path / "o.mp4")


def hammer(root: str, writer: str, rounds: int) -> int:
    """One process: put and fetch a few keys over and over in a cache that must prune."""
    cache = SegmentCache(Path(root), 4 * SIZE)
    src = Path(root).parent / f"src-{writer}.mp4"
    out = Path(root).parent / f"out-{writer}.mp4"
    bad = 0
    for n in range(rounds):
        key = f"{n % 7:x}" * 64
        if not cache.fetch(key, out):
            src.write_bytes(body(key, writer))
            cache.put(key, src)
        elif not whole(out.read_bytes(), key):
            bad += 1
    return bad


def test_two_processes_filling_and_pruning_one_cache_never_see_half_a_file(tmp_path: Path):
    root = tmp_path / "cache"
    root.mkdir()
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        results = pool.starmap(hammer, [(str(root), "p1", 300), (str(root), "p2", 300)])
    assert results == [0, 0]
    assert not list(root.glob("*/.*.tmp"))  # no temporary file left behind
    cache = SegmentCache(root, 4 * SIZE)
    # A put whose prune found the lock busy leaves the pruning to the next one (by design);
    # the next prune brings the cache within its size.
    cache.prune()
    assert cache.size() <= 4 * SIZE
    for _, _, path in cache.entries():
        assert whole(path.read_bytes(), path.stem)


def test_workers_share_segments_through_the_bucket(
    tmp_path: Path, settings_factory: Callable[..., Settings]
):
    with s3_server() as s3:
        settings = settings_factory(scene_cache=True, **s3.settings())
        one = SegmentCache.from_settings(settings)
        two = SegmentCache.from_settings(
            settings.model_copy(update={"cache_dir": tmp_path / "other"})
        )
        assert one is not None and two is not None and one.root != two.root
        src = tmp_path / "seg.mp4"
        src.write_bytes(body("9" * 64, "w"))
        one.put("9" * 64, src)
        assert get_storage(settings).exists(f"{SHARED_PREFIX}{'9' * 64}.mp4")
        assert two.fetch("9" * 64, tmp_path / "o.mp4")  # from the bucket
        assert (tmp_path / "o.mp4").read_bytes() == src.read_bytes()
        assert two.path("9" * 64).exists()  # and now kept on that machine too
        assert not two.fetch("8" * 64, tmp_path / "o2.mp4")
        s3.stop()  # the bucket is down: a miss, never a failure
        assert not two.fetch("7" * 64, tmp_path / "o3.mp4")
        two.put("7" * 64, src)
        assert two.fetch("7" * 64, tmp_path / "o3.mp4")  # the local copy still works
