"""reelsmith_client (clients/python) against the live API and its real worker: render and
wait, a batch from a CSV file with fuzzy headers, pagination, a real webhook delivery verified,
retries through a 429 burst, an idempotent replay that charges once; and the wheel builds."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import httpx
import pytest
from reelsmith_client import AsyncClient, Client, errors, webhooks

from tests.integration.clients.conftest import LiveApi

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def client(live_api: LiveApi, monkeypatch: pytest.MonkeyPatch) -> Client:
    monkeypatch.setenv("REELSMITH_API_KEY", live_api.api_key)
    monkeypatch.setenv("REELSMITH_URL", live_api.base)
    with Client() as client:  # the key and URL from the environment
        yield client


def credits(client: Client) -> int:
    return client.billing.get().credits_  # `credits` is a Python builtin


def test_render_replays_once_then_waits_for_the_video(client: Client, live_api: LiveApi):
    before = credits(client)
    first = client.renders.create(
        live_api.template_id, data={"person_name": "Ada Lovelace"}, idempotency_key="py-once"
    )
    again = client.renders.create(
        live_api.template_id, data={"person_name": "Ada Lovelace"}, idempotency_key="py-once"
    )
    assert again.replayed and not first.replayed
    assert again.id == first.id
    assert credits(client) == before - 1  # charged once
    seen: list[tuple[str, int]] = []
    done = first.wait(timeout=240, on_progress=lambda r: seen.append((r.status, r.progress)))
    assert done.status == "complete" and done.output_url
    assert seen[-1] == ("complete", 100)
    video = httpx.get(done.output_url, timeout=30)
    assert video.status_code == 200 and video.content[4:8] == b"ftyp"


def test_a_new_idempotency_key_for_every_create(client: Client, live_api: LiveApi):
    sent: list[str] = []
    hooks = {"request": [lambda req: sent.append(req.headers.get("Idempotency-Key"))]}
    http = httpx.Client(base_url=live_api.base, event_hooks=hooks)
    with Client(live_api.api_key, live_api.base, http_client=http) as own:
        for _ in range(2):
            own.renders.delete(own.renders.create(live_api.template_id, {"person_name": "B"}).id)
    assert len(sent) == 4 and sent[0] and sent[2] and sent[0] != sent[2]


def test_batch_from_csv_maps_fuzzy_headers_then_its_recipients(
    client: Client, live_api: LiveApi, tmp_path: Path
):
    sheet = tmp_path / "people.csv"
    sheet.write_text("full nme,Total Points\nGrace Hopper,12\nAlan Turing,9\n")
    shown: list[dict] = []
    batch = client.batches.create_from_csv(sheet, live_api.template_id, on_mapping=shown.append)
    assert batch.total_jobs == 2
    assert shown == [{"full nme": "person_name", "Total Points": "score"}]
    status = client.batches.get(batch.batch_id)
    assert sorted(j.name for j in status.jobs) == ["Alan Turing", "Grace Hopper"]
    for job_id in batch.job_ids:  # the worker's time is for the other tests
        client.renders.delete(job_id)
    # The campaign's recipients, one a page, in row order (deleted videos stay listed).
    rows = list(client.analytics.recipients(batch.batch_id, page_size=1))
    assert [(r.recipient, r.row_number) for r in rows] == [("Grace Hopper", 1), ("Alan Turing", 2)]
    assert {r.job_id for r in rows} == set(batch.job_ids)


def test_a_csv_batch_shows_its_mapping_before_anything_is_sent(
    client: Client, live_api: LiveApi, tmp_path: Path
):
    sheet = tmp_path / "people.csv"
    sheet.write_text("full nme,Total Points\nGrace Hopper,12\n")
    credits = client.billing.get().credits_
    shown: list[dict] = []

    def refuse(mapping: dict) -> bool:
        shown.append(mapping)
        return False  # the person reading the mapping says no: nothing is created

    assert client.batches.create_from_csv(sheet, live_api.template_id, on_mapping=refuse) is None
    assert shown == [{"full nme": "person_name", "Total Points": "score"}]
    assert client.billing.get().credits_ == credits
    checked = client.batches.check(live_api.template_id, ["full nme"], [["王小明 🎉"]])
    assert checked["dryRun"] is True and checked["creditsNeeded"] == 1
    assert client.billing.get().credits_ == credits


def test_iterators_walk_every_page(client: Client, live_api: LiveApi):
    entries = list(client.billing.ledger(page_size=1))
    assert len(entries) >= 3  # the renders charged (and refunded) above, one per page
    assert len({e.id for e in entries}) == len(entries)


def test_errors_carry_code_message_and_request_id(client: Client):
    with pytest.raises(errors.NotFound) as caught:
        client.renders.get("no-such-job")
    assert caught.value.code == "not_found" and caught.value.status == 404
    assert caught.value.message and caught.value.request_id
    with pytest.raises(errors.Unauthorized):
        Client("rs_live_wrong", client._config.base_url).billing.get()


def test_retries_through_a_429_burst(live_api: LiveApi):
    statuses: list[int] = []
    hooks = {"response": [lambda resp: statuses.append(resp.status_code)]}
    http = httpx.Client(base_url=live_api.base, event_hooks=hooks)
    with Client(live_api.api_key, live_api.base, http_client=http, max_retries=8) as own:
        job = own.renders.create(live_api.template_id, {"person_name": "Burst"})
        started = time.monotonic()
        for _ in range(45):  # 120/min with a burst of 30: some answers are 429
            assert own.renders.get(job.id).id == job.id
        own.renders.delete(job.id)
    assert 429 in statuses, "the burst never hit the limit"
    assert time.monotonic() - started < 60


def test_webhook_delivery_verifies_and_tampering_is_refused(client: Client, live_api: LiveApi):
    made = client.webhooks.create(live_api.receiver_url, ["test.event"], "client tests")
    secret = made.webhook.secret
    try:
        client.webhooks.test(made.webhook.id)
        body, headers = live_api.received.get(timeout=60)
        event = webhooks.verify(body, headers, secret)
        assert event["event"] == "test.event"
        with pytest.raises(webhooks.InvalidSignature):
            webhooks.verify(body.replace(b"test.event", b"test.evenT"), headers, secret)
        later = int(headers["webhook-timestamp"]) + 3600
        with pytest.raises(webhooks.InvalidSignature, match="timestamp"):
            webhooks.verify(body, headers, secret, now=later)  # an hour-old delivery
        only_service = {"X-Service-Signature": headers["X-Service-Signature"]}
        assert webhooks.verify(body, only_service, secret)["event"] == "test.event"
        with pytest.raises(webhooks.InvalidSignature):
            webhooks.verify(body, headers, "whsec_" + "A" * 32)
        assert [d.status for d in client.webhooks.deliveries(made.webhook.id, page_size=1)]
    finally:
        client.webhooks.delete(made.webhook.id)


async def test_async_client_renders_batches_and_pages(live_api: LiveApi):
    async with AsyncClient(live_api.api_key, live_api.base) as client:
        job = await client.renders.create(live_api.template_id, {"person_name": "Async"})
        fetched = await client.renders.get(job.id)
        assert fetched.id == job.id and fetched.status in ("pending", "processing", "complete")
        await client.renders.delete(job.id)
        assert [e async for e in client.billing.ledger(page_size=2)]
        names = [["Ada"], ["Grace"], ["Alan"]]
        batch = await client.batches.create(live_api.template_id, ["person_name"], names)
        for job_id in batch.job_ids:
            await client.renders.delete(job_id)
        rows = [r async for r in client.analytics.recipients(batch.batch_id, page_size=2)]
        assert [r.recipient for r in rows] == ["Ada", "Grace", "Alan"]  # two pages


def test_no_key_is_a_clear_error(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("REELSMITH_API_KEY", raising=False)
    with pytest.raises(errors.ReelsmithError, match="REELSMITH_API_KEY"):
        Client()


def test_the_package_builds_a_wheel_offline(tmp_path: Path):
    # From a copy (a stale build/ in the tree cannot leak into the wheel), with the venv's
    # pinned setuptools and no index: nothing is fetched, in a few seconds.
    source = tmp_path / "src"
    shutil.copytree(
        ROOT / "clients" / "python",
        source,
        ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"),
    )
    offline = ["--no-deps", "--no-build-isolation", "--no-index", "-q"]
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", *offline, "-w", str(tmp_path), str(source)],
        check=True,
        timeout=120,
    )
    (wheel,) = tmp_path.glob("reelsmith_client-1.0.0-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "reelsmith_client/webhooks.py" in names
    assert "reelsmith_client/_generated/models/error_body.py" in names
    assert "reelsmith_client/py.typed" in names
