/**
 * @reelsmith/client: the reelsmith API from TypeScript and JavaScript. No runtime
 * dependencies: fetch, and Web Crypto for webhook verification (Node 18+, Deno, Bun, edge).
 */
import type { components } from "./schema.js";

export type Schemas = components["schemas"];
export type JobStatus = Schemas["JobStatusResponse"];
export type RenderCreated = Schemas["RenderCreated"];
export type BatchCreated = Schemas["BatchCreated"];
export type BatchStatus = Schemas["BatchStatusResponse"];
export type UsageEntry = Schemas["UsageEntry"];
export type DeliveryOut = Schemas["DeliveryOut"];
export type RecipientRow = Schemas["RecipientRow"];
export type ErrorBody = Schemas["ErrorBody"];
export type RenderBody = Schemas["RenderBody"];

export const VERSION = "1.0.0";
export { verify, InvalidSignature } from "./webhooks.js";

/** The API answered an error: `code` (the body's `error`), `message`, `status`, `requestId`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string,
    readonly body: Partial<ErrorBody> & Record<string, unknown>,
  ) {
    super(`${status} ${code}: ${message} (request ${requestId})`);
    this.name = "ApiError";
  }
}

export interface ClientOptions {
  apiKey?: string;
  baseUrl?: string;
  maxRetries?: number;
  fetch?: typeof fetch;
}

interface Call {
  method: string;
  path: string;
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  idempotencyKey?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const env = (name: string): string | undefined =>
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name];
const newKey = () => `rsc-${globalThis.crypto.randomUUID()}`;

function retryAfter(headers: Headers): number | undefined {
  const value = headers.get("Retry-After");
  if (!value) return undefined;
  const seconds = Number(value);
  if (!Number.isNaN(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

export class Client {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly maxRetries: number;
  private readonly fetcher: typeof fetch;
  readonly renders = new Renders(this);
  readonly batches = new Batches(this);
  readonly billing = new Billing(this);
  readonly webhooks = new Webhooks(this);
  readonly analytics = new Analytics(this);

  /** The key from `apiKey` or REELSMITH_API_KEY; the URL from `baseUrl` or REELSMITH_URL. */
  constructor(options: ClientOptions = {}) {
    const key = options.apiKey ?? env("REELSMITH_API_KEY");
    if (!key) throw new Error("No API key: pass { apiKey } or set REELSMITH_API_KEY");
    this.apiKey = key;
    this.baseUrl = (options.baseUrl ?? env("REELSMITH_URL") ?? "http://127.0.0.1:8000").replace(/\/$/, "");
    this.maxRetries = options.maxRetries ?? 4;
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Any endpoint; returns the JSON body and the response headers. */
  async send<T>(call: Call): Promise<{ body: T; headers: Headers }> {
    const url = new URL(this.baseUrl + call.path);
    for (const [k, v] of Object.entries(call.query ?? {})) if (v != null) url.searchParams.set(k, String(v));
    const idempotent = ["GET", "PUT", "DELETE"].includes(call.method) || !!call.idempotencyKey;
    for (let attempt = 0; ; attempt++) {
      const requestId = globalThis.crypto.randomUUID();
      const headers: Record<string, string> = {
        "X-API-Key": this.apiKey,
        "X-Request-Id": requestId,
        Accept: "application/json",
      };
      if (call.body !== undefined) headers["Content-Type"] = "application/json";
      if (call.idempotencyKey) headers["Idempotency-Key"] = call.idempotencyKey;
      let resp: Response;
      try {
        resp = await this.fetcher(url, {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        });
      } catch (error) {
        if (!idempotent || attempt >= this.maxRetries) throw error;
        await sleep(500 * 2 ** attempt);
        continue;
      }
      if ((resp.status === 429 || resp.status === 503) && attempt < this.maxRetries) {
        const wait = retryAfter(resp.headers);
        await sleep(Math.min(60, wait ?? 0.5 * 2 ** attempt) * 1000);
        continue;
      }
      const text = await resp.text();
      const body = text ? JSON.parse(text) : undefined;
      if (resp.status >= 400) {
        throw new ApiError(
          resp.status,
          body?.error ?? "error",
          body?.message ?? `HTTP ${resp.status}`,
          resp.headers.get("X-Request-Id") ?? requestId,
          body ?? {},
        );
      }
      return { body: body as T, headers: resp.headers };
    }
  }
}

