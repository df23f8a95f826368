"""GET /api/languages answers without auth in the SPEC shape."""

from __future__ import annotations

from app.spec import LANGUAGES


async def test_languages_lists_the_19_spec_codes(client) -> None:
    resp = await client.get("/api/languages")
    assert resp.status_code == 200
    languages = (await resp.get_json())["languages"]
    assert len(languages) == 19
    assert {lang["code"] for lang in languages} == set(LANGUAGES)
    assert {"code": "en-GB", "name": "English (United Kingdom)"} in [
        {"code": lang["code"], "name": lang["name"]} for lang in languages
    ]
