import localFont from 'next/font/local';

/** Inter (variable weight, Latin subset), shipped from the package: nothing is fetched at build time. */
export const inter = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-inter',
});
