"""Analytics and A/B through the API on SQLite and PostgreSQL: a two-variant campaign built
with POST /api/render/batch (jobs as rows, not rendered), synthetic sessions with known rates,
and the heatmap, recipients (JSON and CSV), engagement and A/B decision checked against
hand-computed values."""

from __future__ import annotations

import csv
import io
from collections import Counter
from datetime import timedelta
from typing import Any

from tests.support.analytics import (
    T0,
    add_sessions,
    csv_rows,
    jobs_of,
    make_template,
    set_scene_starts,
)

ALL_SCENES = {"0": 0, "1": 1000, "2": 2000}
SKIPS_SCENE_1 = {"0": 0, "2": 1000}


async def create_ab_batch(client: Any, user: Any, template_id: str, **more: Any) -> dict[str, Any]:
    body = {
        "templateId": template_id,
        "headers": ["Name", "Email"],
        "rows": csv_rows(20),
        "variants": [
            {"id": "a", "label": "Control", "splitPercent": 50},
            {"id": "b", "label": "Green", "splitPercent": 50, "brand": {"accentColor": "#00aa00"}},
        ],
        **more,
    }
    resp = await client.post("/api/render/batch", json=body, headers=user.headers)
    data = await resp.get_json()
    assert resp.status_code == 200, data
    return data


async def test_variants_split_rows_exactly_and_the_same_csv_gives_the_same_split(
    app, client, make_user
):
    user = await make_user(credits=100)
    template_id = await make_template(app, user.account.id)
    other_template = await make_template(app, user.account.id, name="Other card")
    body = {
        "templateId": template_id,
        "headers": ["Name", "Email"],
        "rows": csv_rows(21),
        "variants": [
            {"id": "a", "label": "Control", "splitPercent": 34},
            {"id": "b", "label": "Green", "splitPercent": 33, "brand": {"accentColor": "#00aa00"}},
            {"id": "c", "label": "Other", "splitPercent": 33, "templateId": other_template},
        ],
        "primaryMetric": "ctaClickRate",
        "brand": {"accentColor": "#112233", "logoPosition": "top-left"},
        "scenes": [{"enabled": False}],
    }
    first = await (
        await client.post("/api/render/batch", json=body, headers=user.headers)
    ).get_json()
    second = await (
        await client.post("/api/render/batch", json=body, headers=user.headers)
    ).get_json()
    assert "batchId" in first, first
    jobs1, jobs2 = await jobs_of(app, first["batchId"]), await jobs_of(app, second["batchId"])
    # 21 * 34 % = 7.14, 21 * 33 % = 6.93: floors 7, 6, 6 and the two largest remainders (.93)
    assert Counter(j.variant_id for j in jobs1) == {"a": 7, "b": 7, "c": 7}
    assert [(j.display_name, j.variant_id) for j in jobs1] == [
        (j.display_name, j.variant_id) for j in jobs2
    ]
    for job in jobs1:
        brand = job.request["brand"]
        if job.variant_id == "b":  # the variant's field wins, the batch's others stay
            assert (brand["accentColor"], brand["logoPosition"]) == ("#00aa00", "top-left")
            assert job.template_id == template_id
        elif job.variant_id == "c":
            assert job.template_id == other_template and brand["accentColor"] == "#112233"
        else:
            assert job.template_id == template_id and brand["accentColor"] == "#112233"
        # the batch's scene overrides are for its own template: a variant with another
        # template does not inherit them
        disabled = job.request["scenes"][0]["enabled"] is False
        assert disabled == (job.variant_id != "c"), job.variant_id
    resp = await client.get(f"/api/analytics/campaign/{first['batchId']}/ab", headers=user.headers)
    ab = await resp.get_json()
    assert ab["abEnabled"] is True and ab["primaryMetric"] == "ctaClickRate"
    assert [(v["id"], v["splitPercent"], v["recipientCount"]) for v in ab["variants"]] == [
        ("a", 34, 7),
        ("b", 33, 7),
        ("c", 33, 7),
    ]
    assert ab["status"] == "collecting" and ab["winner"] is None


