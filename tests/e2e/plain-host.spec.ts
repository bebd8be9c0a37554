import { expect, test } from './fixtures';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { aliasRules } from '../../lib/routes';

/**
 * A plain, case-sensitive static file server with no rewrite rules (what a bucket or a basic host
 * does): /x is out/x or out/x.html, anything else is 404.html with status 404.
 */
function plainServer(root: string): Server {
  return createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const candidates = [pathname, `${pathname}.html`, path.join(pathname, 'index.html')].map((p) => path.join(root, p));
    const file = candidates.find((f) => f.startsWith(root) && existsSync(f) && statSync(f).isFile());
    res.statusCode = file ? 200 : 404;
    res.setHeader('Content-Type', (file ?? '').endsWith('.html') || !file ? 'text/html' : 'application/octet-stream');
    res.end(readFileSync(file ?? path.join(root, '404.html')));
  });
}

test.describe('the export on a plain static host', () => {
  let server: Server;
  let base = '';

  test.beforeAll(async () => {
    server = plainServer(path.resolve('out'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const rule of aliasRules) {
    test(`${rule.from} and ${rule.to} both answer with the page`, async ({ request }) => {
      for (const p of [rule.from, rule.to]) {
        const res = await request.get(base + p);
        expect(res.status()).toBe(200);
        expect(await res.text()).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${rule.to}"`));
      }
    });
  }

  test('an unknown path is the 404 page', async ({ request }) => {
    const res = await request.get(`${base}/no-such-page`);
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('Back to Home');
  });

  test('sitemap.xml and robots.txt list the indexable routes only', async ({ request }) => {
    const sitemap = await (await request.get(`${base}/sitemap.xml`)).text();
    expect(sitemap).toContain('/legal</loc>');
    expect(sitemap).not.toContain('/Legal</loc>');
    expect(sitemap).not.toContain('submission-successfully');
    expect(sitemap).not.toContain('Services-Thanku');
    const robots = await (await request.get(`${base}/robots.txt`)).text();
    expect(robots).toContain('Sitemap:');
  });
});
