/**
 * @jest-environment node
 */
/**
 * The build-time client against a real HTTP server on loopback that misbehaves the way hosts,
 * firewalls and editors' uploads do. A fake server, because the real WordPress of
 * tests/unit/cms/wordpress-live.test.ts cannot produce these: rate limits with Retry-After, HTML
 * error pages, redirect loops, huge bodies, images from another host, oversized or fake images.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadHomeContent } from '@/lib/cms/client';
import { CMS_LIMITS, type CmsClientOptions } from '@/lib/cms/transport';
import { loggedOptions } from './logged-options';
import { pullSnapshot } from '@/lib/cms/sync';

const PORT = Number(process.env.CMS_FAKE_PORT ?? 3141);
const BASE = `http://127.0.0.1:${PORT}`;
/** The same server under another name: a host other than the CMS's. */
const OTHER = `http://localhost:${PORT}`;
const fixture = (name: string) => readFileSync(path.join(__dirname, '../../fixtures/wordpress', name), 'utf8');

/** A PNG header of the given size: enough for the size reader. */
function png(width: number, height: number, padTo = 33): Buffer {
  const bytes = Buffer.alloc(padTo);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

type Route = (req: IncomingMessage, res: ServerResponse) => void;
let routes: Record<string, Route> = {};
const hits: string[] = [];
let server: Server;

const sendJson =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Route =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
const sendHtml =
  (body: string, status: number): Route =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' });
    res.end(body);
  };
const sendBytes =
  (bytes: Buffer, type = 'image/png'): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
    res.end(bytes);
  };
/** A body streamed in chunks without a Content-Length, as a proxy or a PHP script sends it. */
const stream =
  (total: number, first: Buffer, type: string): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type });
    res.write(first);
    let sent = first.length;
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const pump = () => {
      while (sent < total && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  };

/** Page 22 with its four images, each media item pointing at `sources[id]` (a path or a full URL). */
function site(sources: Record<number, string>): Record<string, Route> {
  const page = JSON.parse(fixture('page-22.json')) as Record<string, unknown>;
  const out: Record<string, Route> = { '/wp-json/wp/v2/pages/22': sendJson(page) };
  for (const [id, source] of Object.entries(sources)) {
    const media = JSON.parse(fixture(`media-${id}.json`)) as Record<string, unknown>;
    media.source_url = source.startsWith('http') ? source : `${BASE}${source}`;
    out[`/wp-json/wp/v2/media/${id}`] = sendJson(media);
  }
  return out;
}

const options = (extra: Partial<CmsClientOptions> = {}) => loggedOptions(BASE, extra);

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else sendHtml('<h1>Not Found</h1>', 404)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  routes = {};
  hits.length = 0;
});

