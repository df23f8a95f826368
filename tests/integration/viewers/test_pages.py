"""The player pages, the CTA redirect and the email-open pixel."""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select

from app.config import Settings
from app.db import Database
from app.renders.models import RenderJob
from app.viewers.models import ViewSession
from tests.support.viewers import MakeJob, job_spec, signed_by


def meta(html: str, name: str) -> str | None:
    found = re.search(rf'<meta (?:property|name)="{re.escape(name)}" content="([^"]*)"', html)
    return found.group(1) if found else None


async def test_player_page(client: Any, make_job: MakeJob):
    job = await make_job()
    for path in (f"/v/{job.id}", f"/embed/v/{job.id}"):
        resp = await client.get(path)
        assert resp.status_code == 200
        assert "Set-Cookie" not in resp.headers
        assert resp.headers["Cache-Control"] == "no-store"
        html = await resp.get_data(as_text=True)
        assert "<title>A video for Ada Lovelace</title>" in html
        assert meta(html, "og:title") == "A video for Ada Lovelace"
        assert meta(html, "og:image") == f"http://testserver/media/posters/{job.id}.1.png"
        assert meta(html, "twitter:image") == f"http://testserver/media/posters/{job.id}.1.png"
        assert meta(html, "og:video") == f"http://testserver/media/videos/{job.id}.1.mp4"
        assert f'poster="http://testserver/media/posters/{job.id}.1.png"' in html
        # the CTA of the template's cta-card scene, recipient data bound in
        # ... its link carrying the page's signed viewing session
        token = re.search(r'data-reelsmith-session="([^"]+)"', html)
        assert token is not None and token[1].count(".") == 1
        assert f'href="/c/{job.id}?s={token[1]}"' in html
        assert "Book a call, Ada Lovelace</a>" in html
        assert "--rs-accent: #ff5500" in html
        assert 'data-reelsmith-scenes="[[0, 0], [1, 3000], [3, 8000]]"' in html
        assert "data-reelsmith-share" in html and "download=" in html
        # our own files only: no third-party scripts, styles or fonts
        for src in re.findall(r'(?:src|href)="([^"]+)"', html):
            assert src.startswith(("/", "http://testserver/", "https://example.com/", "data:")), src
        assert re.findall(r"<script[^>]*src=\"([^\"]+)\"", html) == ["/static/player.js"]
    embed = await client.get(f"/embed/v/{job.id}")
    assert "frame-ancestors *" in embed.headers["Content-Security-Policy"]
    page = await client.get(f"/v/{job.id}")
    assert "frame-ancestors 'self'" in page.headers["Content-Security-Policy"]


async def test_a_gif_or_png_shows_as_an_image_and_a_webm_plays_in_its_shape(
    client: Any, make_job: MakeJob
):
    for fmt, shape in (("gif", "1:1"), ("png", "4:5"), ("webm", "9:16")):
        spec = job_spec()
        spec["output"] = {"resolution": "720p", "aspectRatio": shape, "format": fmt}
        job = await make_job(spec=spec)
        html = await (await client.get(f"/v/{job.id}")).get_data(as_text=True)
        url = f"http://testserver/media/videos/{job.id}.1.{fmt}"
        assert f'download="video-{job.id[:8]}.{fmt}"' in html
        if fmt == "webm":
            assert f'src="{url}"' in html and "<video" in html
            assert meta(html, "og:video:type") == "video/webm"
            assert "--rs-aspect: 720 / 1280" in html
        else:
            assert f'<img id="rs-image" class="rs-video" src="{url}"' in html
            assert "<video" not in html and meta(html, "og:video") is None
        if fmt == "png":
            assert 'width="720" height="900"' in html


async def test_page_states(client: Any, make_job: MakeJob):
    pending = await make_job(status="pending")
    processing = await make_job(status="processing")
    failed = await make_job(status="failed")
    deleted = await make_job(deleted=True)
    for path in ("/v/", "/embed/v/"):
        for job in (pending, processing):
            resp = await client.get(path + job.id)
            assert resp.status_code == 202
            html = await resp.get_data(as_text=True)
            assert "Still rendering" in html and '<meta http-equiv="refresh" content="5">' in html
        for video in (failed.id, "00000000-0000-0000-0000-000000000000", "x" * 100):
            resp = await client.get(path + video)
            assert resp.status_code == 404
            assert "Video not found" in await resp.get_data(as_text=True)
        gone = await client.get(path + deleted.id)
        assert gone.status_code == 410
        html = await gone.get_data(as_text=True)
        assert "Video removed" in html and "Traceback" not in html


