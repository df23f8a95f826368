"""A render's create on PostgreSQL: its writes as one statement against the same writes as
separate statements, CPU of one process, in turn.

    .venv/bin/python bench/create_statements_bench.py [--rounds 12] [--block 100]

On PostgreSQL a create's charge, its ledger row, its template's count and its account's claim
locks run as one data-modifying `WITH`, and the job's INSERT returns the claim's busy count
(app/renders/charging.py): four round trips where the same work as separate statements takes
eight. This bench measures what that saves on this machine without the noise of two builds on
two API servers: one process (the app behind Quart's test client, no HTTP; the asyncpg
client's side counted, the server's not), blocks of `--block` creates in turn with the
combined statements and with the separate ones (the charge told it is not on PostgreSQL: the
statements every other database runs), and this process's CPU per create for each block. A
fresh database, 20 studio accounts, the built-in `rewind`.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load_bench import REDIS_URL, database, make_clients  # noqa: E402

import app.accounts.service as accounts  # noqa: E402
import app.renders.charging as charging  # noqa: E402
from app import create_app  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.models import create_all  # noqa: E402

ON_POSTGRESQL = charging.dialect_name


def separate(on: bool) -> None:
    """The charge's writes as separate statements (True) or as one (False)."""
    told = (lambda session: "separate") if on else ON_POSTGRESQL
    charging.dialect_name = accounts.dialect_name = told  # type: ignore[assignment]


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="reelsmith-create-") as tmp:
        folder = Path(tmp)
        async with database("postgres", folder) as url:
            ns = f"createbench:{uuid.uuid4().hex[:8]}"
            settings = Settings(
                database_url=url, redis_url=REDIS_URL, redis_prefix=ns,
                queue_name=f"{ns}:queue", media_dir=folder / "media",
                data_dir=folder / "data", rate_limit_enabled=False,
            )  # fmt: skip
            db = Database(url)
            await create_all(db)
            clients = await make_clients(db, 20)
            await db.dispose()
            app = create_app(settings)
            async with app.test_app() as running:
                http = running.test_client()

                async def block(n: int) -> float:
                    started = time.process_time()
                    for i in range(n):
                        client = clients[i % len(clients)]
                        data = {"person_name": f"C{i}", "totalWorkouts": 120, "totalMinutes": 90}
                        resp = await http.post(
                            "/api/render",
                            json={"templateId": "rewind", "data": data},
                            headers={"Authorization": f"Bearer {client.key}"},
                        )
                        assert resp.status_code == 200, await resp.get_data()
                    return (time.process_time() - started) / n * 1000

                for way in (True, False):  # warm-up: both ways' statements prepared
                    separate(way)
                    await block(50)
                figures: dict[bool, list[float]] = {True: [], False: []}
                for round_ in range(args.rounds):
                    for way in (True, False) if round_ % 2 else (False, True):
                        separate(way)
                        figures[way].append(await block(args.block))
                separate(False)
    for way, name in ((True, "separate statements (8 round trips)"),
                      (False, "one statement (4 round trips)")):  # fmt: skip
        got = figures[way]
        print(f"{name}: CPU per create median {statistics.median(got):.2f} ms, "
              f"range {min(got):.2f}-{max(got):.2f} ms over {len(got)} blocks")  # fmt: skip
    saved = statistics.median(figures[True]) - statistics.median(figures[False])
    print(f"saved per create: {saved:.2f} ms "
          f"({100 * saved / statistics.median(figures[True]):.0f} %)")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--block", type=int, default=100)
    asyncio.run(main(parser.parse_args()))
