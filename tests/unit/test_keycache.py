"""The process's cache of live API keys: when a kept key may be used (app/keycache.py)."""

from __future__ import annotations

from app.keycache import FRESH_S, MAX_AGE_S, KeyCache

FOUND = ("account", "key")


def test_nothing_is_answered_before_the_generation_was_read():
    cache = KeyCache()
    cache.put("k", FOUND, None, now=0.0)
    assert cache.get("k", now=0.0) is None
    assert cache.entries == {}


def test_a_key_found_under_the_read_generation_is_answered_while_the_reading_is_fresh():
    cache = KeyCache()
    assert cache.seen(4, now=10.0)  # the first reading: nothing kept yet
    cache.put("k", FOUND, 4, now=10.0)
    assert cache.get("k", now=10.0 + FRESH_S / 2) == FOUND
    assert cache.get("k", now=10.0 + FRESH_S) is None  # the reading is stale: not trusted


def test_a_moved_generation_drops_every_kept_key():
    cache = KeyCache()
    cache.seen(4, now=10.0)
    cache.put("k", FOUND, 4, now=10.0)
    assert cache.seen(5, now=10.1)
    assert cache.get("k", now=10.1) is None
    assert cache.entries == {}


def test_a_gap_in_the_readings_drops_every_kept_key_even_when_the_generation_is_the_same():
    """A revocation whose increment a process missed (Redis restarted, or the process was not
    reading) must not be answered from what it found before the gap."""
    cache = KeyCache()
    cache.seen(4, now=10.0)
    cache.put("k", FOUND, 4, now=10.0)
    assert not cache.seen(4, now=10.0 + FRESH_S / 2)  # readings close together: kept
    assert cache.get("k", now=10.0 + FRESH_S / 2) == FOUND
    assert cache.seen(4, now=10.0 + 3 * FRESH_S)
    assert cache.get("k", now=10.0 + 3 * FRESH_S) is None


def test_a_key_found_under_an_older_generation_is_not_kept():
    """The look-up began before a revocation moved the generation: its answer may be old."""
    cache = KeyCache()
    cache.seen(4, now=10.0)
    cache.seen(5, now=10.1)
    cache.put("k", FOUND, 4, now=10.1)
    assert cache.get("k", now=10.1) is None


def test_unknown_and_revoked_keys_are_not_kept():
    cache = KeyCache()
    cache.seen(1, now=0.0)
    cache.put("made-up", None, 1, now=0.0)
    assert cache.entries == {}


def test_a_kept_key_is_looked_up_again_after_its_lifetime():
    cache = KeyCache()
    cache.seen(1, now=0.0)
    cache.put("k", FOUND, 1, now=0.0)
    step = FRESH_S / 2
    now = 0.0
    while now + step < MAX_AGE_S:  # readings keep coming
        now += step
        cache.seen(1, now=now)
    assert cache.get("k", now=now) == FOUND
    cache.seen(1, now=MAX_AGE_S)
    assert cache.get("k", now=MAX_AGE_S) is None
