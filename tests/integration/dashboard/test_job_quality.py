"""Dashboard job page: the quality report of a finished render as a table of checks with
pass/warn/fail badges, and the poster's time; nothing of it before the job is complete."""

from __future__ import annotations

from typing import Any

from app.renders.models import RenderJob
from app.renders.states import JobStage, JobStatus
from app.templates.builtins import builtins
from tests.support.dashboard import sign_in

REPORT: dict[str, Any] = {
    "status": "warn",
    "checks": [
        {"name": "streams", "status": "pass", "detail": "h264+aac, 1280x720 @ 30 fps"},
        {"name": "av_sync", "status": "pass", "detail": "3 phrases within ±33 ms"},
        {
            "name": "text_fit",
            "status": "warn",
            "detail": "text did not fit: company_name <b>shrunk</b> to 62%",
        },
    ],
}


async def test_the_job_page_shows_each_quality_check_once_complete(app, client, make_user):
    user = await make_user(credits=3)
    await sign_in(client, user.account.email, user.password)
    created = await client.post(
        "/api/render",
        json={"templateId": "pulse", "data": builtins()["pulse"].sampleData},
        headers=user.headers,
    )
    job_id = (await created.get_json())["jobId"]
    html = await (await client.get(f"/app/renders/{job_id}")).get_data(as_text=True)
    assert 'data-testid="quality"' not in html
    api = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert api["posterAtMs"] is None and api["quality"] is None

    async with app.config["REELSMITH_DB"].session() as session:  # as the worker completes it
        row = await session.get(RenderJob, job_id)
        row.status, row.stage, row.progress = JobStatus.COMPLETE, JobStage.DONE, 100
        row.output_key, row.poster_key = f"videos/{job_id}.1.mp4", f"posters/{job_id}.1.png"
        row.poster_at_ms, row.quality = 3366.6666666666665, REPORT
    html = await (await client.get(f"/app/renders/{job_id}")).get_data(as_text=True)
    assert 'Quality check: <span class="ds-badge ds-status-warn">warn</span>' in html
    assert "Poster frame at 3.37 s." in html
    for check in REPORT["checks"]:
        row_start = html.index(f'<tr data-check="{check["name"]}">')
        row_html = html[row_start : html.index("</tr>", row_start)]
        badge = f'<span class="ds-badge ds-status-{check["status"]}">{check["status"]}</span>'
        assert badge in row_html, row_html
    assert '<th scope="row">A/V sync</th>' in html and '<th scope="row">Text fit</th>' in html
    assert "company_name &lt;b&gt;shrunk&lt;/b&gt; to 62%" in html  # details are escaped

    api = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert api["posterAtMs"] == 3366.6666666666665 and api["quality"] == REPORT
    assert api["job"]["quality"] == REPORT
