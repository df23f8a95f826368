"""One API process's ingest, for the concurrency tests: `python concurrent_ingest.py
<account_id> <start_at_epoch> <events_json>`; REELSMITH_DATABASE_URL names the database.
Waits until start_at, ingests in one transaction (as POST /api/events/ingest does) and
prints the counts as JSON."""

from __future__ import annotations

import asyncio
import json
import sys
import time

from app.accounts.models import Account
from app.config import Settings
from app.db import Database
from app.triggers import ingest


async def main(account_id: str, start_at: float, events: list[dict]) -> None:
    settings = Settings()
    db = Database(settings.database_url)
    try:
        async with db.session() as session:  # connect before the start line
            account = await session.get(Account, account_id)
            assert account is not None
        await asyncio.sleep(max(0.0, start_at - time.time()))
        async with db.session() as session:
            account = await session.get(Account, account_id)
            assert account is not None
            result = await ingest.ingest(session, settings, account, events)
        print(json.dumps({"triggered": result.triggered, "throttled": result.throttled}))
    finally:
        await db.dispose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), json.loads(sys.argv[3])))
