"""A process's small memories of work already done (a template's checks, a fixed scene's fit
estimates, a job's warnings): a mapping of at most `limit` entries, the least recently used
dropped first."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(OrderedDict[K, V]):
    """At most `limit` entries; `keep` adds one and drops the least recently used past the
    limit; `recall` finds one (None when not kept) and marks it used."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        self[key] = value
        self.move_to_end(key)
        if len(self) > self.limit:
            self.popitem(last=False)
        return value

    def recall(self, key: K) -> V | None:
        found = self.get(key)
        if found is not None:
            self.move_to_end(key)
        return found
