/**
 * The last post-build step (scripts/postbuild.ts runs it): a Brotli and a gzip copy of every
 * compressible file of the export, at the highest levels, which the bundled server sends by
 * content negotiation instead of compressing on every request. A rebuild after an editor's save
 * changes a few pages: every other file's copies come from the cache, by content hash
 * (scripts/build-cache.ts). `live` (a first start's deferred step, on the folder being served):
 * each file's copies appear whole and its time is touched, so the server picks them up; the cache
 * is not pruned (a rebuild may be using it).
 */
import { readFileSync, utimesSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import path from 'node:path';
import { compressible } from '@/lib/host-files';
import { SITE_BUILD_FILE } from '@/lib/site-build';
import { type BuildCache, buildCache, contentKey, filesUnder } from './build-cache';

/** Written beside the compression (scripts/postbuild.ts), so never compressed: small, and read by crawlers and the server. */
const writtenBeside = new Set(['sitemap.xml', 'robots.txt', SITE_BUILD_FILE]);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's quality for the files a content rebuild changed: about 12% larger than the highest
 * quality's and some fifty times faster (a page in a few ms instead of a third of a second), so
 * an editor's save is not held by it; the next full build compresses them at the highest quality.
 */
const QUICK_BROTLI_QUALITY = 5;

const brotliAt = (body: Buffer, quality: number) =>
  brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  });

/**
 * Puts the Brotli and gzip copies of `file` (whose bytes are `body`) beside it, from the cache when
 * this content was compressed before. `quick` (a content rebuild): a content without its
 * highest-quality copy gets a quick one.
 */
async function placeCompressedCopies(
  cache: BuildCache,
  file: string,
  body: Buffer,
  quick: boolean,
): Promise<{ brSize: number; cached: boolean }> {
  const key = contentKey(body);
  const br =
    !quick || cache.has(`${key}.br`)
      ? await cache.place(`${key}.br`, `${file}.br`, () => brotliAt(body, constants.BROTLI_MAX_QUALITY))
      : await cache.place(`${key}.q${QUICK_BROTLI_QUALITY}.br`, `${file}.br`, () =>
          brotliAt(body, QUICK_BROTLI_QUALITY),
        );
  const gz = await cache.place(`${key}.gz`, `${file}.gz`, () =>
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  );
  return { brSize: br.size, cached: br.hit && gz.hit };
}

/**
 * Writes the compressed copies of every compressible file under `outDir`; resolves with a line that
 * says what it did. `quick`: a content rebuild's (see QUICK_BROTLI_QUALITY). `cacheName`: the
 * cache's folder under .next/cache/.
 */
export async function precompress(
  outDir: string,
  live: boolean,
  quick = false,
  cacheName = 'precompressed',
): Promise<string> {
  const cache = buildCache(cacheName);
  const started = performance.now();
  const toCompress = filesUnder(outDir).filter(
    (file) => compressible.test(file) && !writtenBeside.has(path.relative(outDir, file)),
  );
  let raw = 0;
  let br = 0;
  let fromCache = 0;
  await Promise.all(
    toCompress.map(async (file) => {
      const body = readFileSync(file);
      const copies = await placeCompressedCopies(cache, file, body, quick);
      if (live) utimesSync(file, new Date(), new Date());
      raw += body.byteLength;
      br += copies.brSize;
      if (copies.cached) fromCache++;
    }),
  );
  if (!live) cache.prune();
  return (
    `${toCompress.length} files pre-compressed (${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB Brotli; ` +
    `${fromCache} unchanged, from the cache) in ${((performance.now() - started) / 1000).toFixed(1)} s`
  );
}
