"""Synthesis real-time factor per voice engine (RTF = synthesis time / audio length; < 1 is
faster than real time). Run: `.venv/bin/python bench/voice_bench.py [--rounds N]`."""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from worker.voices.espeak import EspeakEngine
from worker.voices.piper_engine import PiperEngine, load_voice

SCRIPTS = [
    "Hello Maria, welcome to your year in review.",
    "You read 42 books in 2025, that is 15% more than last year and a new team record.",
    "Thanks for watching. We can't wait to see what you do next!",
]
ENGINES = {
    "piper (joe, en)": (PiperEngine, "joe", "en"),
    "espeak-ng (en-US)": (EspeakEngine, "en-US", "en"),
    "espeak-ng (de)": (EspeakEngine, "de", "de"),
}


def bench(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        load_voice("joe")
        print(f"piper model load (once per process): {time.perf_counter() - started:.2f} s")
        print(f"{'engine':<20} {'audio s':>8} {'synth s':>8} {'RTF':>7}")
        for label, (engine_cls, voice, language) in ENGINES.items():
            engine = engine_cls(Path(tmp))
            engine.synthesize("warm up", voice, language)
            audio_ms = 0
            started = time.perf_counter()
            for _ in range(rounds):
                for text in SCRIPTS:
                    audio_ms += engine.synthesize(text, voice, language).duration_ms
            spent = time.perf_counter() - started
            rtf = spent / (audio_ms / 1000)
            print(f"{label:<20} {audio_ms / 1000:>8.1f} {spent:>8.2f} {rtf:>7.3f}")


def bench_mix() -> None:
    """Time mix_audio for a 30 s soundtrack: three voiceovers over a ducked music bed."""
    import asyncio

    from app.composition.timeline import build_timeline
    from app.config import Settings
    from worker.render.audio import mix_audio, prepare_voiceovers

    scenes = [{"primitiveId": "title-intro", "voScript": SCRIPTS[0], "durationOverride": 10},
              {"primitiveId": "stat-counters", "voScript": SCRIPTS[1], "durationOverride": 10},
              {"primitiveId": "outro", "voScript": SCRIPTS[2], "durationOverride": 10}]  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(media_dir=Path(tmp))
        audio = {"includeVoiceover": True, "voiceId": "en-US-GuyNeural",
                 "musicTrack": "bright-pop", "musicVolume": 0.3}  # fmt: skip
        vos = asyncio.run(prepare_voiceovers(scenes, {}, audio, "en", settings, "free"))
        timeline = build_timeline(scenes, {}, {i: v.duration_ms for i, v in vos.items()})
        started = time.perf_counter()
        asyncio.run(mix_audio(timeline, vos, audio, settings, Path(tmp) / "mix"))
        spent = time.perf_counter() - started
        print(
            f"mix_audio, {timeline.duration_ms / 1000:.1f} s soundtrack with music: {spent:.2f} s"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2)
    bench(parser.parse_args().rounds)
    bench_mix()
