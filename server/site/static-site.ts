import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType, mimes } from 'hono/utils/mime';
import { LRUCache } from 'lru-cache';
import { compressible, inlineScriptHashes, securityHeaders } from '@/lib/host-files';
import { canonicalOf, exportFileOf } from '@/lib/routes';

/** Hono's MIME list, plus the captions format it lacks. */
const types: Record<string, string> = { ...mimes, vtt: 'text/vtt; charset=utf-8' };

/**
 * Paths answered with the 404 page: host files that describe the deployment, the error pages
 * themselves (a 404 page must never answer 200), and the pre-compressed copies.
 */
const hiddenFiles = new Set([
  '_headers',
  '_redirects',
  '404',
  '404.html',
  '_not-found',
  '_not-found.html',
  '_not-found.txt',
]);
const hidden = (relative: string) => hiddenFiles.has(relative) || /\.(br|gz)$/.test(relative);

type Encoding = 'br' | 'gzip';
const suffix: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface CachedFile {
  body: Uint8Array<ArrayBuffer>;
  /** Pre-compressed variants found beside the file. */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  etag: string;
  mtimeMs: number;
  /** When the file's modification time was last checked. */
  checkedAt: number;
  type: string;
  csp?: string;
}

export interface StaticSiteOptions {
  /** The folder to serve; a function so that a rebuild can swap it in atomically. */
  root: () => string;
  /** Whether the analytics host must be allowed by the content security policy. */
  analytics: boolean;
  /**
   * Extra paths answered with a given page (for example the dashboard's client-side views), or
   * undefined to leave the path to the usual rules.
   */
  fallbackPage?: (pathname: string) => string | undefined;
}

/** Files are re-checked on disk at most this often (a live edit of out/ shows within a second). */
const recheckMs = 1000;

