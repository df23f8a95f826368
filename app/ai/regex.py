"""The composer's regular expressions, each compiled once.

The composer builds most of its patterns from its word tables (each currency's names and
signs, each scene kind's words): thousands of distinct patterns a prompt, more than Python's
`re` keeps compiled (512, the oldest dropped first), so every prompt compiled them all again:
four fifths of a composition's time (0.5 s of CPU a prompt, 28 Nov 2026). Here they are
compiled once per process, in a cache sized for every table-made pattern; patterns made from a
prompt's own words are few and the cache's bound keeps them from growing without end.

The functions are `re`'s, with the same arguments.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

# The prompt suite (405 prompts: every set, tuned and held out) compiles about 1,500.
CACHE_SIZE = 8192

Pattern = str | re.Pattern[str]


@lru_cache(maxsize=CACHE_SIZE)
def compiled(pattern: Pattern, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def search(pattern: Pattern, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).search(string)


def match(pattern: Pattern, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).match(string)


def fullmatch(pattern: Pattern, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).fullmatch(string)


def finditer(pattern: Pattern, string: str, flags: int = 0) -> Iterator[re.Match[str]]:
    return compiled(pattern, flags).finditer(string)


def findall(pattern: Pattern, string: str, flags: int = 0) -> list[Any]:
    return compiled(pattern, flags).findall(string)


def split(pattern: Pattern, string: str, maxsplit: int = 0, flags: int = 0) -> list[Any]:
    return compiled(pattern, flags).split(string, maxsplit)


def sub(
    pattern: Pattern,
    repl: str | Callable[[re.Match[str]], str],
    string: str,
    count: int = 0,
    flags: int = 0,
) -> str:
    return compiled(pattern, flags).sub(repl, string, count)


def subn(
    pattern: Pattern,
    repl: str | Callable[[re.Match[str]], str],
    string: str,
    count: int = 0,
    flags: int = 0,
) -> tuple[str, int]:
    return compiled(pattern, flags).subn(repl, string, count)
