"""The live player of an on-view job before its video exists: the first open answers the player
page in live mode (not a refreshing "being prepared" page), the sandboxed composition page and
the public status the page polls, and beacons, CTA clicks count while it plays live."""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.media.storage import get_storage
from app.renders.models import RenderJob
from app.renders.onview import live_keys, live_shell_key, live_timeline_key, page_poster_key
from app.viewers import live
from tests.support.render_helpers import make_template

DATA = {"person_name": "Ada Lovelace", "score": 7}
PAGE = (
    "<!doctype html><html><head><title>reelsmith composition</title></head><body>"
    '<div id="rs-stage"></div><script>window.reelsmith = {};</script></body></html>'
)


@pytest.fixture
def settings(settings_factory: Any) -> Settings:
    return settings_factory()


async def create_on_view(client: Any, user: Any, template_id: str, **more: Any) -> str:
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": DATA, "render": "on_view", **more},
        headers=user.headers,
    )
    assert resp.status_code == 200, await resp.get_json()
    return str((await resp.get_json())["jobId"])


def store_kit(settings: Settings, tmp_path: Path, job_id: str) -> None:
    """What the poster's worker stores: the composition page and its soundtrack."""
    page_key, sound_key = live_keys(job_id)
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    sound = tmp_path / "sound.m4a"
    sound.write_bytes(b"\x00\x00\x00\x18ftypM4A ")
    storage = get_storage(settings)
    storage.put(page_key, page)
    storage.put(sound_key, sound)


async def status(client: Any, job_id: str, wait: float = 0) -> tuple[int, dict[str, Any]]:
    resp = await client.get(f"/v/{job_id}/status" + (f"?wait={wait}" if wait else ""))
    return resp.status_code, await resp.get_json()


async def test_first_open_answers_the_live_player_and_the_status_it_polls(
    app, client, make_user, settings, tmp_path
):
    user = await make_user(credits=3)
    job_id = await create_on_view(client, user, await make_template(app, user.account.id))
    assert await status(client, job_id) == (
        200,
        {
            "state": "waiting",
            "videoUrl": None,
            "posterUrl": None,
            "scenes": [],
            "liveUrl": None,
            "soundUrl": None,
        },
    )
    assert (await client.get(f"/v/{job_id}/live")).status_code == 404  # nothing started

    page = await client.get(f"/v/{job_id}")
    html = await page.get_data(as_text=True)
    assert page.status_code == 200
    assert 'id="rs-live"' in html and f'data-status-url="/v/{job_id}/status"' in html
    assert 'data-frame-url=""' in html  # no live kit yet: the page waits for it
    assert f'src="http://testserver/media/posters/{job_id}.0.png"' in html
    assert "Preparing your video" in html
    # no refresh of the whole page (only for browsers without scripts), no download yet
    assert re.findall(r"<meta http-equiv=\"refresh\"[^>]*>", html) == [
        '<meta http-equiv="refresh" content="15">'
    ]
    assert '<noscript><meta http-equiv="refresh"' in html
    assert 'id="rs-download" role="link" aria-disabled="true"' in html
    assert "/static/live.js" in html and 'data-reelsmith-session="' in html

    code, body = await status(client, job_id)
    assert code == 200 and body["state"] == "preparing" and body["liveUrl"] is None

    store_kit(settings, tmp_path, job_id)
    code, body = await status(client, job_id)
    assert body["liveUrl"] == f"/v/{job_id}/live"
    assert body["soundUrl"] == f"http://testserver/media/live/{job_id}.m4a"
    again = await (await client.get(f"/v/{job_id}")).get_data(as_text=True)
    assert f'data-frame-url="/v/{job_id}/live"' in again
    assert f'data-sound-url="http://testserver/media/live/{job_id}.m4a"' in again
    sound = await client.get(f"/media/live/{job_id}.m4a")
    assert sound.status_code == 200 and sound.headers["Content-Type"] == "audio/mp4"


