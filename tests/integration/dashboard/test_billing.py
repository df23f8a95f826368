"""Billing in the dashboard: the balance and the ledger, paginated, this account's only."""

from __future__ import annotations

import re

from app.accounts.service import charge_credits, grant_credits
from tests.support.dashboard import sign_in


async def test_balance_and_ledger_pages(app, client, make_user) -> None:
    user = await make_user(credits=100)
    other = await make_user(credits=7)
    async with app.config["REELSMITH_DB"].session() as session:
        for n in range(55):
            await charge_credits(session, user.account.id, 1, reason="render", reference=f"job{n}")
        await grant_credits(session, other.account.id, 3, reason="someone else's grant")
    await sign_in(client, user.account.email, user.password)
    first = await (await client.get("/app/billing")).get_data(as_text=True)
    assert 'data-testid="balance">45<' in first
    assert first.count("<tr>") == 1 + 50  # header + one page
    assert 'href="/app/renders/job54"' in first  # newest first
    assert "someone else" not in first
    older = re.search(r'href="/app/billing\?cursor=([^"]+)"', first).group(1)
    second = await (await client.get(f"/app/billing?cursor={older}")).get_data(as_text=True)
    assert "initial grant" in second and 'href="/app/renders/job0"' in second
    assert "Older entries" not in second
    assert (await client.get("/app/billing?cursor=!!")).status_code == 400