async def test_cta_redirect_goes_only_to_the_stored_url(
    client: Any, appdb: Database, make_job: MakeJob
):
    job = await make_job()
    token = signed_by(client, job.id, "viewer-1")
    resp = await client.get(f"/c/{job.id}?s={token}&url=https://evil.example/")
    assert resp.status_code == 302
    assert resp.headers["Location"] == "https://example.com/book?ref=Ada%20Lovelace"
    row = await session_of(appdb, job.id, "viewer-1")
    assert row is not None and row.cta_clicked and row.events_counted == 1
    again = await client.get(f"/c/{job.id}?s={token}")
    assert again.status_code == 302
    row = await session_of(appdb, job.id, "viewer-1")
    assert row is not None and row.events_counted == 1  # counted once per session
    # a job without a web CTA URL: 404, no redirect
    for url in (
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "https:///no-host",
        "//evil.example/",
        "https://example.com\\@evil.example/",
        "https://example.com/\r\nSet-Cookie: x=1",
    ):
        spec = job_spec()
        spec["scenes"][3]["sceneData"]["url"] = url
        bad = await make_job(spec=spec)
        assert (await client.get(f"/c/{bad.id}?s=x")).status_code == 404, url
    deleted = await make_job(deleted=True)
    assert (await client.get(f"/c/{deleted.id}")).status_code == 410


async def test_email_open_pixel(client: Any, appdb: Database, make_job: MakeJob):
    job = await make_job()
    resp = await client.get(f"/t/o/{job.id}.gif?s={signed_by(client, job.id, 'mail-1')}")
    assert resp.status_code == 200 and resp.mimetype == "image/gif"
    assert (await resp.get_data()).startswith(b"GIF89a")
    assert "no-store" in resp.headers["Cache-Control"]
    row = await session_of(appdb, job.id, "mail-1")
    assert row is not None and row.email_opened and not row.started
    for video in ("00000000-0000-0000-0000-000000000000", (await make_job(deleted=True)).id):
        other = await client.get(f"/t/o/{video}.gif")
        assert other.status_code == 200 and other.mimetype == "image/gif"


async def test_render_status_urls_and_delete_removes_posters(
    client: Any, appdb: Database, make_job: MakeJob, make_user: Any, settings: Settings
):
    user = await make_user()
    job = await make_job(account_id=user.account.id)
    for key in (job.output_key, job.poster_key, job.preview_gif_key):
        assert key
        path = settings.media_dir / key
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x")
    status = await (await client.get(f"/api/render/{job.id}", headers=user.headers)).get_json()
    assert status["playerUrl"] == f"http://testserver/v/{job.id}"
    assert status["thumbnailUrl"] == f"http://testserver/media/posters/{job.id}.1.png"
    assert status["thumbnailGifUrl"] == f"http://testserver/media/posters/{job.id}.1.gif"
    assert status["job"]["playerUrl"] == status["playerUrl"]
    gif = await client.get(f"/media/posters/{job.id}.1.gif")
    assert gif.status_code == 200
    pending = await make_job(status="pending", account_id=user.account.id)
    waiting = await (await client.get(f"/api/render/{pending.id}", headers=user.headers)).get_json()
    assert waiting["playerUrl"] is None and waiting["thumbnailUrl"] is None
    assert (await client.delete(f"/api/render/{job.id}", headers=user.headers)).status_code == 200
    for key in (job.output_key, job.poster_key, job.preview_gif_key):
        assert not (settings.media_dir / str(key)).exists()
    after = await (await client.get(f"/api/render/{job.id}", headers=user.headers)).get_json()
    assert after["playerUrl"] is None and after["thumbnailGifUrl"] is None
    async with appdb.session() as session:
        row = await session.get(RenderJob, job.id)
        assert row is not None and row.poster_key is None
    assert (await client.get(f"/v/{job.id}")).status_code == 410


async def session_of(db: Database, job_id: str, session_id: str) -> ViewSession | None:
    async with db.session() as session:
        return (
            await session.execute(
                select(ViewSession).where(
                    ViewSession.job_id == job_id, ViewSession.session_id == session_id
                )
            )
        ).scalar_one_or_none()
