import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { unsafeText } from '@/lib/forms/text-safety';

/** Which connections may speak for the client in X-Forwarded-For and X-Forwarded-Proto. */
export interface ProxyTrust {
  /** TRUST_PROXY: the server sits behind a reverse proxy. */
  trustProxy: boolean;
  /** TRUSTED_PROXIES: the proxy's addresses; only connections from these are believed. */
  trustedProxies?: readonly string[];
}

const loopback = ['127.0.0.1', '::1'];

/** The socket's peer address (IPv4-mapped IPv6 written as plain IPv4), or 'unknown' without a socket (tests). */
function socketAddress(c: Context): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  return address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') ?? 'unknown';
}

/** Whether this request came through the configured proxy, so its X-Forwarded-* headers count. */
function viaTrustedProxy(c: Context, p: ProxyTrust): boolean {
  if (!p.trustProxy) return false;
  const address = socketAddress(c);
  // Without a socket (an in-process request) there is no peer to check.
  return address === 'unknown' || (p.trustedProxies ?? loopback).includes(address);
}

/** The client's address: the socket's, or from our proxy the address it appended to X-Forwarded-For. */
export function clientIp(c: Context, p: ProxyTrust): string {
  if (viaTrustedProxy(c, p)) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = hops[hops.length - 1];
    if (last) return last.slice(0, 64);
  }
  return socketAddress(c);
}

/** Whether the visitor reached us over HTTPS (directly, or through our proxy). */
export function isHttps(c: Context, p: ProxyTrust): boolean {
  if (viaTrustedProxy(c, p)) {
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

/** Keys that could reach an object's prototype: refused wherever they appear in a body. */
export const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Every value inside `value` (itself included), walked with a list rather than recursion: any depth is safe. */
function* everyValue(value: unknown): Generator<{ key?: string; item: unknown }> {
  const pending: Array<{ key?: string; item: unknown }> = [{ item: value }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    yield next;
    const { item } = next;
    if (Array.isArray(item)) for (const inner of item) pending.push({ item: inner });
    else if (typeof item === 'object' && item !== null)
      for (const [key, inner] of Object.entries(item)) pending.push({ key, item: inner });
  }
}

export function hasPrototypeKey(value: unknown): boolean {
  for (const { key } of everyValue(value)) if (key !== undefined && PROTOTYPE_KEYS.has(key)) return true;
  return false;
}

/** The first text (key or value) anywhere in `value` that no field may hold: control characters, lone surrogates. */
function unsafeTextIn(value: unknown): string | undefined {
  for (const { key, item } of everyValue(value)) {
    const bad =
      (key === undefined ? undefined : unsafeText(key, false)) ??
      (typeof item === 'string' ? unsafeText(item, true) : undefined);
    if (bad) return bad;
  }
  return undefined;
}

/** How deeply a JSON body may nest objects and lists: the service's bodies are flat (a list at most). */
const maxJsonDepth = 8;

/** Whether JSON text nests objects and lists deeper than `max`, found by one pass over the text before parsing. */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

/**
 * Reads a JSON body, refusing other content types, malformed JSON, nesting deeper than
 * `maxJsonDepth`, prototype keys and text no field may hold (NUL and other control characters but
 * tab and line breaks, lone surrogates): every public POST gets a clear 400 for these, never a
 * storage error. The body's size is bounded before this reads it (`bodyBounded`).
 */
export async function readJson(c: Context): Promise<JsonBody> {
  if (!isJson(c)) return { ok: false, status: 415, message: 'Send the form as JSON (Content-Type: application/json).' };
  const text = await c.req.text();
  if (nestedDeeperThan(text, maxJsonDepth))
    return { ok: false, status: 400, message: 'The body is nested too deeply.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: 'The body is not valid JSON.' };
  }
  if (hasPrototypeKey(value)) return { ok: false, status: 400, message: 'The body holds a forbidden key.' };
  const bad = unsafeTextIn(value);
  if (bad) return { ok: false, status: 400, message: `The body is not valid: ${bad.toLowerCase()}.` };
  return { ok: true, value };
}

/** The largest body any service route reads (a form's own limit is lower): a staff note of 2,000 emoji fits. */
const maxServiceBodyBytes = 64 * 1024;

/** The JSON answer to a body over the limit. */
const bodyTooLarge = (c: Context, maxBytes = maxServiceBodyBytes) =>
  c.json({ message: `The request body is too large (at most ${Math.floor(maxBytes / 1024)} KB).` }, 413);

/**
 * Bounds every request body before any route reads it: hono/body-limit, except that a body with a
 * Content-Length is judged by the header alone, without reading a byte (the middleware's first look
 * at the raw body makes @hono/node-server build a full Request, a measurable cost per request); a
 * chunked body goes through bodyLimit, which counts what arrives and stops at the limit. Over the
 * limit, `onTooLarge` answers (JSON 413 by default; a route serving HTML forms can answer a page).
 */
export function bodyBounded(
  maxBytes = maxServiceBodyBytes,
  onTooLarge: (c: Context) => Response | Promise<Response> = (c) => bodyTooLarge(c, maxBytes),
): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize: maxBytes, onError: onTooLarge });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && !c.req.header('transfer-encoding')) {
      return Number(length) > maxBytes ? onTooLarge(c) : next();
    }
    return streamed(c, next);
  };
}

/** A plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Refuses a body that is not JSON (415) or not valid JSON (400) with a message, before the validator reads it. */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  const body = await readJson(c);
  if (!body.ok) return c.json({ message: body.message }, body.status);
  await next();
};
