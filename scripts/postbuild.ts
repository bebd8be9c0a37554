/**
 * Runs after `next build` (scripts/build-site.ts calls `postBuild` in its own process; `tsx
 * scripts/postbuild.ts [folder] [--no-compress]` runs it alone): makes each page's framework scripts start after
 * its first paint and gives them V8's compile hint, writes the case-alias copies, the host files
 * (_redirects, _headers with each page's script hashes) and the route manifest that next-sitemap
 * reads; then, side by side, next-sitemap (sitemap.xml, robots.txt) and a Brotli and a gzip copy of
 * every compressible file (scripts/precompress.ts); last, out/site-build.json: the facts the running
 * service must share with these pages (lib/site-build.ts) and the settings' fingerprint that
 * `npm start` compares to decide whether to rebuild. `--no-compress`: no copies (a first start,
 * which makes them once it is serving).
 */
import '@/lib/load-env';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentRebuild, getEnv } from '@/lib/env';
import { headersFile, inlineScriptHashes, type PageScripts, redirectsFile } from '@/lib/host-files';
import { aliasRules, exportFileOf, routes, sitemapPaths } from '@/lib/routes';
import { dashboardPath, dashboardViewPaths } from '@/lib/dashboard/views';
import { inboxForms } from '@/lib/forms/registry';
import { withBoundariesInPlace } from '@/lib/boundaries-in-place';
import { withoutPayloadCss } from '@/lib/payload-css';
import { deferChunkScripts, withCompileHint } from '@/lib/script-deferral';
import { SITE_BUILD_FILE, siteBuildOf } from '@/lib/site-build';
import { robotsTxtPolicy } from '@/lib/seo';
import { getStudio } from '@/lib/studio';
import { filesUnder } from './build-cache';
import { precompress } from './precompress';

/**
 * The post-build steps on the export in `outDir`; `compress` false leaves out the pre-compression
 * (a first start, which makes it once it is serving). Returns what it did; throws on a page or a
 * step it cannot handle, saying which.
 */
export async function postBuild(outDir: string, compress: boolean): Promise<string> {
  const env = getEnv();

  const missing = routes.filter((r) => !existsSync(path.join(outDir, exportFileOf(r.path))));
  if (missing.length > 0) {
    throw new Error(`the export has no page for ${missing.map((r) => r.path).join(', ')} (listed in lib/routes.ts)`);
  }

  // Each page's Suspense boundaries that React sent out of place are put back (lib/boundaries-in-place.ts),
  // so that the page reads whole without JavaScript; its inline payload loses the CSS text its <head> already holds (lib/payload-css.ts); the
  // framework's scripts start after the first paint, and are compiled while they download
  // (lib/script-deferral.ts).
  const htmlFiles = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
  const startupScripts = new Set<string>();
  for (const file of htmlFiles) {
    const full = path.join(outDir, file);
    const whole = withBoundariesInPlace(readFileSync(full, 'utf8'));
    if (!whole) {
      throw new Error(
        `${full} has a Suspense boundary sent out of place in markup this build does not know how to put back (lib/boundaries-in-place.ts; has React's output changed?)`,
      );
    }
    const lean = withoutPayloadCss(whole);
    if (!lean) {
      throw new Error(
        `${full} has no stylesheet text in its inline payload that its <head> holds, or a payload this build does not know how to read (has the export's markup changed?)`,
      );
    }
    const deferred = deferChunkScripts(lean.html);
    if (!deferred) {
      throw new Error(
        `${full} has no Next.js chunk scripts to defer, or keeps /_next/ script tags the rewrite does not recognise (has the export's markup changed?)`,
      );
    }
    writeFileSync(full, deferred.html);
    for (const source of deferred.sources) startupScripts.add(source);
  }
  for (const source of startupScripts) {
    const file = path.join(outDir, ...source.split('/'));
    if (!existsSync(file)) {
      throw new Error(`a page loads ${source}, which the export does not have`);
    }
    writeFileSync(file, withCompileHint(readFileSync(file, 'utf8')));
  }

  // Aliases are copies of their page (which already names the canonical path), so that a plain
  // case-sensitive file server answers them with no rewrite rules.
  for (const rule of aliasRules) {
    copyFileSync(path.join(outDir, exportFileOf(rule.to)), path.join(outDir, exportFileOf(rule.from)));
  }

  // Next generates the dashboard's page once, which picks the view from the address: each view's
  // address gets a copy, so that a plain static host (no rewrites) serves deep links to the views too.
  const { slug } = getStudio();
  const dashboard = dashboardPath(slug);
  const dashboardPage = path.join(outDir, exportFileOf(dashboard));
  if (!existsSync(dashboardPage)) throw new Error(`the export has no dashboard page at ${dashboard}`);
  for (const view of dashboardViewPaths(Object.keys(inboxForms))) {
    const copy = path.join(outDir, exportFileOf(dashboardPath(slug, view)));
    mkdirSync(path.dirname(copy), { recursive: true });
    copyFileSync(dashboardPage, copy);
  }
  writeFileSync(path.join(outDir, '_redirects'), redirectsFile([`${dashboard}/*  ${dashboard}  200`]));

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
    // Any other nested path is the dashboard's page too (`_redirects` above): the same scripts.
    .flatMap((page) => (page.path === dashboard ? [page, { ...page, path: `${dashboard}/*` }] : [page]))
    .sort((a, b) => a.path.localeCompare(b.path));
  writeFileSync(path.join(outDir, '_headers'), headersFile(Boolean(env.GTM_ID), pages));

  mkdirSync('.next', { recursive: true });
  writeFileSync(
    path.join('.next', 'site-routes.json'),
    JSON.stringify(
      { siteUrl: env.SITE_URL, sitemap: sitemapPaths, robots: [robotsTxtPolicy(env.SITE_LAUNCHED)] },
      null,
      2,
    ),
  );

  // The sitemap and robots.txt (next-sitemap reads the manifest just written), made beside the compression.
  const sitemap = new Promise<number>((resolve) => {
    const child = spawn(path.join('node_modules', '.bin', 'next-sitemap'), ['--config', 'next-sitemap.config.mjs'], {
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });

  const html404 = readFileSync(path.join(outDir, '404.html'), 'utf8');
  if (!html404.includes('Back to Home')) throw new Error(`${outDir}/404.html is not the 404 page`);
  const done = `${aliasRules.length} aliases, _redirects, _headers (${pages.length} pages), ${sitemapPaths.length} sitemap routes`;
  // A first start serves first (uncompressed meanwhile) and compresses after (scripts/build-site.ts --finish).
  const compressed = compress
    ? precompress(outDir, false, contentRebuild()).catch((error: Error) => {
        throw new Error(`pre-compressing failed: ${error.message}`);
      })
    : Promise.resolve('');
  const [line, sitemapCode] = await Promise.all([compressed, sitemap]);
  if (sitemapCode !== 0) throw new Error(`next-sitemap failed (exit code ${sitemapCode})`);
  // Last: the record of the settings the pages were built with, which npm start compares (its time is the build's).
  writeFileSync(path.join(outDir, SITE_BUILD_FILE), `${JSON.stringify(siteBuildOf(env), null, 2)}\n`);
  return line ? `${done}; ${line}` : done;
}

// Run alone: `tsx scripts/postbuild.ts [folder] [--no-compress]`.
if (require.main === module) {
  const outDir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'out';
  postBuild(outDir, !process.argv.includes('--no-compress')).then(
    (done) => console.log(`postbuild: ${done}`),
    (error: Error) => {
      console.error(`postbuild: ${error.message}`);
      process.exit(1);
    },
  );
}
