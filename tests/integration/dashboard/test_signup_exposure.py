"""Issue 27, finding 2 (and sign-up's answer of finding 8), as the audit made them: a served
development instance bound to every interface, or known by a public address, does not open
its sign-up form to strangers; one that only this machine reaches does, and its answer does not
tell whether an address already has an account. Cookies are Secure behind https."""

from __future__ import annotations

import re
import secrets
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.config import Settings
from tests.support.environment import setting_vars
from tests.support.live_server import free_port, live_server

TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')
SECRET = secrets.token_urlsafe(48)


def form(http: httpx.Client, path: str) -> tuple[int, str | None]:
    page = http.get(path)
    found = TOKEN.search(page.text)
    return page.status_code, found[1] if found else None


def sign_up(http: httpx.Client, email: str, password: str) -> httpx.Response:
    _, token = form(http, "/app/login")  # the CSRF cookie and a token
    return http.post(
        "/app/signup",
        data={"email": email, "password": password, "confirm": password, "csrf_token": token},
    )


def accounts(settings: Settings) -> list[str]:
    """The accounts' emails, read from the served app's SQLite file."""
    path = settings.database_url.split(":///", 1)[1]
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("SELECT email FROM accounts")]


def sign_in(http: httpx.Client, email: str, password: str) -> httpx.Response:
    _, token = form(http, "/app/login")
    return http.post("/app/login", data={"email": email, "password": password, "csrf_token": token})


@pytest.mark.parametrize(
    "host,public_url",
    [
        ("0.0.0.0", "http://127.0.0.1:{port}"),  # deploy/Dockerfile before: dev on every interface
        ("127.0.0.1", "https://video.example.com"),  # behind a proxy that publishes it
    ],
    ids=["bound-publicly", "public-url"],
)
def test_a_reachable_development_instance_keeps_sign_up_closed(
    settings_factory: Any, host: str, public_url: str
) -> None:
    port = free_port()
    settings: Settings = settings_factory(public_url=public_url.format(port=port))
    extra = setting_vars(host=host, secret_key=SECRET)
    with live_server(settings, port, env=extra) as base, httpx.Client(base_url=base) as http:
        status, _ = form(http, "/app/signup")
        assert status == 404
        assert "Create an account" not in http.get("/app/login").text
        resp = sign_up(http, "stranger@example.com", "a long enough pass")
        assert resp.status_code == 404
    assert accounts(settings) == []


def test_a_loopback_development_instance_opens_sign_up_and_answers_alike(
    settings_factory: Any,
) -> None:
    port = free_port()
    settings: Settings = settings_factory(public_url=f"http://127.0.0.1:{port}")
    with live_server(settings, port) as base:
        answers = []
        for _ in range(2):  # the same address twice: new, then taken
            with httpx.Client(base_url=base) as http:
                assert form(http, "/app/signup")[0] == 200
                resp = sign_up(http, "Taken@Example.com", "first owner password")
                following = http.get(resp.headers["location"])
                flash = re.search(r'role="status"[^>]*>([^<]+)<', following.text)
                answers.append((resp.status_code, resp.headers["location"], flash and flash[1]))
                assert "reelsmith_session" not in resp.headers.get("set-cookie", "")
        assert answers[0] == answers[1]
        assert answers[0][:2] == (303, "/app/login") and answers[0][2]
        with httpx.Client(base_url=base) as http:  # the second sign-up changed nothing
            assert sign_in(http, "taken@example.com", "first owner password").status_code == 303


def test_cookies_are_secure_in_production_and_behind_https(
    settings_factory: Any, tmp_path: Path
) -> None:
    for env, public_url in (
        ("production", "http://127.0.0.1:{port}"),
        ("development", "https://video.example.com"),
    ):
        port = free_port()
        settings: Settings = settings_factory(public_url=public_url.format(port=port))
        extra = setting_vars(env=env, secret_key=SECRET)
        with live_server(settings, port, env=extra) as base, httpx.Client(base_url=base) as http:
            page = http.get("/app/login")
            assert "secure" in page.headers["set-cookie"].lower(), env
