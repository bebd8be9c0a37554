import localFont from 'next/font/local';

/**
 * Inter (variable weight, Latin subset), shipped from the package: nothing is fetched at build time.
 * Not preloaded and `display: optional`: the first paint never waits for it or competes with it for
 * bandwidth, and the text never reflows when it arrives (no layout shift). A first visit on a slow
 * phone may read in the size-matched system fallback; the next page load finds Inter in the cache.
 */
export const inter = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
  preload: false,
  variable: '--font-inter',
});
