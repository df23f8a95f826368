"""Real worker subprocesses rendering real videos (Chromium + ffmpeg): lifecycle, media,
thumbnails, deletion, failure refunds."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from render_helpers import WorkerProcess, make_template, wait_for
from sqlalchemy import select

from app.accounts.models import Account, LedgerEntry
from app.renders.models import RenderJob

pytestmark = pytest.mark.slow


def ffprobe(path: Path) -> dict[str, Any]:
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_format", "-show_streams", "-of", "json", str(path)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


async def ledger(app: Any, account_id: str) -> list[tuple[str, int, str | None]]:
    async with app.config["REELSMITH_DB"].session() as session:
        rows = (
            await session.execute(
                select(LedgerEntry)
                .where(LedgerEntry.account_id == account_id)
                .order_by(LedgerEntry.created_at)
            )
        ).scalars()
        return [(e.kind, e.amount, e.reference) for e in rows]


async def balance(app: Any, account_id: str) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        return (await session.get(Account, account_id)).credits


async def download(client: Any, url: str, dest: Path, **headers: str) -> tuple[int, bytes]:
    resp = await client.get(url.removeprefix("http://testserver"), headers=headers)
    data = await resp.get_data()
    dest.write_bytes(data)
    return resp.status_code, data


def gif_length_ms(path: Path) -> tuple[int, int]:
    """(frames, total ms) of a GIF, which must be at most 480 px wide."""
    with Image.open(path) as img:
        assert img.format == "GIF" and img.size[0] <= 480
        frames = getattr(img, "n_frames", 1)
        length_ms = 0
        for i in range(frames):
            img.seek(i)
            length_ms += img.info.get("duration", 0)
    return frames, length_ms


@pytest.fixture
def worker(settings, tmp_path):
    proc = WorkerProcess(settings, tmp_path / "worker.log").start()
    yield proc
    proc.stop()


async def test_render_lifecycle_media_thumbnails_and_delete(
    app, client, make_user, worker, tmp_path
):
    user = await make_user(credits=3)
    template_id = await make_template(app, user.account.id)
    created = await (
        await client.post(
            "/api/render",
            json={
                "templateId": template_id,
                "data": {"person_name": "Ada Lovelace"},
                "output": {"resolution": "720p", "fps": 30},
            },
            headers=user.headers,
        )
    ).get_json()
    job_id = created["jobId"]
    seen: list[tuple[str, str, int]] = []

    async def finished() -> dict[str, Any] | None:
        job = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
        seen.append((job["status"], job["stage"], job["progress"]))
        return job if job["status"] in ("complete", "failed") else None

    job = await wait_for(finished, 180, "the render to finish", interval=0.2)
    assert job["status"] == "complete", (job["error"], worker.log())
    statuses = [s for s, _, _ in seen]
    assert "processing" in statuses
    progress = [p for _, _, p in seen]
    assert progress == sorted(progress) and job["progress"] == 100
    assert {st for _, st, _ in seen} >= {"rendering", "done"}
    assert job["stage"] == "done" and job["completedAt"] and job["error"] is None
    assert job["outputUrl"] == f"http://testserver/media/videos/{job_id}.1.mp4"  # attempt 1
    assert job["authorName"] == "Ada Lovelace"

    video = tmp_path / "out.mp4"
    status, data = await download(client, job["outputUrl"], video)
    assert status == 200
    probe = ffprobe(video)
    stream = next(s for s in probe["streams"] if s["codec_type"] == "video")
    assert stream["codec_name"] == "h264" and (stream["width"], stream["height"]) == (1280, 720)
    assert 1.5 <= float(probe["format"]["duration"]) <= 2.6
    status, part = await download(client, job["outputUrl"], tmp_path / "part", Range="bytes=0-1023")
    assert status == 206 and part == data[:1024]

    async with app.config["REELSMITH_DB"].session() as session:
        stored = await session.get(RenderJob, job_id)
    # Scene 1 fades in from 500 ms; thumbnails by sceneIndex show it fully in, at 1000 ms.
    assert stored.scene_fully_in_ms == {"0": 0, "1": 1000}

    thumbs = await client.post(
        "/api/thumbnail",
        json={"renderJobId": job_id, "sceneIndex": 1, "durationSec": 1},
        headers=user.headers,
    )
    thumb = await thumbs.get_json()
    assert thumbs.status_code == 200, thumb
    png, gif = tmp_path / "t.png", tmp_path / "t.gif"
    await download(client, thumb["thumbnailUrl"], png)
    await download(client, thumb["thumbnailGifUrl"], gif)
    assert png.stat().st_size == thumb["pngSize"] and gif.stat().st_size == thumb["gifSize"]
    assert Image.open(png).size == (1280, 720)
    assert 400 <= gif_length_ms(gif)[1] <= 600  # from 1.0 s, clipped at the 1.5 s video end

    thumbs = await client.post(
        "/api/thumbnail",
        json={"renderJobId": job_id, "startSec": 0.25, "durationSec": 1},
        headers=user.headers,
    )
    thumb = await thumbs.get_json()
    assert thumbs.status_code == 200, thumb
    await download(client, thumb["thumbnailGifUrl"], gif)
    frames, length_ms = gif_length_ms(gif)
    assert 13 <= frames <= 16  # 1 s at 15 fps
    assert 900 <= length_ms <= 1100

    other = await make_user()
    assert (
        await client.post("/api/thumbnail", json={"renderJobId": job_id}, headers=other.headers)
    ).status_code == 404

    deleted = await (await client.delete(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert deleted["cancelled"] is False and deleted["refunded"] is False
    media = Path(app.config["REELSMITH_SETTINGS"].media_dir) / "videos"
    assert list(media.iterdir()) == []
    after = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert after["outputUrl"] is None and after["deletedAt"] and after["status"] == "complete"
    assert (await client.get(f"/media/videos/{job_id}.1.mp4")).status_code == 404
    assert (
        await client.post("/api/thumbnail", json={"renderJobId": job_id}, headers=user.headers)
    ).status_code == 400
    assert await ledger(app, user.account.id) == [("grant", 3, None), ("charge", -1, job_id)]


async def test_failed_render_refunds_once_with_readable_error(app, client, make_user, worker):
    user = await make_user(credits=2)
    template_id = await make_template(app, user.account.id)
    created = await (
        await client.post(
            "/api/render",
            json={
                "templateId": template_id,
                "data": {"person_name": "Ada"},
                "brand": {"logoUrl": "http://127.0.0.1:9/logo.png"},
            },
            headers=user.headers,
        )
    ).get_json()
    job_id = created["jobId"]
    assert await balance(app, user.account.id) == 1

    async def finished() -> dict[str, Any] | None:
        job = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
        return job if job["status"] in ("complete", "failed") else None

    job = await wait_for(finished, 120, "the render to fail")
    assert job["status"] == "failed" and job["stage"] == "failed", worker.log()
    assert "logoUrl" in job["error"] and job["outputUrl"] is None
    assert await balance(app, user.account.id) == 2
    assert [k for k, _, ref in await ledger(app, user.account.id) if ref == job_id] == [
        "charge",
        "refund",
    ]
    async with app.config["REELSMITH_DB"].session() as session:
        assert (await session.get(RenderJob, job_id)).refunded is True
