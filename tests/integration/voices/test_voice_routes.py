"""GET /api/music and GET /api/voices: public, no key needed."""

from __future__ import annotations

from typing import Any

from app.spec import LANGUAGES, VOICES


async def test_music_lists_bundled_beds_without_auth(client: Any) -> None:
    resp = await client.get("/api/music")
    assert resp.status_code == 200
    body = await resp.get_json()
    assert body["total"] == len(body["tracks"]) >= 3
    for track in body["tracks"]:
        assert {"id", "name", "durationSec", "mood", "bpm", "url"} <= track.keys()
        assert 25 <= track["durationSec"] <= 60
        assert track["url"].endswith(".ogg")
    first = body["tracks"][0]["url"].removeprefix("http://testserver")
    audio = await client.get(first)
    assert audio.status_code == 200
    assert (await audio.get_data())[:4] == b"OggS"


async def test_voices_lists_spec_voices_and_language_support(client: Any) -> None:
    resp = await client.get("/api/voices")
    assert resp.status_code == 200
    body = await resp.get_json()
    assert [v["voiceId"] for v in body["voices"]] == list(VOICES)
    by_code = {lang["code"]: lang for lang in body["languages"]}
    assert list(by_code) == list(LANGUAGES)
    assert by_code["en"]["voice"] is True and by_code["en"]["engine"] == "kokoro"
    assert by_code["en"]["quality"] == "neural" and by_code["ja"]["quality"] == "neural"
    assert by_code["th"]["voice"] is False and "segment" in by_code["th"]["note"]
    assert by_code["de"]["engine"] == "espeak-ng" and by_code["de"]["quality"] == "basic"
    jenny = next(v for v in body["voices"] if v["voiceId"] == "en-US-JennyNeural")
    assert jenny["offline"] == {"engine": "kokoro", "voice": "af_heart", "quality": "neural"}
    assert body["onlineEngine"] is False
