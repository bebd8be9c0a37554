import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { withoutPayloadCss } from '../../lib/payload-css';
import { deferChunkScripts, unrewrittenChunkTags } from '../../lib/script-deferral';

/**
 * The script rewrite (lib/script-deferral.ts) and the payload's CSS removal (lib/payload-css.ts), both
 * run by scripts/postbuild.ts, on the real pages of the build: Next.js's own exported HTML, as it is before the rewrite (.next/server/app, written by
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

test("every exported page's inline payload loses the CSS its head holds, and nothing else", () => {
  test.skip(!existsSync(built), 'needs a build (npm run build)');
  const pages = htmlUnder(built).filter((f) => !f.includes('_global-error'));
  expect(pages.length).toBeGreaterThan(20);
  const payloadOf = (html: string) =>
    // Each push ends its script: a "])" inside the payload's text (the dashboard has one) is not its end.
    [...html.matchAll(/self\.__next_f\.push\((\[1,[\s\S]*?\])\)<\/script>/g)]
      .map((m) => (JSON.parse(m[1] as string) as [number, string])[1])
      .join('');
  const styles = (payload: string) => payload.match(/"precedence":"[^"]*","href":"[^"]+"/g);
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    const lean = withoutPayloadCss(html);
    expect(lean?.emptied, file).toBeGreaterThan(0);
    const before = payloadOf(html);
    const after = payloadOf(lean?.html ?? '');
    expect(after.length, file).toBeLessThan(before.length);
    // Every stylesheet element is still there, in the same order.
    expect(styles(after), file).toEqual(styles(before));
  }
  // What the build shipped: no page in out/ carries its head's CSS again in its payload.
  for (const file of htmlUnder('out')) {
    const html = readFileSync(file, 'utf8');
    const css = /<style data-precedence="[^"]*" data-href="[^"]+">([^<]{40})/.exec(html)?.[1];
    expect(css, file).toBeDefined();
    expect(payloadOf(html), file).not.toContain(css);
  }
});
