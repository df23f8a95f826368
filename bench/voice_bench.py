"""Synthesis speed and memory per voice engine and voice, one thread each, plus what a listener
would check first (median pitch, length). Each engine runs in a fresh process, as in a worker's
voice child, so its resident memory is its own.

    .venv/bin/python bench/voice_bench.py [--rounds N] [--all-voices] [--no-mix]

RTF = seconds of CPU per second of audio (< 1: faster than real time); the wall-clock RTF is
printed beside it (on a shared machine it includes waiting for a core). RSS = the process's
resident memory after speaking.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.composition.timeline import build_timeline  # noqa: E402
from app.config import Settings  # noqa: E402
from tests.support.pitch import median_f0  # noqa: E402
from worker.render.audio import mix_audio, prepare_voiceovers  # noqa: E402
from worker.voices.engines import read_wav  # noqa: E402
from worker.voices.espeak import EspeakEngine  # noqa: E402
from worker.voices.hibari_engine import HibariEngine  # noqa: E402
from worker.voices.kokoro_engine import KokoroEngine  # noqa: E402
from worker.voices.models import models_dir  # noqa: E402
from worker.voices.piper_engine import PiperEngine  # noqa: E402

SCRIPTS = {
    "en": ["Hello Maria, welcome to your year in review.",
           "You read 42 books in 2025, that is 15% more than last year.",
           "Thanks for watching. We can't wait to see what you do next!"],
    "es": ["Hola María, bienvenida a tu año en resumen.", "Gracias por mirar, hasta pronto."],
    "fr": ["Bonjour Marie, voici votre année en résumé.", "Merci d'avoir regardé, à bientôt."],
    "it": ["Ciao Maria, ecco il tuo anno in sintesi.", "Grazie per la visione, a presto."],
    "pt": ["Olá Maria, este é o seu ano em resumo.", "Obrigado por assistir, até logo."],
    "hi": ["नमस्ते मारिया, यह आपका साल है।", "देखने के लिए धन्यवाद।"],
    "ja": ["こんにちは、マリアさん。今年のまとめです。", "ご覧いただきありがとうございます。"],
    "zh": ["你好，玛丽亚。这是你的年度回顾。", "谢谢观看，下次见。"],
    "de": ["Hallo Maria, hier ist dein Jahr im Rückblick.", "Danke fürs Zuschauen."],
}  # fmt: skip
ENGLISH_VOICES = ["af_heart", "am_michael", "bf_emma", "bm_fable"]
OTHER_VOICES = {"es": ["ef_dora", "em_alex"], "fr": ["ff_siwis"], "it": ["if_sara", "im_nicola"],
                "pt": ["pf_dora", "pm_alex"], "hi": ["hf_alpha", "hm_omega"],
                "ja": ["jf_nezumi", "jm_kumo"], "zh": ["zf_xiaoni", "zm_yunjian"]}  # fmt: skip


def run_engine(engine: str, voices: list[tuple[str, str]], rounds: int, out: Any) -> None:
    """In a fresh process: load the engine, warm up, speak every voice's scripts."""
    work = Path(tempfile.mkdtemp(prefix="voice-bench-"))
    make = {
        "kokoro": lambda: KokoroEngine(work, models_dir(Settings())),
        "hibari": lambda: HibariEngine(work),
        "piper": lambda: PiperEngine(work),
        "espeak-ng": lambda: EspeakEngine(work),
    }[engine]
    speaker = make()
    started = time.perf_counter()
    speaker.synthesize("Warm up.", voices[0][0], voices[0][1])
    load_s = time.perf_counter() - started
    rows = []
    for voice, language in voices:
        speaker.synthesize(SCRIPTS[language][0][:12], voice, language)  # this language's front end
        cpu0, wall0, audio_ms, pitches = time.process_time(), time.perf_counter(), 0, []
        for _ in range(rounds):
            for text in SCRIPTS[language]:
                result = speaker.synthesize(text, voice, language)
                audio_ms += result.duration_ms
                samples, rate = read_wav(result.audio_path)
                pitches.append(median_f0(samples, rate))
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        rows.append((engine, voice, language, audio_ms / 1000 / rounds, cpu / (audio_ms / 1000),
                     wall / (audio_ms / 1000), sorted(pitches)[len(pitches) // 2]))  # fmt: skip
    rss_mb = psutil.Process().memory_info().rss / 2**20
    out.send((load_s, rss_mb, rows))


def bench(rounds: int, all_voices: bool) -> None:
    others = [
        (v, lang) for lang, vs in OTHER_VOICES.items() for v in (vs if all_voices else vs[:1])
    ]
    plan = {
        "kokoro": [(v, "en") for v in ENGLISH_VOICES] + others,
        "hibari": [("heart", "en")],
        "piper": [("joe", "en")],
        "espeak-ng": [("en-US+f3", "en"), ("de", "de")],
    }
    load = os.getloadavg()[0]
    print(f"load average at start: {load:.2f} on {os.cpu_count()} cores; one thread per engine")
    print(f"{'engine':<10} {'voice':<12} {'lang':<5} {'audio s':>7} {'RTF cpu':>8} "
          f"{'RTF wall':>8} {'F0 Hz':>6}")  # fmt: skip
    context = multiprocessing.get_context("spawn")
    footers = []
    for engine, voices in plan.items():
        mine, theirs = context.Pipe()
        process = context.Process(target=run_engine, args=(engine, voices, rounds, theirs))
        process.start()
        load_s, rss_mb, rows = mine.recv()
        process.join()
        for e, voice, language, audio_s, rtf, wall, f0 in rows:
            print(f"{e:<10} {voice:<12} {language:<5} {audio_s:>7.1f} {rtf:>8.3f} {wall:>8.3f} "
                  f"{f0:>6.0f}")  # fmt: skip
        footers.append(f"{engine}: first synthesis (load) {load_s:.2f} s, RSS {rss_mb:.0f} MB")
    print("\n".join(footers))
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


def bench_mix() -> None:
    """Time mix_audio for a 30 s soundtrack: three voiceovers over a ducked music bed."""
    primitives = ["title-intro", "stat-counters", "outro"]
    scenes = [
        {"primitiveId": p, "voScript": text, "durationOverride": 10}
        for p, text in zip(primitives, SCRIPTS["en"], strict=True)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(media_dir=Path(tmp), cache_dir=Path(tmp) / "cache",
                            work_dir=Path(tmp) / "work")  # fmt: skip
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
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--all-voices", action="store_true", help="every mapped Kokoro voice")
    parser.add_argument("--no-mix", action="store_true")
    args = parser.parse_args()
    bench(args.rounds, args.all_voices)
    if not args.no_mix:
        bench_mix()
