"""The pipeline prepares scenes and data the way previews do ($each lists, defaults, overrides),
and what it reports about the video it made."""

import subprocess
import sys
from pathlib import Path

from helpers.templates import builtin_view

from app.renders.job import RenderJobSpec, build_job_spec, template_document
from app.templates.binding import sample_data
from worker.render.audio import Voiceover
from worker.render.pipeline import spoken_by
from worker.render.sources import Inputs, bind_data
from worker.render.timeline import plan_timeline, scenes_fully_in_ms

ROOT = Path(__file__).resolve().parents[3]


def _request(template_id: str, data: dict) -> RenderJobSpec:
    return build_job_spec(template_document(builtin_view(template_id)), data, "studio")


def prepare_scenes(spec: RenderJobSpec, data: dict) -> tuple[Inputs, dict]:
    inputs = bind_data(spec, data)
    return inputs, inputs.data


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


def test_a_scene_is_fully_in_after_its_entry_transition():
    scenes = [
        {"primitiveId": "title-intro", "durationOverride": 1.5},
        {"primitiveId": "title-intro", "durationOverride": 1.5, "transition": "fade"},
        {"primitiveId": "title-intro", "durationOverride": 1.0, "enabled": False},
        {"primitiveId": "title-intro", "durationOverride": 1.0, "transition": "cut"},
    ]
    timeline = plan_timeline(scenes, {"person_name": "Ada"})
    assert [s.start_ms for s in timeline.scenes] == [0, 1000, 2500]
    # The fade starts at 1000 ms with the title still showing; scene 1 alone from 1500 ms.
    assert scenes_fully_in_ms(timeline) == {0: 0, 1: 1500, 3: 2500}


def test_the_result_says_which_engine_and_voice_spoke_each_scene():
    voiceovers = {
        2: Voiceover(2, Path("b.wav"), 900, [], "espeak-ng", "en-US+f3", "Bye"),
        0: Voiceover(0, Path("a.wav"), 1200, [], "piper", "joe", "Hello"),
    }
    assert spoken_by(voiceovers) == [
        {"sceneIndex": 0, "engine": "piper", "voice": "joe"},
        {"sceneIndex": 2, "engine": "espeak-ng", "voice": "en-US+f3"},
    ]
    assert spoken_by({}) == []


def test_an_unversioned_jobs_voiceover_language_is_its_output_then_audio_language():
    from app.renders.job import load_job_spec

    assert load_job_spec({"scenes": [], "output": {"language": "de"}}).output.language == "de"
    assert load_job_spec({"scenes": [], "audio": {"language": "fr"}}).output.language == "fr"
    assert load_job_spec({"scenes": []}).output.language == "en"
