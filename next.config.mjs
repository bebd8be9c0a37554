import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';

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
    // The site's CSS is small (about 15 KB): inlined into each page's <head> it blocks no render
    // with extra round trips, which is most of a cheap phone's time to first paint.
    experimental: { inlineCss: true },
  };
  return config;
}
