"""The preview page plays the same composition the renderer captures (live server, Chromium).

What the preview stage shows at time t must be pixel-identical to the composition page
seeked to t, and seeking must be deterministic in any order.
"""

from __future__ import annotations

import asyncio
import io
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from hypercorn.asyncio import serve
from hypercorn.config import Config
from PIL import Image, ImageChops
from playwright.async_api import Browser, Page

from app import create_app
from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.keys.service import create_key
from app.models import create_all
from tests.conftest import make_settings

pytestmark = pytest.mark.asyncio(loop_scope="session")

BUILTINS = ["emeritus", "laureate", "rewind", "pulse", "handshake"]
SCENES = [
    {
        "primitiveId": "title-intro",
        "label": "Hello",
        "animationOption": "slide-up",
        "transition": "fade",
        "sceneData": {"subtitle": "Welcome to [company_name]"},
    },
    {
        "primitiveId": "milestone-timeline",
        "label": "Plan",
        "animationOption": "line-draw",
        "transition": "slide",
        "sceneData": {"title": "Your first weeks", "milestones": "[milestones]"},
    },
]
SLOTS = [
    {"key": "person_name", "label": "Name", "type": "text", "required": True},
    {"key": "company_name", "label": "Company", "type": "text", "required": True},
    {"key": "milestones", "label": "Milestones", "type": "array", "required": False},
]


@dataclass
class LiveServer:
    url: str
    owner_key: str
    template_id: str  # a private template of the owner
    public_id: str


def _settings(tmp: Path) -> Settings:
    """Settings for a throwaway server: its own SQLite file, Redis namespace and folders; rate
    limits off (tests/integration/ratelimit covers them; a whole browser suite previews more
    often from one address than the public limits allow)."""
    return make_settings(tmp)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def live(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[LiveServer]:
    """The real app on Hypercorn on a free local port, with one owner and two templates."""
    settings = _settings(tmp_path_factory.mktemp("preview"))
    database = Database(settings.database_url)
    await create_all(database)
    async with database.session() as session:
        account = await create_account(
            session, "owner@example.com", "pw-long-enough-1", "studio", 0
        )
        _, key = await create_key(session, account.id, "preview", "admin")
    await database.dispose()
    port = _free_port()
    config = Config()
    config.bind = [f"127.0.0.1:{port}"]
    config.accesslog = None
    shutdown = asyncio.Event()
    task = asyncio.create_task(serve(create_app(settings), config, shutdown_trigger=shutdown.wait))
    url = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=url, headers={"X-API-Key": key}) as http:
        for _ in range(100):
            try:
                await http.get("/healthz")
                break
            except httpx.TransportError:
                await asyncio.sleep(0.05)
        ids = []
        for visibility in ("private", "public"):
            resp = await http.post(
                "/api/templates",
                json={
                    "name": "Welcome",
                    "visibility": visibility,
                    "scenes": SCENES,
                    "dataSlots": SLOTS,
                },
            )
            assert resp.status_code == 201, resp.text
            ids.append(resp.json()["template"]["id"])
    try:
        yield LiveServer(url, key, ids[0], ids[1])
    finally:
        shutdown.set()
        await task


async def open_page(browser: Browser, url: str, width: int, height: int, **ctx) -> Page:
    context = await browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=1, **ctx
    )
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    await page.goto(url)
    return page


async def open_preview(browser: Browser, url: str, **ctx) -> Page:
    page = await open_page(browser, url, 1800, 1000, **ctx)
    await page.select_option("#rp-resolution", "720p")
    await page.evaluate("() => window.reelsmithPreview.ready")
    return page


async def open_render_page(browser: Browser, url: str) -> Page:
    page = await open_page(browser, url, 1280, 720)
    await page.evaluate("() => window.reelsmith.ready")
    return page


def pixel_difference(a: bytes, b: bytes) -> str:
    """Where and how much two screenshots differ, for a failure message."""
    first, second = (Image.open(io.BytesIO(x)).convert("RGB") for x in (a, b))
    if first.size != second.size:
        return f"sizes {first.size} vs {second.size}"
    diff = ImageChops.difference(first, second)
    largest = max(high for _, high in diff.getextrema())
    return f"box {diff.getbbox()}, largest channel difference {largest}"


