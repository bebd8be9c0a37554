import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';

/**
 * The build's id: a hash of the code (not of the content snapshots), so that a rebuild after an
 * editor's save leaves every unchanged page byte for byte the same (the pages embed the id) and the
 * post-build steps take their compressed copies from the cache. New code gives a new id, which is
 * what tells an open page that the site was deployed anew. scripts/build-site.ts compares it too: a
 * content rebuild only generates the pages again while the compiled code is this code's.
 */
export function codeBuildId() {
  const hash = createHash('sha256');
  const code = /\.(tsx?|mjs|css|json)$/;
  for (const dir of ['app', 'components', 'lib', 'content']) {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => code.test(f) && !(dir === 'content' && f.endsWith('.json')))
      .sort();
    for (const file of files) hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  for (const file of ['package-lock.json', 'next.config.mjs', 'tsconfig.json']) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 20);
}

/**
 * The production build is a static export. `next dev` runs without `output: 'export'` so that
 * `proxy.ts` (the design card's middleware) can serve the case aliases there; the build leaves
 * `.ts` out of pageExtensions, so the proxy is not part of the export (it could not run there).
 */
export default function nextConfig(phase) {
  const isBuild = phase === PHASE_PRODUCTION_BUILD;
  /** @type {import('next').NextConfig} */
  const config = {
    output: isBuild ? 'export' : undefined,
    pageExtensions: isBuild ? ['tsx'] : ['tsx', 'ts'],
    images: { unoptimized: true },
    poweredByHeader: false,
    reactStrictMode: true,
    typedRoutes: false,
    generateBuildId: isBuild ? codeBuildId : undefined,
    // A content rebuild (BUILD_KIND=content, see contentRebuild in lib/env.ts) renders code that a
    // full build already rendered: its page workers skip reading the server code's source maps
    // (about 8% of their time), which only make a rendering error's stack trace point at the source.
    enablePrerenderSourceMaps: process.env.BUILD_KIND !== 'content',
    // The site's CSS is inlined into each page's <head>: it blocks no render with extra round trips,
    // which is most of a cheap phone's time to first paint. Inlined, a stylesheet costs no request,
    // so Turbopack's graph chunking is told so (requestCost 0) and gives each page the CSS of its own
    // modules only; the default chunking merged the staff dashboard's and the forms' CSS into the
    // layout's, on every page.
    // The pages are rendered by one worker per core (Next's default leaves one core to its main
    // process, which waits meanwhile): on two cores an editor's save is live about 2 s sooner.
    experimental: {
      inlineCss: true,
      cssChunking: { type: 'graph', requestCost: 0 },
      cpus: os.availableParallelism(),
    },
  };
  return config;
}
