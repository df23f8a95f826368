"""How well the composer's speech estimate (app/ai/scripts.spoken_seconds) matches the offline
voices: every scene script the built-in composer writes for the prompt suites (tuned and
held-out) is filled with sample data and spoken by each voice; printed per voice are a
least-squares fit of the estimate's terms (seconds per syllable, per pause, per variable by
what it holds, once) and the error of the estimate on whole videos (speech plus a breath per
scene, transitions overlapping), mean and largest.

    .venv/bin/python bench/ai_speech_bench.py [--voices espeak,piper,kokoro] [--prompts N]

Slow on a shared 2-core machine: Piper about 6 minutes for all prompts, Kokoro about 25.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.ai.builtin import create  # noqa: E402
from app.ai.samples import sample_data  # noqa: E402
from app.ai.schemas import TemplateState  # noqa: E402
from app.ai.scripts import (  # noqa: E402
    BREATH_S,
    CURRENCY_SIGNS,
    PAUSE,
    spoken_seconds,
    syllables,
)
from app.composition.timeline import TRANSITION_MS  # noqa: E402
from app.composition.variables import VARIABLE, substitute  # noqa: E402
from app.config import Settings  # noqa: E402
from app.templates.schemas import DataSlot  # noqa: E402
from tests.support.ai_prompts import CREATE  # noqa: E402
from tests.support.ai_prompts_held_out import HELD_OUT  # noqa: E402
from tests.support.ai_prompts_held_out_2 import HELD_OUT_2  # noqa: E402
from tests.support.ai_prompts_held_out_3 import HELD_OUT_3  # noqa: E402
from tests.support.ai_prompts_held_out_4 import HELD_OUT_4  # noqa: E402
from worker.voices.service import VoiceService  # noqa: E402

# voice -> (voice id, quality) that makes the voice service pick it for English
VOICES = {"espeak": ("en-US-JennyNeural", "basic"), "piper": ("en-US-GuyNeural", "basic"),
          "kokoro": ("en-US-JennyNeural", "neural")}  # fmt: skip
TERMS = ("syllable", "pause", "money", "date", "number", "percent", "length", "text", "once")


def terms(script: str, types: dict[str, str]) -> list[float]:
    """The estimate's terms of one script (what spoken_seconds weighs)."""
    out = dict.fromkeys(TERMS, 0.0)
    for match in VARIABLE.finditer(script):
        root, _, path = match.group(1).partition(".")
        kind = types.get(root, "text")
        before = script[max(0, match.start() - 2) : match.start()].strip()
        if path.endswith("length"):
            kind = "length"
        elif before and before[-1] in CURRENCY_SIGNS:
            kind = "money"
        elif kind == "number" and script[match.end() :].strip().startswith(("percent", "%")):
            kind = "percent"
        out[kind if kind in out else "text"] += 1
    plain = VARIABLE.sub(" ", script).split()
    out["syllable"] = sum(syllables(w) for w in plain if re.search(r"[^\W\d_]", w))
    out["pause"] = len(PAUSE.findall(script))
    out["once"] = 1
    return [out[t] for t in TERMS]


def video_error(scenes: list[tuple[float, float]]) -> float:
    """Relative error of the estimated video length: (estimate, spoken) seconds per scene."""
    fixed = BREATH_S * len(scenes) - TRANSITION_MS / 1000 * (len(scenes) - 1)
    return (sum(e for e, _ in scenes) + fixed) / (sum(s for _, s in scenes) + fixed) - 1


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--voices", default="espeak,piper,kokoro")
    parser.add_argument("--prompts", type=int, default=None, help="only the first N prompts")
    args = parser.parse_args()
    prompts = [c.prompt for c in CREATE] + [
        p for cases in (HELD_OUT, HELD_OUT_2, HELD_OUT_3, HELD_OUT_4) for p, _ in cases
    ]
    prompts = prompts[: args.prompts]
    service = VoiceService(Settings())
    for voice in args.voices.split(","):
        voice_id, quality = VOICES[voice]
        rows, videos = [], defaultdict(list)
        for prompt in prompts:
            made = create(prompt, TemplateState())
            slots = [s.model_dump() for s in made.dataSlots]
            types = {s["key"]: s["type"] for s in slots}
            data = sample_data(slots)
            for scene in made.scenes:
                text = substitute(scene.voScript, data).text
                spoken = service.speak(text, voice_id, "en", "enterprise", quality)
                seconds = spoken.duration_ms / 1000
                rows.append((terms(scene.voScript, types), seconds))
                estimate = spoken_seconds(scene.voScript, [DataSlot(**s) for s in slots])
                videos[prompt].append((estimate, seconds))
        x = np.array([r[0] for r in rows])
        y = np.array([r[1] for r in rows])
        fit, *_ = np.linalg.lstsq(x, y, rcond=None)
        errors = np.array([video_error(v) for v in videos.values()])
        print(f"{voice}: {len(rows)} scripts of {len(videos)} prompts")
        print("  fit: " + ", ".join(f"{t} {c:.3f}" for t, c in zip(TERMS, fit, strict=True)))
        print(f"  estimate on whole videos: mean {errors.mean():+.1%}, "
              f"max {np.abs(errors).max():.1%}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