describe('the client against a misbehaving server', () => {
  it('waits for Retry-After on a 429, then succeeds', async () => {
    let calls = 0;
    const page = site({})['/wp-json/wp/v2/pages/22'] as Route;
    routes['/wp-json/wp/v2/pages/22'] = (req, res) => {
      calls += 1;
      if (calls === 1) sendJson({ code: 'too_many_requests' }, 429, { 'retry-after': '1' })(req, res);
      else page(req, res);
    };
    const started = Date.now();
    const content = await loadHomeContent(options({ backoffMs: 1 }).opts);
    expect(content.pro.heading).toBe('Go pro with your sound');
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('fails with one line when the host answers an HTML error page (retried as a 5xx)', async () => {
    routes['/wp-json/wp/v2/pages/22'] = sendHtml(fixture('error-page.html'), 502);
    const error = await loadHomeContent(options().opts).catch((e: Error) => e);
    expect(String(error)).toBe(
      `CmsRequestError: ${BASE}/wp-json/wp/v2/pages/22: HTTP 502 Bad Gateway (an HTML error page)`,
    );
    expect(hits.filter((h) => h === '/wp-json/wp/v2/pages/22')).toHaveLength(3);
  });

  it('names a redirect loop, without retrying it', async () => {
    routes['/wp-json/wp/v2/pages/22'] = (_req, res) => {
      res.writeHead(301, { location: '/wp-json/wp/v2/pages/22/' });
      res.end();
    };
    routes['/wp-json/wp/v2/pages/22/'] = (_req, res) => {
      res.writeHead(301, { location: '/wp-json/wp/v2/pages/22' });
      res.end();
    };
    await expect(loadHomeContent(options().opts)).rejects.toThrow(
      `${BASE}/wp-json/wp/v2/pages/22: redirects in a loop`,
    );
    expect(hits.length).toBeLessThanOrEqual(25);
  });

  it('refuses a huge answer without reading it all', async () => {
    routes['/wp-json/wp/v2/pages/22'] = stream(
      200 * 1024 * 1024,
      Buffer.from('{"id":22,"acf":{"x":"'),
      'application/json',
    );
    await expect(loadHomeContent(options().opts)).rejects.toThrow(
      `${BASE}/wp-json/wp/v2/pages/22: is more than 2 MB, over the 2 MB limit`,
    );
  });

  it('falls back to ?rest_route= when /wp-json/ is not served (plain permalinks)', async () => {
    const pretty = site({ 41: '/uploads/a.png', 52: '/uploads/b.png', 53: '/uploads/c.png', 54: '/uploads/d.png' });
    for (const [route, handler] of Object.entries(pretty))
      routes[`/?rest_route=${route.slice('/wp-json'.length)}`] = handler;
    const content = await loadHomeContent(options().opts);
    expect(content.moments.images.map((i) => i.id)).toEqual([52, 53, 54]);
    expect(hits).toContain('/?rest_route=/wp/v2/media/41');
    expect(hits).not.toContain('/wp-json/wp/v2/media/41');
  });
});

describe('the image guards', () => {
  it('copies only images from the CMS host (or CMS_MEDIA_HOSTS), under the size limits, whose bytes are images', async () => {
    routes = site({
      41: '/uploads/ok.png',
      52: `${OTHER}/uploads/elsewhere.png`,
      53: '/uploads/huge.png',
      54: '/uploads/not-an-image.png',
    });
    routes['/uploads/ok.png'] = sendBytes(png(800, 600));
    routes['/uploads/elsewhere.png'] = sendBytes(png(480, 600));
    routes['/uploads/huge.png'] = sendBytes(png(60000, 40000));
    routes['/uploads/not-an-image.png'] = sendBytes(Buffer.from('<?php echo "hello"; ?>'));
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-guards-'));
    const target = { file: path.join(dir, 'page.json'), mediaDir: path.join(dir, 'media'), mediaUrlPrefix: '/m' };
    const { opts, errors } = options();
    const snapshot = await pullSnapshot(opts, target);

    expect(snapshot.content.pro.image?.src).toBe('/m/41-ok.png');
    expect(snapshot.content.moments.images).toEqual([]);
    expect(readdirSync(target.mediaDir)).toEqual(['41-ok.png']);
    expect(errors.sort()).toEqual([
      `Error fetching images: ${BASE}/uploads/huge.png: is 60000×40000 px, over the 8000 px limit a side`,
      `Error fetching images: ${BASE}/uploads/not-an-image.png: is not a PNG, JPEG, WebP or GIF image`,
      `Error fetching images: ${OTHER}/uploads/elsewhere.png: is on localhost:${PORT}, neither the CMS's host nor one of CMS_MEDIA_HOSTS (127.0.0.1:${PORT})`,
    ]);
    // The other host was never asked.
    expect(hits).not.toContain('/uploads/elsewhere.png');

    const allowed = options({ mediaHosts: [`localhost:${PORT}`] });
    const again = await pullSnapshot(allowed.opts, target);
    expect(again.content.moments.images.map((i) => i.id)).toEqual([52]);
  });

  it('leaves out an image over 5 MB, declared or streamed, and one redirected to another host', async () => {
    routes = site({ 41: '/uploads/declared.png', 52: '/uploads/streamed.png', 53: '/uploads/moved.png', 54: '/d.png' });
    routes['/d.png'] = sendBytes(png(10, 10));
    routes['/uploads/declared.png'] = sendBytes(png(100, 100, CMS_LIMITS.imageBytes + 1));
    routes['/uploads/streamed.png'] = stream(52 * 1024 * 1024, png(100, 100), 'image/png');
    routes['/uploads/moved.png'] = (_req, res) => {
      res.writeHead(302, { location: `${OTHER}/uploads/moved-here.png` });
      res.end();
    };
    routes['/uploads/moved-here.png'] = sendBytes(png(10, 10));
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-guards-'));
    const { opts, errors } = options();
    const snapshot = await pullSnapshot(opts, {
      file: path.join(dir, 'page.json'),
      mediaDir: path.join(dir, 'media'),
      mediaUrlPrefix: '/m',
    });
    expect(snapshot.content.pro.image).toBeNull();
    expect(snapshot.content.moments.images.map((i) => i.id)).toEqual([54]);
    expect(readdirSync(path.join(dir, 'media'))).toEqual(['54-d.png']);
    expect(errors.sort()).toEqual([
      `Error fetching images: ${BASE}/uploads/declared.png: is 5 MB, over the 5 MB limit`,
      `Error fetching images: ${BASE}/uploads/moved.png: is on localhost:${PORT}, neither the CMS's host nor one of CMS_MEDIA_HOSTS (127.0.0.1:${PORT})`,
      `Error fetching images: ${BASE}/uploads/streamed.png: is more than 5 MB, over the 5 MB limit`,
    ]);
  });

  it('fails the build when page 22 lacks required fields, naming them', async () => {
    const page = JSON.parse(fixture('page-22.json')) as { acf: Record<string, unknown> };
    page.acf.pro_Heading = '';
    page.acf.insight_heading = '   ';
    routes['/wp-json/wp/v2/pages/22'] = sendJson(page);
    await expect(loadHomeContent(options().opts)).rejects.toThrow(
      `${BASE}/wp-json/wp/v2/pages/22: page 22 is missing required fields: pro_Heading, insight_heading`,
    );
  });
});