async def test_variant_validation_answers_400_naming_the_field(app, client, make_user):
    user = await make_user(credits=100)
    stranger = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    private = await make_template(app, stranger.account.id)
    strict = await make_template(
        app,
        user.account.id,
        dataSlots=[
            {"key": "person_name", "label": "Name", "type": "text", "required": True},
            {"key": "company_name", "label": "Company", "type": "text", "required": True},
        ],
    )
    base = {"templateId": template_id, "headers": ["Name", "Email"], "rows": csv_rows(4)}

    def variants(b: dict[str, Any] | None = None, split: tuple[int, int] = (50, 50)) -> list:
        return [
            {"id": "a", "label": "A", "splitPercent": split[0]},
            {"id": "b", "label": "B", "splitPercent": split[1], **(b or {})},
        ]

    cases = [
        ({"variants": variants(split=(50, 40))}, "sum to 90"),
        (
            {"variants": [*variants()[:1], {"id": "a", "label": "B", "splitPercent": 50}]},
            "used twice",
        ),
        ({"variants": variants()[:1] + []}, "has 1 variant(s)"),
        ({"variants": variants({"templateId": "nope"})}, "variants[1].templateId"),
        ({"variants": variants({"templateId": private})}, "variants[1].templateId"),
        ({"variants": variants({"templateId": strict})}, "company_name is required"),
        ({"variants": variants(), "primaryMetric": "revenue"}, "primaryMetric"),
        ({"primaryMetric": "shareRate"}, "needs variants"),
    ]
    for extra, expected in cases:
        resp = await client.post("/api/render/batch", json={**base, **extra}, headers=user.headers)
        body = await resp.get_json()
        assert resp.status_code == 400, (extra, body)
        assert expected in body["message"] + str(body["details"]), (expected, body)
    assert (await make_user()).account.credits == 100  # sanity of the fixture
    resp = await client.get("/api/billing", headers=user.headers)
    assert (await resp.get_json())["credits"] == 100  # nothing was charged


async def test_heatmap_counts_only_sessions_whose_video_has_the_scene(app, client, make_user):
    user = await make_user(credits=100)
    template_id = await make_template(app, user.account.id)
    batch = await create_ab_batch(client, user, template_id)
    jobs = await jobs_of(app, batch["batchId"])
    await set_scene_starts(app, [j.id for j in jobs[:4]], SKIPS_SCENE_1)
    await set_scene_starts(app, [j.id for j in jobs[4:]], ALL_SCENES)
    # jobs 0-3 (scene 1 skipped): 0 and 1 enter scenes 0 and 2, 2 and 3 scene 0 only
    for i, job in enumerate(jobs[:4]):
        await add_sessions(app, job, 1, scenes_entered=0b101 if i < 2 else 0b001)
    # jobs 4-19: 8 enter every scene, 4 scenes 0-1, 4 scene 0 only
    for i, job in enumerate(jobs[4:]):
        await add_sessions(app, job, 1, scenes_entered=0b111 if i < 8 else 0b011 if i < 12 else 1)
    await add_sessions(app, jobs[0], 3, started=False)  # page views without play: not counted
    resp = await client.get(
        f"/api/analytics/campaign/{batch['batchId']}/heatmap", headers=user.headers
    )
    assert resp.status_code == 200
    # scene 0: 20 of 20; scene 1: 12 of the 16 videos that have it (75 %, not 12/20);
    # scene 2: 2 + 8 of 20
    assert await resp.get_json() == {
        "scenes": [
            {"index": 0, "retentionPercent": 100, "viewerCount": 20},
            {"index": 1, "retentionPercent": 75, "viewerCount": 12},
            {"index": 2, "retentionPercent": 50, "viewerCount": 10},
        ],
        "totalViews": 20,
    }
    one = [j for j in jobs if j.variant_id == "a"]
    expected = sum(1 for j in one if j.row_number <= 4)  # variant a's videos without scene 1
    resp = await client.get(
        f"/api/analytics/campaign/{batch['batchId']}/heatmap?variantId=a", headers=user.headers
    )
    body = await resp.get_json()
    assert body["totalViews"] == 10 and body["scenes"][0]["viewerCount"] == 10
    entered_1 = sum(1 for j in one if j.row_number > 4 and j.row_number <= 16)
    assert body["scenes"][1]["viewerCount"] == entered_1
    assert body["scenes"][1]["retentionPercent"] == round(100 * entered_1 / (10 - expected))


