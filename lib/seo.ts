import type { Metadata } from 'next';
import { type Env, getEnv } from '@/lib/env';
import { OG_IMAGE_SIZE, ogImagePath } from '@/lib/og';
import { routeFor, type RoutePath } from '@/lib/routes';
import { getStudio } from '@/lib/studio';

/** Search results cut titles and descriptions beyond these lengths (checked for every route in the tests). */
export const MAX_TITLE = 60;
export const MAX_DESCRIPTION = 160;

/** Absolute URL of a site path, from SITE_URL. */
export function absoluteUrl(path: string): string {
  const base = getEnv().SITE_URL;
  return path === '/' ? `${base}/` : `${base}${path}`;
}

/** The full title of a page as the browser and search results show it. */
export function fullTitle(path: RoutePath, studioName: string): string {
  const title = routeFor(path).title;
  return (path as string) === '/' ? `${studioName} | ${title}` : `${title} | ${studioName}`;
}

/**
 * A page's robots rules: indexed when it is in the sitemap; in preview (SITE_LAUNCHED=no) no page
 * is indexed nor its links followed.
 */
function pageRobots(inSitemap: boolean, launched: boolean): NonNullable<Metadata['robots']> {
  if (!launched) return { index: false, follow: false };
  return { index: inSitemap, follow: true };
}

/** robots.txt's rule for every crawler: everything once the site is launched, nothing in preview. */
export function robotsTxtPolicy(launched: boolean): { userAgent: '*'; allow: '/' } | { userAgent: '*'; disallow: '/' } {
  return launched ? { userAgent: '*', allow: '/' } : { userAgent: '*', disallow: '/' };
}

/**
 * Title, description, canonical link, social cards (with the page's 1200×630 image) and robots
 * rules of a page, all from its route-table entry. Pages that stay out of the sitemap are also
 * kept out of search results, and every page while the site is in preview.
 */
export function pageMetadata(path: RoutePath, env: Env = getEnv()): Metadata {
  const route = routeFor(path);
  const studio = getStudio(env);
  const { title, description } = route;
  const url = absoluteUrl(path);
  const image = { url: absoluteUrl(ogImagePath(path)), ...OG_IMAGE_SIZE, alt: `${title} — ${studio.name}` };
  return {
    title: (path as string) === '/' ? { absolute: fullTitle(path, studio.name) } : title,
    description,
    alternates: { canonical: url },
    openGraph: { title, description, url, siteName: studio.name, locale: 'en_IN', type: 'website', images: [image] },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
    robots: pageRobots(route.sitemap, env.SITE_LAUNCHED),
  };
}
