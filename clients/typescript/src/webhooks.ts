/** Webhook verification with Web Crypto (Node 18+, Deno, Bun, Cloudflare Workers, Vercel
 * Edge): the Standard Webhooks `webhook-signature` and the `X-Service-Signature`, whichever the
 * delivery carries, and `webhook-timestamp` within `tolerance` seconds of now. */

export class InvalidSignature extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidSignature";
  }
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return Array.isArray(v) ? v[0] : v;
  return undefined;
}

const encoder = new TextEncoder();

async function hmac(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const k = await subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await subtle.sign("HMAC", k, data as BufferSource));
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
}

/** The delivery's JSON payload once its signatures and time check out; rejects with
 * InvalidSignature otherwise. Pass the raw body as received. */
export async function verify(
  body: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  options: { tolerance?: number; now?: number } = {},
): Promise<any> {
  const raw = typeof body === "string" ? encoder.encode(body) : body;
  const standard = header(headers, "webhook-signature");
  const service = header(headers, "X-Service-Signature");
  if (!standard && !service) throw new InvalidSignature("no webhook-signature or X-Service-Signature header");
  const timestamp = header(headers, "webhook-timestamp");
  if (standard) {
    const id = header(headers, "webhook-id");
    if (!id || !timestamp) throw new InvalidSignature("webhook-signature without webhook-id and webhook-timestamp");
    const key = fromBase64(secret.replace(/^whsec_/, ""));
    const expected = toBase64(await hmac(key, concat(encoder.encode(`${id}.${timestamp}.`), raw)));
    const ok = standard.split(" ").some((entry) => entry.startsWith("v1,") && same(entry.slice(3), expected));
    if (!ok) throw new InvalidSignature("webhook-signature does not match");
  }
  if (service) {
    const expected = toHex(await hmac(encoder.encode(secret), raw));
    const sent = [service, header(headers, "X-Service-Signature-Previous")].filter(Boolean) as string[];
    if (!sent.some((s) => same(s.trim().toLowerCase(), expected))) throw new InvalidSignature("X-Service-Signature does not match");
  }
  if (timestamp !== undefined) {
    const sent = Number(timestamp);
    const now = options.now ?? Date.now() / 1000;
    if (!Number.isFinite(sent)) throw new InvalidSignature("webhook-timestamp is not a number");
    if (Math.abs(now - sent) > (options.tolerance ?? 300)) throw new InvalidSignature("webhook-timestamp is too far from now");
  }
  try {
    return JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new InvalidSignature("the body is not JSON");
  }
}
