"""`make screenshots`: a PNG of each dashboard page in docs/dashboard/, from a live API on a
fresh database with a seeded demo account.

    .venv/bin/python scripts/dashboard_screenshots.py [--out docs/dashboard] [--only overview,...]

What it does: a fresh SQLite database and media folder in a temporary directory; a demo account
(tests/support/campaigns.py: custom templates, finished renders pointing at one small real MP4
and poster made by ffmpeg's test pattern, an A/B batch of 60 videos with viewing sessions, an
API key), then the live API (Hypercorn, as the browser tests run it) and through its own API
routes a webhook endpoint with a test delivery and a trigger rule. Chromium (the system one)
signs in through the form and saves each page of PAGES at desktop width (1280 px), and those
marked phone at 390 px too (<name>-phone.png). Nothing is rendered, so no worker is started.

A page that answers 404 (not built yet on this branch) is skipped with a note; run it again
after merging the other page groups. Redis: REELSMITH_REDIS_URL (default 127.0.0.1:6379/0)
under a throwaway key prefix.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import httpx
from playwright.async_api import Page, async_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.media.storage import get_storage  # noqa: E402
from app.models import create_all  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.support.campaigns import POSTER_KEY, Demo, demo_account  # noqa: E402
from tests.support.live_server import free_port, live_server  # noqa: E402
from tests.support.triggers import rule_body  # noqa: E402

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@dataclass(frozen=True)
class Shot:
    name: str  # docs/dashboard/<name>.png
    path: str  # under /app; {template}, {job}, {batch} are the demo's ids
    phone: bool = False
    act: Callable[[Page], Awaitable[None]] | None = None  # done on the page before the shot


async def create_key(page: Page) -> None:
    """The keys page as it is once: a key just created, its value and first call shown."""
    await page.get_by_label("Name").fill("CRM sync")
    await page.get_by_label("render-only").check()
    async with page.expect_navigation():
        await page.get_by_role("button", name="Create key").click()


# Every dashboard page, in navigation order. Paths of pages built by other page groups are
# the issue's; adjust a row here when a group chose another path.
PAGES: list[Shot] = [
    Shot("login", "/login"),
    Shot("overview", "", phone=True),
    Shot("templates", "/templates"),
    Shot("template-editor", "/templates/{template}"),
    Shot("render-pick", "/render"),
    Shot("render", "/render?template={template}"),
    Shot("render-job", "/renders/{job}"),
    Shot("batches", "/batches"),
    Shot("batch-new", "/batches/new"),
    Shot("batch", "/batches/{batch}"),
    Shot("analytics", "/analytics"),
    Shot("analytics-campaign", "/analytics/{batch}", phone=True),
    Shot("keys", "/keys", act=create_key),
    Shot("webhooks", "/webhooks"),
    Shot("webhook", "/webhooks/{webhook}"),
    Shot("triggers", "/triggers"),
    Shot("trigger", "/triggers/{rule}"),
    Shot("billing", "/billing"),
]


def make_settings(folder: Path, port: int) -> Settings:
    return Settings(
        database_url=f"sqlite+aiosqlite:///{folder}/app.db",
        redis_url=os.environ.get("REELSMITH_REDIS_URL", "redis://127.0.0.1:6379/0"),
        redis_prefix=f"shots-{uuid.uuid4().hex[:8]}",
        queue_name=f"shots-{uuid.uuid4().hex[:8]}:queue",
        media_dir=folder / "media",
        cache_dir=folder / "cache",
        work_dir=folder / "work",
        data_dir=folder / "data",
        public_url=f"http://127.0.0.1:{port}",
        env="development",
        rate_limit_enabled=False,
    )


REAL_POSTER = ROOT / "docs" / "gallery" / "poster-pulse.png"


async def seed(settings: Settings, folder: Path) -> Demo:
    db = Database(settings.database_url)
    await create_all(db)
    try:
        demo = await demo_account(db, get_storage(settings), folder)
    finally:
        await db.dispose()
    # The jobs' poster as the product makes it (the settled personalized title; `make
    # gallery` draws it) rather than the test pattern the suite's seed uses.
    if REAL_POSTER.exists():
        get_storage(settings).put(POSTER_KEY, REAL_POSTER)
    return demo


def seed_through_api(base: str, demo: Demo) -> dict[str, str]:
    """A webhook endpoint (with a test delivery) and a trigger rule, made by the API routes."""
    headers = {"X-API-Key": demo.key}
    with httpx.Client(base_url=base, headers=headers, timeout=30) as api:
        hook = api.post(
            "/api/webhooks",
            json={
                "url": f"{base}/healthz",
                "events": ["render.complete", "batch.complete"],
                "description": "CRM sync",
            },
        )
        hook.raise_for_status()
        api.post("/api/webhooks/test", json={"webhookId": hook.json()["webhook"]["id"]})
        rule = api.post(
            "/api/triggers",
            json=rule_body(
                templateId=demo.templates[0],
                campaignId="hundred-workouts",
                dataMapping={"person_name": "name"},
                email={"subject": "[name], 100 workouts!", "body": "Hi [name]: [playerUrl]"},
            ),
        )
        if rule.status_code >= 400:
            print(f"note: trigger rule not created ({rule.status_code}: {rule.text[:200]})")
        made = {"webhook": hook.json()["webhook"]["id"], "rule": "none"}
        if rule.status_code < 400:
            made["rule"] = rule.json()["rule"]["id"]
        return made


async def sign_in(page: Page, base: str, demo: Demo) -> None:
    await page.goto(base + "/app/login")
    await page.get_by_label("Email").fill(demo.email)
    await page.get_by_label("Password").fill(demo.password)
    await page.get_by_role("button", name="Sign in").click()
    await page.wait_for_url(base + "/app")


async def shoot(
    base: str, demo: Demo, made: dict[str, str], out: Path, only: set[str]
) -> list[str]:
    """Each page's PNG; returns the names saved."""
    ids = {"template": demo.templates[0], "job": demo.renders[0], "batch": demo.batch_id, **made}
    saved: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            for size, suffix in ((DESKTOP, ""), (PHONE, "-phone")):
                context = await browser.new_context(viewport=size)  # type: ignore[arg-type]
                page = await context.new_page()
                await sign_in(page, base, demo)
                for shot in PAGES:
                    if (only and shot.name not in only) or (suffix and not shot.phone):
                        continue
                    url = base + "/app" + shot.path.format(**ids)
                    if shot.name == "login":  # the signed-out form: a fresh context
                        await context.clear_cookies()
                    resp = await page.goto(url)
                    status = resp.status if resp else 0
                    if status == 404:
                        print(f"skip {shot.name}: {url} answers 404 (page not built here yet)")
                        continue
                    if status >= 400:
                        print(f"note {shot.name}: {url} answered {status}")
                    if shot.act:
                        await shot.act(page)
                    await page.wait_for_load_state("networkidle")
                    target = out / f"{shot.name}{suffix}.png"
                    await page.screenshot(path=str(target), full_page=True)
                    saved.append(target.name)
                    print(f"saved {target}")
                    if shot.name == "login":
                        await sign_in(page, base, demo)
                await context.close()
        finally:
            await browser.close()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "dashboard")
    parser.add_argument("--only", default="", help="comma-separated page names")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    only = {n.strip() for n in args.only.split(",") if n.strip()}
    with tempfile.TemporaryDirectory(prefix="reelsmith-shots-") as tmp:
        folder = Path(tmp)
        port = free_port()
        settings = make_settings(folder, port)
        # the demo webhook posts to this same loopback server
        os.environ["REELSMITH_ALLOW_PRIVATE_URLS"] = "true"
        demo = asyncio.run(seed(settings, folder))
        with live_server(settings, port) as base:
            made = seed_through_api(base, demo)
            saved = asyncio.run(shoot(base, demo, made, args.out, only))
    print(f"{len(saved)} screenshots in {args.out}")


if __name__ == "__main__":
    main()
