"""Hardcover GraphQL client against a local server speaking Hardcover's JSON."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import Settings
from app.sources import fetch_source_data
from app.sources.errors import SourceNotFound, SourceUnavailable

AUTHOR = {
    "id": 138423,
    "name": "Octavia E. Butler",
    "slug": "octavia-e-butler",
    "books_count": 41,
    "contributions": [
        {
            "book": {
                "id": 1,
                "title": "Kindred",
                "subtitle": None,
                "release_year": 1979,
                "users_count": 52000,
                "rating": 4.28,
            }
        },
        {
            "book": {
                "id": 2,
                "title": "Parable of the Sower",
                "subtitle": "A novel",
                "release_year": 1993,
                "users_count": 48000,
                "rating": 4.33,
            }
        },
        {
            "book": {
                "id": 2,
                "title": "Parable of the Sower",
                "subtitle": "A novel",
                "release_year": 1993,
                "users_count": 48000,
                "rating": 4.33,
            }
        },
        {
            "book": {
                "id": 3,
                "title": "Dawn",
                "subtitle": None,
                "release_year": None,
                "users_count": 20000,
                "rating": None,
            }
        },
    ],
}


def settings_for(tmp_path: Path, url: str, token: str | None = "hc_secret_token") -> Settings:
    return Settings(
        hardcover_base_url=url + "/v1/graphql",
        hardcover_token=token,
        external_timeout_s=2.0,
        media_dir=tmp_path,
        allow_private_urls=True,  # the fake API listens on the loopback
    )


async def test_author_books_come_from_the_graphql_answer(fake_api, tmp_path):
    fake_api.routes["/v1/graphql"] = lambda s: (200, {"data": {"authors": [AUTHOR]}})
    data = await fetch_source_data(
        "hardcover", "octavia-e-butler", settings_for(tmp_path, fake_api.url)
    )
    assert data["person_name"] == "Octavia E. Butler"
    assert data["booksCount"] == 41
    assert [b["title"] for b in data["books"]] == ["Kindred", "Parable of the Sower", "Dawn"]
    assert data["books"][1] == {
        "title": "Parable of the Sower",
        "year": "1993",
        "readers": 48000,
        "rating": 4.3,
        "tagline": "A novel",
    }
    assert data["totalReaders"] == 120000 and data["avgRating"] == 4.3
    call = fake_api.seen[0]
    assert call.method == "POST"
    assert call.headers["authorization"] == "Bearer hc_secret_token"
    assert call.body["variables"] == {"where": {"slug": {"_eq": "octavia-e-butler"}}}
    assert "authors(where: $where" in call.body["query"]


async def test_numeric_ids_filter_by_id(fake_api, tmp_path):
    fake_api.routes["/v1/graphql"] = lambda s: (200, {"data": {"authors": [AUTHOR]}})
    await fetch_source_data("hardcover", "138423", settings_for(tmp_path, fake_api.url))
    assert fake_api.seen[0].body["variables"] == {"where": {"id": {"_eq": 138423}}}


async def test_unknown_author_is_not_found(fake_api, tmp_path):
    fake_api.routes["/v1/graphql"] = lambda s: (200, {"data": {"authors": []}})
    with pytest.raises(SourceNotFound, match="Hardcover: author 'nobody' was not found"):
        await fetch_source_data("hardcover", "nobody", settings_for(tmp_path, fake_api.url))


async def test_graphql_errors_are_reported(fake_api, tmp_path):
    fake_api.routes["/v1/graphql"] = lambda s: (
        200,
        {
            "errors": [
                {
                    "message": "field 'books_count' not found in type: 'authors'",
                    "extensions": {"code": "validation-failed"},
                }
            ]
        },
    )
    with pytest.raises(SourceUnavailable, match="rejected the query: field 'books_count'"):
        await fetch_source_data("hardcover", "x", settings_for(tmp_path, fake_api.url))


async def test_bad_token_is_unavailable_with_hint(fake_api, tmp_path):
    fake_api.routes["/v1/graphql"] = lambda s: (401, {"error": "Unable to verify token"})
    with pytest.raises(SourceUnavailable, match="check the token") as info:
        await fetch_source_data("hardcover", "x", settings_for(tmp_path, fake_api.url))
    assert info.value.status == 502


async def test_missing_token_fails_before_any_request(fake_api, tmp_path):
    with pytest.raises(SourceUnavailable, match="REELSMITH_HARDCOVER_TOKEN"):
        await fetch_source_data("hardcover", "x", settings_for(tmp_path, fake_api.url, token=None))
    assert fake_api.seen == []
