// @reelsmith/client against the live API and its real worker (started by
// tests/integration/clients/test_typescript_client.py, which passes REELSMITH_URL,
// REELSMITH_API_KEY and REELSMITH_TEMPLATE).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, ApiError, verify, InvalidSignature, parseCsv } from "@reelsmith/client";
import cjs from "../dist/cjs/index.js";

const template = process.env.REELSMITH_TEMPLATE;
const live = !!process.env.REELSMITH_API_KEY;
const client = live ? new Client() : null; // the key and URL from the environment

test("the CommonJS build has the same exports", () => {
  assert.equal(typeof cjs.Client, "function");
  assert.equal(typeof cjs.verify, "function");
});

test("CSV parsing keeps quoted commas and skips blank lines", () => {
  assert.deepEqual(parseCsv('a,b\n"x, y",2\n\n'), [["a", "b"], ["x, y", "2"]]);
});

test("render: an idempotent replay charges once, then wait for the video", { skip: !live }, async () => {
  const before = (await client.billing.get()).credits;
  const first = await client.renders.create(template, { data: { person_name: "Ada" }, idempotencyKey: "ts-once" });
  const again = await client.renders.create(template, { data: { person_name: "Ada" }, idempotencyKey: "ts-once" });
  assert.equal(again.id, first.id);
  assert.ok(again.replayed && !first.replayed);
  assert.equal((await client.billing.get()).credits, before - 1);
  const seen = [];
  await first.wait({ timeout: 240_000, onProgress: (r) => seen.push(r.status) });
  assert.equal(first.status, "complete");
  assert.equal(seen.at(-1), "complete");
  const video = await fetch(first.outputUrl);
  assert.equal(video.status, 200);
});

test("batch from a CSV file with a fuzzy header", { skip: !live }, async () => {
  const path = join(mkdtempSync(join(tmpdir(), "rs-")), "people.csv");
  writeFileSync(path, "full nme,Total Points\nGrace Hopper,12\nAlan Turing,9\n");
  const shown = [];
  const batch = await client.batches.createFromCsv({ path }, template, { onMapping: (m) => shown.push(m) });
  assert.equal(batch.totalJobs, 2);
  assert.deepEqual(shown, [{ "full nme": "person_name", "Total Points": "score" }]);
  const names = (await client.batches.get(batch.batchId)).jobs.map((j) => j.name).sort();
  assert.deepEqual(names, ["Alan Turing", "Grace Hopper"]);
  for (const id of batch.jobIds) await client.renders.delete(id);
  // The campaign's recipients, one a page, in row order (deleted videos stay listed).
  const rows = [];
  for await (const row of client.analytics.recipients(batch.batchId, 1)) rows.push([row.recipient, row.rowNumber]);
  assert.deepEqual(rows, [["Grace Hopper", 1], ["Alan Turing", 2]]);
});

test("a CSV batch shows its mapping before anything is sent", { skip: !live }, async () => {
  const path = join(mkdtempSync(join(tmpdir(), "rs-")), "people.csv");
  writeFileSync(path, "full nme,Total Points\nGrace Hopper,12\n");
  const before = (await client.billing.get()).credits;
  const shown = [];
  const refused = await client.batches.createFromCsv({ path }, template, {
    onMapping: (m) => { shown.push(m); return false; },
  });
  assert.equal(refused, null);
  assert.deepEqual(shown, [{ "full nme": "person_name", "Total Points": "score" }]);
  const checked = await client.batches.check(template, ["full nme"], [["王小明 🎉"]]);
  assert.equal(checked.dryRun, true);
  assert.equal(checked.creditsNeeded, 1);
  assert.equal((await client.billing.get()).credits, before);
});

test("the ledger iterates page after page", { skip: !live }, async () => {
  const ids = [];
  for await (const entry of client.billing.ledger(1)) ids.push(entry.id);
  assert.ok(ids.length >= 2);
  assert.equal(new Set(ids).size, ids.length);
});

test("errors carry the code, message and request id", { skip: !live }, async () => {
  await assert.rejects(client.renders.get("no-such-job"), (e) => {
    assert.ok(e instanceof ApiError);
    assert.equal(e.code, "not_found");
    assert.equal(e.status, 404);
    assert.ok(e.requestId && e.message);
    return true;
  });
});

