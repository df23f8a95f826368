"""A 1 MB template document is checked in linear time on the API too (issue 11 s2)."""

from __future__ import annotations

import json
import time

import pytest

from app.templates.errors import MAX_DETAILS

# A wall-clock bound: run with the machine to itself, after the parallel suite (Makefile).
pytestmark = pytest.mark.latency


async def test_a_1mb_template_with_many_duplicate_slots_is_a_prompt_400(client, make_user):
    alice = await make_user()
    slots = [{"key": f"k{i % 10_000}", "type": "text"} for i in range(30_000)]
    body = json.dumps({"name": "Big", "dataSlots": slots}).encode()
    assert len(body) > 900_000
    headers = {**alice.headers, "Content-Type": "application/json"}
    started = time.monotonic()
    resp = await client.post("/api/templates", data=body, headers=headers)
    elapsed = time.monotonic() - started
    assert resp.status_code == 400
    answer = await resp.get_json()
    # (a per-tier limit on data slots may answer first; either way the answer stays small)
    assert len(answer["details"]) <= MAX_DETAILS and len(json.dumps(answer)) < 100_000
    assert elapsed < 2.0, f"a 1 MB template took {elapsed:.2f}s to answer"