export type RenderInput = Partial<Omit<RenderBody, "templateId">> & { idempotencyKey?: string };

export class Render {
  job?: JobStatus;
  constructor(
    private readonly client: Client,
    readonly id: string,
    readonly created?: RenderCreated,
    readonly replayed = false,
  ) {}

  get status(): string {
    return this.job?.status ?? this.created?.status ?? "pending";
  }
  get progress(): number {
    return this.job?.progress ?? 0;
  }
  get outputUrl(): string | null {
    return this.job?.outputUrl ?? null;
  }

  async refresh(): Promise<this> {
    this.job = (await this.client.send<JobStatus>({ method: "GET", path: `/api/render/${this.id}` })).body;
    return this;
  }

  /** Poll with backoff until complete (resolves) or failed (rejects); `timeout` in ms. */
  async wait(options: { timeout?: number; onProgress?: (r: Render) => void } = {}): Promise<this> {
    const deadline = Date.now() + (options.timeout ?? 600_000);
    let delay = 500;
    let seen = "";
    for (;;) {
      await this.refresh();
      const now = `${this.status}:${this.progress}`;
      if (now !== seen) options.onProgress?.(this);
      seen = now;
      if (this.status === "complete") return this;
      if (this.status === "failed") throw new Error(`render ${this.id} failed: ${this.job?.error}`);
      if (Date.now() + delay > deadline) throw new Error(`render ${this.id} still ${this.status}`);
      await sleep(delay);
      delay = Math.min(delay * 1.5, 5000);
    }
  }
}

class Renders {
  constructor(private readonly client: Client) {}

  /** Queue one render (1 credit); an Idempotency-Key is sent unless given. */
  async create(templateId: string, input: RenderInput = {}): Promise<Render> {
    const { idempotencyKey, ...rest } = input;
    const { body, headers } = await this.client.send<RenderCreated>({
      method: "POST",
      path: "/api/render",
      body: { templateId, ...rest },
      idempotencyKey: idempotencyKey ?? newKey(),
    });
    return new Render(this.client, body.jobId, body, headers.get("Idempotent-Replayed") === "true");
  }

  async get(jobId: string): Promise<Render> {
    return new Render(this.client, jobId).refresh();
  }

  async delete(jobId: string): Promise<Schemas["DeleteResult"]> {
    return (await this.client.send<Schemas["DeleteResult"]>({ method: "DELETE", path: `/api/render/${jobId}` })).body;
  }
}

/** CSV text to rows (RFC 4180 quoting); blank lines skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const src = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      row.push(cell), (cell = "");
      if (row.some((x) => x.trim())) rows.push(row);
      row = [];
    } else cell += c;
  }
  row.push(cell);
  if (row.some((x) => x.trim())) rows.push(row);
  return rows;
}

type BatchOptions = Partial<Omit<Schemas["BatchRequest"], "templateId" | "headers" | "rows">> & {
  idempotencyKey?: string;
  /** Called with the API's column mapping before anything is sent (the batch is checked
   * first: nothing charged); returning false sends nothing. */
  onMapping?: (mapping: Record<string, string | null>) => boolean | void;
};

class Batches {
  constructor(private readonly client: Client) {}

  async create(templateId: string, headers: string[], rows: unknown[][], options: BatchOptions = {}) {
    const { idempotencyKey, onMapping, ...rest } = options;
    if (onMapping) {
      const checked = await this.check(templateId, headers, rows, rest);
      if (onMapping((checked.mapping ?? {}) as Record<string, string | null>) === false) return null;
    }
    const { body } = await this.client.send<BatchCreated>({
      method: "POST",
      path: "/api/render/batch",
      body: { templateId, headers, rows, ...rest },
      idempotencyKey: idempotencyKey ?? newKey(),
    });
    return body;
  }

