"""Dashboard page benchmark: the server time of each dashboard page for an account with 1,000
templates and 1,000 finished renders (and an A/B batch of 60 videos with viewing sessions).

    .venv/bin/python bench/dashboard_bench.py [--templates 1000] [--renders 1000] [--repeat 15]
        [--database-url postgresql+asyncpg://...]   (default: a fresh SQLite file)

The account is seeded as rows (tests/support/campaigns.py: templates through the templates
service, renders as finished jobs pointing at one small real MP4; nothing is rendered). Each
page of scripts/dashboard_screenshots.py's table is requested in-process with the Quart test
client, signed in through the form: one warm-up, then `--repeat` timed requests. The time is
the request's time in the app (routing, session, queries, template), without a network. A page
that answers 404 (not built on this branch) is listed as such. Printed: min (the cost without
other work on the machine), p50 and max in ms. Target: p50 < 200 ms. Redis:
REELSMITH_REDIS_URL (default 127.0.0.1:6379/0) under a throwaway key prefix. The last line is
a JSON object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from dashboard_screenshots import PAGES  # noqa: E402

from app import create_app  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.media.storage import get_storage  # noqa: E402
from app.models import create_all  # noqa: E402
from app.triggers import service as triggers  # noqa: E402
from app.triggers.schemas import RuleBody  # noqa: E402
from app.webhooks import service as webhooks  # noqa: E402
from tests.support.campaigns import demo_account  # noqa: E402
from tests.support.dashboard import sign_in  # noqa: E402
from tests.support.triggers import rule_body  # noqa: E402

TARGET_MS = 200.0


def settings_for(folder: Path, database_url: str | None) -> Settings:
    ns = f"bench-{uuid.uuid4().hex[:8]}"
    return Settings(
        database_url=database_url or f"sqlite+aiosqlite:///{folder}/app.db",
        redis_url=os.environ.get("REELSMITH_REDIS_URL", "redis://127.0.0.1:6379/0"),
        redis_prefix=ns,
        queue_name=f"{ns}:queue",
        media_dir=folder / "media",
        cache_dir=folder / "cache",
        work_dir=folder / "work",
        data_dir=folder / "data",
        public_url="http://testserver",
        env="development",
        rate_limit_enabled=False,
    )


async def webhook_and_rule(db: Database, account_id: str) -> dict[str, str]:
    """A webhook endpoint and a trigger rule for their pages (made by their services)."""
    async with db.session() as session:
        endpoint = await webhooks.create_endpoint(
            session,
            account_id,
            "https://example.com/hooks/reelsmith",
            ["render.complete"],
            "bench",
            production=False,
            max_endpoints=10,
        )
        rule = await triggers.create_rule(session, account_id, RuleBody(**rule_body()))
        return {"webhook": endpoint.id, "rule": rule.id}


async def measure(client: Any, url: str, repeat: int) -> tuple[int, list[float]]:
    first = await client.get(url)
    await first.get_data()
    if first.status_code == 404:
        return 404, []
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        resp = await client.get(url)
        await resp.get_data()
        times.append((time.perf_counter() - start) * 1000)
    return first.status_code, times


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="reelsmith-dash-bench-") as tmp:
        folder = Path(tmp)
        settings = settings_for(folder, args.database_url)
        db = Database(settings.database_url)
        await create_all(db)
        start = time.perf_counter()
        try:
            demo = await demo_account(
                db,
                get_storage(settings),
                folder,
                templates=args.templates,
                renders=args.renders,
                email=f"bench-{uuid.uuid4().hex[:8]}@example.com",
            )
            made = await webhook_and_rule(db, demo.account_id)
        finally:
            await db.dispose()
        print(
            f"seeded {args.templates} templates, {args.renders} renders and a 60-video A/B "
            f"batch in {time.perf_counter() - start:.1f} s ({settings.database_url.split(':')[0]})"
        )
        app = create_app(settings)
        ids = {
            "template": demo.templates[0],
            "job": demo.renders[-1],
            "batch": demo.batch_id,
            **made,
        }
        results: dict[str, Any] = {}
        async with app.test_app():
            client = app.test_client()
            await sign_in(client, demo.email, demo.password)
            print(
                f"{'page':<22} {'path':<36} {'status':>6} {'min ms':>7} {'p50 ms':>7}"
                f" {'max ms':>7}  p50 < 200"
            )
            for shot in PAGES:
                if shot.name == "login":
                    continue
                url = "/app" + shot.path.format(**ids)
                status, times = await measure(client, url, args.repeat)
                row: dict[str, Any] = {"path": shot.path, "status": status}
                if times:
                    best, p50, worst = min(times), statistics.median(times), max(times)
                    row |= {
                        "min_ms": round(best, 1),
                        "p50_ms": round(p50, 1),
                        "max_ms": round(worst, 1),
                    }
                    verdict = "yes" if p50 < TARGET_MS else "NO"
                    print(
                        f"{shot.name:<22} {shot.path:<36} {status:>6} {best:>7.1f} {p50:>7.1f}"
                        f" {worst:>7.1f}  {verdict}"
                    )
                else:
                    print(f"{shot.name:<22} {shot.path:<36} {status:>6} {'(not built: 404)':>23}")
                results[shot.name] = row
        return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--templates", type=int, default=1000)
    parser.add_argument("--renders", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    results = asyncio.run(run(args))
    print(json.dumps({"templates": args.templates, "renders": args.renders, "pages": results}))


if __name__ == "__main__":
    main()
