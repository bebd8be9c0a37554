/** @jest-environment node */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { contentKey } from '@/scripts/build-cache';
import { precompress } from '@/scripts/precompress';
import { staticSite } from '@/server/site/static-site';

let root = '';
/** A cache of its own, beside the build's (.next/cache/precompressed), which it leaves alone. */
const cacheName = `test-precompress-${process.pid}`;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  mkdirSync(path.join(root, 'og'));
  writeFileSync(path.join(root, 'index.html'), `<!doctype html><h1>Home</h1>${'<p>The studio.</p>'.repeat(200)}`);
  writeFileSync(path.join(root, '404.html'), '<!doctype html><h1>Not found</h1>');
  writeFileSync(path.join(root, 'og', 'home.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(path.join('.next', 'cache', cacheName), { recursive: true, force: true });
});

describe('pre-compression', () => {
  it("a first start's deferred copies reach visitors of the site already served, without a restart", async () => {
    const app = new Hono().use('*', staticSite({ root: () => root, analytics: false }));
    const ask = () => app.request('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
    // Served uncompressed while the copies are not made yet.
    const before = await ask();
    expect(before.status).toBe(200);
    expect(before.headers.get('content-encoding')).toBeNull();

    expect(await precompress(root, true, false, cacheName)).toMatch(/^2 files pre-compressed \(/);
    const page = readFileSync(path.join(root, 'index.html'));
    expect(brotliDecompressSync(readFileSync(path.join(root, 'index.html.br')))).toEqual(page);
    expect(gunzipSync(readFileSync(path.join(root, 'index.html.gz')))).toEqual(page);

    // The server rechecks a file at most once a second: the touched page is read again with its copies.
    await new Promise((r) => setTimeout(r, 1100));
    const after = await ask();
    expect(after.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await after.arrayBuffer()))).toEqual(page);
    // The second run takes every copy from the cache.
    expect(await precompress(root, false, false, cacheName)).toContain('2 unchanged, from the cache');
  });

  it("a content rebuild compresses a changed page quickly and keeps the other pages' best copies", async () => {
    await precompress(root, false, false, cacheName);
    const best = readFileSync(path.join(root, '404.html.br'));
    writeFileSync(
      path.join(root, 'index.html'),
      `<!doctype html><h1>Home, edited</h1>${'<p>The studio.</p>'.repeat(200)}`,
    );
    expect(await precompress(root, false, true, cacheName)).toContain('1 unchanged, from the cache');
    const edited = readFileSync(path.join(root, 'index.html'));
    expect(brotliDecompressSync(readFileSync(path.join(root, 'index.html.br')))).toEqual(edited);
    expect(readFileSync(path.join(root, '404.html.br'))).toEqual(best);
    // The next full build compresses the edited page again, at the highest quality.
    expect(await precompress(root, false, false, cacheName)).toContain('1 unchanged, from the cache');
    const full = readFileSync(path.join(root, 'index.html.br'));
    expect(brotliDecompressSync(full)).toEqual(edited);
    const key = contentKey(edited);
    expect(readdirSync(path.join('.next', 'cache', cacheName))).toEqual(
      expect.arrayContaining([`${key}.br`, `${key}.gz`]),
    );
    expect(readdirSync(path.join('.next', 'cache', cacheName))).not.toContain(`${key}.q5.br`);
  });
});
