"""The output resolution is decided once: the request's, then the template's
`defaults.resolution`, then 1080p (documented). Checked on the real videos a worker writes
for API renders, and on `reelsmith render` (real Chromium, ffmpeg)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from render_helpers import WorkerProcess, wait_for
from typer.testing import CliRunner

from app.cli import cli
from app.db import Database
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template

pytestmark = pytest.mark.slow

ONE_SCENE: dict[str, Any] = {
    "name": "One second",
    "scenes": [
        {"primitiveId": "title-intro", "durationOverride": 1.0, "sceneData": {"subtitle": "x"}}
    ],
    "dataSlots": [{"key": "person_name", "label": "Name", "type": "text", "required": True}],
}


def video_size(path: Path) -> tuple[int, int]:
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_streams", "-of", "json", str(path)],
        check=True,
        capture_output=True,
        text=True,
    )
    stream = next(s for s in json.loads(out.stdout)["streams"] if s["codec_type"] == "video")
    return int(stream["width"]), int(stream["height"])


async def template(app: Any, account_id: str, defaults: dict[str, Any] | None) -> str:
    db: Database = app.config["REELSMITH_DB"]
    document = {**ONE_SCENE, **({"defaults": defaults} if defaults is not None else {})}
    async with db.session() as session:
        view, _ = await create_template(
            session, account_id, CreateTemplate.model_validate(document)
        )
    return view.id


@pytest.fixture
def worker(settings, tmp_path):
    proc = WorkerProcess(settings, tmp_path / "worker.log").start()
    yield proc
    proc.stop()


async def test_a_render_takes_the_templates_resolution_else_1080p(
    app, client, make_user, worker, tmp_path
):
    user = await make_user(credits=2)
    small = await template(app, user.account.id, {"resolution": "720p", "includeVoiceover": False})
    plain = await template(app, user.account.id, None)
    job_ids = {}
    for name, template_id in (("small", small), ("plain", plain)):
        created = await client.post(
            "/api/render",
            json={"templateId": template_id, "data": {"person_name": "Ada"}},
            headers=user.headers,
        )
        assert created.status_code == 200, await created.get_json()
        job_ids[name] = (await created.get_json())["jobId"]

    async def finished(job_id: str) -> dict[str, Any] | None:
        job = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
        return job if job["status"] in ("complete", "failed") else None

    sizes = {}
    for name, job_id in job_ids.items():
        job = await wait_for(lambda j=job_id: finished(j), 240, f"the {name} render")
        assert job["status"] == "complete", (job["error"], worker.log())
        video = tmp_path / f"{name}.mp4"
        resp = await client.get(job["outputUrl"].removeprefix("http://testserver"))
        video.write_bytes(await resp.get_data())
        sizes[name] = video_size(video)
    assert sizes == {"small": (1280, 720), "plain": (1920, 1080)}


def test_reelsmith_render_of_a_template_without_defaults_is_1080p(tmp_path: Path):
    document = {**ONE_SCENE, "id": "file"}
    (tmp_path / "t.json").write_text(json.dumps(document))
    (tmp_path / "d.json").write_text(json.dumps({"person_name": "Ada"}))
    out = tmp_path / "v.mp4"
    args = ["render", str(tmp_path / "t.json"), "--data", str(tmp_path / "d.json")]
    result = CliRunner().invoke(cli, [*args, "--out", str(out), "--parallel", "1"])
    assert result.exit_code == 0, result.output
    assert video_size(out) == (1920, 1080)