async def test_a_status_ask_with_wait_is_held_until_the_live_page_exists(
    app, client, make_user, settings, tmp_path
):
    """The page's ask while the voice is spoken at the open: answered as soon as the live page
    is stored (not at the next poll), at most `wait` seconds later without it."""
    user = await make_user(credits=3)
    job_id = await create_on_view(client, user, await make_template(app, user.account.id))
    for bad in ("soon", "-1", "11", "nan"):
        resp = await client.get(f"/v/{job_id}/status?wait={bad}")
        assert resp.status_code == 400, bad
        assert "wait must be a number of seconds from 0 to 10" in (await resp.get_json())["error"]
    # not started yet (nobody opened it): answered at once, nothing to wait for
    started = time.monotonic()
    code, body = await status(client, job_id, wait=5)
    assert (code, body["state"]) == (200, "waiting") and time.monotonic() - started < 1
    await client.get(f"/v/{job_id}")  # the first open starts it
    started = time.monotonic()
    code, body = await status(client, job_id, wait=0.6)  # no page comes: held, then answered
    assert (code, body["state"], body["liveUrl"]) == (200, "preparing", None)
    assert 0.55 <= time.monotonic() - started < 3

    async def store_later() -> None:
        await asyncio.sleep(0.5)
        await asyncio.to_thread(store_kit, settings, tmp_path, job_id)

    started = time.monotonic()
    stored = asyncio.create_task(store_later())
    code, body = await status(client, job_id, wait=8)
    held = time.monotonic() - started
    await stored
    assert body["liveUrl"] == f"/v/{job_id}/live" and body["soundUrl"]
    assert 0.5 <= held < 2, held  # the page's step (0.2 s) after it was stored, not 8 s


def put_text(settings: Settings, tmp_path: Path, key: str, text: str) -> None:
    path = tmp_path / "put.txt"
    path.write_text(text)
    get_storage(settings).put(key, path)


def with_timeline(timeline: dict[str, Any]) -> str:
    return PAGE.replace(
        "<body>",
        f'<body><script type="application/json" id="rs-timeline">{json.dumps(timeline)}</script>',
    )


async def test_a_shell_loads_while_the_voice_is_spoken_then_gets_its_timeline(
    app, client, make_user, settings, tmp_path
):
    """With the voice spoken at the open, the poster's worker keeps the page laid out without
    speech (the shell): the first open's frame loads it at once, with the script that makes it
    wait for its spoken timeline; the held status answer carries that timeline when the render
    has stored it (null when the page must be loaded whole); then the frame's URL serves the
    page itself."""
    user = await make_user(credits=3)
    job_id = await create_on_view(client, user, await make_template(app, user.account.id))
    put_text(settings, tmp_path, live_shell_key(job_id), with_timeline({"duration": 1000}))
    assert (await client.get(f"/v/{job_id}/live")).status_code == 404  # nothing started

    opened = await (await client.get(f"/v/{job_id}")).get_data(as_text=True)
    assert f'data-shell-url="/v/{job_id}/live"' in opened and 'data-frame-url=""' in opened
    assert f'<iframe id="rs-live-frame" class="rs-live-frame" src="/v/{job_id}/live"' in opened
    frame = await client.get(f"/v/{job_id}/live")
    html = await frame.get_data(as_text=True)
    assert frame.status_code == 200
    assert frame.headers["Content-Security-Policy"].startswith("sandbox allow-scripts;")
    head = html[html.index("<head>") : html.index("</head>")]
    assert "window.reelsmithTimeline = new Promise" in head  # before the page's own scripts
    assert '"duration": 1000' in html and 'type: "ready"' in html  # the shell, and the bridge
    code, body = await status(client, job_id, wait=0.3)
    assert (code, body["state"], body["liveUrl"], body["timeline"]) == (
        200,
        "preparing",
        None,
        None,
    )
    assert "timeline" not in (await status(client, job_id))[1]  # only answers to a held ask

    spoken = {"duration": 2500, "scenes": [{"index": 0, "duration": 2500, "words": []}]}
    put_text(settings, tmp_path, live_timeline_key(job_id), json.dumps(spoken))
    store_kit(settings, tmp_path, job_id)
    code, body = await status(client, job_id, wait=1)
    assert (body["liveUrl"], body["timeline"]) == (f"/v/{job_id}/live", spoken)
    page = await (await client.get(f"/v/{job_id}/live")).get_data(as_text=True)
    assert "reelsmithTimeline" not in page and "window.reelsmith = {}" in page  # the page itself
    again = await (await client.get(f"/v/{job_id}")).get_data(as_text=True)
    assert 'data-shell-url=""' in again and f'data-frame-url="/v/{job_id}/live"' in again

    get_storage(settings).delete(live_timeline_key(job_id))  # a page that differs in more
    assert (await status(client, job_id, wait=1))[1]["timeline"] is None


