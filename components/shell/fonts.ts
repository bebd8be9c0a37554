import localFont from 'next/font/local';

/**
 * Inter (variable weight, Latin subset), shipped from the package: nothing is fetched at build time.
 * Not preloaded and `display: optional`, and a first visit does not use it at all: the pages read in
 * the system font until this browser has fetched Inter, which it does once a page has loaded and
 * the phone is idle (lib/font-loading.ts). From the next page on, Inter comes from the cache; if it
 * is ever slower than the first paint, `optional` keeps the fallback and the text never reflows.
 */
export const inter = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
  preload: false,
  variable: '--font-inter',
});
