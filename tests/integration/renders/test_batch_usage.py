"""A batch counts its template's renders with one UPDATE, however many rows it has."""

from __future__ import annotations

import pytest

from app.config import Settings
from app.templates.service import get_template
from tests.support.render_helpers import make_template
from tests.support.statements import statements_run


@pytest.fixture
def settings(settings: Settings, database_url: str) -> Settings:
    """SQLite and PostgreSQL."""
    return settings.model_copy(update={"database_url": database_url})


async def test_a_batch_bumps_template_usage_with_one_update(app, client, make_user, monkeypatch):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    db = app.config["REELSMITH_DB"]
    with statements_run(db, monkeypatch) as statements:
        resp = await client.post(
            "/api/render/batch",
            json={
                "templateId": template_id,
                "headers": ["name"],
                "rows": [[f"P{i}"] for i in range(6)],
            },
            headers=user.headers,
        )
    usage_updates = [s for s in statements if s.lstrip().upper().startswith("UPDATE TEMPLATES")]
    assert resp.status_code == 200, await resp.get_json()
    assert len(usage_updates) == 1, usage_updates
    async with db.session() as session:
        view = await get_template(session, template_id, user.account.id)
    assert view is not None and view.usageCount == 6
