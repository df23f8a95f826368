"""`vendor-custom`: bring-your-own voice through a configured HTTP TTS endpoint.

The endpoint's API (documented in docs/develop/design/voices.md):
    POST {REELSMITH_VENDOR_TTS_URL}
    Authorization: Bearer {REELSMITH_VENDOR_TTS_TOKEN}      (when a token is set)
    {"text": "...", "voice": "vendor-custom", "language": "en"}
answers 200 with either an audio body (audio/wav, audio/mpeg, ...) or JSON
    {"audio": "<base64 audio>", "words": [{"word", "startMs", "endMs"}, ...]}.
Without `words`, word timing is estimated from the speech in the audio.
"""

from __future__ import annotations

import base64
from pathlib import Path

import httpx

from worker.voices.engines import (
    EngineUnavailable,
    Speech,
    Synthesis,
    VoiceError,
    WordTimestamp,
    decode_audio,
    scratch_path,
    speech_to_synthesis,
)
from worker.voices.normalize import normalize_tokens, spoken_text
from worker.voices.timing import estimate_spans

RATE = 24000


class VendorEngine:
    """An HTTP TTS endpoint configured by the operator."""

    name = "vendor-custom"

    def __init__(self, workdir: Path, url: str, token: str | None, timeout_s: float) -> None:
        self.workdir = workdir
        self.url = url
        self.token = token
        self.timeout_s = timeout_s

    def synthesize(self, text: str, voice: str, language: str) -> Synthesis:
        """POST the script to the vendor endpoint and read back audio (+ optional words)."""
        tokens = normalize_tokens(text, language)
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        body = {"text": spoken_text(tokens), "voice": voice, "language": language}
        try:
            resp = httpx.post(self.url, json=body, headers=headers, timeout=self.timeout_s)
        except httpx.HTTPError as exc:
            raise EngineUnavailable(f"the vendor TTS endpoint is unreachable: {exc}") from exc
        if resp.status_code != 200:
            raise VoiceError(f"the vendor TTS endpoint answered HTTP {resp.status_code}")
        words: list[WordTimestamp] | None = None
        if resp.headers.get("content-type", "").startswith("application/json"):
            payload = resp.json()
            audio = base64.b64decode(payload.get("audio", ""))
            if payload.get("words"):
                words = [WordTimestamp(str(w["word"]), int(w["startMs"]), int(w["endMs"]))
                         for w in payload["words"]]  # fmt: skip
        else:
            audio = resp.content
        samples = decode_audio(audio, RATE)
        if samples.size == 0:
            raise VoiceError("the vendor TTS endpoint returned empty audio")
        path = scratch_path(self.workdir, self.name)
        spans = [] if words is not None else estimate_spans(tokens, samples, RATE)
        synthesis = speech_to_synthesis(Speech(samples, RATE, spans), path, self.name, voice)
        if words is not None:
            synthesis.word_timestamps = words
        return synthesis
