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
  };
  return config;
}
