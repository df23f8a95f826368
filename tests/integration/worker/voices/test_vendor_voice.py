"""vendor-custom against a small local HTTP server speaking the documented TTS API."""

from __future__ import annotations

import base64
import io
import json
import threading
import wave
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest

from app.config import Settings
from worker.voices.engines import VoiceError
from worker.voices.service import VoiceService

RATE = 16000


def burst_wav(words: int) -> bytes:
    """One 250 ms tone per word, 200 ms of silence between: a stand-in 'voice'."""
    t = np.arange(int(0.25 * RATE)) / RATE
    tone = (0.5 * np.sin(2 * np.pi * 220 * t) * 32767).astype("<i2")
    gap = np.zeros(int(0.2 * RATE), dtype="<i2")
    pcm = np.concatenate([np.concatenate([gap, tone]) for _ in range(words)] + [gap])
    buf = io.BytesIO()
    with wave.open(buf, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return buf.getvalue()


class VendorTTS(BaseHTTPRequestHandler):
    requests: list[dict[str, Any]] = []
    mode = "wav"

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        VendorTTS.requests.append({"body": body, "auth": self.headers.get("Authorization")})
        audio = burst_wav(len(body["text"].split()))
        if VendorTTS.mode == "json":
            words = [{"word": w, "startMs": 200 + i * 450, "endMs": 450 + i * 450}
                     for i, w in enumerate(body["text"].split())]  # fmt: skip
            payload = json.dumps({"audio": base64.b64encode(audio).decode(), "words": words})
            self._answer(200, "application/json", payload.encode())
        elif VendorTTS.mode == "error":
            self._answer(500, "text/plain", b"boom")
        else:
            self._answer(200, "audio/wav", audio)

    def _answer(self, status: int, kind: str, data: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def vendor_settings(settings: Settings) -> Iterator[Settings]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), VendorTTS)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    VendorTTS.requests, VendorTTS.mode = [], "wav"
    url = f"http://127.0.0.1:{server.server_address[1]}/v1/tts"
    yield settings.model_copy(update={"vendor_tts_url": url, "vendor_tts_token": "s3cret"})
    server.shutdown()
    server.server_close()


def test_vendor_voice_speaks_through_the_configured_endpoint(vendor_settings: Settings) -> None:
    speech = VoiceService(vendor_settings).speak(
        "Hello brave new world", "vendor-custom", "en", "studio"
    )
    assert speech.engine == "vendor-custom"
    assert VendorTTS.requests == [{
        "body": {"text": "Hello brave new world", "voice": "vendor-custom", "language": "en"},
        "auth": "Bearer s3cret",
    }]  # fmt: skip
    assert abs(speech.duration_ms - 2000) <= 5
    # Without timing from the vendor, each word lands on its own burst of sound.
    starts = [w.startMs for w in speech.word_timestamps]
    assert [w.word for w in speech.word_timestamps] == ["Hello", "brave", "new", "world"]
    for i, start in enumerate(starts):
        assert abs(start - (200 + i * 450)) <= 20


def test_vendor_word_timing_is_used_when_given(vendor_settings: Settings) -> None:
    VendorTTS.mode = "json"
    speech = VoiceService(vendor_settings).speak("One two", "vendor-custom", "en", "enterprise")
    assert [(w.word, w.startMs, w.endMs) for w in speech.word_timestamps] == [
        ("One", 200, 450),
        ("two", 650, 900),
    ]


def test_vendor_failure_is_a_readable_error(vendor_settings: Settings) -> None:
    VendorTTS.mode = "error"
    with pytest.raises(VoiceError) as err:
        VoiceService(vendor_settings).speak("Hi", "vendor-custom", "en", "studio")
    assert "HTTP 500" in str(err.value)


def test_vendor_voice_unconfigured_is_refused_before_any_call(settings: Settings) -> None:
    with pytest.raises(VoiceError) as err:
        VoiceService(settings).speak("Hi", "vendor-custom", "en", "studio")
    assert "REELSMITH_VENDOR_TTS_URL" in str(err.value)
