/**
 * After the build: every page in out/sitemap.xml has an Open Graph image that exists in out/, is a
 * 1200×630 PNG and is served; a large Twitter card; a title within 60 characters and a description
 * within 160; and every JSON-LD block of every page in out/ has what Google requires and recommends.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { exportFileOf } from '@/lib/routes';
import { jsonLdProblems } from '../unit/seo/json-ld-rules';

const out = path.resolve('out');
const sitemapPaths = [...readFileSync(path.join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (m) => new URL(m[1] ?? '').pathname.replace(/(.)\/$/, '$1'),
);
const meta = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the sitemap lists the public pages', () => {
  expect(sitemapPaths.length).toBeGreaterThan(30);
  expect(sitemapPaths).toContain('/');
});

for (const pagePath of sitemapPaths) {
  test(`${pagePath}: og:image in out/ at 1200×630, large card, title and description lengths`, async ({ request }) => {
    const html = readFileSync(path.join(out, exportFileOf(pagePath)), 'utf8');
    const image = meta(html, 'property', 'og:image');
    expect(image, 'og:image').toBeDefined();
    const imagePath = new URL(image ?? '').pathname;
    expect(pngSize(path.join(out, imagePath))).toEqual({ width: 1200, height: 630 });
    expect(meta(html, 'property', 'og:image:width')).toBe('1200');
    expect(meta(html, 'property', 'og:image:height')).toBe('630');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'name', 'twitter:image')).toBe(image);

    const served = await request.get(imagePath);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');

    const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    expect(title.length, title).toBeGreaterThan(0);
    expect(title.length, title).toBeLessThanOrEqual(60);
    const description = decode(meta(html, 'name', 'description') ?? '');
    expect(description.length, description).toBeGreaterThan(0);
    expect(description.length, description).toBeLessThanOrEqual(160);
  });
}

test('every JSON-LD block in out/ has the required and recommended properties', () => {
  const pages = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
  let blocks = 0;
  for (const file of pages) {
    const html = readFileSync(path.join(out, file), 'utf8');
    for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      blocks += 1;
      expect(jsonLdProblems(JSON.parse(m[1] ?? '')), file).toEqual([]);
    }
  }
  // The home and institute pages (Organization) and the two course lists, at least.
  expect(blocks).toBeGreaterThanOrEqual(4);
});
