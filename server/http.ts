import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

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
