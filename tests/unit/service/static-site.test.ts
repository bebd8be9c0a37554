/** @jest-environment node */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { inlineScriptHashes } from '@/lib/host-files';
import { resolveFile, staticSite } from '@/server/site/static-site';

function fixtureSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'site-'));
  mkdirSync(path.join(root, '_next/static/chunks'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<html><body>home<script>self.x=1</script></body></html>');
  writeFileSync(path.join(root, 'legal.html'), '<html><body>legal</body></html>');
  writeFileSync(path.join(root, '404.html'), '<html><body>not found page</body></html>');
  writeFileSync(path.join(root, '_redirects'), '/Legal /legal 200');
  writeFileSync(path.join(root, '_next/static/chunks/app.js'), 'console.log(1)');
  return root;
}

describe('static site', () => {
  const root = fixtureSite();
  const app = new Hono().use('*', staticSite({ root: () => root, analytics: false }));

  it('resolves clean URLs, aliases and index files', async () => {
    expect(await resolveFile(root, '/')).toBe(path.join(root, 'index.html'));
    expect(await resolveFile(root, '/legal')).toBe(path.join(root, 'legal.html'));
    expect(await resolveFile(root, '/Legal')).toBe(path.join(root, 'legal.html'));
    expect(await resolveFile(root, '/_redirects')).toBeUndefined();
    expect(await resolveFile(root, '/nothing')).toBeUndefined();
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await app.request('/no-such-page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('not found page');
  });

  it('refuses path traversal', async () => {
    expect((await app.request('/..%2f..%2fetc/passwd')).status).toBe(400);
  });

  it('caches hashed assets for a year and revalidates HTML with ETags', async () => {
    const asset = await app.request('/_next/static/chunks/app.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await app.request('/legal');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = page.headers.get('etag') ?? '';
    const again = await app.request('/legal', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('allows exactly the inline scripts of the page in its script-src', async () => {
    const res = await app.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(inlineScriptHashes('<script>self.x=1</script>')[0]);
    expect(csp).not.toContain("'unsafe-inline' https://www.googletagmanager.com");
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  });

  it('redirects trailing slashes and .html to the clean URL', async () => {
    expect((await app.request('/legal/')).headers.get('location')).toBe('/legal');
    expect((await app.request('/legal.html')).headers.get('location')).toBe('/legal');
  });
});