async def test_held_status_asks_are_bounded_per_process(
    app, client, make_user, settings, monkeypatch
):
    """Past the process's bound of held asks, an ask with `wait` is answered at once."""
    user = await make_user(credits=3)
    job_id = await create_on_view(client, user, await make_template(app, user.account.id))
    await client.get(f"/v/{job_id}")  # the first open starts it
    monkeypatch.setattr(live, "WAIT_MAX_HELD", 1)
    held = asyncio.create_task(status(client, job_id, wait=1.5))
    await asyncio.sleep(0.3)  # the first ask is held
    started = time.monotonic()
    code, body = await status(client, job_id, wait=5)
    assert (code, body["state"], body["liveUrl"]) == (200, "preparing", None)
    assert time.monotonic() - started < 1  # not held: the bound is taken
    assert (await held)[1]["state"] == "preparing"
    assert live._held == [0]


async def test_the_live_frame_is_sandboxed_by_its_own_answer(
    app, client, make_user, settings, tmp_path
):
    user = await make_user(credits=3)
    job_id = await create_on_view(client, user, await make_template(app, user.account.id))
    await client.get(f"/v/{job_id}")  # starts it
    assert (await client.get(f"/v/{job_id}/live")).status_code == 404  # no kit yet
    store_kit(settings, tmp_path, job_id)
    resp = await client.get(f"/v/{job_id}/live")
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 200
    csp = resp.headers["Content-Security-Policy"]
    assert csp.startswith("sandbox allow-scripts;") and "allow-same-origin" not in csp
    assert "connect-src 'none'" in csp and "script-src 'unsafe-inline'" in csp
    assert resp.headers["Cache-Control"] == "no-store"
    # the stored page, with the bridge to the player after its own scripts
    assert html.startswith(PAGE[: PAGE.index("</body>")])
    assert 'type: "ready"' in html and html.rstrip().endswith("</body></html>")
    # the soundtrack and page are not served by /media as HTML
    assert (await client.get(f"/media/live/{job_id}.html")).status_code == 404
    # fonts load with CORS from the frame's opaque origin
    font = await client.get("/static/fonts/inter-latin-400-normal.woff2")
    assert font.headers["Access-Control-Allow-Origin"] == "*"


FONTED = PAGE.replace(
    "<head>",
    '<head>\n<style>@font-face { font-family: "Inter"; '
    'src: url("/static/fonts/inter-latin-400-normal.woff2") format("woff2"); }</style>',
)


