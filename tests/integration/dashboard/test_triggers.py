"""Triggers in the dashboard: a rule made with the form (errors beside the field), its page,
enable/disable, a dry run of a pasted event that changes nothing, delete; another account's
rule by URL; CSRF."""

from __future__ import annotations

import json
import re

from sqlalchemy import func, select

from app.accounts.models import Account
from app.triggers.models import TriggerExecution, TriggerRule
from tests.support.dashboard import post_form, sign_in
from tests.support.triggers import REWIND, event

RULE_FORM = {
    "name": "100th workout",
    "eventType": "milestone",
    "condition": '{"field": "workouts", "op": ">=", "value": 100}',
    "templateId": REWIND,
    "channel": "email",
    "throttleDays": "30",
    "email_subject": "[name], 100 workouts!",
    "email_body": "Hi [name], watch: [playerUrl]",
    "dataMapping": "{}",
    "enabled": "on",
}


async def _counts(app, account_id: str) -> tuple[int, int]:
    async with app.config["REELSMITH_DB"].session() as session:
        credits = await session.scalar(select(Account.credits).where(Account.id == account_id))
        executions = await session.scalar(select(func.count()).select_from(TriggerExecution))
    return int(credits or 0), int(executions or 0)


async def test_rule_form_dry_run_and_delete(app, client, make_user) -> None:
    user = await make_user(credits=10)
    token = await sign_in(client, user.account.email, user.password)
    bad = await post_form(client, "/app/triggers", token, **(RULE_FORM | {"condition": "{nope"}))
    html = await bad.get_data(as_text=True)
    assert bad.status_code == 400
    assert 'id="condition-error"' in html and "Not valid JSON" in html
    no_template = await post_form(
        client, "/app/triggers", token, **(RULE_FORM | {"templateId": ""})
    )
    assert no_template.status_code == 400
    assert 'id="templateId-error"' in await no_template.get_data(as_text=True)
    created = await post_form(client, "/app/triggers", token, **RULE_FORM)
    assert created.status_code == 303
    rule_id = created.headers["Location"].rsplit("/", 1)[1]
    page = await (await client.get(f"/app/triggers/{rule_id}")).get_data(as_text=True)
    assert "100th workout" in page and "No event has matched" in page

    before = await _counts(app, user.account.id)
    pasted = json.dumps([event("sam", 120), event("kim", 5)])
    dry = await post_form(client, "/app/triggers/dry-run", token, events=pasted)
    html = await dry.get_data(as_text=True)
    assert dry.status_code == 200
    assert 'data-testid="dry-triggered">1<' in html
    assert f"rule <code>{rule_id}</code>: triggered" in html
    assert await _counts(app, user.account.id) == before  # nothing charged or recorded
    bad_paste = await post_form(client, "/app/triggers/dry-run", token, events="[1, 2")
    assert bad_paste.status_code == 400
    assert 'id="events-error"' in await bad_paste.get_data(as_text=True)

    off = await post_form(client, f"/app/triggers/{rule_id}", token, enabled_only="false")
    assert off.status_code == 303
    dry = await post_form(client, "/app/triggers/dry-run", token, events=pasted)
    assert 'data-testid="dry-triggered">0<' in await dry.get_data(as_text=True)
    edited = await post_form(
        client, f"/app/triggers/{rule_id}", token, **(RULE_FORM | {"name": "Renamed"})
    )
    assert edited.status_code == 303
    listed = await (await client.get("/app/triggers")).get_data(as_text=True)
    assert "Renamed" in listed
    on_view = await post_form(
        client, f"/app/triggers/{rule_id}", token, **(RULE_FORM | {"render": "on_view"})
    )
    assert on_view.status_code == 303
    async with app.config["REELSMITH_DB"].session() as session:
        assert (await session.get(TriggerRule, rule_id)).render_on == "on_view"
    page = await (await client.get(f"/app/triggers/{rule_id}")).get_data(as_text=True)
    assert '<option value="on_view" selected>' in page
    assert (await post_form(client, f"/app/triggers/{rule_id}/delete", token)).status_code == 303
    assert (await client.get(f"/app/triggers/{rule_id}")).status_code == 404


async def test_another_accounts_rule_and_csrf(client, make_user) -> None:
    owner, intruder = await make_user(), await make_user()
    owner_client = client.app.test_client()
    owner_token = await sign_in(owner_client, owner.account.email, owner.password)
    created = await post_form(owner_client, "/app/triggers", owner_token, **RULE_FORM)
    rule_id = created.headers["Location"].rsplit("/", 1)[1]
    token = await sign_in(client, intruder.account.email, intruder.password)
    assert (await client.get(f"/app/triggers/{rule_id}")).status_code == 404
    assert (await post_form(client, f"/app/triggers/{rule_id}/delete", token)).status_code == 404
    assert (
        await post_form(client, f"/app/triggers/{rule_id}", token, **RULE_FORM)
    ).status_code == 404
    listed = await (await client.get("/app/triggers")).get_data(as_text=True)
    assert rule_id not in listed
    no_token = await owner_client.post(f"/app/triggers/{rule_id}/delete", form={})
    assert no_token.status_code == 403
    assert (await owner_client.get(f"/app/triggers/{rule_id}")).status_code == 200
    assert re.search(
        r"100th workout", await (await owner_client.get("/app/triggers")).get_data(as_text=True)
    )
