"""OpenAlex authors API (https://docs.openalex.org/api-entities/authors) for `emeritus`."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from app.config import Settings
from app.sources.errors import SourceNotFound, SourceUnavailable
from app.sources.http import request_json

SOURCE = "OpenAlex"
_AUTHOR_ID = re.compile(r"^(?:https?://openalex\.org/)?([Aa]\d{4,12})$")
_ORCID = re.compile(r"^(?:https?://orcid\.org/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$")
MAX_YEARS = 8
MAX_TOPICS = 6
MAX_COUNTRIES = 12


def author_path(author_id: str) -> str:
    """The /authors/<id> path for an OpenAlex id (A123…, its URL form) or an ORCID."""
    value = author_id.strip()
    if m := _AUTHOR_ID.match(value):
        return f"/authors/{m.group(1).upper()}"
    if m := _ORCID.match(value):
        return f"/authors/orcid:{m.group(1)}"
    raise SourceNotFound(
        SOURCE, f"authorId {author_id!r} is not an OpenAlex author id (A…) or an ORCID"
    )


async def fetch_author(author_id: str, settings: Settings) -> dict[str, Any]:
    """person_name, institution, worksCount, citedByCount, hIndex, citationsByYear, topics,
    country_code and (from their recent works) collaboratorCountries for one author."""
    base = settings.openalex_base_url.rstrip("/")
    author = await request_json(
        SOURCE,
        "GET",
        base + author_path(author_id),
        settings.external_timeout_s,
        allow_private=settings.allow_private_urls,
        not_found=f"author {author_id!r}",
    )
    if not isinstance(author, dict) or not author.get("id"):
        raise SourceUnavailable(SOURCE, "answered without an author record")
    fields = author_fields(author)
    try:
        works = await request_json(
            SOURCE,
            "GET",
            base + "/works",
            settings.external_timeout_s,
            allow_private=settings.allow_private_urls,
            params={
                "filter": f"author.id:{author['id'].rsplit('/', 1)[-1]}",
                "per-page": "50",
                "select": "authorships",
            },
        )
        countries = collaborator_countries(works, fields.get("country_code"))
    except SourceUnavailable:
        countries = []  # the map scene is skipped without them; the rest still renders
    if countries:
        fields["collaboratorCountries"] = countries
    return fields


def author_fields(author: dict[str, Any]) -> dict[str, Any]:
    """Template data from an OpenAlex author object."""
    institutions = author.get("last_known_institutions") or []
    if not institutions and author.get("last_known_institution"):
        institutions = [author["last_known_institution"]]
    first = institutions[0] if institutions and isinstance(institutions[0], dict) else {}
    stats = author.get("summary_stats") or {}
    fields: dict[str, Any] = {
        "person_name": author.get("display_name"),
        "institution": first.get("display_name"),
        "country_code": first.get("country_code"),
        "worksCount": author.get("works_count"),
        "citedByCount": author.get("cited_by_count"),
        "hIndex": stats.get("h_index"),
    }
    years = sorted(
        (y for y in author.get("counts_by_year") or [] if isinstance(y, dict) and y.get("year")),
        key=lambda y: y["year"],
    )[-MAX_YEARS:]
    if years:
        fields["citationsByYear"] = [
            {"label": str(y["year"]), "value": int(y.get("cited_by_count") or 0)} for y in years
        ]
    topics = [t for t in author.get("topics") or [] if isinstance(t, dict)][:MAX_TOPICS]
    if len(topics) >= 3:
        fields["topics"] = [
            {"label": t.get("display_name", ""), "value": int(t.get("count") or 0)} for t in topics
        ]
    return {k: v for k, v in fields.items() if v is not None}


def collaborator_countries(works: Any, own_country: str | None) -> list[dict[str, Any]]:
    """Countries of co-authors' institutions across the works, most frequent first."""
    counts: Counter[str] = Counter()
    for work in (works or {}).get("results") or []:
        for authorship in work.get("authorships") or []:
            for code in authorship.get("countries") or []:
                if isinstance(code, str) and len(code) == 2 and code != own_country:
                    counts[code.upper()] += 1
    return [{"code": c, "value": n} for c, n in counts.most_common(MAX_COUNTRIES)]
