"""The poster of an on-view job, made by a worker before any render: the page's poster frame
(the rule every poster follows) as one PNG of the video's size, at the key its thumbnailUrl
named at creation, and the live kit (page and soundtrack) its player plays before the video
exists; made once. The frame is taken straight from the page (worker/render/still.py): it is
the frame a `format: png` render of the same job delivers (through a one-frame video), within
that route's JPEG and H.264 losses."""

from __future__ import annotations

import json
import subprocess
import uuid
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from app.accounts.models import Account
from app.config import Settings
from app.db import Database
from app.media.storage import get_storage
from app.renders.job import load_job_spec
from app.renders.models import RenderJob
from app.renders.onview import live_keys, live_shell_key, on_view_poster_key, page_poster_key
from worker.posters import make_poster
from worker.render.browser import BrowserManager
from worker.render.pipeline import render_video

pytestmark = [pytest.mark.slow, pytest.mark.asyncio]

SPEC = {
    "schemaVersion": 1,
    "scenes": [
        {
            "primitiveId": "title-intro",
            "durationOverride": 1.0,
            "transition": "cut",
            "sceneData": {"person_name": "Ada Lovelace", "subtitle": "Your year"},
        }
    ],
    "data": {"person_name": "Ada"},
    "output": {"resolution": "720p", "fps": 30},
}


async def add_job(db: Database, spec: dict[str, object]) -> str:
    account_id, job_id = str(uuid.uuid4()), str(uuid.uuid4())
    async with db.session() as session:
        session.add(Account(id=account_id, email=f"{account_id}@example.com", password_hash="x"))
        await session.flush()
        session.add(
            RenderJob(
                id=job_id,
                account_id=account_id,
                template_id="t",
                request=spec,
                status="awaiting_view",
                render_on="on_view",
            )
        )
    return job_id


SPOKEN = {
    **SPEC,
    "scenes": [
        {
            "primitiveId": "title-intro",
            "animationOption": "word-reveal",
            "voScript": "Ada, here is the year you had with us.",
            "sceneData": {"person_name": "Ada Lovelace", "subtitle": "Your year"},
        },
        {"primitiveId": "cta-card", "durationOverride": 2.0, "sceneData": {"headline": "Bye"}},
    ],
    "audio": {"includeVoiceover": True},
}


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_with_the_voice_at_the_open_the_poster_is_the_same_frame_and_nothing_is_spoken(
    db: Database, settings_factory: Any, manager: BrowserManager, tmp_path: Path
):
    """REELSMITH_ON_VIEW_VOICE=open: the poster comes from the page laid out without speech
    (the settled frame of the same scene: the same picture as with the voice spoken) and no
    live kit is stored (the render stores it at the first open); that page is kept as the
    live page's shell."""
    posters = {}
    for voice_at in ("creation", "open"):
        settings = settings_factory(allow_private_urls=True, on_view_voice=voice_at)
        storage = get_storage(settings)
        job_id = await add_job(db, SPOKEN)
        assert await make_poster(settings, db, storage, job_id, manager) == "made"
        assert [storage.exists(k) for k in live_keys(job_id)] == [voice_at == "creation"] * 2
        assert storage.exists(live_shell_key(job_id)) == (voice_at == "open")
        png = storage.fetch(on_view_poster_key(job_id), tmp_path / f"{voice_at}.png")
        with Image.open(png) as image:
            posters[voice_at] = np.asarray(image.convert("RGB"), dtype=np.int16)
    diff = np.abs(posters["creation"] - posters["open"])
    assert diff.mean() < 0.5, diff.mean()  # the same settled frame (measured 0.0)
    grey = posters["open"].mean(axis=2)
    assert (grey > 200).mean() > 0.01  # the name is drawn (white letters on the dark scene)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_poster_is_one_frame_stored_once_without_rendering_the_video(
    db: Database, settings: Settings, manager: BrowserManager, tmp_path: Path
):
    job_id = await add_job(db, SPEC)
    storage = get_storage(settings)
    assert await make_poster(settings, db, storage, job_id, manager) == "made"
    key = on_view_poster_key(job_id)
    png = storage.fetch(key, tmp_path / "poster.png")
    with Image.open(png) as image:
        assert image.format == "PNG" and image.size == (1280, 720)
        assert len(set(image.convert("L").getdata())) > 8  # a drawn frame, not a blank one
        poster = np.asarray(image.convert("RGB"), dtype=np.int16)
    # and its WebP copy for the player page: the same picture in a fraction of the bytes
    webp = storage.fetch(page_poster_key(job_id), tmp_path / "poster.webp")
    assert webp.stat().st_size < png.stat().st_size / 3
    with Image.open(webp) as image:
        assert image.format == "WEBP" and image.size == (1280, 720)
        copy = np.asarray(image.convert("RGB"), dtype=np.int16)
    assert np.abs(copy - poster).mean() < 2.0
    # the same frame as a png render of the job (through a one-frame video and back)
    spec = load_job_spec({**SPEC, "output": {**SPEC["output"], "format": "png"}})
    rendered = await render_video(spec, settings, None, tmp_path / "frame.mp4", manager=manager)
    with Image.open(rendered.path) as image:
        frame = np.asarray(image.convert("RGB"), dtype=np.int16)
    diff = np.abs(poster - frame)
    assert diff.mean() < 2.5, diff.mean()  # measured 1.4 (the route's losses)
    assert (diff.max(axis=2) > 48).mean() < 0.002  # no other text or layout anywhere
    # its live kit: the page the renderer captures and the video's soundtrack, as long as it
    page_key, sound_key = live_keys(job_id)
    page = storage.fetch(page_key, tmp_path / "live.html").read_text()
    assert page.startswith("<!doctype html>") and '"duration": 1000' in page
    assert "/assets/" not in page and "Ada Lovelace" in page
    sound = storage.fetch(sound_key, tmp_path / "live.m4a")
    probe = json.loads(
        subprocess.run(
            ["ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", str(sound)],
            check=True,
            capture_output=True,
        ).stdout
    )
    assert [s["codec_name"] for s in probe["streams"]] == ["aac"]
    assert abs(float(probe["format"]["duration"]) - 1.0) < 0.1
    assert await make_poster(settings, db, storage, job_id, manager) == "skipped: made already"
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        assert job is not None
        assert job.status == "awaiting_view" and job.output_key is None
