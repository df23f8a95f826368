"""OpenAlex authors client against a local server speaking OpenAlex's JSON."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from app.config import Settings
from app.sources import fetch_source_data, merge_source_data
from app.sources.errors import SourceNotFound, SourceUnavailable

# Trimmed from a real https://api.openalex.org/authors/A5023888391 answer.
AUTHOR = {
    "id": "https://openalex.org/A5023888391",
    "orcid": "https://orcid.org/0000-0001-6187-6610",
    "display_name": "Jason Priem",
    "display_name_alternatives": ["J. Priem"],
    "works_count": 53,
    "cited_by_count": 2510,
    "summary_stats": {"2yr_mean_citedness": 1.2, "h_index": 17, "i10_index": 22},
    "ids": {"openalex": "https://openalex.org/A5023888391"},
    "affiliations": [],
    "last_known_institutions": [
        {
            "id": "https://openalex.org/I4200000001",
            "ror": "https://ror.org/02nr0ka47",
            "display_name": "OurResearch",
            "country_code": "CA",
            "type": "nonprofit",
            "lineage": ["https://openalex.org/I4200000001"],
        }
    ],
    "topics": [
        {"id": "https://openalex.org/T10102", "display_name": "scientometrics", "count": 30},
        {"id": "https://openalex.org/T11", "display_name": "Open access", "count": 20},
        {"id": "https://openalex.org/T12", "display_name": "Peer review", "count": 9},
    ],
    "counts_by_year": [
        {"year": 2023, "works_count": 1, "cited_by_count": 200},
        {"year": 2021, "works_count": 2, "cited_by_count": 150},
        {"year": 2022, "works_count": 0, "cited_by_count": 180},
    ],
    "works_api_url": "https://api.openalex.org/works?filter=author.id:A5023888391",
    "updated_date": "2024-05-01T00:00:00",
    "created_date": "2023-07-21",
}
WORKS = {
    "meta": {"count": 2, "page": 1, "per_page": 50},
    "results": [
        {
            "authorships": [
                {"author_position": "first", "countries": ["CA"], "institutions": []},
                {"author_position": "last", "countries": ["US", "DE"], "institutions": []},
            ]
        },
        {"authorships": [{"author_position": "first", "countries": ["US"], "institutions": []}]},
    ],
}


def settings_for(tmp_path: Path, url: str, timeout: float = 2.0) -> Settings:
    return Settings(
        openalex_base_url=url,
        external_timeout_s=timeout,
        media_dir=tmp_path,
        allow_private_urls=True,
    )


async def test_author_fields_come_from_openalex_author_and_works(fake_api, tmp_path):
    fake_api.routes["/authors/A5023888391"] = lambda s: (200, AUTHOR)
    fake_api.routes["/works"] = lambda s: (200, WORKS)
    data = await fetch_source_data("openalex", "A5023888391", settings_for(tmp_path, fake_api.url))
    assert data["person_name"] == "Jason Priem"
    assert data["institution"] == "OurResearch" and data["country_code"] == "CA"
    assert (data["worksCount"], data["citedByCount"], data["hIndex"]) == (53, 2510, 17)
    assert data["citationsByYear"] == [
        {"label": "2021", "value": 150},
        {"label": "2022", "value": 180},
        {"label": "2023", "value": 200},
    ]
    assert [t["label"] for t in data["topics"]] == ["scientometrics", "Open access", "Peer review"]
    assert data["collaboratorCountries"] == [{"code": "US", "value": 2}, {"code": "DE", "value": 1}]
    works_call = next(s for s in fake_api.seen if s.path.startswith("/works"))
    assert (
        "author.id%3AA5023888391" in works_call.path or "author.id:A5023888391" in works_call.path
    )


async def test_url_form_and_orcid_ids_are_accepted(fake_api, tmp_path):
    fake_api.routes["/authors/A5023888391"] = lambda s: (200, AUTHOR)
    fake_api.routes["/authors/orcid:0000-0001-6187-6610"] = lambda s: (200, AUTHOR)
    fake_api.routes["/works"] = lambda s: (200, WORKS)
    settings = settings_for(tmp_path, fake_api.url)
    a = await fetch_source_data("openalex", "https://openalex.org/A5023888391", settings)
    b = await fetch_source_data("openalex", "0000-0001-6187-6610", settings)
    assert a["person_name"] == b["person_name"] == "Jason Priem"


async def test_unknown_author_is_a_readable_not_found(fake_api, tmp_path):
    with pytest.raises(SourceNotFound, match="OpenAlex: author 'A999999' was not found"):
        await fetch_source_data("openalex", "A999999", settings_for(tmp_path, fake_api.url))


async def test_malformed_author_id_is_rejected_without_a_request(fake_api, tmp_path):
    with pytest.raises(SourceNotFound, match="not an OpenAlex author id"):
        await fetch_source_data("openalex", "../admin", settings_for(tmp_path, fake_api.url))
    assert fake_api.seen == []


async def test_server_error_maps_to_502(fake_api, tmp_path):
    fake_api.routes["/authors/"] = lambda s: (503, {"error": "busy"})
    with pytest.raises(SourceUnavailable) as info:
        await fetch_source_data("openalex", "A5023888391", settings_for(tmp_path, fake_api.url))
    assert "HTTP 503" in str(info.value)
    err = info.value
    assert err.status == 502 and err.body()["error"] == "upstream_failed"


async def test_slow_source_times_out_with_a_readable_error(fake_api, tmp_path):
    fake_api.routes["/authors/"] = lambda s: (200, AUTHOR)
    fake_api.delay_s = 1.5
    with pytest.raises(SourceUnavailable, match="no answer within 0.3s"):
        await fetch_source_data(
            "openalex", "A5023888391", settings_for(tmp_path, fake_api.url, timeout=0.3)
        )


async def test_unreachable_source_is_unavailable(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(SourceUnavailable, match="OpenAlex: could not be reached"):
        await fetch_source_data(
            "openalex", "A5023888391", settings_for(tmp_path, f"http://127.0.0.1:{port}")
        )


async def test_missing_works_still_gives_author_fields(fake_api, tmp_path):
    fake_api.routes["/authors/"] = lambda s: (200, AUTHOR)
    fake_api.routes["/works"] = lambda s: (500, "oops")
    data = await fetch_source_data("openalex", "A5023888391", settings_for(tmp_path, fake_api.url))
    assert data["hIndex"] == 17 and "collaboratorCountries" not in data


def test_given_data_wins_over_fetched_fields():
    merged = merge_source_data(
        {"person_name": "Dr. Ada", "authorId": "A1", "institutionOverride": ""},
        {"person_name": "A. Okafor", "hIndex": 3},
    )
    assert merged == {"person_name": "Dr. Ada", "authorId": "A1", "hIndex": 3}