async function fileAt(root: string, relative: string): Promise<string | undefined> {
  const full = path.join(root, relative);
  if (!full.startsWith(root + path.sep) && full !== root) return undefined;
  try {
    const info = await stat(full);
    return info.isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

/** Finds the file for a URL path as a static host would: exact file, `<path>.html`, `<path>/index.html`. */
export async function resolveFile(root: string, pathname: string): Promise<string | undefined> {
  const canonical = canonicalOf(pathname);
  if (canonical) return fileAt(root, exportFileOf(canonical));
  const relative = pathname.replace(/^\/+/, '');
  if (relative === '') return fileAt(root, 'index.html');
  if (hidden(relative)) return undefined;
  return (
    (await fileAt(root, relative)) ??
    (await fileAt(root, `${relative}.html`)) ??
    (await fileAt(root, path.join(relative, 'index.html')))
  );
}

function cacheControlFor(pathname: string, isHtml: boolean): string {
  if (pathname.startsWith('/_next/static/')) return 'public, max-age=31536000, immutable';
  // The build's photos are named by their content hash (lib/images/build.ts).
  if (pathname.startsWith('/img/')) return 'public, max-age=31536000, immutable';
  if (isHtml || pathname.endsWith('.txt')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600, stale-while-revalidate=86400';
}

/** The encoding to send: the client's preferred one of those we have (Brotli first on a tie). */
function negotiate(acceptEncoding: string | undefined, have: readonly Encoding[]): Encoding | undefined {
  if (!acceptEncoding || have.length === 0) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name ?? '', qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const weight = (e: Encoding) => q.get(e) ?? q.get('*') ?? 0;
  const best = [...have].sort((a, b) => weight(b) - weight(a))[0];
  return best && weight(best) > 0 ? best : undefined;
}

/** A single `bytes=` range of a file of `size` bytes: [start, end] inclusive, 'unsatisfiable', or undefined to send it whole. */
function byteRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}

/**
 * Serves a static export the way it ships: clean URLs, the case aliases, 404.html with status 404,
 * ETags with 304s, long caching for hashed assets and revalidation for HTML, the build's Brotli and
 * gzip copies by content negotiation, byte ranges for media, and security headers whose script-src
 * allows exactly the inline scripts of the page being served. Files are held in memory (an LRU of
 * at most 256 MB), so a request costs no disk read and no compression.
 */
export function staticSite(options: StaticSiteOptions): MiddlewareHandler {
  const cache = new LRUCache<string, CachedFile>({
    maxSize: 256 * 1024 * 1024,
    sizeCalculation: (e) => e.body.byteLength + (e.encoded.br?.byteLength ?? 0) + (e.encoded.gzip?.byteLength ?? 0) + 1,
  });
  /** URL path → file, remembered for a second so that a page costs no file-system lookups. */
  const resolved = new LRUCache<string, { file: string | false }>({ max: 10_000, ttl: recheckMs });

  async function readVariant(file: string, encoding: Encoding): Promise<Uint8Array<ArrayBuffer> | undefined> {
    try {
      return new Uint8Array(await readFile(file + suffix[encoding]));
    } catch {
      return undefined;
    }
  }

  async function load(file: string): Promise<CachedFile> {
    const t = Date.now();
    const hit = cache.get(file);
    if (hit && t - hit.checkedAt < recheckMs) return hit;
    const info = await stat(file);
    if (hit && hit.mtimeMs === info.mtimeMs) {
      hit.checkedAt = t;
      return hit;
    }
    const body = new Uint8Array(await readFile(file));
    const entry: CachedFile = {
      body,
      encoded: {},
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      mtimeMs: info.mtimeMs,
      checkedAt: t,
      type: getMimeType(file, types) ?? 'application/octet-stream',
    };
    if (compressible.test(file)) {
      for (const encoding of ['br', 'gzip'] as const) {
        const variant = await readVariant(file, encoding);
        if (variant) entry.encoded[encoding] = variant;
      }
    }
    if (file.endsWith('.html')) {
      const hashes = inlineScriptHashes(Buffer.from(body).toString('utf8'));
      entry.csp = securityHeaders({ scriptHashes: hashes, analytics: options.analytics })['Content-Security-Policy'];
    }
    cache.set(file, entry);
    return entry;
  }

  async function send(c: Context, file: string, status: 200 | 404, pathname: string) {
    const entry = await load(file);
    const isHtml = file.endsWith('.html');
    const headers: Record<string, string> = {
      'Content-Type': entry.type,
      'Cache-Control': status === 404 ? 'no-cache' : cacheControlFor(pathname, isHtml),
      'Accept-Ranges': 'bytes',
    };
    if (entry.csp) headers['Content-Security-Policy'] = entry.csp;
    if (compressible.test(file)) headers.Vary = 'Accept-Encoding';

    const range = status === 200 ? byteRange(c.req.header('range'), entry.body.byteLength) : undefined;
    const encoding = range
      ? undefined
      : negotiate(c.req.header('accept-encoding'), Object.keys(entry.encoded) as Encoding[]);
    const body = encoding ? (entry.encoded[encoding] ?? entry.body) : entry.body;
    headers.ETag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
    if (encoding) headers['Content-Encoding'] = encoding;

    if (status === 200 && c.req.header('if-none-match') === headers.ETag) return c.body(null, 304, headers);
    if (range === 'unsatisfiable') {
      headers['Content-Range'] = `bytes */${entry.body.byteLength}`;
      return c.body(null, 416, headers);
    }
    let payload = body;
    let code: 200 | 206 | 404 = status;
    if (range) {
      payload = body.subarray(range[0], range[1] + 1);
      headers['Content-Range'] = `bytes ${range[0]}-${range[1]}/${entry.body.byteLength}`;
      code = 206;
    }
    headers['Content-Length'] = String(payload.byteLength);
    if (c.req.method === 'HEAD') return c.body(null, code, headers);
    return c.body(payload, code, headers);
  }

  async function lookup(root: string, pathname: string): Promise<string | undefined> {
    const key = `${root}\0${pathname}`;
    const hit = resolved.get(key);
    if (hit) return hit.file || undefined;
    const file = await resolveFile(root, pathname);
    resolved.set(key, { file: file ?? false });
    return file;
  }

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const root = path.resolve(options.root());
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad request', 400);
    }
    if (pathname.includes('\0') || pathname.split('/').includes('..')) return c.text('Bad request', 400);
    const search = new URL(c.req.url).search;

    // One URL per page: //legal, /legal/ and /legal.html redirect to /legal. A Location never
    // starts with two slashes, which a browser would read as another host.
    const local = (p: string) => `/${p.replace(/^\/+/, '')}`;
    const single = pathname.replace(/\/{2,}/g, '/');
    const trimmed = single.length > 1 ? single.replace(/\/+$/, '') : single;
    if (trimmed !== pathname && (await lookup(root, trimmed))) return c.redirect(local(trimmed) + search, 308);
    if (single.endsWith('.html') && !hidden(single.slice(1))) {
      const clean = single.slice(0, -'.html'.length);
      if (await fileAt(root, `${clean.slice(1)}.html`)) return c.redirect(clean === '/index' ? '/' : local(clean), 308);
    }

    const file = await lookup(root, pathname);
    if (file) return send(c, file, 200, pathname);
    const fallback = options.fallbackPage?.(pathname);
    if (fallback) {
      const page = await fileAt(root, fallback);
      if (page) return send(c, page, 200, pathname);
    }
    const notFound = await fileAt(root, '404.html');
    if (notFound) return send(c, notFound, 404, pathname);
    return c.text('Not found', 404);
  };
}
