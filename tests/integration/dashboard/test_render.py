"""Dashboard: render one video (form from the template's data slots) and the job page."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

from app.accounts.models import Account
from app.renders.models import RenderJob
from app.renders.states import JobStage, JobStatus
from tests.support.dashboard import post_form, sign_in

FORM = {
    "templateId": "rewind",
    "data.person_name": "Robin Hart",
    "data.totalWorkouts": "120",
    "data.totalMinutes": "3,600",
    "resolution": "720p",
    "fps": "30",
    "voiceId": "en-US-JennyNeural",
}


async def _credits(app: Any, account_id: str) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        account = await session.get(Account, account_id)
        return int(account.credits)


async def _jobs(app: Any, account_id: str) -> list[RenderJob]:
    async with app.config["REELSMITH_DB"].session() as session:
        rows = await session.execute(select(RenderJob).where(RenderJob.account_id == account_id))
        return list(rows.scalars())


async def test_the_form_is_generated_from_the_data_slots(client, make_user) -> None:
    user = await make_user(tier="free")
    await sign_in(client, user.account.email, user.password)
    picker = await client.get("/app/render")
    assert picker.status_code == 200
    assert "/app/render?template=rewind" in await picker.get_data(as_text=True)
    page = await client.get("/app/render?template=rewind")
    html = await page.get_data(as_text=True)
    assert page.status_code == 200
    assert 'id="data-person_name" name="data.person_name" type="text" required' in html
    assert 'name="data.totalWorkouts" type="number" step="any" required' in html
    # A list slot is rows with a typed field per item field (radar's axes: label, value, max).
    assert 'data-testid="list-radarData"' in html and "<textarea" not in html
    assert 'name="data.radarData.0.label" type="text"' in html
    assert 'name="data.radarData.0.value" type="number" step="any"' in html
    assert 'name="data.radarData.__n__.label"' in html  # the row "Add" copies
    assert '<label for="data-percentile">' in html
    # resolution and fps within the free tier (720p, 1080p; 30 fps only)
    assert '<option value="4k"' not in html
    assert '<option value="60"' not in html
    assert (await client.get("/app/render?template=nope")).status_code == 404


async def test_render_charges_one_credit_and_the_job_page_polls_then_plays(
    app, client, make_user
) -> None:
    user = await make_user(credits=5)
    token = await sign_in(client, user.account.email, user.password)
    resp = await post_form(client, "/app/render", token, **FORM)
    assert resp.status_code == 303, await resp.get_data(as_text=True)
    job_id = resp.headers["Location"].rsplit("/", 1)[1]
    assert resp.headers["Location"] == f"/app/renders/{job_id}"
    assert await _credits(app, user.account.id) == 4
    (job,) = await _jobs(app, user.account.id)
    assert job.id == job_id
    spec = job.request
    assert spec["data"]["totalMinutes"] == 3600  # converted as a CSV cell would be
    assert spec["output"]["resolution"] == "720p"
    assert spec["audio"]["includeVoiceover"] is False  # the box was not ticked

    page = await client.get(f"/app/renders/{job_id}")
    html = await page.get_data(as_text=True)
    assert page.status_code == 200
    assert f'data-job-status-url="/app/renders/{job_id}/status"' in html
    assert 'data-finished="no"' in html
    assert "/static/dashboard/render.js" in html
    status = await client.get(f"/app/renders/{job_id}/status")
    body = await status.get_json()
    assert body["status"] == "pending" and body["finished"] is False
    assert body["outputUrl"] is None

    # The worker's outcome, written as the worker writes it: the page shows the player.
    async with app.config["REELSMITH_DB"].session() as session:
        row = await session.get(RenderJob, job_id)
        row.status, row.stage, row.progress = JobStatus.COMPLETE, JobStage.DONE, 100
        row.output_key, row.poster_key = f"videos/{job_id}.1.mp4", f"posters/{job_id}.1.png"
    done = await (await client.get(f"/app/renders/{job_id}/status")).get_json()
    assert done["finished"] is True
    assert done["outputUrl"].endswith(f"/media/videos/{job_id}.1.mp4")
    assert done["playerUrl"].endswith(f"/v/{job_id}")
    html = await (await client.get(f"/app/renders/{job_id}")).get_data(as_text=True)
    assert '<video class="ds-thumb" controls' in html
    assert f'poster="{done["thumbnailUrl"]}"' in html
    assert f'href="{done["playerUrl"]}"' in html


async def test_bad_data_is_shown_beside_its_field_and_charges_nothing(
    app, client, make_user
) -> None:
    user = await make_user(credits=5)
    token = await sign_in(client, user.account.email, user.password)
    bad = {**FORM, "data.totalWorkouts": "many", "data.person_name": ""}
    resp = await post_form(client, "/app/render", token, **bad)
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert 'id="data.totalWorkouts-error"' in html and "is not a number" in html
    assert 'value="many"' in html  # what was typed stays
    # a required field left empty: the create service's check, beside the field
    resp = await post_form(client, "/app/render", token, **{**FORM, "data.person_name": ""})
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert 'id="data.person_name-error"' in html and "is required" in html
    assert await _credits(app, user.account.id) == 5
    assert await _jobs(app, user.account.id) == []


async def test_without_the_csrf_token_nothing_is_rendered_or_charged(
    app, client, make_user
) -> None:
    user = await make_user(credits=5)
    await sign_in(client, user.account.email, user.password)
    resp = await client.post("/app/render", form=FORM)
    assert resp.status_code == 403
    assert await _credits(app, user.account.id) == 5
    assert await _jobs(app, user.account.id) == []


async def test_another_accounts_render_is_not_found(app, client, make_user) -> None:
    owner = await make_user(credits=5)
    token = await sign_in(client, owner.account.email, owner.password)
    resp = await post_form(client, "/app/render", token, **FORM)
    job_url = resp.headers["Location"]
    other = client.app.test_client()
    stranger = await make_user()
    await sign_in(other, stranger.account.email, stranger.password)
    assert (await other.get(job_url)).status_code == 404
    status = await other.get(f"{job_url}/status")
    assert status.status_code == 404
    assert json.loads(await status.get_data(as_text=True)) == {"error": "not found"}
    assert (await client.get(job_url)).status_code == 200


async def test_list_rows_post_typed_items_and_messages_sit_beside_their_field(
    app, client, make_user
) -> None:
    user = await make_user(credits=5)
    token = await sign_in(client, user.account.email, user.password)
    page = await client.get("/app/render?template=pulse")
    html = await page.get_data(as_text=True)
    assert 'data-testid="list-keyStats"' in html and "Add a key stat" in html
    form = {
        "templateId": "pulse",
        "data.person_name": "Priya Shah",
        "data.period": "Q3",
        "data.keyStats.0.label": "Revenue",
        "data.keyStats.0.value": "1284000",
        "data.keyStats.0.prefix": "$",
        "data.keyStats.3.label": "",  # a blank row (rows are read in order, blanks dropped)
        "data.keyStats.5.label": "NPS",
        "data.categories.0.label": "Web",
        "data.categories.0.value": "lots",
        "resolution": "720p",
        "fps": "30",
    }
    resp = await post_form(client, "/app/render", token, **form)
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 400
    # The conversion's message beside the category's value; the rows shown again, renumbered.
    assert 'id="data.categories.0.value-error">&#39;lots&#39; is not a number' in html
    assert 'name="data.keyStats.1.label" type="text"' in html and 'value="NPS"' in html
    assert await _jobs(app, user.account.id) == []

    form["data.categories.0.value"] = "612000"
    resp = await post_form(client, "/app/render", token, **form)
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 400
    # The data check's message (data.keyStats[1].value) beside key stat 2's value.
    assert "data.keyStats[1].value is required" in html
    assert 'id="data.keyStats.1.value-error">is required' in html

    form["data.keyStats.5.value"] = "61"
    resp = await post_form(client, "/app/render", token, **form)
    assert resp.status_code == 303, await resp.get_data(as_text=True)
    (job,) = await _jobs(app, user.account.id)
    assert job.request["data"]["keyStats"] == [
        {"label": "Revenue", "value": "1284000", "prefix": "$"},
        {"label": "NPS", "value": "61"},
    ]
    assert job.request["data"]["categories"] == [{"label": "Web", "value": 612000}]
