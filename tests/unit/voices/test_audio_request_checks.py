"""Request-time checks of the `audio` object."""

from __future__ import annotations

import pytest

from app.config import Settings
from app.voices.errors import AudioRefused
from app.voices.service import check_audio_request


def test_vendor_voice_needs_studio_tier(settings: Settings) -> None:
    configured = settings.model_copy(update={"vendor_tts_url": "http://127.0.0.1:9/tts"})
    with pytest.raises(AudioRefused) as err:
        check_audio_request({"voiceId": "vendor-custom"}, "free", configured)
    assert err.value.status == 403
    assert "studio" in err.value.message
    check_audio_request({"voiceId": "vendor-custom"}, "studio", configured)
    check_audio_request({"voiceId": "vendor-custom"}, "enterprise", configured)


def test_vendor_voice_without_configuration_is_a_400(settings: Settings) -> None:
    with pytest.raises(AudioRefused) as err:
        check_audio_request({"voiceId": "vendor-custom"}, "studio", settings)
    assert err.value.status == 400
    assert "REELSMITH_VENDOR_TTS_URL" in err.value.message


def test_unknown_music_track_is_a_400_listing_the_beds(settings: Settings) -> None:
    with pytest.raises(AudioRefused) as err:
        check_audio_request({"musicTrack": "disco-inferno"}, "free", settings)
    assert err.value.status == 400
    assert "bright-pop" in err.value.message
    check_audio_request({"musicTrack": "calm-ambient"}, "free", settings)
    check_audio_request({"musicTrack": "https://cdn.example.com/bed.mp3"}, "free", settings)


def test_music_volume_outside_zero_to_one_is_a_400(settings: Settings) -> None:
    with pytest.raises(AudioRefused) as err:
        check_audio_request({"musicVolume": 1.5}, "free", settings)
    assert err.value.status == 400
    check_audio_request({"musicVolume": 0.0}, "free", settings)


def test_voiceover_in_a_language_not_spoken_offline_is_a_400(settings: Settings) -> None:
    audio = {"includeVoiceover": True, "voiceId": "en-US-GuyNeural"}
    with pytest.raises(AudioRefused) as err:
        check_audio_request(audio, "free", settings, language="th")
    assert err.value.status == 400 and "segment" in err.value.message
    check_audio_request({**audio, "includeVoiceover": False}, "free", settings, language="th")
    check_audio_request(audio, "free", settings, language="de")
    check_audio_request(audio, "free", settings, language="ja")  # Kokoro speaks it offline
    online = settings.model_copy(update={"edge_tts_enabled": True})
    check_audio_request(audio, "free", online, language="th")
