"""Dashboard batches: CSV in, the API's mapping shown and editable, rows checked before
anything is charged, A/B variants, the batch page, retry of failed rows, the results CSV."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from quart.datastructures import FileStorage
from sqlalchemy import select

from app.accounts.models import Account
from app.renders.models import Batch, RenderJob
from app.renders.states import JobStage, JobStatus
from tests.support.dashboard import post_form, sign_in
from tests.support.render_helpers import make_template

# "First Name" is an alias of person_name; "Total Workout" only a close spelling of
# totalWorkouts (fuzzy); "Minutes" an alias of totalMinutes. Row 2 has a bad number.
CSV_TEXT = (
    "First Name,Total Workout,Minutes,Team\n"
    "Robin Hart,120,3600,=cmd()\n"
    "Sam Lee,lots,1200,blue\n"
    "Kim Ito,80,2400,green\n"
)
OPTIONS = {"templateId": "rewind", "resolution": "720p", "fps": "30"}


async def _credits(app: Any, account_id: str) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        account = await session.get(Account, account_id)
        return int(account.credits)


async def _batches(app: Any, account_id: str) -> list[Batch]:
    async with app.config["REELSMITH_DB"].session() as session:
        rows = await session.execute(select(Batch).where(Batch.account_id == account_id))
        return list(rows.scalars())


async def _jobs(app: Any, batch_id: str) -> list[RenderJob]:
    async with app.config["REELSMITH_DB"].session() as session:
        rows = await session.execute(
            select(RenderJob).where(RenderJob.batch_id == batch_id).order_by(RenderJob.row_number)
        )
        return list(rows.scalars())


def _selected(html: str, index: int) -> str:
    select_html = html.split(f'id="map-{index}"', 1)[1].split("</select>", 1)[0]
    found = re.search(r'<option value="([^"]+)" selected>', select_html)
    assert found, select_html
    return found.group(1)


async def test_the_mapping_is_fuzzy_and_a_bad_row_shows_its_error_charging_nothing(
    app, client, make_user
) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    page = await client.get("/app/batches/new?template=rewind")
    assert page.status_code == 200
    assert 'enctype="multipart/form-data"' in await page.get_data(as_text=True)

    resp = await post_form(
        client, "/app/batches/new", token, csvText=CSV_TEXT, step="check", **OPTIONS
    )
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 200  # the check worked: it found the bad row
    assert _selected(html, 0) == "person_name"  # "First Name"
    assert _selected(html, 1) == "totalWorkouts"  # "Total Workout": fuzzy
    assert _selected(html, 2) == "totalMinutes"
    assert _selected(html, 3) == "__keep__"  # "Team": extra data, as the API keeps it
    assert html.count('data-testid="bad-row"') == 1
    assert "Total Workout &#39;lots&#39; is not a number" in html
    assert "1 row(s) are invalid, nothing was queued" in html
    assert 'value="start"' not in html  # no start button until the rows are right
    assert 'data-testid="cost">Cost: <strong>3</strong> credits · balance 50' in html
    # Starting anyway is refused the same way, and nothing is charged.
    resp = await post_form(
        client, "/app/batches/new", token, csvText=CSV_TEXT, step="start", **OPTIONS
    )
    assert resp.status_code == 400
    assert await _credits(app, user.account.id) == 50
    assert await _batches(app, user.account.id) == []


async def test_a_fixed_csv_starts_the_batch_with_the_edited_mapping(app, client, make_user) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    fixed = CSV_TEXT.replace("Sam Lee,lots", "Sam Lee,90")
    mapping = {
        "mappedHeaders": json.dumps(["First Name", "Total Workout", "Minutes", "Team"]),
        "map.0": "person_name",
        "map.1": "totalWorkouts",
        "map.2": "totalMinutes",
        "map.3": "__ignore__",  # edited: the Team column is left out
    }
    form = {"csrf_token": token, "csvText": fixed, **OPTIONS, **mapping}
    checked = await client.post("/app/batches/new", form={**form, "step": "check"})
    html = await checked.get_data(as_text=True)
    assert checked.status_code == 200, html
    assert 'data-testid="bad-row"' not in html
    assert _selected(html, 3) == "__ignore__"
    assert 'name="step" value="start"' in html
    started = await client.post("/app/batches/new", form={**form, "step": "start"})
    assert started.status_code == 303, await started.get_data(as_text=True)
    batch_id = started.headers["Location"].rsplit("/", 1)[1]
    assert await _credits(app, user.account.id) == 47
    (batch,) = await _batches(app, user.account.id)
    assert batch.id == batch_id
    assert batch.mapping == {
        "person_name": "person_name",
        "totalWorkouts": "totalWorkouts",
        "totalMinutes": "totalMinutes",
    }
    jobs = await _jobs(app, batch_id)
    assert [j.request["data"]["person_name"] for j in jobs] == ["Robin Hart", "Sam Lee", "Kim Ito"]
    assert "Team" not in jobs[0].request["data"]
    assert jobs[1].request["data"]["totalWorkouts"] == 90


async def test_two_columns_on_one_slot_are_refused(client, make_user) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    form = {
        "csrf_token": token,
        "csvText": CSV_TEXT,
        "step": "check",
        **OPTIONS,
        "mappedHeaders": json.dumps(["First Name", "Total Workout", "Minutes", "Team"]),
        "map.0": "person_name",
        "map.1": "totalWorkouts",
        "map.2": "totalWorkouts",
        "map.3": "__keep__",
    }
    resp = await client.post("/app/batches/new", form={**form, "step": "start"})
    assert resp.status_code == 400
    assert "Two columns are mapped to the same data field." in await resp.get_data(as_text=True)


async def test_an_uploaded_file_is_read_into_the_box(client, make_user) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    upload = FileStorage(io.BytesIO(b"\xef\xbb\xbfName,workouts,minutes\nAda,3,40\n"), "r.csv")
    resp = await client.post(
        "/app/batches/new",
        form={"csrf_token": token, "csvText": "", "step": "check", **OPTIONS},
        files={"csvFile": upload},
    )
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 200, html
    assert "Name,workouts,minutes\nAda,3,40" in html  # copied into the editable box
    assert _selected(html, 0) == "person_name"


async def test_without_the_csrf_token_no_batch_is_made(app, client, make_user) -> None:
    user = await make_user(credits=50)
    await sign_in(client, user.account.email, user.password)
    fixed = CSV_TEXT.replace("lots", "90")
    resp = await client.post(
        "/app/batches/new", form={"csvText": fixed, "step": "start", **OPTIONS}
    )
    assert resp.status_code == 403
    assert await _credits(app, user.account.id) == 50
    assert await _batches(app, user.account.id) == []


async def _start(client: Any, token: str, **extra: str) -> str:
    fixed = CSV_TEXT.replace("lots", "90")
    resp = await post_form(
        client, "/app/batches/new", token, csvText=fixed, step="start", **OPTIONS, **extra
    )
    assert resp.status_code == 303, await resp.get_data(as_text=True)
    return str(resp.headers["Location"].rsplit("/", 1)[1])


async def test_an_ab_batch_splits_the_rows_between_variants(app, client, make_user) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    batch_id = await _start(
        client, token, abTest="1", labelA="Calm", splitA="50", labelB="Bold", accentB="#ff0055"
    )
    (batch,) = await _batches(app, user.account.id)
    assert [v["id"] for v in batch.variants] == ["a", "b"]
    assert batch.primary_metric == "completionRate"
    jobs = await _jobs(app, batch_id)
    assert sorted({j.variant_id for j in jobs}) == ["a", "b"]
    for job in jobs:
        if job.variant_id == "b":
            assert job.request["brand"]["accentColor"] == "#ff0055"
    page = await client.get(f"/app/batches/{batch_id}")
    assert "Calm (50%), Bold (50%)" in await page.get_data(as_text=True)


async def _finish(app: Any, job_id: str, ok: bool) -> None:
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, job_id)
        job.progress = 100
        if ok:
            job.status, job.stage = JobStatus.COMPLETE, JobStage.DONE
            job.output_key = f"videos/{job_id}.1.mp4"
        else:
            job.status, job.stage, job.error = JobStatus.FAILED, JobStage.FAILED, "boom"


async def test_batch_page_progress_results_csv_and_retry_of_failed_rows(
    app, client, make_user
) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    batch_id = await _start(client, token)
    page = await client.get(f"/app/batches/{batch_id}")
    html = await page.get_data(as_text=True)
    assert page.status_code == 200
    assert f'data-batch-status-url="/app/batches/{batch_id}/status"' in html
    status = await (await client.get(f"/app/batches/{batch_id}/status")).get_json()
    assert status["status"] == "pending" and status["finished"] is False
    assert [j["recipient"] for j in status["jobs"]] == ["Robin Hart", "Sam Lee", "Kim Ito"]

    jobs = await _jobs(app, batch_id)
    await _finish(app, jobs[0].id, ok=True)
    await _finish(app, jobs[1].id, ok=False)
    await _finish(app, jobs[2].id, ok=True)
    status = await (await client.get(f"/app/batches/{batch_id}/status")).get_json()
    assert status["status"] == "partial" and status["finished"] is True
    html = await (await client.get(f"/app/batches/{batch_id}")).get_data(as_text=True)
    assert "Retry 1 failed row" in html
    assert f'/v/{jobs[0].id}">Player</a>' in html

    results = await client.get(f"/app/batches/{batch_id}/results.csv")
    assert results.status_code == 200
    assert results.content_type.startswith("text/csv")
    rows = list(csv.reader(io.StringIO(await results.get_data(as_text=True))))
    assert rows[0] == ["row", "recipient", "status", "player_url", "video_url", "job_id", "error"]
    assert rows[1][1:3] == ["Robin Hart", "complete"]
    assert rows[1][3].endswith(f"/v/{jobs[0].id}")
    assert rows[1][4].endswith(f"/media/videos/{jobs[0].id}.1.mp4")
    assert rows[2][1:3] == ["Sam Lee", "failed"] and rows[2][3:5] == ["", ""]
    assert rows[2][6] == "boom"

    # Retry without the token: refused, nothing charged.
    assert (await client.post(f"/app/batches/{batch_id}/retry", form={})).status_code == 403
    assert await _credits(app, user.account.id) == 47
    retried = await post_form(client, f"/app/batches/{batch_id}/retry", token)
    assert retried.status_code == 303
    new_id = retried.headers["Location"].rsplit("/", 1)[1]
    assert new_id != batch_id
    assert await _credits(app, user.account.id) == 46  # 1 credit per failed row, as the API
    (again,) = await _jobs(app, new_id)
    assert again.status == JobStatus.PENDING
    assert again.request["data"] == jobs[1].request["data"]
    assert again.request["output"] == jobs[1].request["output"]
    listing = await (await client.get("/app/batches")).get_data(as_text=True)
    assert batch_id in listing and new_id in listing


async def test_a_retry_renders_each_failed_job_in_its_own_shape(app, client, make_user) -> None:
    user = await make_user(credits=50)
    template_id = await make_template(app, user.account.id)
    body = {
        "templateId": template_id,
        "headers": ["name"],
        "rows": [["Ada"], ["Grace"]],
        "output": {"resolution": "720p", "aspectRatios": ["9:16", "1:1"]},
    }
    made = await client.post("/api/render/batch", json=body, headers=user.headers)
    batch_id = (await made.get_json())["batchId"]
    jobs = await _jobs(app, batch_id)  # Ada 9:16, Ada 1:1, Grace 9:16, Grace 1:1
    for job, ok in zip(jobs, (True, False, False, True), strict=True):
        await _finish(app, job.id, ok=ok)
    token = await sign_in(client, user.account.email, user.password)
    retried = await post_form(client, f"/app/batches/{batch_id}/retry", token)
    assert retried.status_code == 303
    new = [b for b in await _batches(app, user.account.id) if b.id != batch_id]
    shapes = {}
    for batch in new:
        (job,) = await _jobs(app, batch.id)
        shapes[job.request["output"]["aspectRatio"]] = job.request["data"]["person_name"]
    assert shapes == {"1:1": "Ada", "9:16": "Grace"}  # each in the shape that failed
    assert await _credits(app, user.account.id) == 50 - 4 - 2


async def test_formula_cells_in_the_results_are_quoted(app, client, make_user) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    text = "First Name,workouts,minutes\n=HYPERLINK(1),3,40\n"
    resp = await post_form(client, "/app/batches/new", token, csvText=text, step="start", **OPTIONS)
    batch_id = resp.headers["Location"].rsplit("/", 1)[1]
    results = await client.get(f"/app/batches/{batch_id}/results.csv")
    rows = list(csv.reader(io.StringIO(await results.get_data(as_text=True))))
    assert rows[1][1] == "'=HYPERLINK(1)"


async def test_another_accounts_batch_is_not_found(app, client, make_user) -> None:
    owner = await make_user(credits=50)
    token = await sign_in(client, owner.account.email, owner.password)
    batch_id = await _start(client, token)
    other = client.app.test_client()
    stranger = await make_user(credits=50)
    other_token = await sign_in(other, stranger.account.email, stranger.password)
    for path in ("", "/status", "/results.csv"):
        assert (await other.get(f"/app/batches/{batch_id}{path}")).status_code == 404
    retry = await post_form(other, f"/app/batches/{batch_id}/retry", other_token)
    assert retry.status_code == 404
    assert await _credits(app, stranger.account.id) == 50
    assert batch_id not in await (await other.get("/app/batches")).get_data(as_text=True)


async def test_not_enough_credits_is_said_on_the_page_and_nothing_is_made(
    app, client, make_user
) -> None:
    user = await make_user(credits=2)
    token = await sign_in(client, user.account.email, user.password)
    fixed = CSV_TEXT.replace("lots", "90")
    checked = await post_form(
        client, "/app/batches/new", token, csvText=fixed, step="check", **OPTIONS
    )
    assert "(not enough credits)" in await checked.get_data(as_text=True)
    resp = await post_form(
        client, "/app/batches/new", token, csvText=fixed, step="start", **OPTIONS
    )
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert "Not enough credits: this needs 3 and the balance is 2." in html
    assert await _credits(app, user.account.id) == 2
    assert await _batches(app, user.account.id) == []


async def test_retry_of_an_ab_batch_keeps_its_variants(app, client, make_user) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    batch_id = await _start(client, token, abTest="1", splitA="50", accentB="#ff0055")
    jobs = await _jobs(app, batch_id)
    for job in jobs:
        await _finish(app, job.id, ok=job.row_number != 2)
    retried = await post_form(client, f"/app/batches/{batch_id}/retry", token)
    assert retried.status_code == 303
    new_id = retried.headers["Location"].rsplit("/", 1)[1]
    assert await _credits(app, user.account.id) == 46
    batches = {b.id: b for b in await _batches(app, user.account.id)}
    assert batches[new_id].variants == batches[batch_id].variants
    assert batches[new_id].primary_metric == batches[batch_id].primary_metric
    (again,) = await _jobs(app, new_id)
    assert again.request["data"]["person_name"] == "Sam Lee"
    assert again.variant_id in ("a", "b")
    # nothing left to retry in the new batch's origin once it has no failed rows
    none_failed = await post_form(client, f"/app/batches/{new_id}/retry", token)
    assert none_failed.status_code == 303
    assert none_failed.headers["Location"] == f"/app/batches/{new_id}"
    assert await _credits(app, user.account.id) == 46


NPS = '"[{""label"": ""NPS"", ""value"": 61}]"'
PULSE_CSV = (
    "name,period,stats\n"
    f"Priya Shah,Q3,{NPS}\n"
    f"Maximilian Alexander Wolfeschlegelsteinhausen-Featherstonehaugh,Q3,{NPS}\n"
    "Sam Lee,Q3,[]\n"
)
PULSE = {"templateId": "pulse", "resolution": "720p", "fps": "30"}


async def test_check_rows_shows_the_dry_runs_warnings_and_a_fix_form_for_a_bad_row(
    app, client, make_user
) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    form = {"csrf_token": token, "csvText": PULSE_CSV, **PULSE}
    resp = await client.post("/app/batches/new", form={**form, "step": "check"})
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 200, html
    assert html.count('data-testid="bad-row"') == 1 and html.count('data-testid="warn-row"') == 1
    assert "Warning: person_name: shrunk to" in html and "estimate from the fonts" in html
    assert "2 of 3 rows ready" in html and 'data-testid="warned-rows">1 with warnings' in html
    # The bad row's fix form: a field per slot, the list slot as rows, filled from its cells.
    assert html.count('data-testid="fix-row"') == 1
    assert 'name="fix.3.person_name" type="text"' in html and 'value="Sam Lee"' in html
    assert 'name="fix.3.keyStats.0.value"' in html and 'value="fix:3"' in html
    assert "is required (the list is empty)" in html

    fixed = await client.post(
        "/app/batches/new",
        form={
            **form,
            "step": "fix:3",
            "fix.3.person_name": "Sam Lee",
            "fix.3.period": "Q4",
            "fix.3.keyStats.0.label": "Workouts",
            "fix.3.keyStats.0.value": "212",
            "fix.3.keyStats.1.label": "",  # a blank row is no item
            "fix.3.keyStats.1.value": "",
        },
    )
    html = await fixed.get_data(as_text=True)
    assert fixed.status_code == 200, html
    assert 'data-testid="bad-row"' not in html and 'name="step" value="start"' in html
    assert (
        "Sam Lee,Q4,&#34;[{&#34;&#34;label&#34;&#34;: &#34;&#34;Workouts&#34;&#34;, "
        "&#34;&#34;value&#34;&#34;: &#34;&#34;212&#34;&#34;}]&#34;" in html
    )  # written into the CSV box
    assert await _credits(app, user.account.id) == 50 and await _batches(app, user.account.id) == []


async def test_a_row_over_the_tier_limits_is_a_bad_row_of_the_check(app, client, make_user) -> None:
    user = await make_user(credits=50)
    token = await sign_in(client, user.account.email, user.password)
    long_name = "x" * 10_001
    csv_text = PULSE_CSV.replace(
        "Sam Lee,Q3,[]", f'{long_name},Q3,"[{{""label"": ""A"", ""value"": 1}}]"'
    )
    resp = await post_form(
        client, "/app/batches/new", token, csvText=csv_text, step="check", **PULSE
    )
    html = await resp.get_data(as_text=True)
    assert html.count('data-testid="bad-row"') == 1
    assert "10,001 characters; the studio tier allows 10,000" in html
    assert "would make the batch fail, nothing was queued" in html
