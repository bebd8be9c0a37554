/** The Open Graph image of each page: a 1200×630 PNG made at build time (scripts/og-images.tsx). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Site path of a page's Open Graph image: / → /og/home.png, /institute/diploma-courses → /og/institute-diploma-courses.png. */
export function ogImagePath(pagePath: string): `/og/${string}.png` {
  const name = pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\//g, '-').toLowerCase();
  return `/og/${name}.png`;
}
