"""The API's fit estimate (font metrics, no browser) against the browser's own fitting: the
same "shrunk below 80 % or cut" verdict and nearly the same size for names, numbers, labels,
quotes and URLs in several scripts; and primitives_html/fit_boxes.json is what Chromium
measures now (`make fit-boxes` after a layout change)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from app.composition.fit_estimate import BOXES_FILE, scene_estimates
from app.composition.timeline import build_timeline
from tests.support.fit_samples import fit_case

ROOT = Path(__file__).resolve().parents[3]
STATS = [
    # (a label past two lines is clamped by CSS in a card, which fitReport does not see)
    {"label": "Revenue across all the regions", "value": 1284000000},
    {"label": "Churn", "value": -1284000000, "prefix": "$"},
    {"label": "Rank", "value": "Top 5% of all members"},
    {"label": "NPS", "value": 61},
]
CASES: list[tuple[str, dict[str, Any]]] = [
    ("title-intro", {"person_name": "Priya Shah"}),
    ("title-intro", {"person_name": "Maximilian Alexander Wolfeschlegelsteinhausen"}),
    ("title-intro", {"person_name": "Wolfeschlegelsteinhausenbergerdorff"}),
    ("title-intro", {"person_name": "محمد بن عبد الرحمن الفيصل"}),
    ("title-intro", {"person_name": "王小明 🎉 张伟华"}),
    ("logo-reveal", {"company_name": "The Very Long International Consolidated Holdings Co. Ltd"}),
    ("stat-counters", {"stats": STATS}),
    ("stat-counters", {"stats": STATS[:1]}),
    (
        "bar-race",
        {"bars": [{"label": "Self-serve onboarding program with a long name", "value": 9}]},
    ),
    ("quote-card", {"quote": "Every dataset tells a story if you give it time. " * 6}),
    ("cta-card", {"url": "https://example.com/" + "campaign-tracking-0123456789" * 4}),
    ("badge-unlock", {"badge_name": "Top performer of the entire northern region"}),
]


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize(("primitive_id", "override"), CASES)
async def test_the_estimate_agrees_with_the_browser(
    make_composition: Any, primitive_id: str, override: dict[str, Any]
) -> None:
    fields, data = fit_case(primitive_id, "typical")
    data = {**data, **override}
    scene_data = {k: v for k, v in (fields.get("sceneData") or {}).items() if k not in override}
    scene = {"primitiveId": primitive_id, "transition": "cut", **fields, "sceneData": scene_data}
    page = await make_composition([scene], data)
    report = await page.page.evaluate("() => window.reelsmith.fitReport()")
    timeline = build_timeline([scene], data)
    estimates = {(e.element, e.prop): e for e in scene_estimates(timeline.scenes[0], data)}
    compared = 0
    for entry in report:
        found = estimates.get((entry["element"], entry["prop"]))
        if found is None:
            continue  # text the primitive makes (totals, formatted values without a prop)
        compared += 1
        warned = entry["truncated"] or entry["scale"] < 0.8
        where = f"{primitive_id} {entry['prop']}: browser {entry['scale']} {entry['truncated']}"
        assert found.worth_a_warning == warned, f"{where}, estimate {found.scale} {found.truncated}"
        assert found.truncated == entry["truncated"], where
        assert abs(found.scale - entry["scale"]) <= 0.1, f"{where}, estimate {found.scale}"
    assert compared, report


@pytest.mark.slow
def test_the_committed_boxes_are_what_chromium_measures() -> None:
    spec = importlib.util.spec_from_file_location(
        "measure_fit_boxes", ROOT / "scripts" / "measure_fit_boxes.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    measured = asyncio.run(script.measure_all())
    committed = json.loads(BOXES_FILE.read_text(encoding="utf-8"))
    assert script.close(measured, committed), "run `make fit-boxes`"
