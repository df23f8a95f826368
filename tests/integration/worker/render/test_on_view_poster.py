"""The poster of an on-view job, made by a worker before any render: the page's poster frame
(the rule every poster follows) as one PNG of the video's size, at the key its thumbnailUrl
named at creation; made once."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from PIL import Image

from app.accounts.models import Account
from app.config import Settings
from app.db import Database
from app.media.storage import get_storage
from app.renders.models import RenderJob
from app.renders.onview import on_view_poster_key
from worker.posters import make_poster
from worker.render.browser import BrowserManager

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


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_poster_is_one_frame_stored_once_without_rendering_the_video(
    db: Database, settings: Settings, manager: BrowserManager, tmp_path: Path
):
    account_id, job_id = str(uuid.uuid4()), str(uuid.uuid4())
    async with db.session() as session:
        session.add(Account(id=account_id, email=f"{account_id}@example.com", password_hash="x"))
        await session.flush()
        session.add(
            RenderJob(
                id=job_id,
                account_id=account_id,
                template_id="t",
                request=SPEC,
                status="awaiting_view",
                render_on="on_view",
            )
        )
    storage = get_storage(settings)
    assert await make_poster(settings, db, storage, job_id, manager) == "made"
    key = on_view_poster_key(job_id)
    png = storage.fetch(key, tmp_path / "poster.png")
    with Image.open(png) as image:
        assert image.format == "PNG" and image.size == (1280, 720)
        assert len(set(image.convert("L").getdata())) > 8  # a drawn frame, not a blank one
    assert await make_poster(settings, db, storage, job_id, manager) == "skipped: made already"
    async with db.session() as session:
        job = await session.get(RenderJob, job_id)
        assert job is not None
        assert job.status == "awaiting_view" and job.output_key is None
