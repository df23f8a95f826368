"""Campaign analytics pages (/app/analytics) with the Quart test client: an A/B batch made with
POST /api/render/batch (jobs as rows), synthetic viewing sessions with known rates, a real
small video for the scene frames, and the heatmap, A/B winner, recipients and CSV checked."""

from __future__ import annotations

import csv
import io
import subprocess
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from app.config import Settings
from app.db import Database
from app.media.storage import get_storage
from app.renders.models import RenderJob
from tests.support.analytics import add_sessions, csv_rows, jobs_of, make_template, set_scene_starts
from tests.support.dashboard import sign_in

SCENES = {"0": 0, "1": 1000, "2": 2000}
FORMULA = '=HYPERLINK("http://x")'


@pytest.fixture
def settings(settings: Settings, database_url: str) -> Settings:
    """On SQLite and on PostgreSQL (the analytics SQL differs per engine)."""
    return settings.model_copy(update={"database_url": database_url, "ab_min_sessions": 20})


async def seeded_campaign(app: Any, client: Any, user: Any) -> str:
    """A 20-row A/B batch: every Control session reaches scene 2 of 3 and completes, every
    Green session stops in scene 1; so scene retention is 100 %, 50 %, 0 % and Control wins
    on completion (30 started sessions per variant)."""
    template_id = await make_template(app, user.account.id)
    rows = csv_rows(20)
    rows[3][0] = FORMULA
    body = {
        "templateId": template_id,
        "headers": ["Name", "Email"],
        "rows": rows,
        "variants": [
            {"id": "a", "label": "Control", "splitPercent": 50},
            {"id": "b", "label": "Green", "splitPercent": 50},
        ],
    }
    resp = await client.post("/api/render/batch", json=body, headers=user.headers)
    data = await resp.get_json()
    assert resp.status_code == 200, data
    batch_id: str = data["batchId"]
    jobs = await jobs_of(app, batch_id)
    await set_scene_starts(app, [j.id for j in jobs], SCENES)
    first = {v: next(j for j in jobs if j.variant_id == v) for v in ("a", "b")}
    await add_sessions(
        app, first["a"], 30, scenes_entered=0b011, furthest_percent=100, completed=True
    )
    await add_sessions(app, first["b"], 30, scenes_entered=0b001, furthest_percent=40)
    return batch_id


async def test_campaign_page_shows_scene_retention_and_the_ab_winner(app, client, make_user):
    user = await make_user(credits=100)
    batch_id = await seeded_campaign(app, client, user)
    await sign_in(client, user.account.email, user.password)

    listing = await client.get("/app/analytics")
    assert listing.status_code == 200
    listed = await listing.get_data(as_text=True)
    assert f'href="/app/analytics/{batch_id}"' in listed
    assert "<td>Three scene card</td>" in listed  # the template's name

    resp = await client.get(f"/app/analytics/{batch_id}")
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 200, html
    for index, figure in ((0, 100), (1, 50), (2, 0)):
        assert f'data-testid="retention-{index}">{figure}%<' in html
    assert "30 of 60 sessions" in html  # scene 2: Control's 30 of the 60 started sessions
    winner_row = html.split('data-testid="ab-winner"', 1)[1].split("</tr>", 1)[0]
    assert "Control" in winner_row and "100%" in winner_row
    assert "Winner: Control" in html and "p &lt; 0.0001" in html
    # recipients: row order, paginated by 50 (20 here: no next page)
    assert html.count("/v/") == 20 and 'rel="next"' not in html


async def test_recipients_csv_export_is_the_apis_and_formula_safe(app, client, make_user):
    user = await make_user(credits=100)
    batch_id = await seeded_campaign(app, client, user)
    await sign_in(client, user.account.email, user.password)
    resp = await client.get(f"/app/analytics/{batch_id}/recipients.csv")
    assert resp.status_code == 200
    assert resp.headers["Content-Type"].startswith("text/csv")
    text = await resp.get_data(as_text=True)
    api = await client.get(
        f"/api/analytics/campaign/{batch_id}/recipients?format=csv", headers=user.headers
    )
    assert text == await api.get_data(as_text=True)
    table = list(csv.DictReader(io.StringIO(text)))
    assert len(table) == 20
    assert table[3]["recipient"] == "'" + FORMULA
    control = next(r for r in table if r["sessions"] == "30")
    assert (control["variant"], control["completed"]) == ("a", "yes")


async def test_another_accounts_campaign_is_not_found(app, client, make_user):
    owner = await make_user(credits=100)
    batch_id = await seeded_campaign(app, client, owner)
    stranger = await make_user(credits=10)
    await sign_in(client, stranger.account.email, stranger.password)
    for path in ("", "/recipients.csv", "/scenes/0.png"):
        resp = await client.get(f"/app/analytics/{batch_id}{path}")
        assert resp.status_code == 404, path
        assert "Campaign not found" in await resp.get_data(as_text=True)
    listing = await (await client.get("/app/analytics")).get_data(as_text=True)
    assert batch_id not in listing
    assert (await client.get("/app/analytics/nope?cursor=x")).status_code == 404


async def test_scene_frames_are_cut_once_from_a_finished_video(
    app, client, make_user, settings, tmp_path: Path
):
    user = await make_user(credits=100)
    batch_id = await seeded_campaign(app, client, user)
    video = tmp_path / "clip.mp4"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=10:duration=3"]
        + ["-pix_fmt", "yuv420p", str(video)],
        check=True,
    )
    job = (await jobs_of(app, batch_id))[0]
    storage = get_storage(settings)
    storage.put(f"videos/{job.id}.mp4", video)
    db: Database = app.config["REELSMITH_DB"]
    async with db.session() as session:
        await session.execute(
            update(RenderJob)
            .where(RenderJob.id == job.id)
            .values(output_key=f"videos/{job.id}.mp4", scene_fully_in_ms={"0": 200, "1": 1200})
        )
    await sign_in(client, user.account.email, user.password)
    html = await (await client.get(f"/app/analytics/{batch_id}")).get_data(as_text=True)
    # scenes 0 and 1 have a frame; scene 2 was not timed in that video: no image to fail
    assert f"/app/analytics/{batch_id}/scenes/1.png" in html
    assert f"/app/analytics/{batch_id}/scenes/2.png" not in html
    resp = await client.get(f"/app/analytics/{batch_id}/scenes/1.png")
    assert resp.status_code == 302
    assert resp.headers["Location"].endswith(f"/media/videos/{job.id}.scene-1.png")
    key = f"videos/{job.id}.scene-1.png"
    with storage.open(key) as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    made = storage.modified(key)
    again = await client.get(f"/app/analytics/{batch_id}/scenes/1.png")
    assert again.status_code == 302 and storage.modified(key) == made  # reused, not re-cut
    missing = await client.get(f"/app/analytics/{batch_id}/scenes/2.png")
    assert missing.status_code == 404
    # deleting the video deletes its scene frames with it
    deleted = await client.delete(f"/api/render/{job.id}", headers=user.headers)
    assert deleted.status_code == 200, await deleted.get_data(as_text=True)
    assert not storage.exists(key) and not storage.exists(f"videos/{job.id}.mp4")
