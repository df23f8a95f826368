"""Hardcover GraphQL API (https://docs.hardcover.app/api/) for `laureate`."""

from __future__ import annotations

from typing import Any

from app.config import Settings
from app.sources.errors import SourceNotFound, SourceUnavailable
from app.sources.http import request_json

SOURCE = "Hardcover"
MAX_BOOKS = 8

AUTHOR_QUERY = """
query ReelsmithAuthor($where: authors_bool_exp!) {
  authors(where: $where, limit: 1) {
    id
    name
    slug
    books_count
    contributions(limit: 40, order_by: {book: {users_count: desc}}) {
      book { id title subtitle release_year users_count rating }
    }
  }
}
"""


def author_filter(hardcover_id: str) -> dict[str, Any]:
    """`where` for an author given as a numeric id or a slug."""
    value = hardcover_id.strip()
    if value.isdigit():
        return {"id": {"_eq": int(value)}}
    return {"slug": {"_eq": value}}


async def fetch_author(hardcover_id: str, settings: Settings) -> dict[str, Any]:
    """person_name, books (title, year, readers, rating, tagline), booksCount, totalReaders,
    avgRating for one author."""
    if not settings.hardcover_token:
        raise SourceUnavailable(SOURCE, "no API token configured; set REELSMITH_HARDCOVER_TOKEN")
    token = settings.hardcover_token.strip()
    auth = token if token.lower().startswith("bearer ") else f"Bearer {token}"
    body = await request_json(
        SOURCE,
        "POST",
        settings.hardcover_base_url,
        settings.external_timeout_s,
        allow_private=settings.allow_private_urls,
        json={"query": AUTHOR_QUERY, "variables": {"where": author_filter(hardcover_id)}},
        headers={"authorization": auth, "content-type": "application/json"},
    )
    if not isinstance(body, dict):
        raise SourceUnavailable(SOURCE, "answered with an unexpected body")
    if body.get("errors"):
        first = body["errors"][0]
        message = first.get("message") if isinstance(first, dict) else str(first)
        raise SourceUnavailable(SOURCE, f"rejected the query: {message}")
    authors = ((body.get("data") or {}).get("authors")) or []
    if not authors:
        raise SourceNotFound(SOURCE, f"author {hardcover_id!r} was not found")
    return author_fields(authors[0])


def author_fields(author: dict[str, Any]) -> dict[str, Any]:
    """Template data from a Hardcover author with its contributions."""
    books: list[dict[str, Any]] = []
    seen: set[Any] = set()
    for contribution in author.get("contributions") or []:
        book = (contribution or {}).get("book") or {}
        if not book.get("title") or book.get("id") in seen:
            continue
        seen.add(book.get("id"))
        books.append(
            {
                "title": book["title"],
                "year": str(book["release_year"]) if book.get("release_year") else "",
                "readers": int(book.get("users_count") or 0),
                "rating": round(float(book["rating"]), 1) if book.get("rating") else None,
                "tagline": book.get("subtitle") or "",
            }
        )
    books = books[:MAX_BOOKS]
    rated = [b["rating"] for b in books if b["rating"]]
    fields: dict[str, Any] = {
        "person_name": author.get("name"),
        "booksCount": author.get("books_count") or len(books),
        "totalReaders": sum(b["readers"] for b in books),
        "avgRating": round(sum(rated) / len(rated), 1) if rated else None,
    }
    if books:
        books.sort(key=lambda b: b["year"] or "9999")
        fields["books"] = books
    return {k: v for k, v in fields.items() if v is not None}
