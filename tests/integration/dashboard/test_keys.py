"""API keys in the dashboard: the value shown once, presets and picked scopes, revocation,
another account's key, CSRF; a key's last use is recorded (at most once a minute); a new key
comes with its first call in curl, Python and TypeScript."""

from __future__ import annotations

import ast
import re
from html import unescape
from urllib.parse import urlencode

import pytest

from tests.support.dashboard import post_form, sign_in

KEY = re.compile(r'data-testid="new-key">(rs_[^<]+)<')
CAP = 3


@pytest.fixture
def settings(settings_factory):
    return settings_factory(max_api_keys_per_account=CAP)


async def test_create_with_a_preset_shows_the_key_once_and_it_works(client, make_user) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    resp = await post_form(client, "/app/keys", token, name="ci", preset="render-only")
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 201
    raw = KEY.search(html).group(1)
    listed = await client.get("/app/keys")
    page = await listed.get_data(as_text=True)
    assert raw not in page  # never shown again
    assert "videos:create, videos:read" in page
    assert ">never<" in page
    api = await client.get("/api/render/no-such-job", headers={"X-API-Key": raw})
    assert api.status_code == 404  # authenticated (then not found): the key was used
    page = await (await client.get("/app/keys")).get_data(as_text=True)
    assert page.count(">never<") == 1  # the new key now shows its last use; the fixture's not


async def test_custom_scopes_and_errors_beside_the_fields(client, make_user) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    empty = await post_form(client, "/app/keys", token, name="", preset="custom")
    html = await empty.get_data(as_text=True)
    assert empty.status_code == 400
    assert 'id="name-error"' in html and 'id="scopes-error"' in html
    fields = {
        "csrf_token": token,
        "name": "reader",
        "preset": "custom",
        "scopes": ["videos:read", "billing:read"],
    }
    resp = await client.post(
        "/app/keys",
        data=urlencode(fields, doseq=True),  # a repeated field, as a browser sends checkboxes
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 201
    raw = KEY.search(html).group(1)
    assert (await client.get("/api/billing", headers={"X-API-Key": raw})).status_code == 200
    assert (await client.get("/api/templates", headers={"X-API-Key": raw})).status_code == 403


async def test_revoke_and_another_accounts_key(client, make_user) -> None:
    user = await make_user()
    other = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    html = await (await post_form(client, "/app/keys", token, name="x", preset="admin")).get_data(
        as_text=True
    )
    raw = KEY.search(html).group(1)
    key_id = re.search(r'/app/keys/([^/"]+)/revoke"', html).group(1)
    assert (await client.post(f"/app/keys/{key_id}/revoke", form={})).status_code == 403
    assert (await client.get("/api/billing", headers={"X-API-Key": raw})).status_code == 200
    done = await post_form(client, f"/app/keys/{key_id}/revoke", token)
    assert done.status_code == 303
    assert (await client.get("/api/billing", headers={"X-API-Key": raw})).status_code == 401
    # The other account's key cannot be revoked from here, and stays valid.
    other_client = client.app.test_client()
    other_token = await sign_in(other_client, other.account.email, other.password)
    other_html = await (
        await post_form(other_client, "/app/keys", other_token, name="theirs", preset="admin")
    ).get_data(as_text=True)
    their_id = re.search(r'/app/keys/([^/"]+)/revoke"', other_html).group(1)
    their_raw = KEY.search(other_html).group(1)
    assert (await post_form(client, f"/app/keys/{their_id}/revoke", token)).status_code == 404
    assert (await client.get("/api/billing", headers={"X-API-Key": their_raw})).status_code == 200


async def test_the_key_cap_is_shown_beside_the_form_and_nothing_is_created(client, make_user):
    user = await make_user()  # holds one key already (the fixture's)
    token = await sign_in(client, user.account.email, user.password)
    for n in range(CAP - 1):
        made = await post_form(client, "/app/keys", token, name=f"k{n}", preset="render-only")
        assert made.status_code == 201
    refused = await post_form(client, "/app/keys", token, name="one too many", preset="admin")
    html = await refused.get_data(as_text=True)
    assert refused.status_code == 403
    assert f"already has {CAP} active API keys" in html
    assert 'role="alert"' in html and 'value="one too many"' in html  # the form kept its input
    assert f"Active keys ({CAP} of {CAP})" in html
    assert KEY.search(html) is None


def snippet(html: str, slug: str) -> str:
    found = re.search(rf'<code id="snippet-{slug}">(.*?)</code>', html, re.S)
    assert found, f"no {slug} snippet"
    return unescape(found.group(1))


async def test_a_new_key_comes_with_its_first_call_in_curl_python_and_typescript(
    client, make_user, settings
) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    html = await (
        await post_form(client, "/app/keys", token, name="ci", preset="render-only")
    ).get_data(as_text=True)
    raw = KEY.search(html).group(1)
    base = settings.public_url.rstrip("/")
    assert "Render a video with this key" in html and 'data-testid="snippet-note"' not in html
    curl = snippet(html, "curl")
    assert f'curl -s -X POST {base}/api/render -H "X-API-Key: {raw}"' in curl
    python = snippet(html, "python")
    ast.parse(python)
    assert f'Client(api_key="{raw}", base_url="{base}")' in python
    create = '.renders.create("handshake", data={"person_name": "Ada", "company_name": "Acme"})'
    assert create + ".wait()" in python
    typescript = snippet(html, "typescript")
    assert f'new Client({{ apiKey: "{raw}", baseUrl: "{base}" }})' in typescript
    assert ".wait();" in typescript
    for slug in ("curl", "python", "typescript"):  # each with its copy button
        assert f'data-copy="#snippet-{slug}"' in html
    # Shown once, like the value: the list page carries neither.
    page = await (await client.get("/app/keys")).get_data(as_text=True)
    assert raw not in page and 'id="snippet-python"' not in page


async def test_a_key_that_cannot_render_gets_a_call_it_can_make_or_a_word_why(
    client, make_user
) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    html = await (
        await post_form(client, "/app/keys", token, name="ro", preset="read-only")
    ).get_data(as_text=True)
    raw = KEY.search(html).group(1)
    assert "/api/billing" in snippet(html, "curl") and raw in snippet(html, "curl")
    assert "billing.get().credits_" in snippet(html, "python")
    assert 'data-testid="snippet-note"' not in html
    fields = {"csrf_token": token, "name": "hooks", "preset": "custom", "scopes": ["videos:create"]}
    resp = await client.post(
        "/app/keys",
        data=urlencode(fields, doseq=True),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 201
    assert "This key lacks videos:read" in html
    assert "/api/render" in snippet(html, "curl")