async def test_recipients_pages_csv_and_engagement(app, client, make_user):
    user = await make_user(credits=100)
    template_id = await make_template(app, user.account.id)
    rows = csv_rows(20)
    rows[19][0] = '=HYPERLINK("http://x")'
    batch = await create_ab_batch(client, user, template_id, rows=rows)
    jobs = await jobs_of(app, batch["batchId"])
    await set_scene_starts(app, [j.id for j in jobs], ALL_SCENES)
    ada = jobs[0]
    await add_sessions(
        app,
        ada,
        1,
        scenes_entered=0b011,
        furthest_percent=60,
        replays=2,
        first_seen_at=T0,
        last_seen_at=T0 + timedelta(minutes=5),
    )
    await add_sessions(
        app,
        ada,
        1,
        scenes_entered=0b111,
        furthest_percent=100,
        completed=True,
        cta_clicked=True,
        first_seen_at=T0 + timedelta(hours=2),
        last_seen_at=T0 + timedelta(hours=2, minutes=1),
    )
    await add_sessions(
        app,
        ada,
        1,
        started=False,
        shared=True,
        first_seen_at=T0 + timedelta(hours=3),
        last_seen_at=T0 + timedelta(hours=3),
    )

    url = f"/api/analytics/campaign/{batch['batchId']}/recipients"
    resp = await client.get(f"{url}?limit=7", headers=user.headers)
    page = await resp.get_json()
    assert resp.status_code == 200 and len(page["recipients"]) == 7 and page["nextCursor"]
    first = page["recipients"][0]
    assert first == {
        "recipient": "Person 000",
        "jobId": ada.id,
        "rowNumber": 1,
        "variantId": ada.variant_id,
        "status": "complete",
        "playerUrl": f"http://testserver/v/{ada.id}",
        "sessions": 3,
        "views": 4,  # two plays, one with two replays
        "furthestPercent": 100,
        "completed": True,
        "ctaClicked": True,
        "shared": True,
        "downloaded": False,
        "firstViewedAt": T0.isoformat().replace("+00:00", "Z"),
        "lastViewedAt": (T0 + timedelta(hours=3)).isoformat().replace("+00:00", "Z"),
    }
    assert page["recipients"][1]["sessions"] == 0 and page["recipients"][1]["firstViewedAt"] is None
    seen = [r["rowNumber"] for r in page["recipients"]]
    cursor = page["nextCursor"]
    while cursor:
        page = await (
            await client.get(f"{url}?limit=7&cursor={cursor}", headers=user.headers)
        ).get_json()
        seen += [r["rowNumber"] for r in page["recipients"]]
        cursor = page["nextCursor"]
    assert seen == list(range(1, 21))
    resp = await client.get(f"{url}?cursor=bogus!", headers=user.headers)
    assert resp.status_code == 400 and "cursor" in (await resp.get_json())["message"]

    resp = await client.get(f"{url}?format=csv", headers=user.headers)
    assert resp.status_code == 200
    assert resp.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert resp.headers["Content-Disposition"] == (
        f'attachment; filename="campaign-{batch["batchId"]}-recipients.csv"'
    )
    table = list(csv.DictReader(io.StringIO((await resp.get_data()).decode())))
    assert len(table) == 20 and [int(r["row_number"]) for r in table] == list(range(1, 21))
    assert table[0]["recipient"] == "Person 000" and table[0]["job_id"] == ada.id
    assert (table[0]["sessions"], table[0]["views"], table[0]["completed"]) == ("3", "4", "yes")
    assert table[0]["cta_clicked"] == "yes" and table[0]["downloaded"] == "no"
    assert table[0]["player_url"] == f"http://testserver/v/{ada.id}"
    assert table[1]["sessions"] == "0" and table[1]["first_viewed_at"] == ""
    # a recipient name a spreadsheet would run as a formula is written as text
    assert table[19]["recipient"] == '\'=HYPERLINK("http://x")'

    resp = await client.get(f"/api/render/{ada.id}/engagement", headers=user.headers)
    body = await resp.get_json()
    assert resp.status_code == 200
    assert body["sessions"] == 3 and body["views"] == 4 and body["scenesReached"] == [0, 1, 2]
    assert body["completed"] and body["ctaClicked"] and body["shared"] and not body["downloaded"]
    assert body["batchId"] == batch["batchId"] and body["recipient"] == "Person 000"
    quiet = await (
        await client.get(f"/api/render/{jobs[1].id}/engagement", headers=user.headers)
    ).get_json()
    assert quiet["sessions"] == 0 and quiet["scenesReached"] == [] and quiet["lastViewedAt"] is None


