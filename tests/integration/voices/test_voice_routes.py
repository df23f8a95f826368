"""GET /api/music and GET /api/voices: public, no key needed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app import create_app
from app.config import Settings
from app.spec import LANGUAGES, VOICES
from tests.conftest import make_settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The deployment default (the suite's own default is the quick `basic` voices)."""
    return make_settings(tmp_path, voice_quality="neural")


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


async def test_voices_answer_for_the_deployments_voice_quality(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, voice_quality="fast"))
    async with app.test_app():
        body = await (await app.test_client().get("/api/voices")).get_json()
    by_id = {v["voiceId"]: v["offline"] for v in body["voices"]}
    assert by_id["en-US-JennyNeural"]["engine"] == "hibari"  # the distilled bulk voice
    assert by_id["en-GB-RyanNeural"] == {
        "engine": "kokoro",
        "voice": "bm_fable",
        "quality": "neural",
    }
