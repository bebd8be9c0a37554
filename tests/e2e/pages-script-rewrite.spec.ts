import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { deferChunkScripts, unrewrittenChunkTags } from '../../lib/script-deferral';

/**
 * The script rewrite (lib/script-deferral.ts, run by scripts/postbuild.ts) on the real pages of the
 * build: Next.js's own exported HTML, as it is before the rewrite (.next/server/app, written by
 * `next build`), and the rewritten pages in out/. No browser is needed.
 */
const built = path.join('.next', 'server', 'app');
const htmlUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => path.join(dir, f));

test('every exported page is rewritten with no /_next/ script tag left, and a tag the rewrite does not know stops it', () => {
  test.skip(!existsSync(built), 'needs a build (npm run build)');
  const pages = htmlUnder(built).filter((f) => !f.includes('_global-error') && !f.includes('_not-found'));
  expect(pages.length).toBeGreaterThan(20);
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    expect(unrewrittenChunkTags(html).length, file).toBeGreaterThan(0);
    const deferred = deferChunkScripts(html);
    expect(deferred, file).toBeDefined();
    expect(unrewrittenChunkTags(deferred?.html ?? ''), file).toEqual([]);
    // A Next.js upgrade that adds an attribute to one chunk tag: the rewrite refuses the page.
    const changed = html.replace(
      /<script src="(\/_next\/static\/[^"]+)" async="">/,
      '<script src="$1" async="" nonce="n">',
    );
    expect(changed, file).not.toBe(html);
    expect(deferChunkScripts(changed), file).toBeUndefined();
  }
  // What the build shipped: no page in out/ loads a /_next/ script by a tag.
  for (const file of htmlUnder('out')) expect(unrewrittenChunkTags(readFileSync(file, 'utf8')), file).toEqual([]);
});