async def test_ab_decision_collecting_then_winner_then_sample_ratio_mismatch(
    app, client, make_user
):
    user = await make_user(credits=100)
    template_id = await make_template(app, user.account.id)
    batch = await create_ab_batch(client, user, template_id)
    jobs = await jobs_of(app, batch["batchId"])
    arms = {v: [j for j in jobs if j.variant_id == v] for v in ("a", "b")}
    assert {v: len(js) for v, js in arms.items()} == {"a": 10, "b": 10}
    url = f"/api/analytics/campaign/{batch['batchId']}/ab"

    async def sessions(variant: str, per_job: int, completed_per_job: int, **more: Any) -> None:
        for job in arms[variant]:
            await add_sessions(app, job, completed_per_job, completed=True, furthest_percent=100)
            await add_sessions(app, job, per_job - completed_per_job, furthest_percent=40, **more)

    # 50 sessions per arm (5 per job): below the minimum of 100
    await sessions("a", 5, 2)
    await sessions("b", 5, 3)
    body = await (await client.get(url, headers=user.headers)).get_json()
    assert body["status"] == "collecting" and body["winner"] is None and body["minSessions"] == 100
    # 200 per arm: a completes 100 (50 %), b 130 (65 %). Pooled 0.575, SE 0.049434,
    # z = 3.0344, p = 0.00241 < 0.05: b wins, lift 0.65 / 0.50 - 1 = +30.0 %
    await sessions("a", 15, 8)
    await sessions("b", 15, 10)
    body = await (await client.get(url, headers=user.headers)).get_json()
    assert body["status"] == "significant", body
    assert body["winner"] == {
        "variantId": "b",
        "label": "Green",
        "metric": "completionRate",
        "lift": "+30.0%",
    }
    assert abs(body["pValue"] - 0.00241) < 0.00005
    assert [v["metrics"] for v in body["variants"]] == [
        # avg watch: (100 * 100 + 100 * 40) / 200 = 70; (130 * 100 + 70 * 40) / 200 = 79
        {"completionRate": 50, "ctaClickRate": 0, "avgWatchPercent": 70, "shareRate": 0},
        {"completionRate": 65, "ctaClickRate": 0, "avgWatchPercent": 79, "shareRate": 0},
    ]
    low, high = body["liftInterval"]["low"], body["liftInterval"]["high"]
    assert float(low.rstrip("%")) > 0 and float(high.rstrip("%")) > 30  # excludes no lift
    assert body["sampleRatio"]["ok"] is True and body["comparison"]["againstVariantId"] == "a"
    # 300 extra page views on arm a only: 500 vs 200 sessions for 10 and 10 recipients,
    # chi2 = 2 * 150^2 / 350 = 128.6, p < 0.001: no winner can be trusted
    for job in arms["a"]:
        await add_sessions(app, job, 30, started=False)
    body = await (await client.get(url, headers=user.headers)).get_json()
    assert body["status"] == "sample_ratio_mismatch" and body["winner"] is None
    assert body["sampleRatio"]["ok"] is False and body["sampleRatio"]["pValue"] < 1e-20


