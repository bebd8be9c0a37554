/**
 * @jest-environment node
 */
/**
 * The service prepares photos an editor has just uploaded (server/site/photo-prep.ts) into the build's
 * image cache, and the build then finds them made (lib/images/build.ts). WordPress is a small server
 * on loopback here, since it must send a photo that is not an image and a media item that is gone;
 * the real WordPress loop is tests/e2e/wordpress-rebuild.spec.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { optimizeImages } from '@/lib/images/build';
import { photoPrep } from '@/server/site/photo-prep';

jest.setTimeout(60_000);

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/wordpress', name), 'utf8')) as Record<string, unknown>;

let server: Server;
let base = '';
const files: Record<string, Buffer> = {};
/** The media items WordPress sends to the public, by id. */
const media: Record<number, string> = {};

beforeAll(async () => {
  files['/uploads/console.jpg'] = await sharp({
    create: { width: 1000, height: 700, channels: 3, background: '#336699' },
  })
    .jpeg()
    .toBuffer();
  files['/uploads/notes.png'] = Buffer.from('not a picture at all');
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/wp-json/wp/v2/pages/22') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(fixture('page-22.json')));
    }
    if (url.pathname === '/wp-json/wp/v2/media') {
      const ids = (url.searchParams.get('include') ?? '').split(',').map(Number);
      const list = ids.filter((id) => media[id]).map((id) => ({ id, alt_text: '', source_url: `${base}${media[id]}` }));
      res.writeHead(200, { 'content-type': 'application/json', 'x-wp-totalpages': '1' });
      return void res.end(JSON.stringify(list));
    }
    const bytes = files[url.pathname];
    if (bytes) {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length });
      return void res.end(bytes);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  media[71] = '/uploads/console.jpg';
  media[72] = '/uploads/notes.png';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const preparer = (cacheDir: string, lines: string[]) =>
  photoPrep({
    cms: { baseUrl: base, fetch: (url, init) => fetch(url, init), timeoutMs: 5000, retries: 0 },
    cacheDir,
    log: (line) => lines.push(line),
  });

describe('photos prepared on upload', () => {
  it('encodes an uploaded photo into the cache, so the build that publishes it encodes nothing', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'photo-prep-'));
    const cacheDir = path.join(root, 'cache');
    const lines: string[] = [];
    const photos = preparer(cacheDir, lines);
    photos.prepare([71]);
    await photos.settled();
    expect(lines).toEqual([
      expect.stringMatching(/^photos: media 71 prepared for the next build \(7 size\(s\) encoded\) in \d+\.\d s$/),
    ]);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(readdirSync(cacheDir).filter((f) => !f.endsWith('.json'))).toHaveLength(7);

    // The build downloads the same bytes from WordPress and finds every size made.
    const mediaDir = path.join(root, 'media');
    mkdirSync(mediaDir);
    writeFileSync(path.join(mediaDir, '71-console.jpg'), files['/uploads/console.jpg'] as Buffer);
    const report = await optimizeImages({
      mediaDir,
      mediaUrl: '/media',
      outDir: path.join(root, 'img'),
      outUrl: '/img',
      cacheDir,
      manifestFile: path.join(root, 'manifest.json'),
    });
    expect(report).toBe(`1 photo(s): 0 variant(s) encoded, 7 from the cache (${cacheDir})`);
  });

  it('says which were not prepared, and why, and still settles: the build encodes them itself', async () => {
    const cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'photo-prep-')), 'cache');
    const lines: string[] = [];
    const photos = preparer(cacheDir, lines);
    photos.prepare([72, 73, 71]);
    await photos.settled();
    expect(lines).toEqual([
      expect.stringMatching(/^photos: media 72 not prepared \(.*notes\.png: is not a PNG, JPEG, WebP or GIF image\)$/),
      expect.stringMatching(
        /^photos: media 71 prepared for the next build \(7 size\(s\) encoded\) in .*; not public yet: media 73$/,
      ),
    ]);
  });

  it('lets a build wait for a batch still being prepared, and goes on after WordPress fails', async () => {
    const cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'photo-prep-')), 'cache');
    const lines: string[] = [];
    const down = photoPrep({
      cms: { baseUrl: 'http://127.0.0.1:9', fetch: (url, init) => fetch(url, init), timeoutMs: 2000, retries: 0 },
      cacheDir,
      log: (line) => lines.push(line),
    });
    down.prepare([71]);
    await down.settled();
    expect(lines).toEqual([expect.stringMatching(/^photos: media 71 not prepared \(.+\)$/)]);

    const photos = preparer(cacheDir, lines);
    photos.prepare([71]);
    let built = false;
    const build = photos.settled().then(() => {
      built = true;
    });
    expect(built).toBe(false);
    await build;
    expect(readdirSync(cacheDir).filter((f) => !f.endsWith('.json'))).toHaveLength(7);
  });
});
