/**
 * Runs after `next build` (from `npm run build`): makes each page's framework scripts start after
 * its first paint and gives them V8's compile hint, writes the case-alias copies, the host files
 * (_redirects, _headers with each page's script hashes), the route manifest that next-sitemap
 * reads, and a Brotli and a gzip copy of every compressible file, which the bundled server sends
 * by content negotiation.
 */
import '@/lib/load-env';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { getEnv } from '@/lib/env';
import { compressible, headersFile, inlineScriptHashes, type PageScripts, redirectsFile } from '@/lib/host-files';
import { aliasRules, dashboardPath, exportFileOf, routes, sitemapPaths } from '@/lib/routes';
import { deferChunkScripts, withCompileHint } from '@/lib/script-deferral';
import { getStudio } from '@/lib/studio';
import { buildCache, contentKey } from './build-cache';

const outDir = process.argv[2] ?? 'out';
const env = getEnv();

const missing = routes.filter((r) => !existsSync(path.join(outDir, exportFileOf(r.path))));
if (missing.length > 0) {
  console.error(
    `postbuild: the export has no page for ${missing.map((r) => r.path).join(', ')} (listed in lib/routes.ts)`,
  );
  process.exit(1);
}

// The framework's scripts start after each page's first paint, and are compiled while they
// download (lib/script-deferral.ts).
const htmlFiles = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
const startupScripts = new Set<string>();
for (const file of htmlFiles) {
  const full = path.join(outDir, file);
  const deferred = deferChunkScripts(readFileSync(full, 'utf8'));
  if (!deferred) {
    console.error(
      `postbuild: ${full} has no Next.js chunk scripts to defer, or keeps /_next/ script tags the rewrite does not recognise (has the export's markup changed?)`,
    );
    process.exit(1);
  }
  writeFileSync(full, deferred.html);
  for (const source of deferred.sources) startupScripts.add(source);
}
for (const source of startupScripts) {
  const file = path.join(outDir, ...source.split('/'));
  if (!existsSync(file)) {
    console.error(`postbuild: a page loads ${source}, which the export does not have`);
    process.exit(1);
  }
  writeFileSync(file, withCompileHint(readFileSync(file, 'utf8')));
}

// Aliases are copies of their page (which already names the canonical path), so that a plain
// case-sensitive file server answers them with no rewrite rules.
for (const rule of aliasRules) {
  copyFileSync(path.join(outDir, exportFileOf(rule.to)), path.join(outDir, exportFileOf(rule.from)));
}

// Deep links to any dashboard view reach the dashboard's shell, which picks the view from the address.
const dashboard = dashboardPath(getStudio().slug);
if (!existsSync(path.join(outDir, exportFileOf(dashboard)))) {
  console.error(`postbuild: the export has no dashboard page at ${dashboard}`);
  process.exit(1);
}
writeFileSync(path.join(outDir, '_redirects'), redirectsFile([`${dashboard}/*  ${dashboard}  200`]));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const pages: PageScripts[] = filesUnder(outDir)
  .filter((file) => file.endsWith('.html') && path.basename(file) !== '404.html')
  .map((file) => {
    const relative = path
      .relative(outDir, file)
      .split(path.sep)
      .join('/')
      .replace(/\.html$/, '');
    const urlPath = relative === 'index' ? '/' : `/${relative.replace(/\/index$/, '')}`;
    return { path: urlPath, scriptHashes: inlineScriptHashes(readFileSync(file, 'utf8')) };
  })
  .sort((a, b) => a.path.localeCompare(b.path));
writeFileSync(path.join(outDir, '_headers'), headersFile(Boolean(env.GTM_ID), pages));

mkdirSync('.next', { recursive: true });
writeFileSync(
  path.join('.next', 'site-routes.json'),
  JSON.stringify({ siteUrl: env.SITE_URL, sitemap: sitemapPaths }, null, 2),
);

const html404 = readFileSync(path.join(outDir, '404.html'), 'utf8');
if (!html404.includes('Back to Home')) {
  console.error('postbuild: out/404.html is not the 404 page');
  process.exit(1);
}
// Compressed once here at the highest levels, instead of on every request. A rebuild after an
// editor's save changes a few pages: every other file's copies come from the cache, by content hash.
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const cache = buildCache('precompressed');

/** The Brotli and gzip copies of `body`, from the cache when this content was compressed before. */
async function compressedCopies(body: Buffer): Promise<{ br: Buffer; gz: Buffer; cached: boolean }> {
  const key = contentKey(body);
  const br = await cache.get(`${key}.br`, () =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  );
  const gz = await cache.get(`${key}.gz`, () => gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }));
  return { br: br.bytes, gz: gz.bytes, cached: br.hit && gz.hit };
}

const toCompress = filesUnder(outDir).filter((file) => compressible.test(file));
let raw = 0;
let br = 0;
let fromCache = 0;
Promise.all(
  toCompress.map(async (file) => {
    const body = readFileSync(file);
    const copies = await compressedCopies(body);
    writeFileSync(`${file}.br`, copies.br);
    writeFileSync(`${file}.gz`, copies.gz);
    raw += body.byteLength;
    br += copies.br.byteLength;
    if (copies.cached) fromCache++;
  }),
).then(
  () => {
    cache.prune();
    console.log(
      `postbuild: ${aliasRules.length} aliases, _redirects, _headers (${pages.length} pages), ${sitemapPaths.length} sitemap routes, ` +
        `${toCompress.length} files pre-compressed (${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB Brotli; ${fromCache} unchanged, from the cache)`,
    );
  },
  (error: Error) => {
    console.error(`postbuild: pre-compressing failed: ${error.message}`);
    process.exit(1);
  },
);