async def test_ab_no_difference_and_a_plain_batch(app, client, make_user):
    user = await make_user(credits=100)
    template_id = await make_template(app, user.account.id)
    batch = await create_ab_batch(client, user, template_id, primaryMetric="ctaClickRate")
    jobs = await jobs_of(app, batch["batchId"])
    for job in jobs:  # 20 sessions per job; CTA: a 2 per job (10 %), b 3 per job (15 %)
        clicks = 2 if job.variant_id == "a" else 3
        await add_sessions(app, job, clicks, cta_clicked=True)
        await add_sessions(app, job, 20 - clicks)
    body = await (
        await client.get(f"/api/analytics/campaign/{batch['batchId']}/ab", headers=user.headers)
    ).get_json()
    # 30/200 vs 20/200: pooled 0.125, SE 0.033072, z = 1.5119, p = 0.1306: no difference
    assert body["status"] == "no_difference" and body["winner"] is None
    assert abs(body["pValue"] - 0.1306) < 0.0005
    assert body["comparison"]["variantId"] == "b" and body["comparison"]["lift"] == "+50.0%"
    assert [v["metrics"]["ctaClickRate"] for v in body["variants"]] == [10, 15]

    plain = await client.post(
        "/api/render/batch",
        json={"templateId": template_id, "headers": ["Name"], "rows": [["Solo"]]},
        headers=user.headers,
    )
    plain_id = (await plain.get_json())["batchId"]
    body = await (
        await client.get(f"/api/analytics/campaign/{plain_id}/ab", headers=user.headers)
    ).get_json()
    assert body["abEnabled"] is False and body["variants"] == [] and body["winner"] is None


async def test_only_the_owner_reads_and_the_scope_is_videos_read(app, client, make_user):
    owner = await make_user(credits=100)
    other = await make_user(credits=10)
    template_id = await make_template(app, owner.account.id)
    batch = await create_ab_batch(client, owner, template_id)
    job_id = batch["jobIds"][0]
    paths = [
        f"/api/analytics/campaign/{batch['batchId']}/heatmap",
        f"/api/analytics/campaign/{batch['batchId']}/ab",
        f"/api/analytics/campaign/{batch['batchId']}/recipients",
        f"/api/analytics/campaign/{batch['batchId']}/recipients?format=csv",
        f"/api/render/{job_id}/engagement",
    ]
    reader = await make_user(scopes="videos:read")
    writer = await make_user(scopes="videos:create")
    for path in paths:
        assert (await client.get(path, headers=other.headers)).status_code == 404, path
        assert (await client.get(path, headers=writer.headers)).status_code == 403, path
        assert (await client.get(path, headers=owner.headers)).status_code == 200, path
        # a videos:read key of another account: still not found
        assert (await client.get(path, headers=reader.headers)).status_code == 404, path
    assert (
        await client.get(paths[0].replace(batch["batchId"], "missing"), headers=owner.headers)
    ).status_code == 404


async def test_a_row_over_a_tier_limit_is_named_by_its_row_number_in_an_ab_batch(
    app, client, make_user
):
    user = await make_user(credits=100)  # studio: data strings up to 10,000 characters
    template_id = await make_template(app, user.account.id)
    rows = csv_rows(20)
    rows[12][0] = "x" * 10_001
    resp = await client.post(
        "/api/render/batch",
        json={
            "templateId": template_id,
            "headers": ["Name", "Email"],
            "rows": rows,
            "variants": [
                {"id": "a", "label": "A", "splitPercent": 50},
                {"id": "b", "label": "B", "splitPercent": 50},
            ],
        },
        headers=user.headers,
    )
    body = await resp.get_json()
    # each variant has 10 rows: a number within the variant would be at most 10
    assert resp.status_code == 400 and "row 13:" in body["message"], body
    assert body["details"][0]["loc"][:2] == ["rows", "12"]
