"""/docs/guide/: the guides (docs/ built by `make docs`) served beside the API reference, and
the reference's "Guides" links to them."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from app import create_app
from app.apidocs import GUIDES
from app.config import ROOT, Settings
from app.ratelimit import PUBLIC_RATE_LIMITS, public_rule_for


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A built site as `make docs` leaves it: one HTML file per page, and its assets."""
    folder = tmp_path / "site"
    for _, page in GUIDES:
        (folder / f"{page}.html").parent.mkdir(parents=True, exist_ok=True)
        (folder / f"{page}.html").write_text(f"<h1>{page}</h1>")
    (folder / "css").mkdir()
    (folder / "css" / "base.css").write_text("body { margin: 0 }")
    (tmp_path / "secret.txt").write_text("outside the site")
    return folder


@pytest_asyncio.fixture
async def guide_client(settings_factory: Callable[..., Settings], site: Path) -> AsyncIterator[Any]:
    app = create_app(settings_factory(guide_dir=site))
    async with app.test_app():
        yield app.test_client()


async def test_built_guides_are_served_and_linked_from_the_reference(guide_client, site):
    docs = await (await guide_client.get("/docs")).get_data(as_text=True)
    for title, page in GUIDES:
        assert f'href="/docs/guide/{page}.html">{title}</a>' in docs
    index = await guide_client.get("/docs/guide/")
    assert index.status_code == 200 and "<h1>index</h1>" in await index.get_data(as_text=True)
    webhooks = await guide_client.get("/docs/guide/api/index.html")
    assert webhooks.status_code == 200 and webhooks.content_type.startswith("text/html")
    css = await guide_client.get("/docs/guide/css/base.css")
    assert css.status_code == 200 and css.content_type.startswith("text/css")


async def test_guides_never_serve_outside_the_site(guide_client):
    for path in (
        "/docs/guide/../secret.txt",
        "/docs/guide/%2e%2e/secret.txt",
        "/docs/guide/no.html",
    ):
        resp = await guide_client.get(path)
        assert resp.status_code == 404
        assert (await resp.get_json())["error"] == "not_found"


async def test_unbuilt_guides_are_named_by_their_repository_paths(
    settings_factory: Callable[..., Settings], tmp_path: Path
):
    app = create_app(settings_factory(guide_dir=tmp_path / "not-built"))
    async with app.test_app():
        client = app.test_client()
        docs = await (await client.get("/docs")).get_data(as_text=True)
        resp = await client.get("/docs/guide/index.html")
    assert "make docs" in docs and 'href="/docs/guide/' not in docs
    for _, page in GUIDES:
        assert f"<code>docs/{page}.md</code>" in docs
    assert resp.status_code == 404 and "make docs" in (await resp.get_json())["message"]


def test_every_guide_link_has_its_page_in_docs():
    assert all((ROOT / "docs" / f"{page}.md").is_file() for _, page in GUIDES)


def test_guide_pages_are_rate_limited_per_ip():
    row = PUBLIC_RATE_LIMITS[("GET", "/docs/guide/*")]
    assert public_rule_for("GET", "/docs/guide/<path:page>")[1] is row
    assert public_rule_for("GET", "/docs/guide/")[1] is row and row.per_ip
