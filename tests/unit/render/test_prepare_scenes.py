"""The pipeline prepares scenes and data the way previews do ($each lists, defaults, overrides),
and what it reports about the video it made."""

import subprocess
import sys
from pathlib import Path

from app.templates.service import builtin_view, sample_data
from worker.render.pipeline import build_request, prepare_scenes

ROOT = Path(__file__).resolve().parents[3]


def _request(template_id: str, data: dict) -> object:
    view = builtin_view(template_id)
    return build_request(
        {
            "templateId": template_id,
            "scenes": [s.model_dump(exclude_none=True) for s in view.scenes],
            "dataSlots": [s.model_dump(exclude_none=True) for s in view.dataSlots],
            "data": data,
        }
    )


def test_laureate_book_scenes_get_lists_built_from_books():
    data = sample_data(builtin_view("laureate"), "laureate")
    request, prepared = prepare_scenes(_request("laureate", data), dict(data))
    expanded = [
        scene["sceneData"]
        for scene in request.scenes
        if isinstance(scene.get("sceneData"), dict)
        and any(isinstance(v, list) and v for v in scene["sceneData"].values())
    ]
    assert expanded, "no scene received a list built from books"
    assert all("$each" not in str(sd) for sd in expanded)
    assert prepared["books"] == data["books"]


def test_handshake_default_milestones_fill_missing_data():
    request, prepared = prepare_scenes(
        _request("handshake", {"company_name": "Acme", "person_name": "Ada"}),
        {"company_name": "Acme", "person_name": "Ada"},
    )
    assert isinstance(prepared.get("milestones"), list) and prepared["milestones"]


def test_pipeline_does_not_load_without_the_audio_module():
    """No silent soundtrack when the audio step is missing: the pipeline fails to load."""
    code = "import sys; sys.modules['worker.render.audio'] = None\nimport worker.render.pipeline\n"
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0 and "worker.render.audio" in run.stderr, run.stderr
