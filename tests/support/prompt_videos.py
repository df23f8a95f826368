"""The prompt-video quality suite, judged on the video: each create prompt is composed through
the API, saved as a template, given generated sample data, spoken by the offline voices and
laid out as the 720p render lays it out; the composition page is loaded in Chromium and read
at each scene's settled frame (reelsmith.settledAt). Four checks per prompt:

- `no_echo`: no on-screen text holds four or more consecutive words of the prompt, unless
  they are quoted in it (copy the prompt gives);
- `needs`: every quantity and content kind the prompt names (its `needs`) has its scene,
  played, bound to a slot of the right type, and the slot's data is on screen (the page's
  fitReport names the slot's field in that scene); quoted copy is on screen;
- `length`: the video's length (the timeline after speaking, which the encoder writes
  frame for frame) is within 20 % of the answer's estimatedDuration;
- `scripts`: every enabled scene's script mentions at least one slot.

A prompt the composer answers with an error (no composition, no video) fails every check.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Page

from app.ai.samples import sample_data
from app.composition.variables import variables_in
from app.config import Settings
from app.renders.job import build_job_spec
from app.renders.schemas import AudioOptions, OutputOptions, RenderOptions
from tests.support.http_server import LoopbackServer, QuietHandler
from tests.support.samples import IMAGE
from worker.render.pipeline import Prepared, prepare
from worker.render.server import serve_page

CHECKS = ("no_echo", "needs", "length", "scripts")
TOLERANCE = 0.20
# need -> the primitives that show it
SCENES = {
    "money": {"stat-counters"}, "count": {"stat-counters"}, "percent": {"stat-counters"},
    "duration": {"stat-counters"}, "date": {"stat-counters"}, "stats": {"stat-counters"},
    "rank": {"percentile-gauge"}, "top": {"bar-race"}, "map": {"world-map"},
    "quote": {"quote-card"}, "photo": {"ken-burns"}, "timeline": {"milestone-timeline"},
    "breakdown": {"category-donut"}, "comparison": {"comparison-bars"},
    "books": {"book-shelf"}, "badge": {"badge-unlock"}, "poll": {"poll-card"},
    "cta": {"cta-card"}, "brand": {"logo-reveal"}, "skills": {"radar"},
    "text": {"stat-counters"},
}  # fmt: skip
UNITS = ("s", "h", "min", "hours", "minutes", "days", "weeks", "months", "years", "nights")

# Each scene's text as shown (one entry per line of text) and the page's fit report.
READ_SCENE = """
(index) => {
  const scene = document.querySelector(`.rs-scene[data-index="${index}"]`);
  return scene ? scene.innerText.split("\\n").map(t => t.trim()).filter(Boolean) : null;
}
"""


# The suite reads prompts on its own (not with the composer's functions): words, and the
# copy a prompt quotes ("...", “...”, '...' opened after a space).
QUOTES = re.compile(r"\"([^\"]*)\"|“([^”]*)”|(?:(?<=\s)|^)'([^']+)'(?=[\s.,;:!?]|$)")


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower())


def quoted(prompt: str) -> list[str]:
    return [next(g for g in m.groups() if g is not None) for m in QUOTES.finditer(prompt)]


def echoes(line: str, prompt: str, n: int = 4) -> bool:
    """Whether the line holds n consecutive words of the prompt outside its quotes."""
    theirs = words(QUOTES.sub(" | ", prompt))
    runs = {tuple(theirs[i : i + n]) for i in range(len(theirs) - n + 1)}
    mine = words(line)
    return any(tuple(mine[i : i + n]) in runs for i in range(len(mine) - n + 1))


@dataclass
class Verdict:
    prompt: str
    estimated: int = 0
    rendered_s: float = 0.0
    passed: dict[str, bool] = field(default_factory=dict)
    why: dict[str, list[str]] = field(default_factory=dict)

    def fail(self, check: str, reason: str) -> None:
        self.passed[check] = False
        self.why.setdefault(check, []).append(reason)


class PhotoHandler(QuietHandler):
    """Serves the sample photo (an image URL must be http(s))."""

    def do_GET(self) -> None:  # http.server names the handler do_GET
        body = base64.b64decode(IMAGE.split(",", 1)[1])
        self.send_response(200)
        self.send_header("Content-Type", "image/svg+xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def photo_server() -> LoopbackServer:
    server = LoopbackServer(PhotoHandler)
    server.path = "/photo.svg"
    return server


def has_slot(value: Any, key: str) -> bool:
    return any(v.split(".")[0] == key for v in variables_in(str(value)))


def _cards(scene: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    stats = scene.get("sceneData", {}).get("stats")
    out = []
    for card in stats if isinstance(stats, list) else []:
        names = variables_in(str(card.get("value"))) if isinstance(card, dict) else []
        if names:
            out.append((names[0].split(".")[0], card))
    return out


def bound_slots(need: str, scene: dict[str, Any], types: dict[str, str]) -> set[str]:
    """The slots of the right type through which a scene shows `need` ("money:N$|NAD": an
    amount shown with either sign)."""
    kind, _, symbol = need.partition(":")
    if kind in ("money", "count", "percent", "duration", "date", "text"):
        out = set()
        for key, card in _cards(scene):
            prefix, suffix = str(card.get("prefix", "")), str(card.get("suffix", "")).strip()
            fits = {
                "money": types.get(key) == "number" and prefix.strip() != ""
                and (not symbol or any(s in prefix for s in symbol.split("|"))),
                "percent": types.get(key) == "number" and suffix == "%",
                "duration": types.get(key) == "number" and suffix in UNITS,
                "date": types.get(key) == "date",
                "count": types.get(key) == "number" and not prefix and not suffix,
                "text": types.get(key) == "text" and not prefix and not suffix,
            }[kind]  # fmt: skip
            if fits:
                out.add(key)
        return out
    data = scene.get("sceneData", {})
    keys = {v.split(".")[0] for v in variables_in(str(data))}
    if kind == "rank":
        return {k for k in keys if has_slot(data.get("percentile"), k) and types[k] == "number"}
    if kind in ("top", "stats", "map", "timeline", "breakdown", "comparison", "books", "poll",
                "skills"):  # fmt: skip
        return {k for k in keys if types.get(k) == "array"}
    return {k for k in keys if k in types}


async def judge(
    client: Any,
    headers: dict[str, str],
    settings: Settings,
    page: Page,
    prompt: str,
    needs: Sequence[str],
    workdir: Path,
    photo_url: str,
) -> tuple[Verdict, tuple[dict[str, Any], Prepared] | None]:
    """Compose, save, speak, lay out and read one prompt's video (in `page`, a 1280×720 page
    that may have read others before); its verdict per check (each failed when the composer
    gives no composition) and the saved template and its layout."""
    verdict = Verdict(prompt, passed=dict.fromkeys(CHECKS, True))
    resp = await client.post(
        "/api/prompt-builder", json={"prompt": prompt, "mode": "create"}, headers=headers
    )
    if resp.status_code != 200:  # no video at all: every check fails, the suite goes on
        for check in CHECKS:
            verdict.fail(check, f"the composer answered {resp.status_code}")
        return verdict, None
    answer = await resp.get_json()
    saved = await client.post(
        "/api/templates",
        json={
            "name": "From a prompt",
            "scenes": answer["scenes"],
            "dataSlots": answer["dataSlots"],
        },
        headers=headers,
    )
    template = await saved.get_json()
    assert saved.status_code == 201, template
    template = template.get("template", template)
    data = sample_data(template["dataSlots"], photo_url)
    options = RenderOptions(
        audio=AudioOptions(includeVoiceover=True), output=OutputOptions(resolution="720p")
    )
    spec = build_job_spec(template, data, "enterprise", options=options)
    prepared = await prepare(spec, settings, lambda stage, percent: None, workdir)
    verdict.estimated = answer["estimatedDuration"]
    verdict.rendered_s = prepared.timeline.duration_ms / 1000
    if abs(verdict.rendered_s / verdict.estimated - 1) > TOLERANCE:
        verdict.fail("length", f"{verdict.rendered_s:.1f} s rendered, {verdict.estimated} s said")
    scenes = template["scenes"]
    types = {s["key"]: s["type"] for s in template["dataSlots"]}
    for i, scene in enumerate(scenes):
        named = {v.split(".")[0] for v in variables_in(scene.get("voScript"))}
        if scene.get("enabled", True) and not named & set(types):
            verdict.fail("scripts", f"scene {i + 1} ({scene['primitiveId']}): no slot in "
                                    f"{scene.get('voScript')!r}")  # fmt: skip
    played = {s.index for s in prepared.timeline.scenes}
    shown, fields = await read_page(page, prepared, played)
    for index, lines in shown.items():
        for line in lines:
            if echoes(line, prompt):
                verdict.fail("no_echo", f"scene {index + 1}: {line!r}")
    check_needs(verdict, needs, scenes, types, played, fields, shown, prompt, data)
    return verdict, (template, prepared)


def check_needs(
    verdict: Verdict,
    needs: Sequence[str],
    scenes: list[dict[str, Any]],
    types: dict[str, str],
    played: set[int],
    fields: dict[int, list[str]],
    shown: dict[int, list[str]],
    prompt: str,
    data: dict[str, Any],
) -> None:
    counted: dict[str, int] = {}
    for need in needs:
        counted[need] = counted.get(need, 0) + 1
    for need, times in counted.items():
        kind = need.split(":")[0]
        keys: set[str] = set()
        for i, scene in enumerate(scenes):
            if scene["primitiveId"] not in SCENES[kind] or i not in played:
                continue
            for key in bound_slots(need, scene, types):
                if (
                    any(f == key or f.startswith((f"{key}[", f"{key}.")) for f in fields[i])
                    or (types.get(key) == "url" and kind in ("photo", "cta"))
                    or shows_value(data.get(key), shown.get(i, []))
                ):
                    keys.add(key)
        if len(keys) < times:
            verdict.fail("needs", f"{need} x{times}: shown through {sorted(keys) or 'nothing'}")
    on_screen = " ".join(" ".join(lines) for lines in shown.values()).lower()
    for text in quoted(prompt):
        plain = re.sub(r"\[[^\]]*\]", " ", text)
        if not all(w in words(on_screen) for w in words(plain)):
            verdict.fail("needs", f"quoted copy {text!r} is not on screen")


def shows_value(value: Any, lines: list[str]) -> bool:
    """Whether a scene's text shows a scalar sample value (a number as written or grouped)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)) or value == "":
        return False
    forms = {str(value), f"{value:,}" if isinstance(value, (int, float)) else str(value)}
    return any(form in line for form in forms for line in lines)