def same_pixels(a: bytes, b: bytes) -> bool:
    first, second = (
        Image.open(io.BytesIO(a)).convert("RGB"),
        Image.open(io.BytesIO(b)).convert("RGB"),
    )
    return first.size == second.size and ImageChops.difference(first, second).getbbox() is None


async def scrub_to(page: Page, ms: int) -> None:
    await page.evaluate(
        """ms => { const s = document.getElementById('rp-scrubber');
                   s.value = String(ms); s.dispatchEvent(new Event('input')); }""",
        ms,
    )
    await painted(page)


async def painted(page: Page) -> None:
    """Wait until the seeked state has been painted (two animation frames)."""
    await page.evaluate(
        "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
    )


@pytest.mark.parametrize("which", ["custom", "rewind"])
async def test_preview_plays_and_a_scrubbed_frame_equals_seek_in_the_render_page(
    browser, live, which, tmp_path
):
    template_id = live.public_id if which == "custom" else which
    page = await open_preview(browser, f"{live.url}/preview/templates/{template_id}")
    box = await page.locator("#rp-stage").bounding_box()
    assert box is not None and (box["width"], box["height"]) == (1280, 720)

    await page.click("#rp-play")
    await page.wait_for_function("() => window.reelsmithPreview.player.currentTime > 300")
    assert await page.evaluate("() => window.reelsmithPreview.player.playing") is True
    assert await page.inner_text("#rp-play") == "Pause"
    await page.click("#rp-play")
    assert await page.evaluate("() => window.reelsmithPreview.player.playing") is False

    duration = await page.evaluate("() => window.reelsmithPreview.player.duration")
    for t in (1700, int(duration * 0.7)):
        await scrub_to(page, t)
        assert await page.evaluate("() => window.reelsmithPreview.player.currentTime") == t
        assert await page.input_value("#rp-scrubber") == str(t)
        shown = await page.locator("#rp-stage").screenshot()

        render = await open_render_page(
            browser, f"{live.url}/preview/templates/{template_id}/composition"
        )
        await render.evaluate("ms => window.reelsmith.seek(ms)", t)
        await painted(render)
        expected = await render.screenshot()
        await render.context.close()
        if not same_pixels(shown, expected):  # keep both frames to look at
            (tmp_path / f"preview-{t}.png").write_bytes(shown)
            (tmp_path / f"render-{t}.png").write_bytes(expected)
        assert same_pixels(shown, expected), (
            f"preview at {t} ms differs from seek({t}): {pixel_difference(shown, expected)}; "
            f"frames in {tmp_path}"
        )
    assert page.errors == []  # type: ignore[attr-defined]
    await page.context.close()


async def test_seeking_is_deterministic_in_any_order(browser, live):
    page = await open_render_page(
        browser, f"{live.url}/preview/templates/{live.public_id}/composition"
    )
    duration = await page.evaluate("() => window.reelsmith.duration")
    times = [900, int(duration * 0.6), 2400, int(duration * 0.9)]
    shots = {}
    for t in times:
        await page.evaluate("ms => window.reelsmith.seek(ms)", t)
        shots[t] = await page.screenshot()
    assert not same_pixels(shots[times[0]], shots[times[1]])  # the frames do move
    for t in reversed(times):
        await page.evaluate("ms => window.reelsmith.seek(ms)", t)
        assert same_pixels(await page.screenshot(), shots[t]), f"seek({t}) changed on revisit"
    await page.context.close()


async def test_scene_list_shows_start_times_and_jumps(browser, live):
    page = await open_preview(browser, f"{live.url}/preview/templates/{live.public_id}")
    items = page.locator("#rp-scenes li[data-start]")
    assert await items.count() == 2
    assert await items.nth(0).get_attribute("data-start") == "0"
    second_start = int(await items.nth(1).get_attribute("data-start") or 0)
    assert second_start > 0
    assert "Plan" in await items.nth(1).inner_text()
    await items.nth(1).locator("button").click()
    t = await page.evaluate("() => window.reelsmithPreview.player.currentTime")
    assert t > second_start
    await page.context.close()


