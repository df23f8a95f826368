"""Issue 27, finding 4, as the audit made it: against a served app, a mail scanner's GET or HEAD
of an unsubscribe link unsubscribes nobody (GET shows a confirmation form), only a POST (the
form, or RFC 8058 one-click) records it, and the link's token says nothing about whom it
unsubscribes."""

from __future__ import annotations

import base64
import contextlib
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest_asyncio
from itsdangerous import URLSafeSerializer
from sqlalchemy import select

from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.models import create_all
from app.triggers import links
from app.triggers.models import TriggerUnsubscribe
from tests.support.live_server import live_server

RECIPIENT = "recipient-42"


@pytest_asyncio.fixture
async def served(settings: Settings) -> AsyncIterator[tuple[str, Database, str]]:
    db = Database(settings.database_url)
    await create_all(db)
    try:
        async with db.session() as session:
            account = await create_account(session, f"{uuid.uuid4().hex[:8]}@example.com", "p" * 12)
        with live_server(settings) as base:
            yield base, db, account.id
    finally:
        await db.dispose()


async def unsubscribed(db: Database) -> list[tuple[str, str]]:
    async with db.session() as session:
        rows = (await session.execute(select(TriggerUnsubscribe))).scalars()
        return [(row.account_id, row.recipient_id) for row in rows]


def decoded_parts(token: str) -> bytes:
    out = b""
    for part in token.split("."):
        with contextlib.suppress(ValueError):
            out += base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
    return out


async def test_only_a_post_unsubscribes_and_the_token_is_opaque(
    served: tuple[str, Database, str], settings: Settings
) -> None:
    base, db, account_id = served
    url = links.unsubscribe_url(settings, account_id, RECIPIENT)
    token = url.rsplit("/", 1)[1]
    for text in (token, decoded_parts(token).decode("latin-1")):
        assert account_id not in text and RECIPIENT not in text
    path = url.removeprefix(settings.public_url)
    async with httpx.AsyncClient(base_url=base) as http:
        for _ in range(3):  # scanners, previews, a person reading the page
            page = await http.get(path)
            assert page.status_code == 200
            assert "<form method='post'>" in page.text and "Unsubscribe</button>" in page.text
            assert (await http.head(path)).status_code == 200
        assert await unsubscribed(db) == []
        # RFC 8058: the mail client POSTs List-Unsubscribe=One-Click to the URL
        done = await http.post(path, data={"List-Unsubscribe": "One-Click"})
        assert done.status_code == 200 and "You are unsubscribed" in done.text
        assert await unsubscribed(db) == [(account_id, RECIPIENT)]
        again = await http.post(path)  # the form's button, twice: fine
        assert again.status_code == 200
        assert await unsubscribed(db) == [(account_id, RECIPIENT)]
        forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
        for method in ("GET", "POST"):
            resp = await http.request(method, f"/u/{forged}")
            assert resp.status_code == 404


async def test_links_of_messages_sent_before_still_work_by_post(
    served: tuple[str, Database, str], settings: Settings
) -> None:
    base, db, account_id = served
    old = URLSafeSerializer(settings.session_secret, salt=links.UNSUBSCRIBE_SALT)
    token: Any = old.dumps([account_id, "old-recipient"])
    async with httpx.AsyncClient(base_url=base) as http:
        assert (await http.get(f"/u/{token}")).status_code == 200
        assert await unsubscribed(db) == []
        assert (await http.post(f"/u/{token}")).status_code == 200
    assert await unsubscribed(db) == [(account_id, "old-recipient")]
