"""The dashboard's front door: sign-in, CSRF on every state change, sign-up, the overview."""

from __future__ import annotations

from app import create_app
from app.db import Database
from app.models import create_all
from tests.support.dashboard import csrf_token, post_form, sign_in


async def test_pages_need_a_session_and_redirect_to_sign_in(client) -> None:
    resp = await client.get("/app?x=1")
    assert resp.status_code == 303
    assert resp.headers["Location"] == "/app/login?next=/app%3Fx%3D1"
    page = await client.get("/app/login")
    html = await page.get_data(as_text=True)
    assert page.status_code == 200
    assert 'name="csrf_token"' in html
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    assert "reelsmith_csrf" in page.headers.get("Set-Cookie", "")


async def test_sign_in_shows_the_overview_and_sign_out_ends_the_session(client, make_user) -> None:
    user = await make_user(credits=42)
    token = await sign_in(client, user.account.email, user.password)
    overview = await client.get("/app")
    html = await overview.get_data(as_text=True)
    assert overview.status_code == 200
    assert user.account.email in html
    assert 'data-testid="credits">42<' in html
    out = await post_form(client, "/app/logout", token)
    assert out.status_code == 303
    assert (await client.get("/app")).status_code == 303  # signed out: back to the form


async def test_wrong_password_is_refused_on_the_form(client, make_user) -> None:
    user = await make_user()
    token = await csrf_token(client)
    resp = await post_form(
        client, "/app/login", token, email=user.account.email, password="not it at all"
    )
    assert resp.status_code == 401
    assert "Email or password is wrong." in await resp.get_data(as_text=True)
    assert (await client.get("/app")).status_code == 303


async def test_forms_without_the_token_or_from_another_site_change_nothing(
    client, make_user
) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    no_token = await client.post("/app/logout", form={})
    assert no_token.status_code == 403
    wrong = await post_form(client, "/app/logout", "0" * 64)
    assert wrong.status_code == 403
    cross = await client.post(
        "/app/logout",
        form={"csrf_token": token},
        headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
    )
    assert cross.status_code == 403
    assert (await client.get("/app")).status_code == 200  # still signed in
    # A token from another browser (another CSRF cookie) is refused too.
    other = client.app.test_client()
    await sign_in(other, user.account.email, user.password)
    assert (await post_form(other, "/app/logout", token)).status_code == 403


async def test_after_sign_in_the_browser_returns_to_the_page_it_asked_for(
    client, make_user
) -> None:
    user = await make_user()
    token = await csrf_token(client, "/app/login?next=/app/keys")
    resp = await client.post(
        "/app/login",
        form={
            "email": user.account.email,
            "password": user.password,
            "csrf_token": token,
            "next": "https://evil.example/",
        },
    )
    assert resp.headers["Location"] == "/app"  # never another site
    token = await csrf_token(client, "/app/login")
    resp = await client.post(
        "/app/login",
        form={
            "email": user.account.email,
            "password": user.password,
            "csrf_token": token,
            "next": "/app/keys",
        },
    )
    assert resp.headers["Location"] == "/app/keys"


async def test_sign_up_is_open_in_development_on_the_loopback_and_validates(
    settings_factory,
) -> None:
    settings = settings_factory(public_url="http://127.0.0.1:8000")
    schema = Database(settings.database_url)
    await create_all(schema)
    await schema.dispose()
    app = create_app(settings)
    async with app.test_app():
        client = app.test_client()
        token = await csrf_token(client, "/app/signup")
        bad = await post_form(
            client, "/app/signup", token, email="nobody", password="short", confirm="short"
        )
        html = await bad.get_data(as_text=True)
        assert bad.status_code == 400
        assert 'id="email-error"' in html and 'id="password-error"' in html
        ok = await post_form(
            client,
            "/app/signup",
            token,
            email="New@Example.com",
            password="a long enough pass",
            confirm="a long enough pass",
        )
        assert ok.status_code == 303 and ok.headers["Location"] == "/app/login"
        await sign_in(client, "new@example.com", "a long enough pass")
        overview = await client.get("/app")
        html = await overview.get_data(as_text=True)
        assert "new@example.com" in html
        assert 'data-testid="credits">500<' in html  # the studio tier's sign-up credits


async def test_sign_up_closed_by_setting(settings_factory) -> None:
    app = create_app(settings_factory(dashboard_signup=False))
    async with app.test_app():
        client = app.test_client()
        assert (await client.get("/app/signup")).status_code == 404
        token = await csrf_token(client)
        resp = await post_form(
            client, "/app/signup", token, email="a@b.example", password="x" * 12, confirm="x" * 12
        )
        assert resp.status_code == 404
