"""A built-in's template document is made once per process for the renders that use it:
the same document the view path makes, and a copy per caller."""

from __future__ import annotations

from typing import Any

from app.renders.create import load_template
from app.renders.job import template_document
from app.templates.builtins import builtin_as_view, builtins

NO_SESSION: Any = None  # a built-in is never read from the database


async def test_a_builtin_loads_as_the_view_path_makes_it() -> None:
    for template_id in builtins():
        loaded = await load_template(NO_SESSION, template_id, "any-account")
        assert loaded == template_document(builtin_as_view(builtins()[template_id], 0))


async def test_each_caller_gets_its_own_copy() -> None:
    first = await load_template(NO_SESSION, "rewind", "any-account")
    first["name"] = "changed by a caller"
    first.pop("scenes")
    again = await load_template(NO_SESSION, "rewind", "any-account")
    assert again["name"] == builtins()["rewind"].name
    assert again["scenes"]
