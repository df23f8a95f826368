async def test_healthz_answers(client):
    resp = await client.get("/healthz")
    assert resp.status_code == 200
    assert (await resp.get_json()) == {"status": "ok"}


async def test_unknown_endpoint_is_json_404(client):
    resp = await client.get("/api/nope")
    assert resp.status_code == 404
    body = await resp.get_json()
    assert body["success"] is False and body["error"] == "not_found"


async def test_make_user_creates_key(make_user):
    user = await make_user(credits=5)
    assert user.key.startswith("rs_live_")
    assert user.account.credits == 5