test("retries through a 429 burst", { skip: !live }, async () => {
  const statuses = [];
  const counting = async (url, init) => {
    const resp = await fetch(url, init);
    statuses.push(resp.status);
    return resp;
  };
  const own = new Client({ fetch: counting, maxRetries: 8 });
  const job = await own.renders.create(template, { data: { person_name: "Burst" } });
  for (let i = 0; i < 45; i++) assert.equal((await own.renders.get(job.id)).id, job.id);
  await own.renders.delete(job.id);
  assert.ok(statuses.includes(429), "the burst never hit the limit");
});

test("a real webhook delivery verifies; tampering and an old timestamp are refused", { skip: !live }, async () => {
  let deliver;
  const delivered = new Promise((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      res.end();
      deliver({ body: Buffer.concat(chunks), headers: req.headers });
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const made = await client.webhooks.create(`http://127.0.0.1:${server.address().port}/hook`, ["test.event"]);
  try {
    await client.webhooks.test(made.webhook.id);
    const { body, headers } = await delivered;
    const secret = made.webhook.secret;
    const event = await verify(new Uint8Array(body), headers, secret);
    assert.equal(event.event, "test.event");
    const tampered = body.toString().replace("test.event", "test.evenT");
    await assert.rejects(verify(tampered, headers, secret), InvalidSignature);
    const later = Number(headers["webhook-timestamp"]) + 3600;
    await assert.rejects(verify(body.toString(), headers, secret, { now: later }), /timestamp/);
    const deliveries = [];
    for await (const d of client.webhooks.deliveries(made.webhook.id, 1)) deliveries.push(d);
    assert.ok(deliveries.length >= 1);
  } finally {
    await client.webhooks.delete(made.webhook.id);
    server.close();
  }
});

// A server on the loopback answering as the API does when busy or restarting: each request
// gets the next step ("drop": the connection closes with no answer; "503:<Retry-After>";
// otherwise 200/201 with a small body). No live API needed.
async function scripted(steps) {
  const seen = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const step = steps.shift() ?? "200";
      seen.push({ method: req.method, key: req.headers["idempotency-key"], at: performance.now() });
      if (step === "drop") return req.socket.destroy();
      if (step.startsWith("503")) {
        res.writeHead(503, { "Content-Type": "application/json", "Retry-After": step.split(":")[1] });
        return res.end(JSON.stringify({ success: false, error: "unavailable", message: "restarting" }));
      }
      const body = req.method === "POST" ? { success: true, jobId: "job-1", status: "pending" } : { id: "job-1", status: "pending" };
      res.writeHead(req.method === "POST" ? 201 : 200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const client = new Client({ apiKey: "rs_test", baseUrl: `http://127.0.0.1:${server.address().port}` });
  return { client, seen, close: () => server.close() };
}

test("a 503 is retried after its Retry-After", async () => {
  const api = await scripted(["503:1", "200"]);
  try {
    assert.equal((await api.client.renders.get("job-1")).id, "job-1");
    assert.equal(api.seen.length, 2);
    assert.ok(api.seen[1].at - api.seen[0].at >= 950, "did not wait the second asked for");
  } finally {
    api.close();
  }
});

test("a lost connection is retried for a GET and for a create with the same key", async () => {
  const api = await scripted(["drop", "200", "drop", "503:0", "200"]);
  try {
    assert.equal((await api.client.renders.get("job-1")).id, "job-1");
    const made = await api.client.renders.create("pulse", { data: { person_name: "Ada" } });
    assert.equal(made.id, "job-1");
    assert.deepEqual(api.seen.map((s) => s.method), ["GET", "GET", "POST", "POST", "POST"]);
    const keys = api.seen.slice(2).map((s) => s.key);
    assert.ok(keys[0] && keys.every((k) => k === keys[0]), "one Idempotency-Key: charged once");
  } finally {
    api.close();
  }
});

test("a POST without an idempotency key is not sent twice after a lost connection", async () => {
  const api = await scripted(["drop", "200"]);
  try {
    await assert.rejects(api.client.send({ method: "POST", path: "/api/webhooks/test", body: { webhookId: "w" } }));
    assert.equal(api.seen.length, 1);
  } finally {
    api.close();
  }
});