async def test_editing_data_rerenders_the_composition(browser, live):
    page = await open_preview(browser, f"{live.url}/preview/templates/{live.public_id}")
    await page.fill("#rp-field-person_name", "Zanele Mbeki")
    frame = page.frame_locator("#rp-stage")
    await frame.locator("text=Zanele Mbeki").first.wait_for(state="attached", timeout=10_000)
    await page.fill("#rp-field-company_name", "Acme Rockets")
    await frame.locator("text=Welcome to Acme Rockets").first.wait_for(
        state="attached", timeout=10_000
    )
    assert page.errors == []  # type: ignore[attr-defined]
    await page.context.close()


async def test_resolution_switch_scales_the_stage(browser, live):
    page = await open_preview(browser, f"{live.url}/preview/templates/{live.public_id}")
    await page.select_option("#rp-resolution", "1080p")
    frame = await page.locator("#rp-stage").evaluate(
        "el => [el.style.width, el.style.height, el.style.transform]"
    )
    assert frame[:2] == ["1920px", "1080px"] and frame[2].startswith("scale(")
    await page.context.close()


async def test_shape_switch_lays_the_composition_out_again_live(browser, live):
    page = await open_preview(browser, f"{live.url}/preview/templates/{live.public_id}")
    await page.select_option("#rp-shape", "9:16")
    stage = page.frame_locator("#rp-stage").locator("#rs-stage[data-shape='9:16']")
    await stage.wait_for(state="attached", timeout=15_000)
    await page.wait_for_function(
        "() => { const f = document.getElementById('rp-stage').contentWindow;"
        " return f.reelsmith && f.reelsmith.stage.shape === '9:16'; }",
        timeout=15_000,
    )
    size = await page.locator("#rp-stage").evaluate("el => [el.style.width, el.style.height]")
    assert size == ["720px", "1280px"]
    box = await page.locator("#rp-stage-box").bounding_box()
    assert box is not None and box["height"] > box["width"] * 1.7  # a tall stage, fitted
    await page.select_option("#rp-shape", "1:1")
    await (
        page.frame_locator("#rp-stage")
        .locator("#rs-stage[data-shape='1:1']")
        .wait_for(state="attached", timeout=15_000)
    )
    assert page.errors == []  # type: ignore[attr-defined]
    await page.context.close()


async def test_private_template_preview_needs_the_owner(browser, live):
    anon = await open_page(browser, f"{live.url}/preview/templates/{live.template_id}", 1280, 800)
    assert "not found" in (await anon.content())
    await anon.context.close()
    owner = await open_preview(
        browser,
        f"{live.url}/preview/templates/{live.template_id}",
        extra_http_headers={"X-API-Key": live.owner_key},
    )
    assert await owner.evaluate("() => window.reelsmithPreview.player.duration") > 0
    await owner.context.close()


async def test_embed_page_plays(browser, live):
    page = await open_page(browser, f"{live.url}/embed/templates/{live.public_id}", 640, 400)
    await page.evaluate("() => window.reelsmithPreview.ready")
    await page.click("#rp-play")
    await page.wait_for_function("() => window.reelsmithPreview.player.currentTime > 200")
    assert page.errors == []  # type: ignore[attr-defined]
    await page.context.close()


@pytest.mark.parametrize("template_id", BUILTINS)
async def test_builtin_previews_without_errors(browser, live, template_id):
    page = await open_preview(browser, f"{live.url}/preview/templates/{template_id}")
    player_scenes = await page.evaluate("() => window.reelsmithPreview.player.scenes.length")
    assert player_scenes >= 4
    assert await page.evaluate("() => window.reelsmithPreview.player.duration") > 15_000
    assert page.errors == []  # type: ignore[attr-defined]
    await page.context.close()


async def test_keyboard_space_plays_and_arrows_step(browser, live):
    page = await open_preview(browser, f"{live.url}/preview/templates/{live.public_id}")
    await page.locator("body").click(position={"x": 5, "y": 990})
    await page.keyboard.press("ArrowRight")
    await page.keyboard.press("ArrowRight")
    assert await page.evaluate("() => window.reelsmithPreview.player.currentTime") == 200
    await page.keyboard.press("ArrowLeft")
    assert await page.evaluate("() => window.reelsmithPreview.player.currentTime") == 100
    await page.keyboard.press(" ")
    assert await page.evaluate("() => window.reelsmithPreview.player.playing") is True
    await page.keyboard.press(" ")
    assert await page.evaluate("() => window.reelsmithPreview.player.playing") is False
    await page.context.close()
