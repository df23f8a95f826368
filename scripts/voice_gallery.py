"""Render one short video per English voice into docs/gallery/voices/<voice id>.mp4.

Usage: python scripts/voice_gallery.py [voice id ...]   (part of `make gallery`)

The same two scenes of `pulse` (its title and its closing card) and the same recipient, spoken
by each English voice the catalog plays offline with Kokoro (app.voices.catalog.KOKORO_ENGLISH:
US and British, a woman and a man each), through `reelsmith render` at 720p, neural quality.
Listen to them side by side: the names promise an accent and a person.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.templates.builtins import builtins  # noqa: E402
from app.voices.catalog import KOKORO_ENGLISH  # noqa: E402

OUT_DIR = ROOT / "docs" / "gallery" / "voices"
DATA = {"person_name": "Priya Shah", "period": "Q3 2026"}
SCRIPTS = (
    "[person_name], here is your [period] review. It was a strong quarter for your team.",
    "Thanks, [person_name]. We are glad to work with you, and we will see you next period.",
)


def template_for(voice: str) -> dict:
    pulse = builtins()["pulse"].model_dump(mode="json")
    scenes = [pulse["scenes"][0], pulse["scenes"][-1]]
    for scene, script in zip(scenes, SCRIPTS, strict=True):
        scene["voScript"] = script
    pulse["scenes"] = scenes
    pulse["dataSlots"] = [s for s in pulse["dataSlots"] if s["key"] in DATA]
    pulse["sampleData"] = DATA
    pulse["defaults"] = {**pulse["defaults"], "voiceId": voice, "voiceQuality": "neural"}
    pulse["id"] = f"voice-{voice}"
    return pulse


def main(voices: list[str]) -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "REELSMITH_VOICE_QUALITY": "neural"}
    reelsmith = Path(sys.executable).parent / "reelsmith"
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data.json"
        data.write_text(json.dumps(DATA))
        for voice in voices:
            doc = Path(tmp) / f"{voice}.json"
            doc.write_text(json.dumps(template_for(voice)))
            out = OUT_DIR / f"{voice}.mp4"
            subprocess.run(
                [str(reelsmith), "render", str(doc), "--data", str(data),
                 "--resolution", "720p", "--out", str(out)],
                check=True,
                env=env,
            )
            print(f"{voice} ({KOKORO_ENGLISH[voice]}) -> {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:] or list(KOKORO_ENGLISH))
