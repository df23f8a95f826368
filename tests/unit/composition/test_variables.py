"""The one `[variable]` grammar: what validation accepts is what substitution fills."""

from __future__ import annotations

import random
import string
from typing import Any

from app.composition.timeline import resolve_value
from app.composition.variables import (
    KEY,
    MISSING,
    lookup,
    malformed_variables,
    substitute,
    unknown_variables,
    variables_in,
)
from app.voices.script import unknown_variables as unknown_script_variables

ALPHABET = string.ascii_letters + string.digits + "_-."


def _keys(count: int = 2000) -> list[str]:
    """Many candidate names: valid keys, dashed, dotted, digits first, empty segments."""
    rng = random.Random(20261123)
    fixed = ["some-key", "a.b", "a..b", "a.", ".a", "_", "x1", "1x", "a-b.c", "stats.0", "a.-1"]
    drawn = ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 8))) for _ in range(count)]
    return fixed + drawn


def _data_for(path: str) -> dict[str, Any]:
    """Data in which `path` (split on dots) leads to the string VALUE."""
    value: Any = "VALUE"
    for part in reversed(path.split(".")):
        value = {part: value}
    return value  # type: ignore[no-any-return]


def test_every_variable_validation_accepts_is_substituted() -> None:
    for name in _keys():
        _check_accepted_means_filled(name)


def _check_accepted_means_filled(name: str) -> None:
    data = _data_for(name)
    text = f"Hello [{name}] today"
    accepted = not unknown_variables([text], [], data)
    script_accepted = not unknown_script_variables([{"voScript": text}], [], data)
    assert accepted == script_accepted
    if name[0] not in string.ascii_letters + "_":
        # not a variable at all (`[1x]`, `[.a]`): plain text, kept as written
        assert accepted and not variables_in(text)
        assert substitute(text, data).text == text
    elif accepted:
        assert substitute(text, data).text == "Hello VALUE today", name
        assert resolve_value(text, data) == "Hello VALUE today"
        assert resolve_value(f"[{name}]", data) == "VALUE"
    else:
        assert name in unknown_variables([text], [], data)


def test_a_variable_rooted_in_a_slot_key_is_accepted_and_filled() -> None:
    filled = 0
    for name in _keys(400):
        root = name.split(".")[0]
        if not KEY.match(root):
            continue
        text = f"[{name}]"
        if not unknown_variables([text], [root], {}):
            assert substitute(text, _data_for(name)).text == "VALUE", name
            filled += 1
    assert filled > 50


def test_a_dashed_key_in_the_data_is_refused_not_left_unfilled() -> None:
    # Before one grammar: validation accepted [some-key] (present in the data) and the video
    # still said "[some-key]" because substitution did not know dashes.
    scenes = [{"voScript": "Hi [some-key]!"}]
    assert unknown_script_variables(scenes, [], {"some-key": "Ana"}) == ["some-key"]
    assert malformed_variables("Hi [some-key], [a..b], [ok] [stats.-1]") == ["some-key", "a..b"]


def test_variables_in_finds_dotted_paths_and_list_positions() -> None:
    assert variables_in("[a] [b.c] [d.0.e] [f.-1] [g.length] [h-i] [9]") == [
        "a",
        "b.c",
        "d.0.e",
        "f.-1",
        "g.length",
    ]


def test_lookup_answers_the_public_missing_sentinel() -> None:
    data = {"books": [{"t": "A"}, {"t": "B"}]}
    assert lookup(data, "books.-1.t") == "B"
    assert lookup(data, "books.length") == 2
    assert lookup(data, "books.5") is MISSING
    assert lookup(data, "nope") is MISSING
    assert not MISSING
