"""app/kept.py: a bounded memory, the least recently used entry dropped first."""

from __future__ import annotations

from app.kept import Kept


def test_past_its_limit_the_least_recently_used_entry_goes() -> None:
    kept: Kept[str, int] = Kept(2)
    assert kept.keep("a", 1) == 1
    kept.keep("b", 2)
    assert kept.recall("a") == 1  # used: "b" is now the oldest
    kept.keep("c", 3)
    assert dict(kept) == {"a": 1, "c": 3}
    assert kept.recall("b") is None
    kept.keep("a", 4)  # kept again: replaced, and the newest
    kept.keep("d", 5)
    assert list(kept) == ["a", "d"]
