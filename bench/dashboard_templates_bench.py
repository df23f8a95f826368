"""Dashboard templates pages benchmark: server time of the gallery (first and last page) and of
the editor with 1,000 templates in the signed-in account.

    .venv/bin/python bench/dashboard_templates_bench.py [--templates 1000] [--repeat 20]
        [--database-url URL]

The templates are written directly as rows (forks of the built-in `rewind`, its 5 scenes and
slots each). Requests go through the app in process (Quart's test client: routing, session,
CSRF cookie, database, template rendering; no network), `--repeat` times after one warm-up;
the minimum, median and p95 in ms are printed. Target: < 200 ms each. Needs Redis
(REELSMITH_REDIS_URL; keys under a unique prefix). The last line is a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from app.accounts.service import create_account  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.models import create_all  # noqa: E402
from app.templates.builtins import builtins  # noqa: E402
from app.templates.models import Template  # noqa: E402

PASSWORD = "dashboard bench password"
TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def seed(database_url: str, count: int) -> tuple[str, str]:
    """An account with `count` templates; returns its email and one template's id."""
    db = Database(database_url)
    await create_all(db)
    base = builtins()["rewind"]
    email = f"bench-{uuid.uuid4().hex[:8]}@example.com"
    try:
        async with db.session() as session:
            account = await create_account(session, email, PASSWORD, "studio", 100)
            rows = [
                Template(
                    account_id=account.id,
                    name=f"Rewind fork {i}",
                    scenes=[s.model_dump(mode="json") for s in base.scenes],
                    data_slots=[s.model_dump(mode="json") for s in base.dataSlots],
                    defaults=base.defaults.model_dump(mode="json"),
                    tags=list(base.tags),
                    base_template_id="rewind",
                    root_builtin="rewind",
                )
                for i in range(count)
            ]
            session.add_all(rows)
            await session.flush()
            return email, rows[-1].id
    finally:
        await db.dispose()


async def measure(settings: Settings, count: int, repeat: int) -> dict[str, Any]:
    email, template_id = await seed(settings.database_url, count)
    app = create_app(settings)
    last_page = max((count + 23) // 24, 1)
    paths = {
        "gallery": "/app/templates",
        "gallery_last_page": f"/app/templates?page={last_page}",
        "editor": f"/app/templates/{template_id}",
    }
    figures: dict[str, Any] = {}
    async with app.test_app():
        client = app.test_client()
        login = await (await client.get("/app/login")).get_data(as_text=True)
        found = TOKEN.search(login)
        assert found, "no CSRF token on the sign-in form"
        form = {"email": email, "password": PASSWORD, "csrf_token": found.group(1)}
        signed = await client.post("/app/login", form=form)
        assert signed.status_code == 303, signed.status_code
        for name, path in paths.items():
            assert (await client.get(path)).status_code == 200, path  # warm-up
            times = []
            for _ in range(repeat):
                started = time.perf_counter()
                resp = await client.get(path)
                await resp.get_data()
                times.append((time.perf_counter() - started) * 1000)
                assert resp.status_code == 200
            figures[name] = {
                "min_ms": round(min(times), 1),
                "median_ms": round(statistics.median(times), 1),
                "p95_ms": round(percentile(times, 95), 1),
            }
            print(f"{name:18} {path}: {figures[name]}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--templates", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="reelsmith-dashboard-bench-") as tmp:
        base_dir = Path(tmp)
        prefix = f"rsbench-dashboard:{uuid.uuid4().hex[:6]}"
        settings = Settings(
            database_url=args.database_url or f"sqlite+aiosqlite:///{base_dir}/bench.db",
            redis_prefix=prefix,
            queue_name=f"{prefix}:queue",
            media_dir=base_dir / "media",
            data_dir=base_dir / "data",
            cache_dir=base_dir / "cache",
            rate_limit_enabled=False,
        )
        figures = asyncio.run(measure(settings, args.templates, args.repeat))
    database = "postgresql" if "postgresql" in settings.database_url else "sqlite"
    print(json.dumps({"database": database, "templates": args.templates, **figures}))


if __name__ == "__main__":
    main()
