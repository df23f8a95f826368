"""Driving the dashboard (/app) with Quart's test client: its cookie jar keeps the session and
CSRF cookies like a browser; forms need the page's CSRF token."""

from __future__ import annotations

import re
from typing import Any

TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')
META = re.compile(r'<meta name="csrf-token" content="([0-9a-f]+)">')


async def csrf_token(client: Any, path: str = "/app/login") -> str:
    """The CSRF token of the page at `path` (which sets the CSRF cookie when missing)."""
    resp = await client.get(path)
    html = await resp.get_data(as_text=True)
    found = META.search(html) or TOKEN.search(html)
    assert found, f"no CSRF token on {path} ({resp.status_code})"
    return found.group(1)


async def sign_in(client: Any, email: str, password: str) -> str:
    """Sign in through the form; returns a CSRF token for the signed-in pages."""
    token = await csrf_token(client)
    resp = await client.post(
        "/app/login", form={"email": email, "password": password, "csrf_token": token}
    )
    assert resp.status_code == 303, await resp.get_data(as_text=True)
    return await csrf_token(client, "/app")


async def post_form(client: Any, path: str, token: str, **fields: str) -> Any:
    return await client.post(path, form={"csrf_token": token, **fields})
