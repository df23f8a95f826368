"""The recipient's player page end to end: a real short video rendered by a worker process,
opened in Chromium, played, seeked, shared, downloaded and its CTA clicked; the stored viewing
session must equal what was done, with no console errors, and the OG tags carry the poster."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio
from playwright.async_api import Browser, Page
from sqlalchemy import select

from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.keys.service import create_key
from app.models import create_all
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template
from app.viewers.models import ViewSession
from tests.support.live_server import free_port, live_server, server_env

pytestmark = pytest.mark.asyncio(loop_scope="session")

# The CTA leads to a page of the live server itself (no network beyond the loopback).
CTA_PATH = "/healthz?booked=1"


def template(cta_url: str) -> dict[str, Any]:
    return {
        "name": "Player test",
        "scenes": [
            {"primitiveId": "title-intro", "durationOverride": 2.0},
            {"primitiveId": "title-intro", "durationOverride": 2.0, "animationOption": "scale-in"},
            {
                "primitiveId": "cta-card",
                "durationOverride": 2.0,
                "sceneData": {
                    "headline": "Next step",
                    "buttonText": "Book a call, [person_name]",
                    "url": cta_url,
                },
            },
        ],
        "dataSlots": [{"key": "person_name", "label": "Name", "type": "text", "required": True}],
        "defaults": {"resolution": "720p", "fps": 30, "includeVoiceover": False},
    }


@dataclass
class Rendered:
    base: str
    job_id: str
    status: dict[str, Any]
    database_url: str


async def _seed(database_url: str, cta_url: str) -> tuple[str, str]:
    db = Database(database_url)
    await create_all(db)
    try:
        async with db.session() as session:
            account = await create_account(
                session, f"player-{uuid.uuid4().hex[:8]}@example.com", "pw pw pw pw", "studio", 20
            )
            _, key = await create_key(session, account.id, "k", "admin")
            view, _ = await create_template(
                session, account.id, CreateTemplate.model_validate(template(cta_url))
            )
    finally:
        await db.dispose()
    return key, view.id


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory, settings_maker: Any) -> Iterator[Rendered]:
    base_dir: Path = tmp_path_factory.mktemp("player")
    port = free_port()
    settings: Settings = settings_maker(base_dir, public_url=f"http://127.0.0.1:{port}")
    key, template_id = asyncio.run(_seed(settings.database_url, settings.public(CTA_PATH)))
    env = {
        **os.environ,
        **server_env(settings),
        "REELSMITH_CACHE_DIR": str(settings.cache_dir),
        "REELSMITH_WORKER_CONCURRENCY": "1",
        "REELSMITH_RENDER_PARALLELISM": "1",
    }
    worker = subprocess.Popen([sys.executable, "-m", "app.cli", "worker"], env=env)
    try:
        with live_server(settings, port) as base:
            headers = {"X-API-Key": key}
            created = httpx.post(
                f"{base}/api/render",
                json={"templateId": template_id, "data": {"person_name": "Robin Hart"}},
                headers=headers,
                timeout=30,
            )
            assert created.status_code == 200, created.text
            job_id = created.json()["jobId"]
            deadline = time.monotonic() + 240
            status: dict[str, Any] = {}
            while time.monotonic() < deadline:
                status = httpx.get(f"{base}/api/render/{job_id}", headers=headers).json()
                if status["status"] in ("complete", "failed"):
                    break
                time.sleep(0.5)
            assert status.get("status") == "complete", status
            yield Rendered(base, job_id, status, settings.database_url)
    finally:
        worker.terminate()
        worker.wait(30)


@contextmanager
def customer_site(html: str) -> Iterator[str]:
    """A customer's own web server on the loopback, serving one page."""
    body = html.encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/welcome.html"
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Viewer:
    page: Page
    errors: list[str]


@pytest_asyncio.fixture(loop_scope="session")
async def viewer(browser: Browser) -> AsyncIterator[Viewer]:
    context = await browser.new_context(accept_downloads=True)
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield Viewer(page, errors)
    finally:
        await context.close()


async def session_row(database_url: str, job_id: str, session_id: str) -> ViewSession | None:
    db = Database(database_url)
    try:
        async with db.session() as session:
            rows = await session.execute(
                select(ViewSession).where(
                    ViewSession.job_id == job_id, ViewSession.session_id == session_id
                )
            )
            return rows.scalar_one_or_none()
    finally:
        await db.dispose()


async def settled(rendered: Rendered, session_id: str, ready: Any) -> ViewSession | None:
    """The page view's session row once `ready(row)` holds (beacons are asynchronous)."""
    row = None
    for _ in range(50):
        row = await session_row(rendered.database_url, rendered.job_id, session_id)
        if row is not None and ready(row):
            break
        await asyncio.sleep(0.2)
    return row


async def page_session(page: Page, video: str = "rs-video") -> str:
    """The id of the signed viewing session player.js beacons for (our page names it; on
    another page player.js asks POST /api/track/session for one): `<id>.<signature>`."""
    token = await page.wait_for_function(
        f"document.getElementById('{video}').__reelsmith.sessionId"
    )
    return str(await token.json_value()).split(".")[0]


async def play_until_ended(page: Page) -> None:
    await page.evaluate(
        """() => new Promise((resolve, reject) => {
            const v = document.getElementById('rs-video');
            v.muted = true;
            v.playbackRate = 2;
            v.addEventListener('ended', () => resolve(), { once: true });
            v.play().catch(reject);
        })"""
    )


