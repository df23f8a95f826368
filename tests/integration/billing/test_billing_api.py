"""GET /api/billing: balance, tier, usage newest first, cursor pagination."""

from __future__ import annotations

from app.accounts.service import charge_credits


async def test_billing_shows_balance_tier_and_usage_newest_first(app, client, make_user):
    user = await make_user(tier="enterprise", credits=20)
    async with app.config["REELSMITH_DB"].session() as session:
        for i in range(3):
            await charge_credits(session, user.account.id, 1, "render", reference=f"job-{i}")
    resp = await client.get("/api/billing", headers=user.headers)
    assert resp.status_code == 200
    body = await resp.get_json()
    assert body["credits"] == 17 and body["tier"] == "enterprise"
    assert [e["reference"] for e in body["usage"]] == ["job-2", "job-1", "job-0", None]
    assert body["usage"][0]["amount"] == -1 and body["usage"][0]["balanceAfter"] == 17
    assert body["usage"][-1]["kind"] == "grant"
    assert body["nextCursor"] is None


async def test_billing_pages_with_cursor_cover_every_entry_once(app, client, make_user):
    user = await make_user(credits=50)
    async with app.config["REELSMITH_DB"].session() as session:
        for i in range(6):
            await charge_credits(session, user.account.id, 1, "render", reference=f"job-{i}")
    seen: list[str] = []
    cursor = None
    pages = 0
    while True:
        url = "/api/billing?limit=3" + (f"&cursor={cursor}" if cursor else "")
        body = await (await client.get(url, headers=user.headers)).get_json()
        seen += [e["id"] for e in body["usage"]]
        pages += 1
        cursor = body["nextCursor"]
        if cursor is None:
            break
    assert pages == 3
    assert len(seen) == 7 and len(set(seen)) == 7


async def test_billing_needs_billing_read_scope(client, make_user):
    user = await make_user(scopes="render-only")
    resp = await client.get("/api/billing", headers=user.headers)
    assert resp.status_code == 403
    assert "billing:read" in (await resp.get_json())["message"]


async def test_billing_rejects_tampered_cursor(client, make_user):
    user = await make_user()
    resp = await client.get("/api/billing?cursor=%%%", headers=user.headers)
    assert resp.status_code == 400
