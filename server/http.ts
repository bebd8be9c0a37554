import type { Context } from 'hono';

/** The client's address: the socket's, or with TRUST_PROXY the one our proxy appended to X-Forwarded-For. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = hops[hops.length - 1];
    if (last) return last;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Whether the visitor reached us over HTTPS (directly, or through a trusted proxy). */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    if (proto) return proto === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** True for `application/json`, with or without parameters. */
export function isJson(c: Context): boolean {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 415; message: string };

/** Reads a JSON body, refusing other content types and malformed JSON. */
export async function readJson(c: Context): Promise<JsonBody> {
  if (!isJson(c)) return { ok: false, status: 415, message: 'Send the form as JSON (Content-Type: application/json).' };
  const text = await c.req.text();
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'The body is not valid JSON.' };
  }
}

/** A plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