  /** The batch's dry run: per-row `results` with `warnings` (data, limits, glyphs,
   * text_fit), the column `mapping` and the cost (`creditsNeeded`); nothing is charged,
   * created or queued. */
  async check(
    templateId: string,
    headers: string[],
    rows: unknown[][],
    options: Omit<BatchOptions, "idempotencyKey" | "onMapping"> = {},
  ): Promise<Record<string, any>> {
    const { body } = await this.client.send<Record<string, any>>({
      method: "POST",
      path: "/api/render/batch",
      body: { templateId, headers, rows, ...options, dryRun: true },
    });
    return body;
  }

  /** A batch from CSV text (first row: headers), or from a file path on Node. The API maps
   * the headers to the template's data slots (fuzzy); `onMapping` shows its mapping before the
   * batch is sent (false: not sent, null returned). */
  async createFromCsv(csv: string | { path: string }, templateId: string, options: BatchOptions = {}) {
    const fsModule = "node:fs/promises"; // read on Node only; edge runtimes pass the text
    const fs: { readFile(p: string, e: string): Promise<string> } = typeof csv === "string" ? null! : await import(fsModule);
    const text = typeof csv === "string" ? csv : await fs.readFile(csv.path, "utf8");
    const [headers, ...rows] = parseCsv(text);
    return this.create(templateId, headers, rows, options);
  }

  async get(batchId: string): Promise<BatchStatus> {
    return (await this.client.send<BatchStatus>({ method: "GET", path: "/api/render/batch", query: { batchId } })).body;
  }
}

class Billing {
  constructor(private readonly client: Client) {}

  async get(): Promise<Schemas["BillingResponse"]> {
    return (await this.client.send<Schemas["BillingResponse"]>({ method: "GET", path: "/api/billing" })).body;
  }

  /** Every ledger entry, newest first, page after page. */
  async *ledger(pageSize = 50): AsyncGenerator<UsageEntry> {
    let cursor: string | null = null;
    do {
      const { body }: { body: Schemas["BillingResponse"] } = await this.client.send({
        method: "GET",
        path: "/api/billing",
        query: { limit: pageSize, cursor },
      });
      yield* body.usage;
      cursor = body.nextCursor;
    } while (cursor);
  }
}

class Webhooks {
  constructor(private readonly client: Client) {}

  /** An endpoint; its `webhook.secret` is in this answer only. No Idempotency-Key (the API
   * keeps one only for renders, batches and events), so a lost connection is not retried. */
  async create(url: string, events: string[], description = "") {
    const call = { method: "POST", path: "/api/webhooks", body: { url, events, description } };
    return (await this.client.send<Schemas["CreatedWebhookResponse"]>(call)).body;
  }

  async test(webhookId: string) {
    return (await this.client.send<Schemas["TestResponse"]>({ method: "POST", path: "/api/webhooks/test", body: { webhookId } })).body;
  }

  async delete(webhookId: string): Promise<void> {
    await this.client.send({ method: "DELETE", path: `/api/webhooks/${webhookId}` });
  }

  /** Every delivery to an endpoint, newest first, page after page. */
  async *deliveries(webhookId: string, pageSize = 50): AsyncGenerator<DeliveryOut> {
    for (let page = 1; ; page++) {
      const { body } = await this.client.send<Schemas["DeliveryListResponse"]>({
        method: "GET",
        path: `/api/webhooks/${webhookId}/deliveries`,
        query: { page, limit: pageSize },
      });
      yield* body.deliveries;
      if (page * pageSize >= body.total || body.deliveries.length === 0) return;
    }
  }
}

class Analytics {
  constructor(private readonly client: Client) {}

  /** Every recipient of a campaign (a batch id or a trigger's campaignId) with their
   * engagement, in row order, page after page. */
  async *recipients(batchId: string, pageSize = 100): AsyncGenerator<RecipientRow> {
    let cursor: string | null = null;
    do {
      const { body }: { body: Schemas["RecipientsResponse"] } = await this.client.send({
        method: "GET",
        path: `/api/analytics/campaign/${encodeURIComponent(batchId)}/recipients`,
        query: { limit: pageSize, cursor },
      });
      yield* body.recipients;
      cursor = body.nextCursor;
    } while (cursor);
  }
}
