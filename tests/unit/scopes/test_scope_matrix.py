"""Every preset against every scope, written out from SPEC part 5."""

from __future__ import annotations

import pytest

from app.scopes import (
    PRESETS,
    SCOPES,
    UnknownScope,
    expand,
    parse_scopes,
    scope_allows,
    stored_scopes,
)

ALL = set(SCOPES)
# preset -> the scopes it grants, spelled out by hand from SPEC part 5 (not derived from code)
EXPECTED = {
    "render-only": {"videos:create", "videos:read"},
    "render-batch": {"videos:create", "videos:create:batch", "videos:read"},
    "full-access": {
        "videos:create",
        "videos:create:batch",
        "videos:read",
        "videos:delete",
        "projects:read",
        "projects:write",
        "templates:read",
    },
    "read-only": {"videos:read", "projects:read", "billing:read"},
    "admin": ALL,
}


def test_scope_table_is_exactly_spec():
    assert {
        "videos:create",
        "videos:create:batch",
        "videos:read",
        "videos:delete",
        "templates:read",
        "templates:write",
        "projects:read",
        "projects:write",
        "billing:read",
        "webhooks:manage",
        "keys:manage",
    } == ALL
    assert set(PRESETS) == set(EXPECTED)


@pytest.mark.parametrize("preset", sorted(EXPECTED))
@pytest.mark.parametrize("scope", sorted(ALL))
def test_preset_scope_matrix(preset: str, scope: str):
    assert scope_allows(parse_scopes(preset), scope) is (scope in EXPECTED[preset])


@pytest.mark.parametrize("preset", sorted(EXPECTED))
def test_expand_lists_exactly_the_granted_scopes(preset: str):
    assert set(expand(parse_scopes(preset))) == EXPECTED[preset]


def test_wildcards_cover_their_group_only():
    assert scope_allows(("videos:*",), "videos:create:batch")
    assert not scope_allows(("videos:*",), "templates:read")
    assert scope_allows(("*",), "keys:manage")
    assert not scope_allows(("videos:create",), "videos:create:batch")
    assert not scope_allows((), "videos:read")


def test_no_scope_named_means_any_valid_key():
    assert scope_allows(("videos:read",), None)


def test_comma_list_is_parsed_trimmed_and_deduplicated():
    assert parse_scopes(" videos:read , billing:read,videos:read") == (
        "videos:read",
        "billing:read",
    )


@pytest.mark.parametrize("bad", ["videos:fly", "nothing:*", "", " , ", "render-only,admin"])
def test_unknown_scope_is_rejected(bad: str):
    with pytest.raises(UnknownScope):
        parse_scopes(bad)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_stored_key_reads_back_the_scopes_it_was_granted(preset: str):
    stored = ",".join(parse_scopes(preset))  # what create_key writes on the row
    assert stored_scopes(stored) == PRESETS[preset]
    assert stored_scopes("") == ()