async def read_page(
    page: Page, prepared: Prepared, played: set[int]
) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """Each played scene's text lines at its settled frame, and the data fields the page's fit
    report says each scene shows (the composition loaded into `page`, a new document)."""
    with serve_page(prepared.page, prepared.assets) as server:
        await page.goto(server.page_url, wait_until="load")
        await page.evaluate("() => window.reelsmith.ready")
        shown: dict[int, list[str]] = {}
        for index in sorted(played):
            settled = await page.evaluate("i => reelsmith.settledAt(i)", index)
            await page.evaluate("ms => reelsmith.seek(ms)", settled)
            shown[index] = await page.evaluate(READ_SCENE, index) or []
        report = await page.evaluate("() => reelsmith.fitReport()")
    fields: dict[int, list[str]] = {i: [] for i in played}
    for entry in report:
        if entry.get("scene") in fields and entry.get("field"):
            fields[entry["scene"]].append(str(entry["field"]))
    return shown, fields


def rates(verdicts: Sequence[Verdict]) -> dict[str, float]:
    return {c: sum(v.passed[c] for v in verdicts) / len(verdicts) for c in CHECKS}


def table(title: str, verdicts: Sequence[Verdict]) -> str:
    """The pass rate per check, the length accuracy and every failure with its reason."""
    lines = [f"{title}: {len(verdicts)} prompts"]
    for check, rate in rates(verdicts).items():
        lines.append(f"  {check:<8} {rate:6.1%}")
    errors = [abs(v.rendered_s / v.estimated - 1) for v in verdicts if v.estimated]
    if errors:
        lines.append(f"  length error: mean {sum(errors) / len(errors):.1%}, "
                     f"max {max(errors):.1%}")  # fmt: skip
    for v in verdicts:
        for check, reasons in v.why.items():
            lines += [f"  FAIL {check}: {v.prompt[:60]!r}: {r}" for r in reasons]
    return "\n".join(lines)
