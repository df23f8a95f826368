"""Online neural voices through `edge-tts` (the SPEC's voice ids), with word boundaries."""

from __future__ import annotations

import asyncio
from pathlib import Path

from worker.voices.engines import (
    EngineUnavailable,
    Speech,
    Synthesis,
    decode_audio,
    scratch_path,
    speech_to_synthesis,
)
from worker.voices.normalize import Token, normalize_tokens, spoken_text
from worker.voices.timing import spans_from_starts, tighten, token_at, token_offsets

RATE = 24000
_TICKS_PER_SAMPLE = 10_000_000 / RATE  # edge-tts offsets are in 100 ns ticks


def word_starts(tokens: list[Token], boundaries: list[tuple[str, int]]) -> dict[int, int]:
    """Token index -> start sample from edge-tts WordBoundary events (word text, 100 ns ticks).

    Boundaries carry the word's text, not its position, so each is found in the spoken text
    from the previous one on.
    """
    spoken = spoken_text(tokens)
    offsets, cursor = token_offsets(tokens), 0
    starts: dict[int, int] = {}
    for word, tick in boundaries:
        found = spoken.find(word, cursor)
        if found < 0:
            continue
        cursor = found + len(word)
        starts.setdefault(token_at(offsets, found), round(tick / _TICKS_PER_SAMPLE))
    return starts


class EdgeEngine:
    """Microsoft Edge read-aloud voices; needs the internet."""

    name = "edge-tts"

    def __init__(self, workdir: Path, timeout_s: float = 30.0) -> None:
        self.workdir = workdir
        self.timeout_s = timeout_s

    def synthesize(self, text: str, voice: str, language: str) -> Synthesis:
        """Speak with an Edge voice such as `en-GB-RyanNeural`; EngineUnavailable when offline."""
        tokens = normalize_tokens(text, language)
        spoken = spoken_text(tokens)
        try:
            audio, boundaries = asyncio.run(
                asyncio.wait_for(self._stream(spoken, voice), self.timeout_s)
            )
        except Exception as exc:  # network, TLS, protocol: all mean "not reachable now"
            raise EngineUnavailable(f"edge-tts is unreachable: {type(exc).__name__}") from exc
        if not audio:
            raise EngineUnavailable("edge-tts returned no audio")
        samples = decode_audio(audio, RATE)
        starts = word_starts(tokens, boundaries)
        spans = tighten(samples, RATE, spans_from_starts(tokens, starts, len(samples)))
        path = scratch_path(self.workdir, self.name)
        return speech_to_synthesis(Speech(samples, RATE, spans), path, self.name, voice)

    async def _stream(self, text: str, voice: str) -> tuple[bytes, list[tuple[str, int]]]:
        import edge_tts

        communicate = edge_tts.Communicate(text, voice, boundary="WordBoundary")
        audio = bytearray()
        boundaries: list[tuple[str, int]] = []
        async for chunk in communicate.stream():
            if chunk["type"] == "audio":
                audio.extend(chunk["data"])
            elif chunk["type"] == "WordBoundary":
                boundaries.append((chunk["text"], int(chunk["offset"])))
        return bytes(audio), boundaries