async def test_the_page_unfurls_with_the_poster(rendered: Rendered, viewer: Viewer):
    status = rendered.status
    assert status["playerUrl"] == f"{rendered.base}/v/{rendered.job_id}"
    poster = status["thumbnailUrl"]
    assert poster and poster.endswith(".png") and status["thumbnailGifUrl"].endswith(".gif")
    png = httpx.get(poster)
    assert png.status_code == 200 and png.content.startswith(b"\x89PNG")
    gif = httpx.get(status["thumbnailGifUrl"])
    assert gif.status_code == 200 and gif.content.startswith(b"GIF8")
    page = viewer.page
    resp = await page.goto(status["playerUrl"])
    assert resp is not None and resp.status == 200
    assert await page.title() == "A video for Robin Hart"
    og = await page.get_attribute('meta[property="og:image"]', "content")
    assert og == poster
    assert await page.get_attribute('meta[name="twitter:image"]', "content") == poster
    assert await page.get_attribute("#rs-video", "poster") == poster
    assert await page.inner_text("#rs-cta") == "Book a call, Robin Hart"
    assert await page.context.cookies() == []
    assert viewer.errors == []


async def test_play_seek_share_download_and_click(rendered: Rendered, viewer: Viewer):
    page = viewer.page
    await page.goto(rendered.status["playerUrl"])
    session_id = await page_session(page)
    starts = await page.get_attribute("#rs-video", "data-reelsmith-scenes")
    scene_starts = {index: ms for index, ms in json.loads(starts or "[]")}
    assert sorted(scene_starts) == [0, 1, 2] and scene_starts[0] == 0
    # play a little of scene 0, then seek forward into the CTA scene (scene 1 is skipped over)
    await page.evaluate(
        """async () => {
            const v = document.getElementById('rs-video');
            v.muted = true;
            await v.play();
            await new Promise(r => setTimeout(r, 500));
            v.pause();
        }"""
    )
    target_s = scene_starts[2] / 1000 + 0.3
    await page.evaluate(
        """t => new Promise(resolve => {
            const v = document.getElementById('rs-video');
            v.addEventListener('seeked', () => resolve(), { once: true });
            v.currentTime = t;
        })""",
        target_s,
    )
    await play_until_ended(page)
    await page.click("#rs-share")
    async with page.expect_download() as download:
        await page.click("#rs-download")
    assert (await download.value).suggested_filename.endswith(".mp4")
    async with page.expect_navigation():
        await page.click("#rs-cta")
    assert page.url == rendered.base + CTA_PATH

    row = await settled(rendered, session_id, lambda r: r.cta_clicked and r.downloaded)
    assert row is not None
    assert row.page_viewed and row.started and row.completed
    assert row.scenes_entered == 0b101  # scene 0 played, scene 2 reached by seeking
    assert row.furthest_percent == 100
    assert row.shared and row.downloaded and row.cta_clicked
    assert row.replays == 0 and not row.email_opened
    assert row.events_counted >= 10
    assert viewer.errors == []


async def test_a_second_page_view_is_its_own_session_played_through(
    rendered: Rendered, viewer: Viewer
):
    page = viewer.page
    await page.goto(rendered.status["playerUrl"])
    session_id = await page_session(page)
    await play_until_ended(page)
    await play_until_ended(page)  # and once more: a replay
    row = await settled(rendered, session_id, lambda r: r.replays == 1)
    assert row is not None
    assert row.scenes_entered == 0b111 and row.completed and row.furthest_percent == 100
    assert row.replays == 1 and not row.shared and not row.downloaded
    assert viewer.errors == []


async def test_player_js_on_a_customer_page_around_our_mp4(rendered: Rendered, viewer: Viewer):
    """Another origin's page: our script and MP4 by URL, beacons cross-origin (CORS)."""
    page = viewer.page
    status = rendered.status
    scenes = await (await page.context.request.get(status["playerUrl"])).text()
    found = re.search(r'data-reelsmith-scenes="([^"]+)"', scenes)
    assert found
    html = f"""<!doctype html><html><head><meta charset="utf-8"><title>Customer</title>
    <link rel="icon" href="data:,"></head><body>
    <video id="v" muted src="{status["outputUrl"]}" data-reelsmith-job="{rendered.job_id}"
           data-reelsmith-api="{rendered.base}" data-reelsmith-scenes="{found.group(1)}"></video>
    <script src="{rendered.base}/static/player.js"></script></body></html>"""
    with customer_site(html) as customer:  # another origin: another port on the loopback
        await page.goto(customer)
        await watch_customer_page(page, rendered, viewer)


async def watch_customer_page(page: Page, rendered: Rendered, viewer: Viewer) -> None:
    session_id = await page_session(page, "v")
    await page.evaluate(
        """() => new Promise((resolve, reject) => {
            const v = document.getElementById('v');
            v.playbackRate = 2;
            v.addEventListener('ended', () => resolve(), { once: true });
            v.play().catch(reject);
        })"""
    )
    row = await settled(rendered, session_id, lambda r: r.completed and r.scenes_entered == 7)
    assert row is not None and row.page_viewed and row.completed
    assert row.scenes_entered == 0b111 and row.furthest_percent == 100
    assert viewer.errors == []
