import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
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

export function hasPrototypeKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasPrototypeKey);
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(value).some((key) => PROTOTYPE_KEYS.has(key) || hasPrototypeKey((value as never)[key]));
}

/** The first text (key or value) anywhere in `value` that no field may hold: control characters, lone surrogates. */
function unsafeTextIn(value: unknown): string | undefined {
  if (typeof value === 'string') return unsafeText(value, true);
  if (Array.isArray(value)) return value.map(unsafeTextIn).find(Boolean);
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.entries(value)
    .map(([key, item]) => unsafeText(key, false) ?? unsafeTextIn(item))
    .find(Boolean);
}

/**
 * Reads a JSON body, refusing other content types, malformed JSON, prototype keys and text no field
 * may hold (NUL and other control characters but tab and line breaks, lone surrogates): every
 * public POST gets a clear 400 for these, never a storage error.
 */
export async function readJson(c: Context): Promise<JsonBody> {
  if (!isJson(c)) return { ok: false, status: 415, message: 'Send the form as JSON (Content-Type: application/json).' };
  const text = await c.req.text();
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

/** A plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
