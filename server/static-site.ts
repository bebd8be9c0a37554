import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { securityHeaders } from '@/lib/host-files';
import { canonicalOf, exportFileOf } from '@/lib/routes';

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Host files that describe the deployment and are not meant to be served. */
const hidden = new Set(['_headers', '_redirects']);

interface CachedFile {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  mtimeMs: number;
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

/** Hashes of the inline scripts of an HTML page, for a script-src that allows exactly those. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

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
  if (hidden.has(relative)) return undefined;
  return (
    (await fileAt(root, relative)) ??
    (await fileAt(root, `${relative}.html`)) ??
    (await fileAt(root, path.join(relative, 'index.html')))
  );
}

function cacheControlFor(pathname: string, isHtml: boolean): string {
  if (pathname.startsWith('/_next/static/')) return 'public, max-age=31536000, immutable';
  if (isHtml || pathname.endsWith('.txt')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600, stale-while-revalidate=86400';
}

/**
 * Serves a static export the way it ships: clean URLs, the case aliases, 404.html with status 404,
 * ETags with 304s, long caching for hashed assets and revalidation for HTML, and security headers
 * whose script-src allows exactly the inline scripts of the page being served.
 */
export function staticSite(options: StaticSiteOptions): MiddlewareHandler {
  const cache = new Map<string, CachedFile>();

  async function load(file: string): Promise<CachedFile> {
    const info = await stat(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs) return hit;
    const body = new Uint8Array(await readFile(file));
    const entry: CachedFile = {
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      mtimeMs: info.mtimeMs,
    };
    if (file.endsWith('.html')) {
      const hashes = inlineScriptHashes(Buffer.from(body).toString('utf8'));
      entry.csp = securityHeaders({ scriptSrc: ["'self'", ...hashes].join(' '), analytics: options.analytics })[
        'Content-Security-Policy'
      ];
    }
    if (cache.size > 2000) cache.clear();
    cache.set(file, entry);
    return entry;
  }

  async function send(c: Context, file: string, status: 200 | 404, pathname: string) {
    const entry = await load(file);
    const ext = path.extname(file).toLowerCase();
    const isHtml = ext === '.html';
    const headers: Record<string, string> = {
      ...securityHeaders({ analytics: options.analytics }),
      'Content-Type': mimeTypes[ext] ?? 'application/octet-stream',
      'Cache-Control': status === 404 ? 'no-cache' : cacheControlFor(pathname, isHtml),
      ETag: entry.etag,
    };
    if (entry.csp) headers['Content-Security-Policy'] = entry.csp;
    if (status === 200 && c.req.header('if-none-match') === entry.etag) {
      return c.body(null, 304, headers);
    }
    if (c.req.method === 'HEAD') {
      headers['Content-Length'] = String(entry.body.byteLength);
      return c.body(null, status, headers);
    }
    return c.body(entry.body, status, headers);
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

    // One URL per page: /legal/ and /legal.html redirect to /legal.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const trimmed = pathname.replace(/\/+$/, '') || '/';
      if (await resolveFile(root, trimmed)) return c.redirect(trimmed + new URL(c.req.url).search, 308);
    }
    if (pathname.endsWith('.html') && pathname !== '/404.html') {
      const clean = pathname.slice(0, -'.html'.length);
      if (await fileAt(root, `${clean.slice(1)}.html`)) return c.redirect(clean === '/index' ? '/' : clean, 308);
    }

    const file = await resolveFile(root, pathname);
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