async def test_a_phone_on_a_slow_network_gets_less_to_fetch_and_sooner(
    app, client, make_user, settings, tmp_path
):
    """The frame is in the page's markup (its page loads while the scripts do), the poster
    is the WebP copy when the worker made one, the frame's page comes gzipped and asks for
    its fonts from its head (the runtime would ask only once booted)."""
    user = await make_user(credits=3)
    job_id = await create_on_view(client, user, await make_template(app, user.account.id))
    await client.get(f"/v/{job_id}")  # starts it
    store_kit(settings, tmp_path, job_id)
    storage = get_storage(settings)
    page_key = live_keys(job_id)[0]
    (tmp_path / "fonted.html").write_text(FONTED)
    storage.put(page_key, tmp_path / "fonted.html")

    html = await (await client.get(f"/v/{job_id}")).get_data(as_text=True)
    assert f'<iframe id="rs-live-frame" class="rs-live-frame" src="/v/{job_id}/live"' in html
    assert 'sandbox="allow-scripts"' in html
    assert f'src="http://testserver/media/posters/{job_id}.0.png"' in html  # no WebP yet
    (tmp_path / "poster.webp").write_bytes(b"RIFF\x00\x00\x00\x00WEBPVP8 ")
    storage.put(page_poster_key(job_id), tmp_path / "poster.webp")
    html = await (await client.get(f"/v/{job_id}")).get_data(as_text=True)
    posters = f"http://testserver/media/posters/{job_id}"
    assert f'class="rs-live-poster" src="{posters}.0.webp"' in html
    assert f'<meta property="og:image" content="{posters}.0.png">' in html  # link previews

    plain = await client.get(f"/v/{job_id}/live")
    assert "Content-Encoding" not in plain.headers
    zipped = await client.get(f"/v/{job_id}/live", headers={"Accept-Encoding": "gzip, br"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert zipped.headers["Vary"] == "Accept-Encoding"
    body = gzip.decompress(await zipped.get_data())
    assert body == await plain.get_data()
    text = body.decode()
    preload = (
        '<link rel="preload" as="font" type="font/woff2" crossorigin '
        'href="/static/fonts/inter-latin-400-normal.woff2">'
    )
    assert text.count(preload) == 1 and text.index(preload) < text.index("<style>")
    assert zipped.headers["Content-Security-Policy"].startswith("sandbox allow-scripts;")


async def test_beacons_and_cta_count_while_it_plays_live(app, client, make_user, settings):
    user = await make_user(credits=3)
    job_id = await create_on_view(client, user, await make_template(app, user.account.id))
    html = await (await client.get(f"/v/{job_id}")).get_data(as_text=True)
    token = re.search(r'data-reelsmith-session="([^"]+)"', html)
    assert token is not None
    beacon = {"videoId": job_id, "event": "video_started", "metadata": {"sessionId": token[1]}}
    resp = await client.post("/api/track", json=beacon)
    assert resp.status_code == 200 and (await resp.get_json())["counted"] is True


async def test_a_failed_or_deleted_video_tells_the_page(app, client, make_user, settings):
    user = await make_user(credits=3)
    job_id = await create_on_view(client, user, await make_template(app, user.account.id))
    await client.get(f"/v/{job_id}")
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, job_id)
        job.status = "failed"
    assert await status(client, job_id) == (404, {"state": "not_found"})
    other = await create_on_view(client, user, await make_template(app, user.account.id))
    await client.delete(f"/api/render/{other}", headers=user.headers)
    assert await status(client, other) == (410, {"state": "deleted"})
    assert await status(client, "no-such-video") == (404, {"state": "not_found"})


async def test_the_jobs_video_link_waits_properly_until_the_file_exists(
    app, client, make_user, settings, tmp_path
):
    user = await make_user(credits=3)
    job_id = await create_on_view(client, user, await make_template(app, user.account.id))
    link = f"/media/videos/{job_id}"
    waiting = await client.get(link)
    body = await waiting.get_json()
    assert waiting.status_code == 409 and body["error"] == "not_started"
    assert (
        body["playerUrl"] == f"http://testserver/v/{job_id}"
        and "Retry-After" not in waiting.headers
    )

    await client.get(f"/v/{job_id}")  # the first open starts it
    rendering = await client.get(link)
    body = await rendering.get_json()
    assert rendering.status_code == 202 and rendering.headers["Retry-After"] == "10"
    assert body["error"] == "not_ready" and body["jobStatus"] == "pending"
    assert "being rendered" in body["message"]

    video = tmp_path / "v.mp4"
    video.write_bytes(b"\x00\x00\x00\x18ftypmp42")
    get_storage(settings).put(f"videos/{job_id}.1.mp4", video)
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, job_id)
        job.status, job.output_key = "complete", f"videos/{job_id}.1.mp4"
    done = await client.get(link)
    assert done.status_code == 302
    assert done.headers["Location"] == f"http://testserver/media/videos/{job_id}.1.mp4"
    stored = await client.get(f"/media/videos/{job_id}.1.mp4")  # the file itself, as before
    assert stored.status_code == 200 and await stored.get_data() == video.read_bytes()

    await client.delete(f"/api/render/{job_id}", headers=user.headers)
    assert (await client.get(link)).status_code == 410
    unknown = await client.get("/media/videos/00000000-0000-4000-8000-000000000000")
    assert unknown.status_code == 404
